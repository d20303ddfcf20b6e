/**
 * The structural difference of two values of a change detail: every path whose value changed,
 * with its value before and after (`PolicyDocument.Statement[1].Action: "s3:GetObject" → "*"`).
 * The values are the detail's `beforeValue` and `afterValue` (a string as it is, a structure as
 * JSON text). Objects are compared key by key; lists are aligned on their equal items first, so
 * an item inserted at the front is one added item, not every item changed. Nothing is cut.
 */

/** One path whose value changed. */
export interface ValueChange {
  /** `Target.key[index].key`: the detail's target, then the keys and indexes into its value. */
  readonly path: string;
  /** The value before, as compact JSON (a string in quotes); absent when the path is added. */
  readonly before?: string;
  /** The value after, as compact JSON; absent when the path is removed. */
  readonly after?: string;
}

/** The changed paths between two detail values; empty when they are equal. */
export function valueDiff(target: string, before: string | undefined, after: string | undefined): ValueChange[] {
  if (before === after) return [];
  const changes: ValueChange[] = [];
  compare(target, before === undefined ? ABSENT : parsed(before), after === undefined ? ABSENT : parsed(after), changes);
  return changes;
}

/** A value as compact JSON, for display. */
export function showValue(value: string | undefined): string {
  if (value === undefined) return '(none)';
  return JSON.stringify(parsed(value));
}

const ABSENT = Symbol('absent');
type Value = unknown;

/** A structure's JSON text as the structure; any other text is the string itself. */
function parsed(value: string): Value {
  if (!/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as Value;
  } catch {
    return value;
  }
}

function compare(path: string, before: Value, after: Value, out: ValueChange[]): void {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.prototype.hasOwnProperty.call(before, key))];
    for (const key of keys) {
      const has = (object: Record<string, Value>) => Object.prototype.hasOwnProperty.call(object, key);
      compare(`${path}.${keyText(key)}`, has(before) ? before[key] : ABSENT, has(after) ? after[key] : ABSENT, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    compareLists(path, before, after, out);
    return;
  }
  if (before !== ABSENT && after !== ABSENT && json(before) === json(after)) return;
  out.push({ path, ...(before === ABSENT ? {} : { before: json(before) }), ...(after === ABSENT ? {} : { after: json(after) }) });
}

/**
 * Lists aligned on their longest common run of equal items; between two equal items, the items
 * removed and added are paired in order (and compared), the rest are removed or added. Paths
 * use the index in the list after, or before for a removed item.
 */
function compareLists(path: string, before: readonly Value[], after: readonly Value[], out: ValueChange[]): void {
  const a = before.map(json);
  const b = after.map(json);
  const pairs = commonItems(a, b);
  let i = 0;
  let j = 0;
  for (const [nextI, nextJ] of [...pairs, [a.length, b.length] as const]) {
    const removed = nextI - i;
    const added = nextJ - j;
    const paired = Math.min(removed, added);
    for (let k = 0; k < paired; k++) compare(`${path}[${j + k}]`, before[i + k], after[j + k], out);
    for (let k = paired; k < removed; k++) out.push({ path: `${path}[${i + k}]`, before: a[i + k] });
    for (let k = paired; k < added; k++) out.push({ path: `${path}[${j + k}]`, after: b[j + k] });
    i = nextI + 1;
    j = nextJ + 1;
  }
}

/** The index pairs of a longest common subsequence of two lists of JSON texts. */
function commonItems(a: readonly string[], b: readonly string[]): Array<readonly [number, number]> {
  // Lists in templates are short; a quadratic table is fine up to a few thousand items each.
  if (a.length * b.length > 4_000_000) return [];
  const lengths: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  const pairs: Array<readonly [number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) {
      i++;
    } else {
      j++;
    }
  }
  return pairs;
}

function isPlainObject(value: Value): value is Record<string, Value> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key as written in a path: bare when it is an identifier, else quoted. */
function keyText(key: string): string {
  return /^[A-Za-z_$][\w$:-]*$/.test(key) ? key : JSON.stringify(key);
}

function json(value: Value): string {
  return JSON.stringify(value) ?? 'null';
}
