/**
 * New properties for a `ProvidedResource` (`--properties`), with the reserved `CdkLifecycle`
 * property brought up to date: at synth time it lists the JSON pointers of the numbers,
 * booleans and nulls of the properties (CloudFormation stringifies them; the runtime turns
 * them back), so properties given to the runner must get the list a synth of them would write.
 * Mirrors `src/custom-resource/private/encode-properties.ts` for plain JSON values (a test
 * checks that both agree).
 */
import { isPlainObject } from '../../change-set/input/read-template';

/** The property `ProvidedResource` reserves (repeated here: the runner does not import the construct side). */
export const RESERVED_PROPERTY = 'CdkLifecycle';

/** Properties whose values are not the handler's: CloudFormation's own. */
const CLOUDFORMATION_PROPERTIES = ['ServiceToken', 'ServiceTimeout'];

/**
 * The template's properties with `changes` laid over them (top-level keys replace), and, for a
 * `ProvidedResource` (it has the reserved property), written as it writes them: the reserved
 * property recomputed, nulls left out of the properties.
 */
export function mergeProperties(template: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...template, ...changes };
  const reserved = template[RESERVED_PROPERTY];
  if (!isPlainObject(reserved) || typeof reserved.v !== 'string' || RESERVED_PROPERTY in changes) return merged;
  const isUserProperty = (key: string) => key !== RESERVED_PROPERTY && !CLOUDFORMATION_PROPERTIES.includes(key);
  const userProperties = Object.fromEntries(Object.entries(merged).filter(([key]) => isUserProperty(key)));
  const replaceOnChange = Array.isArray(reserved.replaceOnChange) ? reserved.replaceOnChange : [];
  // As ProvidedResource writes them: CloudFormation takes no null, the reserved property lists where they were.
  const written = withoutNulls(merged, false) as Record<string, unknown>;
  written[RESERVED_PROPERTY] = encodeTypes(userProperties, reserved.v, replaceOnChange);
  return written;
}

/** What a null list item is written as (the runtime turns it back into null). */
const NULL_ITEM = '';

/** A value as ProvidedResource writes it into the template: null members left out, null list items "". */
export function withoutNulls(value: unknown, inList: boolean): unknown {
  if (value === null) return inList ? NULL_ITEM : undefined;
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, true));
  if (!isPlainObject(value) || isIntrinsic(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withoutNulls(item, false)]).filter(([, item]) => item !== undefined));
}

/** The reserved property's value for plain JSON properties. */
export function encodeTypes(
  properties: Readonly<Record<string, unknown>>, version: string, replaceOnChange: readonly unknown[],
): Record<string, unknown> {
  const numbers: string[] = [];
  const booleans: string[] = [];
  const nulls: string[] = [];
  const visit = (value: unknown, pointer: string): void => {
    if (value === null) {nulls.push(pointer);} else if (typeof value === 'number') {numbers.push(pointer);} else if (typeof value === 'boolean') {booleans.push(pointer);} else if (Array.isArray(value)) {value.forEach((item, index) => visit(item, `${pointer}/${index}`));} else if (isPlainObject(value) && !isIntrinsic(value)) {
      for (const [key, item] of Object.entries(value)) visit(item, `${pointer}/${escapeSegment(key)}`);
    }
  };
  for (const [key, value] of Object.entries(properties)) visit(value, `/${escapeSegment(key)}`);
  return {
    v: version,
    ...(numbers.length ? { numbers } : {}),
    ...(booleans.length ? { booleans } : {}),
    ...(nulls.length ? { nulls } : {}),
    ...(replaceOnChange.length ? { replaceOnChange: [...replaceOnChange] } : {}),
  };
}

/** `{ "Ref": ... }` or `{ "Fn::...": ... }`: a token at synth time, skipped as the construct skips tokens. */
function isIntrinsic(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'));
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function escapeSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
