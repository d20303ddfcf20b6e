/**
 * How alike two property sets are, weighted by their primitive values.
 *
 * Every primitive value weighs 1 and every object key weighs 1 (so `{a: {b: 1}}` weighs 3).
 * The matched weight counts the keys and primitives both values share with equal content
 * (CloudFormation equality); arrays are compared as multisets (order does not matter), then
 * left-over elements pairwise. Similarity is the Dice coefficient: twice the matched weight
 * over both weights, 1 for identical values and for two empty ones.
 */
import { cfnEqual } from './cfn-equal';
import { canonicalText, checkDepth, isObject } from './json';

/** The weight of a value: its primitives plus its object keys. */
export function weightOf(value: unknown, depth = 0): number {
  checkDepth(depth);
  if (value === undefined) return 0;
  if (Array.isArray(value)) return value.reduce<number>((sum, item) => sum + weightOf(item, depth + 1), 0);
  if (isObject(value)) return Object.keys(value).reduce((sum, key) => sum + 1 + weightOf(value[key], depth + 1), 0);
  return 1;
}

/** Similarity of two values, 0 to 1; pass their weights when they are already known. */
export function similarity(a: unknown, b: unknown, weightA = weightOf(a), weightB = weightOf(b)): number {
  const total = weightA + weightB;
  return total === 0 ? 1 : (2 * matchedWeight(a, b, 0)) / total;
}

function matchedWeight(a: unknown, b: unknown, depth: number): number {
  // An absent value weighs nothing, so it matches nothing (not even another absent value).
  checkDepth(depth);
  if (a === undefined) return 0;
  if (Array.isArray(a)) return Array.isArray(b) ? matchedArrays(a, b, depth) : 0;
  if (isObject(a)) {
    if (!isObject(b)) return 0;
    let matched = 0;
    for (const key of Object.keys(a)) {
      if (Object.prototype.hasOwnProperty.call(b, key)) matched += 1 + matchedWeight(a[key], b[key], depth + 1);
    }
    return matched;
  }
  // A scalar: cfnEqual never equates one with an array, an object or an absent value.
  return cfnEqual(a, b) ? 1 : 0;
}

function matchedArrays(a: readonly unknown[], b: readonly unknown[], depth: number): number {
  const unmatched = new Map<string, { indices: number[]; next: number }>();
  b.forEach((item, index) => {
    const text = canonicalText(item);
    const entry = unmatched.get(text);
    if (entry === undefined) unmatched.set(text, { indices: [index], next: 0 });
    else entry.indices.push(index);
  });
  let matched = 0;
  const leftA: unknown[] = [];
  const usedB = new Set<number>();
  for (const item of a) {
    const entry = unmatched.get(canonicalText(item));
    const index = entry?.indices[entry.next++];
    if (index === undefined) {
      leftA.push(item);
    } else {
      usedB.add(index);
      matched += weightOf(item, depth + 1);
    }
  }
  // The left-over items pairwise, in order; an item without a partner matches nothing.
  const leftB = b.filter((_, index) => !usedB.has(index));
  leftA.forEach((item, index) => {
    matched += matchedWeight(item, leftB[index], depth + 1);
  });
  return matched;
}
