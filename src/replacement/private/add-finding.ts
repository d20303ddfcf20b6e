/**
 * Adds the guard's findings through aws-cdk-lib's public `Annotations` API only, so that
 * `Annotations.of(scope).acknowledgeWarning(id, reason)` works on every aws-cdk-lib release
 * in the supported range (CDK's acknowledgement registry is private and changes shape).
 *
 * Warnings are added with `addWarningV2`, which CDK itself drops when acknowledged. CDK has no
 * acknowledgeable errors, so the same acknowledgement is honoured for errors too: the guard
 * asks CDK, through the public API, whether a warning with that id would stand on the
 * construct (see `isAcknowledged`) before it adds an error.
 */
import { Annotations } from 'aws-cdk-lib';
import { Construct, IConstruct } from 'constructs';

/** Id of the short-lived child used to ask CDK about acknowledgements. */
const PROBE_ID = 'CdkLifecycleAcknowledgementProbe';

/**
 * True when `id` was acknowledged (`Annotations.of(scope).acknowledgeWarning(id, ...)`) on
 * `construct` or on any scope above it.
 *
 * CDK answers that question only by dropping an acknowledged warning, so the question is put
 * to a temporary child of the construct (acknowledgements apply to everything below their
 * scope) and the child is removed again: the construct's own metadata is never touched.
 */
export function isAcknowledged(construct: IConstruct, id: string): boolean {
  const probe = new Construct(construct, PROBE_ID);
  try {
    annotate(probe).addWarningV2(id, 'cdk-lifecycle acknowledgement probe');
    return probe.node.metadata.length === 0;
  } finally {
    construct.node.tryRemoveChild(PROBE_ID);
  }
}

/**
 * `Annotations.of(scope)` without the JavaScript stack trace CDK records by default: the
 * trace would point at this file (the CLI prints its first frame under every finding), and
 * capturing it costs ~0.15 ms per finding. `CDK_DISABLE_STACK_TRACE` is the switch the
 * Annotations constructor reads; it is set only while the constructor runs. Should a future
 * aws-cdk-lib stop reading it, findings simply carry a trace again.
 */
function annotate(scope: IConstruct): Annotations {
  const previous = process.env.CDK_DISABLE_STACK_TRACE;
  process.env.CDK_DISABLE_STACK_TRACE = '1';
  try {
    return Annotations.of(scope);
  } finally {
    if (previous === undefined) delete process.env.CDK_DISABLE_STACK_TRACE;
    else process.env.CDK_DISABLE_STACK_TRACE = previous;
  }
}

/**
 * Adds a warning or an error with an acknowledgeable id, unless acknowledged already.
 * Returns whether the finding stands (false when it was acknowledged).
 */
export function addFinding(construct: IConstruct, level: 'warning' | 'error', id: string, message: string): boolean {
  if (isAcknowledged(construct, id)) return false;
  if (level === 'warning') {
    annotate(construct).addWarningV2(id, message);
  } else {
    annotate(construct).addError(`${message} [${id}]`);
  }
  return true;
}
