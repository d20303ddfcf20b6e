/**
 * isComplete's answer, `{ IsComplete: boolean, Data? }`, checked as plain data (it crossed from
 * the handler's worker, or arrived as a Lambda function's payload).
 */
import { failure, flattenData, HandlerOutcome } from '../protocol/handler-result';
import { describe, isPlainObject } from '../protocol/request';
import { dataTooLargeReason, MAX_BODY_BYTES, measureData } from '../protocol/response';

/** A checked answer of isComplete. */
export type IsCompleteAnswer =
  | { readonly ok: true; readonly complete: boolean; readonly data?: Record<string, unknown> }
  | { readonly ok: false; readonly error: string };

const EXPECTED = '; expected an object { IsComplete: true | false, Data?: { ... } }';

function wrong(text: string): IsCompleteAnswer {
  return { ok: false, error: (failure(`HandlerResultError: isComplete returned ${text}${EXPECTED}`) as { error: string }).error };
}

/**
 * Checks what a call of isComplete produced; a failure names what was wrong (with `hideKeys`,
 * for a NoEcho resource, not the names of Data's keys). Never throws.
 */
export function validateIsComplete(outcome: HandlerOutcome, hideKeys = false): IsCompleteAnswer {
  if (!outcome.ok) return outcome;
  const value = outcome.answer;
  if (!isPlainObject(value)) return wrong(describe(value));
  const { IsComplete: complete, Data: data } = value;
  if (typeof complete !== 'boolean') return wrong(`IsComplete as ${describe(complete)}`);
  if (data !== undefined) {
    if (!isPlainObject(data)) return wrong(`Data as ${describe(data)}`);
    const size = measureData(data);
    if (size.bytes > MAX_BODY_BYTES) return { ok: false, error: dataTooLargeReason(size, hideKeys) };
  }
  return { ok: true, complete, ...(data !== undefined ? { data: flattenData(data as Record<string, unknown>) } : {}) };
}
