/**
 * IAM's wildcards (`*` any run of characters, `?` one character) compared as patterns, not as
 * strings: whether every value one pattern matches is matched by another (`s3:*` covers
 * `s3:Get*`), and whether two patterns can match a common value (`s3:Get*` and `s3:*Object`
 * can). Actions compare without regard to case (IAM's action names are case-insensitive),
 * resources as written.
 *
 * Both checks are sound: `true` is always right. `globCovers` may say `false` for an exotic
 * pair that does cover (the caller then reports a broadening, the safe side for a gate);
 * `globsIntersect` may say `true` for a pair that cannot meet (the safe side for a `NotAction`).
 */

/** Whether every value `narrow` matches is matched by `wide`. */
export function globCovers(wide: string, narrow: string, ignoreCase = false): boolean {
  const w = ignoreCase ? wide.toLowerCase() : wide;
  const n = ignoreCase ? narrow.toLowerCase() : narrow;
  if (w === '*' || w === n) return true;
  const memo = new Map<number, boolean>();
  // covers(i, j): the rest of `w` from i covers the rest of `n` from j.
  const covers = (i: number, j: number): boolean => {
    const key = i * (n.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === w.length) result = j === n.length;
    else if (w[i] === '*') result = covers(i + 1, j) || (j < n.length && covers(i, j + 1));
    else if (j === n.length) result = false;
    else if (w[i] === '?') result = n[j] !== '*' && covers(i + 1, j + 1);
    else result = n[j] === w[i] && covers(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return covers(0, 0);
}

/** Whether some value is matched by both patterns. */
export function globsIntersect(a: string, b: string, ignoreCase = false): boolean {
  const x = ignoreCase ? a.toLowerCase() : a;
  const y = ignoreCase ? b.toLowerCase() : b;
  const memo = new Map<number, boolean>();
  const meet = (i: number, j: number): boolean => {
    const key = i * (y.length + 1) + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let result: boolean;
    if (i === x.length && j === y.length) result = true;
    else if (i < x.length && x[i] === '*') result = meet(i + 1, j) || (j < y.length && meet(i, j + 1));
    else if (j < y.length && y[j] === '*') result = meet(i, j + 1) || (i < x.length && meet(i + 1, j));
    else if (i === x.length || j === y.length) result = false;
    else result = (x[i] === '?' || y[j] === '?' || x[i] === y[j]) && meet(i + 1, j + 1);
    memo.set(key, result);
    return result;
  };
  return meet(0, 0);
}

/** Whether the pattern has a wildcard. */
export function hasWildcard(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}
