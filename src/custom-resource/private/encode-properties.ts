/**
 * Synth-time half of type fidelity: lists the JSON pointers of the numbers, booleans and
 * nulls in a `ProvidedResource`'s properties, so the runtime can undo CloudFormation's
 * stringification. Unresolved tokens are skipped, except number tokens (they resolve to a
 * number, and the runtime only converts strings that parse as numbers).
 *
 * CloudFormation refuses a template with `null` anywhere ("'null' values are not allowed in
 * templates"), so the properties are written without them: a null object member is left
 * out, a null list item becomes "" (keeping the positions of the items after it), and the
 * runtime puts each null back from the list of null paths.
 */
import { Token } from 'aws-cdk-lib';
import { ConstructPropsError } from './validation-error';
import { ENCODING_VERSION, EncodedOptions } from '../../runtime/contract';

/** Escapes one JSON pointer segment (RFC 6901). */
function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The reserved property's value for these properties. */
export function encodeOptions(properties: { [key: string]: unknown }, replaceOnChange: string[]): EncodedOptions {
  const numbers: string[] = [];
  const booleans: string[] = [];
  const nulls: string[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (value === null) {
      nulls.push(pointer);
    } else if (typeof value === 'number') {
      numbers.push(pointer);
    } else if (typeof value === 'boolean') {
      booleans.push(pointer);
    } else if (Array.isArray(value)) {
      if (Token.isUnresolved(value)) return;
      value.forEach((item, index) => visit(item, `${pointer}/${index}`));
    } else if (typeof value === 'object' && value !== undefined) {
      if (Token.isUnresolved(value)) return;
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        if (item !== undefined) visit(item, `${pointer}/${escapeSegment(key)}`);
      }
    }
  };
  for (const [key, value] of Object.entries(properties)) {
    if (value !== undefined) visit(value, `/${escapeSegment(key)}`);
  }
  return {
    v: ENCODING_VERSION,
    ...(numbers.length ? { numbers } : {}),
    ...(booleans.length ? { booleans } : {}),
    ...(nulls.length ? { nulls } : {}),
    ...(replaceOnChange.length ? { replaceOnChange } : {}),
  };
}

/** What a null list item is written as; the runtime turns it back into null. */
export const NULL_ITEM = '';

/**
 * The properties as they are written into the template: nulls left out (members) or written
 * as "" (list items), everything else as given.
 *
 * @throws ConstructPropsError for a value CloudFormation cannot take (a number that is not
 * finite, undefined in a list, a function, a symbol, a bigint, an object that is not plain
 * JSON), naming its path
 */
export function cloudFormationProperties(path: string, properties: { [key: string]: unknown }): { [key: string]: unknown } {
  const write = (value: unknown, at: string, inList: boolean): unknown => {
    if (value === null) return inList ? NULL_ITEM : undefined;
    if (Token.isUnresolved(value)) return value;
    if (Array.isArray(value)) {
      return value.map((item, index) => {
        if (item === undefined) refuse(path, `${at}[${index}]`, 'is undefined inside a list: aws-cdk-lib drops it and moves the items after it; leave it out or use null');
        return write(item, `${at}[${index}]`, true);
      });
    }
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        if (!Number.isFinite(value)) refuse(path, at, `is ${value}: a template holds finite numbers only (JSON has no ${value})`);
        return value;
      case 'object': {
        const prototype = Object.getPrototypeOf(value);
        if (prototype !== Object.prototype && prototype !== null) {
          refuse(path, at, `is ${describe(value)}: properties must be JSON (strings, numbers, booleans, null, lists and plain objects of them) or tokens; convert it first (for example to a string)`);
        }
        const written: { [key: string]: unknown } = {};
        for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
          const out = item === undefined ? undefined : write(item, `${at}.${key}`, false);
          if (out !== undefined) written[key] = out;
        }
        return written;
      }
      default:
        return refuse(path, at, `is ${describe(value)}: properties must be JSON (strings, numbers, booleans, null, lists and plain objects of them) or tokens`);
    }
  };
  return write(properties, 'properties', false) as { [key: string]: unknown };
}

function refuse(path: string, property: string, message: string): never {
  throw new ConstructPropsError(path, property, message);
}

function describe(value: unknown): string {
  if (typeof value === 'bigint') return `the bigint ${value}n`;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return `the symbol ${String(value)}`;
  const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object that is not plain JSON';
}
