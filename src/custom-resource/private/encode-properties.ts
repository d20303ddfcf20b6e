/**
 * Synth-time half of type fidelity: lists the JSON pointers of the numbers, booleans and
 * nulls in a `ProvidedResource`'s properties, so the runtime can undo CloudFormation's
 * stringification. Unresolved tokens are skipped, except number tokens (they resolve to a
 * number, and the runtime only converts strings that parse as numbers).
 */
import { Token } from 'aws-cdk-lib';
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
