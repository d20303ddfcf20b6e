/**
 * isComplete's answer, `{ IsComplete: boolean, Data?, NoEcho? }`, checked as plain data (it
 * crossed from the handler's worker, or arrived as a Lambda function's payload). `NoEcho: true`
 * masks the answer's Data as onEvent's does.
 */
import { failure, flattenData, HandlerOutcome } from '../protocol/handler-result';
import { describe, describeType, isPlainObject } from '../protocol/request';
import { dataTooLargeReason, MAX_BODY_BYTES, measureData, NOT_SHOWN } from '../protocol/response';

/** A checked answer of isComplete. */
export type IsCompleteAnswer =
  | { readonly ok: true; readonly complete: boolean; readonly data?: Record<string, unknown>; readonly noEcho?: boolean }
  | { readonly ok: false; readonly error: string };

const EXPECTED = '; expected an object { IsComplete: true | false, Data?: { ... }, NoEcho?: true | false }';

function wrong(text: string): IsCompleteAnswer {
  return { ok: false, error: (failure(`HandlerResultError: isComplete returned ${text}${EXPECTED}`) as { error: string }).error };
}

/**
 * Checks what a call of isComplete produced; a failure names what was wrong (for a NoEcho
 * resource, `hideKeys`, or an answer with `NoEcho: true`, not the names of Data's keys). Never
 * throws.
 */
export function validateIsComplete(outcome: HandlerOutcome, hideKeys = false): IsCompleteAnswer {
  if (!outcome.ok) return outcome;
  const value = outcome.answer;
  if (!isPlainObject(value)) return wrong(describe(value));
  const { IsComplete: complete, Data: data, NoEcho: noEcho } = value;
  if (typeof complete !== 'boolean') return wrong(`IsComplete as ${describe(complete)}`);
  if (noEcho !== undefined && typeof noEcho !== 'boolean') return wrong(`NoEcho as ${describe(noEcho)}`);
  const hidden = hideKeys || noEcho === true;
  if (data !== undefined) {
    if (!isPlainObject(data)) return wrong(`Data as ${hidden ? describeType(data) + NOT_SHOWN : describe(data)}`);
    const size = measureData(data);
    if (size.bytes > MAX_BODY_BYTES) return { ok: false, error: dataTooLargeReason(size, hidden) };
  }
  return {
    ok: true,
    complete,
    ...(data !== undefined ? { data: flattenData(data as Record<string, unknown>) } : {}),
    ...(noEcho === true ? { noEcho } : {}),
  };
}
