/**
 * New properties for a `ProvidedResource` (`--properties`), with the reserved `CdkLifecycle`
 * property brought up to date: it records the JSON types of the properties (CloudFormation
 * stringifies them; the runtime turns them back), so the keys given to the runner get the
 * types a synth of them would write, and the keys not given keep exactly what the template
 * has (its nulls, which the template could not hold, included). Mirrors
 * `src/custom-resource/private/encode-properties.ts` for plain JSON values, in the format the
 * template's own record has (a test checks that both agree).
 */
import { isPlainObject } from '../../change-set/input/read-template';

/** The property `ProvidedResource` reserves (repeated here: the runner does not import the construct side). */
export const RESERVED_PROPERTY = 'CdkLifecycle';

/** Properties whose values are not the handler's: CloudFormation's own. */
const CLOUDFORMATION_PROPERTIES = ['ServiceToken', 'ServiceTimeout'];

/** A JSON types shape (format 2 of the record): see `TypeShape` in the runtime's contract. */
export type Shape = string | Shape[] | { [key: string]: Shape };

/**
 * The template's properties with `changes` laid over them (top-level keys replace), and, for a
 * `ProvidedResource` (it has the reserved property), written as it writes them: the record
 * updated for the changed keys, nulls left out of the properties. Without changes to the
 * handler's properties, the template's properties exactly.
 */
export function mergeProperties(template: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...template, ...changes };
  const reserved = template[RESERVED_PROPERTY];
  if (!isPlainObject(reserved) || typeof reserved.v !== 'string' || RESERVED_PROPERTY in changes) return merged;
  const changed = Object.keys(changes).filter((key) => !CLOUDFORMATION_PROPERTIES.includes(key));
  if (changed.length === 0) return merged;
  // As ProvidedResource writes them: CloudFormation takes no null, the record says where they were.
  for (const key of changed) {
    const written = withoutNulls(changes[key], false);
    if (written === undefined) delete merged[key];
    else merged[key] = written;
  }
  const replaceOnChange = Array.isArray(reserved.replaceOnChange) ? reserved.replaceOnChange : [];
  merged[RESERVED_PROPERTY] = reserved.v === '1'
    ? encodeTypes(userProperties(changes, changed, template, reserved), reserved.v, replaceOnChange)
    : withoutUndefined({ ...reserved, ...typesRecord(reserved.t, changes, changed) });
  return merged;
}

/** Format 2: the template's types, the changed keys' replaced by theirs. */
function typesRecord(types: unknown, changes: Readonly<Record<string, unknown>>, changed: readonly string[]): { t?: Shape } {
  const entries = isPlainObject(types) ? Object.entries(types).filter(([key]) => !changed.includes(key)) : [];
  const kept = Object.fromEntries(entries) as Record<string, Shape>;
  for (const key of changed) {
    const shape = shapeOf(changes[key]);
    if (shape !== undefined) kept[key] = shape;
  }
  return { t: Object.keys(kept).length > 0 ? kept : undefined };
}

function withoutUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/**
 * Format 1 (pointer lists, written by earlier versions): the handler's properties as JSON,
 * the unchanged ones with the nulls the template's lists put back.
 */
function userProperties(
  changes: Readonly<Record<string, unknown>>, changed: readonly string[],
  template: Readonly<Record<string, unknown>>, reserved: Record<string, unknown>,
): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(template)) {
    if (key !== RESERVED_PROPERTY && !CLOUDFORMATION_PROPERTIES.includes(key) && !changed.includes(key)) properties[key] = value;
  }
  const nulls = Array.isArray(reserved.nulls) ? reserved.nulls.filter((p): p is string => typeof p === 'string') : [];
  const typed = (list: unknown) => (Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : []);
  for (const [pointers, convert] of [[typed(reserved.numbers), Number], [typed(reserved.booleans), (v: unknown) => v === true || v === 'true'], [nulls, () => null]] as const) {
    for (const pointer of pointers) setAt(properties, pointer, convert as (value: unknown) => unknown);
  }
  for (const key of changed) properties[key] = changes[key];
  return properties;
}

/** Sets what `pointer` names (a missing object member too) to `convert` of its value. */
function setAt(root: Record<string, unknown>, pointer: string, convert: (value: unknown) => unknown): void {
  const segments = pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = segments.pop();
  let parent: unknown = root;
  for (const segment of segments) {
    if (typeof parent !== 'object' || parent === null || !Object.hasOwn(parent, segment)) return;
    parent = (parent as Record<string, unknown>)[segment];
  }
  if (last !== undefined && typeof parent === 'object' && parent !== null) (parent as Record<string, unknown>)[last] = convert((parent as Record<string, unknown>)[last]);
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

/** The shape of a JSON value (format 2), undefined for a string; an intrinsic has the shape all its `Fn::If` branches share. */
export function shapeOf(value: unknown): Shape | undefined {
  if (value === null) return 'z';
  if (typeof value === 'number') return 'n';
  if (typeof value === 'boolean') return 'b';
  if (Array.isArray(value)) {
    const items = value.map(shapeOf);
    if (items.length === 0 || items.every((item) => item === undefined)) return undefined;
    if (items[0] !== undefined && items.every((item) => JSON.stringify(item) === JSON.stringify(items[0]))) return [items[0]];
    return Object.fromEntries(items.flatMap((item, index) => (item === undefined ? [] : [[String(index), item]])));
  }
  if (!isPlainObject(value)) return undefined;
  if (isIntrinsic(value)) {
    const argument = value['Fn::If'];
    if (!Array.isArray(argument) || argument.length !== 3) return undefined;
    const shapes = argument.slice(1).filter((branch) => !(isPlainObject(branch) && branch.Ref === 'AWS::NoValue')).map(shapeOf);
    return shapes.length > 0 && shapes.every((shape) => JSON.stringify(shape) === JSON.stringify(shapes[0])) ? shapes[0] : undefined;
  }
  const shape: Record<string, Shape> = {};
  for (const [key, item] of Object.entries(value)) {
    const member = shapeOf(item);
    if (member !== undefined) Object.defineProperty(shape, key, { value: member, enumerable: true, writable: true, configurable: true });
  }
  return Object.keys(shape).length > 0 ? shape : undefined;
}

/** Format 1: the reserved property's value for plain JSON properties (pointer lists). */
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
