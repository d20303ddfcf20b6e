/**
 * Small readers for untrusted template JSON, for everything that reads templates: shapes are
 * checked before use and nothing is written back.
 */

/** A JSON object (not null, not an array). */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Deepest nesting followed; deeper values are not evaluated. */
export const MAX_DEPTH = 64;

/** Whether the value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of an own key, never one inherited from a prototype. */
export function own(obj: JsonObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
}

/** The intrinsic function a value is (an object with one key, `Ref` or `Fn::*`), or undefined. */
export function intrinsicName(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  const key = keys[0];
  return key === 'Ref' || key.startsWith('Fn::') ? key : undefined;
}

/** Whether the value is a string, number or boolean. */
export function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
