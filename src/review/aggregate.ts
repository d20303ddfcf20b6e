/**
 * Aggregations: many changes folded into a tree, by resource type, action, changed property,
 * stack, kind or level, nested in the order given (`--group-by stack,type`), with the number
 * of changes under each node. A change with several changed properties appears under each of
 * them when grouped by property; counts are of distinct changes.
 */
import type { ReviewChange } from './review-model';

/** What changes can be grouped by. */
export type GroupKey = 'type' | 'action' | 'property' | 'stack' | 'kind' | 'level';

/** The group keys there are. */
export const GROUP_KEYS: readonly GroupKey[] = ['type', 'action', 'property', 'stack', 'kind', 'level'];

/** One node of the tree. */
export interface GroupNode {
  /** What the node groups by, and the value (`AWS::S3::Bucket`). */
  readonly by: GroupKey;
  readonly value: string;
  /** Distinct changes under this node. */
  readonly count: number;
  readonly children: readonly GroupNode[];
  /** The changes, at the last level only. */
  readonly changes: readonly ReviewChange[];
}

/** The values a change has for a key (several for `property`). */
function valuesOf(change: ReviewChange, key: GroupKey): string[] {
  switch (key) {
    case 'type': return [change.resourceType];
    case 'action': return [change.action === 'Modify' && change.replacement !== undefined && change.replacement !== 'False' ? `${change.action} (replace: ${change.replacement})` : change.action];
    case 'property': return change.details.length === 0 ? ['(whole resource)'] : [...new Set(change.details.map((detail) => detail.target))];
    case 'stack': return [change.nestedStackPath === undefined ? change.stack || '(template)' : `${change.stack}/${change.nestedStackPath}`];
    case 'kind': return [change.kind];
    case 'level': return [change.level];
  }
}

/**
 * The tree for `keys` (each at most once). Nodes are sorted by count, largest first, then by
 * value, so the biggest groups lead.
 */
export function aggregate(changes: readonly ReviewChange[], keys: readonly GroupKey[]): GroupNode[] {
  if (keys.length === 0) return [];
  const [key, ...rest] = keys;
  const groups = new Map<string, ReviewChange[]>();
  for (const change of changes) {
    for (const value of valuesOf(change, key)) {
      const group = groups.get(value) ?? [];
      group.push(change);
      groups.set(value, group);
    }
  }
  return [...groups.entries()]
    .map(([value, members]): GroupNode => ({
      by: key,
      value,
      count: new Set(members).size,
      children: aggregate(members, rest),
      changes: rest.length === 0 ? members : [],
    }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

/**
 * Reads `--group-by` (`type,action` or several flags); each key at most once.
 *
 * @returns the keys, or a problem in words
 */
export function parseGroupBy(given: readonly string[]): { keys?: GroupKey[]; problem?: string } {
  const keys = given.flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
  const unknown = keys.filter((key) => !(GROUP_KEYS as readonly string[]).includes(key));
  if (unknown.length > 0) return { problem: `--group-by takes ${GROUP_KEYS.join(', ')} (comma-separated, nested in that order), got: ${unknown.map((key) => `"${key}"`).join(', ')}` };
  const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
  if (repeated.length > 0) return { problem: `--group-by names "${repeated[0]}" twice` };
  if (keys.length === 0) return { problem: `--group-by needs at least one of ${GROUP_KEYS.join(', ')}` };
  return { keys: keys as GroupKey[] };
}
