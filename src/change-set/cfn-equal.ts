/**
 * Equality as CloudFormation sees it, and the nested paths where two values differ.
 *
 * CloudFormation passes every scalar to resource handlers as a string, so `"10"` equals
 * `10` and `"true"` equals `true`; object key order never matters; `Fn::GetAtt` written as
 * `"Res.Attr"` equals `["Res", "Attr"]`.
 */
import { checkDepth, intrinsicName, isObject } from './json';

/** Whether CloudFormation sees the two values as equal. */
export function cfnEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  checkDepth(depth);
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, index) => cfnEqual(item, b[index], depth + 1));
  }
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const getAttA = getAttParts(a);
    const getAttB = getAttParts(b);
    if (getAttA && getAttB) return cfnEqual(getAttA, getAttB, depth + 1);
    let definedInA = 0;
    for (const key of Object.keys(a)) {
      if (a[key] === undefined) continue;
      definedInA++;
      if (!Object.prototype.hasOwnProperty.call(b, key) || !cfnEqual(a[key], b[key], depth + 1)) return false;
    }
    return definedInA === countDefined(b);
  }
  return scalarEqual(a, b);
}

function scalarEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b !== 'string') return scalarEqual(b, a);
  if (typeof b !== 'string') return false; // same-typed scalars were compared with ===
  if (typeof a === 'number') return b.trim() !== '' && Number(b) === a;
  if (typeof a === 'boolean') return b === String(a);
  return false;
}

function countDefined(obj: Readonly<Record<string, unknown>>): number {
  let count = 0;
  for (const key of Object.keys(obj)) if (obj[key] !== undefined) count++;
  return count;
}

/** `Fn::GetAtt`'s operands as an array, whichever form was written; undefined for other values. */
export function getAttParts(value: unknown): readonly unknown[] | undefined {
  if (intrinsicName(value) !== 'Fn::GetAtt') return undefined;
  const operand = (value as Record<string, unknown>)['Fn::GetAtt'];
  if (typeof operand === 'string') {
    const dot = operand.indexOf('.');
    return dot < 0 ? [operand] : [operand.slice(0, dot), operand.slice(dot + 1)];
  }
  return Array.isArray(operand) ? operand : [operand];
}

/**
 * The nested paths (array indices removed) where `after` differs from `before`: each
 * differing place, and every path inside a value that appeared, disappeared or was
 * replaced by an intrinsic. An empty list means the values are equal.
 */
export function changedPaths(before: unknown, after: unknown): string[][] {
  const found = new Map<string, string[]>();
  collectChanges(before, after, [], found, 0);
  return [...found.values()];
}

function collectChanges(a: unknown, b: unknown, path: string[], found: Map<string, string[]>, depth: number): void {
  if (a === b) return;
  checkDepth(depth);
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const childA = Object.prototype.hasOwnProperty.call(a, key) ? a[key] : undefined;
      const childB = Object.prototype.hasOwnProperty.call(b, key) ? b[key] : undefined;
      collectChanges(childA, childB, [...path, key], found, depth + 1);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let index = 0; index < Math.max(a.length, b.length); index++) collectChanges(a[index], b[index], path, found, depth + 1);
    return;
  }
  if (cfnEqual(a, b, depth)) return;
  record(path, found);
  collectPathsWithin(a, path, found, depth);
  collectPathsWithin(b, path, found, depth);
}

function collectPathsWithin(value: unknown, path: string[], found: Map<string, string[]>, depth: number): void {
  checkDepth(depth);
  if (Array.isArray(value)) {
    for (const item of value) collectPathsWithin(item, path, found, depth + 1);
  } else if (isPlainObject(value)) {
    for (const key of Object.keys(value)) {
      const childPath = [...path, key];
      record(childPath, found);
      collectPathsWithin(value[key], childPath, found, depth + 1);
    }
  }
}

function record(path: string[], found: Map<string, string[]>): void {
  const key = path.join('\u0000');
  if (!found.has(key)) found.set(key, path);
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return isObject(value) && intrinsicName(value) === undefined;
}
