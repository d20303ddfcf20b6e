/**
 * Small readers for untrusted template JSON: templates come from files and users, so every
 * shape is checked before it is used and nothing is ever written back.
 */

/** A JSON object (not null, not an array). */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Deepest nesting the engine follows; deeper values (or cyclic objects) are compared by identity. */
export const MAX_DEPTH = 64;

/** Whether the value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of an own key, never one inherited from a prototype. */
export function own(obj: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** Whether the value is an intrinsic function: an object with one key, `Ref` or `Fn::*`. */
export function intrinsicName(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0];
  return key === 'Ref' || key.startsWith('Fn::') ? key : undefined;
}

/** A compact, key-order-independent text of a value, with scalars as CloudFormation's strings. */
export function canonicalText(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) return '…';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item, depth + 1)).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).filter((key) => value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalText(value[key], depth + 1)}`).join(',')}}`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(String(value));
  return value === null ? 'null' : 'undefined';
}

/** Ordinal string order, independent of the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
