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
    Annotations.of(probe).addWarningV2(id, 'cdk-lifecycle acknowledgement probe');
    return probe.node.metadata.length === 0;
  } finally {
    construct.node.tryRemoveChild(PROBE_ID);
  }
}

/**
 * Adds a warning or an error with an acknowledgeable id, unless acknowledged already.
 * Returns whether the finding stands (false when it was acknowledged).
 */
export function addFinding(construct: IConstruct, level: 'warning' | 'error', id: string, message: string): boolean {
  if (isAcknowledged(construct, id)) return false;
  if (level === 'warning') {
    Annotations.of(construct).addWarningV2(id, message);
  } else {
    Annotations.of(construct).addError(`${message} [${id}]`);
  }
  return true;
}
