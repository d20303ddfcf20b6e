/**
 * What the handler returned, taken back exactly once.
 *
 * The handler's value is serialized with one `JSON.stringify` inside a try block (so a
 * `toJSON` or a getter runs once) and everything after works on the parsed copy: plain
 * data that no handler code can change. The outcome is bounded: Data that cannot fit a
 * response becomes a failure naming its size and largest keys, and errors are clipped text.
 * With NoEcho set, no part of Data appears in a failure's text.
 */
import { types } from 'node:util';
import { FAILED_CREATE_MARKER } from '../contract';
import type { LifecycleResult } from '../types';
import { errorText } from './error-text';
import { isFailedCreateId, physicalIdProblem } from './physical-id';
import { describe, describeType, isPlainObject } from './request';
import { dataTooLargeReason, MAX_BODY_BYTES, measureData, NOT_SHOWN } from './response';
import { clipMiddle, MAX_REASON_CODE_POINTS } from './text';

/**
 * Which answer a call expects: onEvent's (`PhysicalResourceId`, `Data`, `NoEcho`) or
 * isComplete's (`IsComplete`, `Data`).
 */
export type ResultShape = 'onEvent' | 'isComplete';

/**
 * What became of one call of the handler, as plain, bounded data. For the isComplete shape,
 * `answer` holds isComplete's answer as plain data, not yet checked: the polling code checks
 * it (`validateIsComplete`), so that providers that do not poll carry none of that code.
 */
export type HandlerOutcome =
  | { readonly ok: true; readonly result: LifecycleResult; readonly answer?: unknown }
  | { readonly ok: false; readonly error: string };

/** A failed outcome; `error` reads `Name: message`. */
export function failure(error: string): HandlerOutcome {
  return { ok: false, error: clipMiddle(error, MAX_REASON_CODE_POINTS) };
}

const EXPECTED = '; expected nothing or an object with PhysicalResourceId, Data, NoEcho';

/** A failure naming something wrong with what the handler returned. */
function returned(text: string): HandlerOutcome {
  return failure(`HandlerResultError: the handler returned ${text}`);
}

/** Serializes what the handler returned, once, and validates the copy. Never throws. */
export function settleResult(raw: unknown, shape: ResultShape = 'onEvent'): HandlerOutcome {
  if (shape === 'isComplete') return settleIsComplete(raw);
  if (raw === undefined || raw === null) return { ok: true, result: {} };
  if (types.isNativeError(raw)) {
    return returned(`an error instead of throwing it: ${errorText(raw)}`);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch (e) {
    return returned(`a result that cannot be written as JSON${noEchoSet(raw) ? NOT_SHOWN : ` (${errorText(e)})`}`);
  }
  if (json === undefined) return returned(describeType(raw) + EXPECTED);
  return validateResult(JSON.parse(json));
}

/**
 * Validates a result that is already plain JSON data (parsed, or a Lambda function's
 * payload) and keeps only the fields of the protocol.
 */
export function validateResult(value: unknown): HandlerOutcome {
  if (value === undefined || value === null) return { ok: true, result: {} };
  if (!isPlainObject(value)) return returned(describe(value) + EXPECTED);
  const { PhysicalResourceId: id, Data: data, NoEcho: noEcho } = value;
  if (id !== undefined) {
    const problem = physicalIdProblem(id);
    if (problem) return returned(`an invalid PhysicalResourceId: ${problem}`);
    // The marker is reserved: a Delete of such an id never reaches the handler.
    if (isFailedCreateId(id as string)) {
      return returned(`PhysicalResourceId ${describe(id)}, which starts with the reserved prefix ${FAILED_CREATE_MARKER}`);
    }
  }
  if (noEcho !== undefined && typeof noEcho !== 'boolean') {
    return returned(`NoEcho as ${describe(noEcho)}; expected true or false`);
  }
  if (data !== undefined) {
    if (!isPlainObject(data)) {
      return returned(`Data as ${noEcho === true ? describeType(data) + NOT_SHOWN : describe(data)}; expected an object`);
    }
    const size = measureData(data);
    if (size.bytes > MAX_BODY_BYTES) return failure(dataTooLargeReason(size, noEcho === true));
  }
  // Only the fields of the protocol (undefined ones are left out of the JSON).
  return { ok: true, result: { PhysicalResourceId: id as string | undefined, Data: data as Record<string, unknown> | undefined, NoEcho: noEcho } };
}

/**
 * Reads an outcome that crossed from the handler's worker. The handler can post messages
 * too, so nothing is trusted: a result is validated again (it is small), an error clipped.
 */
export function readOutcome(value: unknown, shape: ResultShape = 'onEvent'): HandlerOutcome {
  if (isPlainObject(value) && value.ok === true) return shape === 'isComplete' ? { ok: true, result: {}, answer: value.answer } : validateResult(value.result);
  if (isPlainObject(value) && value.ok === false && typeof value.error === 'string') return failure(value.error);
  return failure('HandlerCrashError: unreadable outcome from the worker');
}

/** Whether a result that could not be serialized asks for NoEcho (or hides whether it does). */
function noEchoSet(raw: unknown): boolean {
  try {
    const value = (raw as { NoEcho?: unknown }).NoEcho;
    return value !== undefined && value !== false;
  } catch {
    return true;
  }
}

/**
 * isComplete's answer, serialized once and parsed back as plain data, or a failure. It is
 * checked by the polling code (`validateIsComplete`), which only providers that poll load.
 */
function settleIsComplete(raw: unknown): HandlerOutcome {
  try {
    const json = JSON.stringify(raw);
    return { ok: true, result: {}, answer: json === undefined ? undefined : JSON.parse(json) };
  } catch (e) {
    return failure(`HandlerResultError: isComplete returned a result that cannot be written as JSON (${errorText(e)})`);
  }
}
