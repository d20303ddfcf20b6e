/**
 * What the handler returned, taken back exactly once.
 *
 * The handler's value is serialized with one `JSON.stringify` inside a try block (so a
 * `toJSON` or a getter runs once) and everything after works on the parsed copy: plain
 * data that no handler code can change. The work is bounded: serializing stops once the
 * result is larger than any valid one could be (it then fails, naming Data's size and largest
 * keys), and errors are clipped text. A field outside the contract fails the request, naming it
 * (a misspelt `PhysicalResourceID` would otherwise be lost without a word); `Status: 'FAILED'`
 * fails it with its `Reason`; the fields a cfn-response handler copies from the request are
 * ignored. Nested Data is flattened into dotted keys (CloudFormation reads only top-level ones).
 * With NoEcho set, no part of Data appears in a failure's text.
 */
import { types } from 'node:util';
import { POLLING_BUILD } from '../build-variant';
import { FAILED_CREATE_MARKER } from '../contract';
import type { LifecycleResult } from '../types';
import { errorText } from './error-text';
import { isFailedCreateId, physicalIdProblem } from './physical-id';
import { describe, describeType, isPlainObject } from './request';
import { dataSize, dataTooLargeReason, MAX_BODY_BYTES, NOT_SHOWN } from './response';
import { clipMiddle, CRASHED, MAX_REASON_CODE_POINTS, RETURNED } from './text';

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

/** The fields of the contract (besides PhysicalResourceId, Data, NoEcho): cfn-response's Status and Reason. */
const STATUS_FIELDS = ['Status', 'Reason'];

/** Response fields a cfn-response handler copies from the request: the runtime copies them itself. */
const COPIED_FIELDS = ['StackId', 'RequestId', 'LogicalResourceId'];

/** The contract's fields, for naming a near miss. */
const CONTRACT = ['PhysicalResourceId', 'Data', 'NoEcho', ...STATUS_FIELDS];

/** At most this many unknown field names are named in a Reason. */
const MAX_NAMED_FIELDS = 5;

/** A failure naming something wrong with what the handler returned. */
function returned(text: string): HandlerOutcome {
  return failure(RETURNED + text);
}

/**
 * Characters of a result read before it is judged too large. A valid result is far smaller
 * (a response holds 4,096 bytes), so the work done on a result is bounded whatever its size.
 */
export const READ_BUDGET = 2 * MAX_BODY_BYTES;

/** Thrown (and caught) when a result passes READ_BUDGET. */
const TOO_LARGE = {};

/**
 * Serializes what the handler returned, once, and validates the copy. Never throws.
 * `forDelete`: a Delete's answer carries no Data, so Data and NoEcho are not read at all.
 */
export function settleResult(raw: unknown, forDelete?: boolean): HandlerOutcome {
  if (raw === undefined || raw === null) return { ok: true, result: {} };
  if (types.isNativeError(raw)) {
    return returned(`an error instead of throwing it: ${errorText(raw)}`);
  }
  let json: string | undefined;
  let top: unknown;
  let data: unknown;
  let dataKey: string | undefined;
  let read = 0;
  let dataBytes = 0;
  const entries = new Map<string, number>();
  const unknown: string[] = [];
  try {
    // One pass, in JSON's own order, counting a lower bound of the bytes written so far.
    json = JSON.stringify(raw, function (this: unknown, key: string, value: unknown) {
      if (this === top) {
        // Only the contract's fields are serialized; the names of others are kept, to be named.
        const known = key === 'PhysicalResourceId' || STATUS_FIELDS.includes(key) || (!forDelete && (key === 'Data' || key === 'NoEcho'));
        if (!known) {
          // A Delete's Data and NoEcho mean nothing; a stray field must not keep a stack from being deleted.
          if (!forDelete && !COPIED_FIELDS.includes(key) && unknown.length <= MAX_NAMED_FIELDS) unknown.push(key);
          return undefined;
        }
        dataKey = undefined;
        if (key === 'Data') data = value;
      } else if (this === data) {
        dataKey = key;
      } else if (top === undefined) {
        top = value;
      }
      const kind = typeof value;
      const bytes = kind === 'string' ? (value as string).length + 2 : kind === 'undefined' || kind === 'function' || kind === 'symbol' ? 0 : 1;
      const size = bytes && (Array.isArray(this) ? bytes : bytes + key.length + 3);
      read += size;
      if (dataKey !== undefined) {
        dataBytes += size;
        entries.set(dataKey, (entries.get(dataKey) ?? 0) + size);
      }
      if (read > READ_BUDGET) throw TOO_LARGE;
      return value;
    });
  } catch (e) {
    if (e !== TOO_LARGE) return returned(`a result that cannot be written as JSON${noEchoSet(raw) ? NOT_SHOWN : ` (${errorText(e)})`}`);
    if (dataBytes <= MAX_BODY_BYTES) return returned(`a result of more than ${READ_BUDGET} bytes; expected at most ${MAX_BODY_BYTES}`);
    return failure(dataTooLargeReason(dataSize([...entries], dataBytes + 2, true), noEchoSet(raw)));
  }
  if (json === undefined) return returned(describeType(raw) + EXPECTED);
  return validateResult(JSON.parse(json), unknown);
}

