/**
 * Adds a finding to a construct as CDK's Annotations would, without capturing a stack trace.
 *
 * `Annotations.addWarningV2` and `addError` record the JavaScript stack of the caller: here
 * that is the guard's own code, useless to users, and capturing it costs ~0.15 ms per
 * finding (a large share of the guard's cost on apps with many named resources). The entry is
 * what `addWarningV2` writes, `<message> [ack: <id>]`, so the CLI and
 * `Annotations.acknowledgeWarning` recognise it; acknowledgements made earlier are honoured
 * by `isAcknowledged`.
 */
import { IConstruct } from 'constructs';
import { isAcknowledged } from './acknowledgements';

/** CDK's metadata entry types for warnings and errors (cloud-assembly-schema). */
const ENTRY_TYPE = { warning: 'aws:cdk:warning', error: 'aws:cdk:error' } as const;

/**
 * Adds a warning or an error with an acknowledgeable id, unless acknowledged already.
 * Returns whether the finding stands (false when it was acknowledged).
 */
export function addFinding(construct: IConstruct, level: 'warning' | 'error', id: string, message: string): boolean {
  if (isAcknowledged(construct, id)) return false;
  const data = level === 'warning' ? `${message} [ack: ${id}]` : `${message} [${id}]`;
  if (!construct.node.metadata.some((entry) => entry.data === data)) {
    construct.node.addMetadata(ENTRY_TYPE[level], data, { stackTrace: false });
  }
  return true;
}
