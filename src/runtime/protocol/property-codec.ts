/**
 * Type fidelity for `ProvidedResource` properties.
 *
 * CloudFormation delivers every scalar as a string (5 -> "5", true -> "true", at every
 * depth). At synth time `ProvidedResource` writes the shape of the properties' JSON types into
 * the reserved property (format 2, `TypeShape`; format 1, from earlier versions and still read
 * in the old properties of an Update, listed the JSON pointers of numbers, booleans and nulls);
 * here they are turned back, so handlers receive the JSON their author wrote. Inputs are never
 * mutated: decoding copies.
 *
 * Keys such as `__proto__` and `constructor` stay plain own properties: values are written
 * with `Object.defineProperty`, never by assignment (which would set a prototype).
 *
 * CloudFormation takes no null in a template, so `ProvidedResource` leaves null members out
 * and writes null list items as "": each listed null path is put back (a missing member of
 * an object is added).
 */
import { CLOUDFORMATION_PROPERTIES, EncodedOptions, RESERVED_PROPERTY, TypeShape } from '../contract';
import { isPlainObject } from './request';

/** Properties split into what the handler sees and the library's options. */
export interface DecodedProperties {
  readonly properties: Record<string, unknown>;
  readonly options?: EncodedOptions;
}

/** Reads the reserved property; anything malformed is ignored (returns undefined). */
export function readOptions(properties: Record<string, unknown>): EncodedOptions | undefined {
  const raw = properties[RESERVED_PROPERTY];
  if (!isPlainObject(raw) || typeof raw.v !== 'string') return undefined;
  const options: Record<string, unknown> = { v: raw.v };
  if (raw.t !== undefined && isShape(raw.t)) options.t = raw.t;
  for (const key of ['numbers', 'booleans', 'nulls', 'replaceOnChange']) {
    const value = raw[key];
    if (Array.isArray(value) && value.every((x) => typeof x === 'string')) options[key] = value;
  }
  return options as unknown as EncodedOptions;
}

/** Removes CloudFormation's and the library's own properties and restores JSON types. */
export function decodeProperties(properties: Record<string, unknown>): DecodedProperties {
  const options = readOptions(properties);
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === RESERVED_PROPERTY || CLOUDFORMATION_PROPERTIES.includes(key)) continue;
    setOwn(copy, key, structuredClone(value));
  }
  if (options?.t !== undefined) {
    for (const key of Object.keys(options.t)) applyMember(copy, key, (options.t as Record<string, TypeShape>)[key]);
  } else if (options) {
    for (const pointer of options.numbers ?? []) convertAt(copy, pointer, toNumber);
    for (const pointer of options.booleans ?? []) convertAt(copy, pointer, toBoolean);
    for (const pointer of options.nulls ?? []) convertAt(copy, pointer, () => null, true);
  }
  return { properties: copy, options };
}

/** True for a well-formed shape: a type letter, `[shape]`, or an object of shapes. */
function isShape(shape: unknown): shape is TypeShape {
  if (typeof shape === 'string') return true;
  if (Array.isArray(shape)) return shape.length === 1 && isShape(shape[0]);
  return isPlainObject(shape) && !Array.isArray(shape) && Object.values(shape).every(isShape);
}

/** Applies `shape` to `parent[key]` (a null member missing from an object is added). */
function applyMember(parent: Record<string, unknown> | unknown[], key: string, shape: TypeShape): void {
  if (hasOwn(parent, key)) setOwn(parent, key, applyShape(parent[key], shape));
  else if (shape === 'z' && isPlainObject(parent)) setOwn(parent, key, null);
}

/** The value with `shape`'s types (a copy is changed in place: `value` is the decoder's own). */
function applyShape(value: unknown, shape: TypeShape): unknown {
  if (shape === 'n') return toNumber(value);
  if (shape === 'b') return toBoolean(value);
  if (shape === 'z') return null;
  if (typeof shape === 'string' || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(shape)) return Array.isArray(value) ? value.map((item) => applyShape(item, shape[0])) : value;
  for (const key of Object.keys(shape)) applyMember(value as Record<string, unknown>, key, shape[key]);
  return value;
}

function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}

function toBoolean(value: unknown): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/** Splits a JSON pointer (RFC 6901) into its unescaped segments. */
export function parsePointer(pointer: string): string[] | undefined {
  if (!pointer.startsWith('/')) return undefined;
  return pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Converts the value at `pointer`; with `add`, a member missing from an object is added too. */
function convertAt(root: Record<string, unknown>, pointer: string, convert: (value: unknown) => unknown, add?: boolean): void {
  const segments = parsePointer(pointer);
  const last = segments?.pop();
  if (last === undefined) return;
  let parent: unknown = root;
  for (const segment of segments!) {
    if (!hasOwn(parent, segment)) return;
    parent = parent[segment];
  }
  if (hasOwn(parent, last) || (add && isPlainObject(parent))) setOwn(parent as object, last, convert((parent as Record<string, unknown>)[last]));
}

/** Defines (never assigns) an own property: a key named __proto__ stays a plain property. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** True when `parent` is an object or array with its own `key` (an array index made of digits). */
function hasOwn(parent: unknown, key: string): parent is Record<string, unknown> {
  return typeof parent === 'object' && parent !== null && Object.hasOwn(parent, key) && (!Array.isArray(parent) || /^\d+$/.test(key));
}