/**
 * Validates a result that is already plain JSON data (parsed, or a Lambda function's
 * payload) and keeps only the fields of the protocol.
 */
export function validateResult(value: unknown, dropped: readonly string[] = []): HandlerOutcome {
  if (value === undefined || value === null) return { ok: true, result: {} };
  if (!isPlainObject(value)) return returned(describe(value) + EXPECTED);
  const { PhysicalResourceId: id, Data: data, NoEcho: noEcho, Status: status, Reason: reason } = value;
  if (status !== undefined && status !== 'SUCCESS') {
    if (status !== 'FAILED') return returned(`Status ${describe(status)}; expected "FAILED" (with a Reason), "SUCCESS" or none`);
    // As a cfn-response handler means it: the request fails, with the handler's own Reason.
    return failure(typeof reason === 'string' && reason.trim() !== '' ? reason : `${RETURNED}Status "FAILED" without a Reason`);
  }
  const outside = (key: string) => !CONTRACT.includes(key) && !COPIED_FIELDS.includes(key) && !dropped.includes(key);
  const unknown = [...dropped, ...Object.keys(value).filter(outside)];
  if (unknown.length > 0) return returned(unknownFieldsText(unknown));
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
  // Data too large for the response is caught when the response is fitted.
  if (data !== undefined && !isPlainObject(data)) {
    return returned(`Data as ${noEcho === true ? describeType(data) + NOT_SHOWN : describe(data)}; expected an object`);
  }
  // Only the fields of the protocol (undefined ones are left out of the JSON).
  const flat = data === undefined ? undefined : flattenData(data as Record<string, unknown>);
  return { ok: true, result: { PhysicalResourceId: id as string | undefined, Data: flat, NoEcho: noEcho } };
}

/** `fields outside the contract: PhysicalResourceID (did you mean PhysicalResourceId?), ...`. */
function unknownFieldsText(fields: readonly string[]): string {
  const named = fields.slice(0, MAX_NAMED_FIELDS).map((field) => {
    const shown = clipMiddle(field, 64);
    const meant = CONTRACT.find((known) => known.toLowerCase() === field.toLowerCase());
    return meant ? `${shown} (did you mean ${meant}?)` : shown;
  });
  const more = fields.length > MAX_NAMED_FIELDS ? ', and more' : '';
  return `fields outside the contract, which would be lost: ${named.join(', ')}${more}${EXPECTED} (and Status, Reason as cfn-response writes them)`;
}

/**
 * Data as CloudFormation can read it: a nested object or list becomes dotted keys
 * (`{ a: { b: 'x' }, l: [1] }` -> `{ 'a.b': 'x', 'l.0': 1 }`), as aws-cdk-lib's
 * AwsCustomResource flattens a response; top-level values that are not objects stay.
 */
export function flattenData(data: Record<string, unknown>): Record<string, unknown> {
  if (!Object.values(data).some((value) => typeof value === 'object' && value !== null)) return data;
  const flat: Record<string, unknown> = {};
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'object' && value !== null && Object.keys(value).length > 0) {
      for (const [child, item] of Object.entries(value)) visit(item, `${key}.${child}`);
    } else {
      Object.defineProperty(flat, key, { value, enumerable: true, writable: true, configurable: true });
    }
  };
  for (const [key, value] of Object.entries(data)) visit(value, key);
  return flat;
}

/**
 * Reads an outcome that crossed from the handler's worker. The handler can post messages
 * too, so nothing is trusted: a result is validated again (it is small), an error clipped.
 */
export function readOutcome(value: unknown, shape: ResultShape = 'onEvent'): HandlerOutcome {
  if (isPlainObject(value) && value.ok === true) return POLLING_BUILD && shape === 'isComplete' ? { ok: true, result: {}, answer: value.answer } : validateResult(value.result);
  if (isPlainObject(value) && value.ok === false && typeof value.error === 'string') return failure(value.error);
  return failure(`${CRASHED}unreadable outcome from the worker`);
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
export function settleIsComplete(raw: unknown): HandlerOutcome {
  try {
    const json = JSON.stringify(raw);
    return { ok: true, result: {}, answer: json === undefined ? undefined : JSON.parse(json) };
  } catch (e) {
    return failure(`HandlerResultError: isComplete returned a result that cannot be written as JSON (${errorText(e)})`);
  }
}
