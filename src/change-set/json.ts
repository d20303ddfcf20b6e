/**
 * Small readers for untrusted template JSON: templates come from files and users, so every
 * shape is checked before it is used and nothing is ever written back.
 */

import { isObject, MAX_DEPTH } from '../template/json-values';

// The engine reads templates with the same readers as the evaluator below it.
export { intrinsicName, isObject, MAX_DEPTH, own } from '../template/json-values';
export type { JsonObject } from '../template/json-values';

/**
 * A value nested deeper than `MAX_DEPTH` objects and arrays: the engine cannot compare it
 * completely, and says so instead of stopping there (two values that differ only below the
 * limit would otherwise compare equal). The readers of templates refuse such text first.
 */
export class NestingLimitError extends Error {
  public constructor() {
    super(`a value is nested more than ${MAX_DEPTH} levels of objects and arrays deep: cdk-lifecycle compares values up to ${MAX_DEPTH} levels deep`);
    this.name = 'NestingLimitError';
  }
}

/** @throws NestingLimitError when `depth` is past `MAX_DEPTH` */
export function checkDepth(depth: number): void {
  if (depth > MAX_DEPTH) throw new NestingLimitError();
}

/** A compact, key-order-independent text of a value, with scalars as CloudFormation's strings. */
export function canonicalText(value: unknown, depth = 0): string {
  checkDepth(depth);
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
