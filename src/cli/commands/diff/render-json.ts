import { StackDiff } from './predict-stacks';

/**
 * `--json`: `{"Changes": [...]}` (the engine's `toJson()`) for two template files; for cloud
 * assemblies, the same per stack in an object keyed by stack name. Ends with a newline.
 */
export function renderJson(diffs: readonly StackDiff[]): string {
  const single = diffs.length === 1 && diffs[0].name === undefined;
  const output = single
    ? { Changes: diffs[0].changeSet.toJson() }
    : Object.fromEntries(diffs.map((diff) => [diff.name, { Changes: diff.changeSet.toJson() }]));
  return `${JSON.stringify(output, null, 2)}\n`;
}
