/**
 * What `isComplete` may answer: `{ IsComplete: boolean, Data? }`, checked as plain data
 * (after it crossed from the handler's worker, or arrived as a Lambda function's payload).
 */
import { describe, isPlainObject } from '../protocol/request';

/** What became of one call of isComplete. */
export type IsCompleteOutcome =
  | { readonly ok: true; readonly complete: boolean; readonly data?: Record<string, unknown> }
  | { readonly ok: false; readonly error: string };

const EXPECTED = 'expected an object { IsComplete: true | false, Data?: { ... } }';

/** Validates an answer of isComplete; a failure names what was wrong. Never throws. */
export function validateIsCompleteResult(value: unknown): IsCompleteOutcome {
  if (!isPlainObject(value)) return { ok: false, error: `HandlerResultError: isComplete returned ${describe(value)}; ${EXPECTED}` };
  if (typeof value.IsComplete !== 'boolean') {
    return { ok: false, error: `HandlerResultError: isComplete returned IsComplete as ${describe(value.IsComplete)}; ${EXPECTED}` };
  }
  if (value.Data !== undefined && !isPlainObject(value.Data)) {
    return { ok: false, error: `HandlerResultError: isComplete returned Data as ${describe(value.Data)}; ${EXPECTED}` };
  }
  return { ok: true, complete: value.IsComplete, ...(value.Data !== undefined ? { data: value.Data as Record<string, unknown> } : {}) };
}
