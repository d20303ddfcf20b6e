/**
 * One invocation as the local Lambda service records it (how it ended, what it printed), and
 * what Lambda makes of such an end: whether it failed, whether Lambda retries it, what the
 * Invoke API answers for it.
 */
import { InvocationEnd } from './container';
import { SyncResult } from '../aws/lambda-api';
import { LambdaFunctionSpec } from '../stack/lambda-functions';

/** How an invocation the runner recorded ended. */
export type RecordedEnd =
  | InvocationEnd
  | { readonly kind: 'not-runnable'; readonly reason: string }
  | { readonly kind: 'stopped' }
  /** Lambda's recursive loop detection stopped it before it ran: the `count`th invocation of the function in its chain. */
  | { readonly kind: 'recursion-stopped'; readonly count: number };

/** One invocation, as the report shows it. */
export interface InvocationRecord {
  readonly fn: LambdaFunctionSpec;
  readonly type: 'Event' | 'RequestResponse';
  /** 1 for the first attempt; Lambda's retries of an asynchronous invocation count up. */
  readonly attempt: number;
  readonly end: RecordedEnd;
  readonly logs: readonly string[];
  readonly durationMs: number;
  readonly cold: boolean;
  /** Epoch milliseconds. */
  readonly startedAt: number;
  /** How many times the function has been invoked in this invocation's chain, this one included. */
  readonly chainCount: number;
}

/** Whether an invocation failed in Lambda's eyes. */
export function failed(end: RecordedEnd): boolean {
  return end.kind !== 'returned' && end.kind !== 'stopped';
}

/**
 * Whether Lambda retries this invocation: a failed asynchronous one with retries left, unless
 * it could not run here or Lambda stopped it as a recursive loop (that event goes to the
 * function's dead-letter queue or on-failure destination instead).
 */
export function retried(record: InvocationRecord): boolean {
  return record.type === 'Event' && failed(record.end) && record.end.kind !== 'not-runnable' && record.end.kind !== 'recursion-stopped'
    && record.attempt <= record.fn.maxRetries;
}

/** What Lambda's Invoke API answers for a synchronous invocation that ended this way. */
export function syncResult(record: InvocationRecord): SyncResult {
  const end = record.end;
  switch (end.kind) {
    case 'returned': return { payload: end.payload };
    case 'error': return unhandled(end.errorType, end.errorMessage, end.trace);
    case 'timeout': return unhandled('Sandbox.Timedout', `Task timed out after ${end.seconds.toFixed(2)} seconds`);
    case 'crashed': return unhandled('Runtime.ExitError', `Runtime exited with error: ${end.signal === null ? `exit status ${end.exitCode}` : `signal: ${end.signal}`}`);
    case 'not-runnable': return unhandled('Runtime.LocalUnsupported', `cdk-lifecycle invoke cannot run this function locally: ${end.reason}`);
    case 'stopped': return unhandled('Runtime.LocalStopped', 'the local run stopped this invocation');
    case 'recursion-stopped': return {
      payload: '',
      apiError: { status: 400, type: 'RecursiveInvocationException', message: `Lambda detected that function ${record.fn.name} is invoked in a recursive loop (${end.count} invocations in one chain) and stopped the invocation` },
    };
  }
}

function unhandled(errorType: string, errorMessage: string, trace: readonly string[] = []): SyncResult {
  return { payload: JSON.stringify({ errorType, errorMessage, trace }), functionError: 'Unhandled' };
}
