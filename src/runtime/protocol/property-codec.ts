/**
 * Type fidelity for `ProvidedResource` properties.
 *
 * CloudFormation delivers every scalar as a string (5 -> "5", true -> "true", at every
 * depth). At synth time `ProvidedResource` lists the JSON pointers of numbers, booleans and
 * nulls in the reserved property; here they are turned back, so handlers receive the JSON
 * their author wrote. Inputs are never mutated: decoding copies.
 */
import { CLOUDFORMATION_PROPERTIES, EncodedOptions, RESERVED_PROPERTY } from '../contract';
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
  const list = (key: string): string[] | undefined => {
    const value = raw[key];
    return Array.isArray(value) && value.every((x) => typeof x === 'string') ? (value as string[]) : undefined;
  };
  return {
    v: raw.v,
    numbers: list('numbers'),
    booleans: list('booleans'),
    nulls: list('nulls'),
    replaceOnChange: list('replaceOnChange'),
  };
}

/** Removes CloudFormation's and the library's own properties and restores JSON types. */
export function decodeProperties(properties: Record<string, unknown>): DecodedProperties {
  const options = readOptions(properties);
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (key === RESERVED_PROPERTY || CLOUDFORMATION_PROPERTIES.includes(key)) continue;
    copy[key] = structuredClone(value);
  }
  if (options) {
    for (const pointer of options.numbers ?? []) convertAt(copy, pointer, toNumber);
    for (const pointer of options.booleans ?? []) convertAt(copy, pointer, toBoolean);
    for (const pointer of options.nulls ?? []) convertAt(copy, pointer, () => null);
  }
  return { properties: copy, options };
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

function convertAt(root: Record<string, unknown>, pointer: string, convert: (value: unknown) => unknown): void {
  const segments = parsePointer(pointer);
  if (!segments || segments.length === 0) return;
  let parent: unknown = root;
  for (const segment of segments.slice(0, -1)) {
    parent = child(parent, segment);
    if (parent === undefined) return;
  }
  const last = segments[segments.length - 1];
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (Number.isInteger(index) && index >= 0 && index < parent.length) parent[index] = convert(parent[index]);
  } else if (isPlainObject(parent) && Object.prototype.hasOwnProperty.call(parent, last)) {
    parent[last] = convert(parent[last]);
  }
}

function child(parent: unknown, segment: string): unknown {
  if (Array.isArray(parent)) {
    const index = Number(segment);
    return Number.isInteger(index) ? parent[index] : undefined;
  }
  if (isPlainObject(parent) && Object.prototype.hasOwnProperty.call(parent, segment)) return parent[segment];
  return undefined;
}
