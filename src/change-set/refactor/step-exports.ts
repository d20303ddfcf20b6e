/**
 * Whether the deployment after a refactor removes an export while another stack still imports
 * it. CloudFormation refuses to delete an export in use ("Export ... cannot be deleted as it is
 * in use by ..."; the `Fn::ImportValue` reference: "you can't delete a stack if another stack
 * references one of its outputs" and "you can't modify or remove an output value that is
 * referenced by another stack").
 *
 * Each stack starts the deployment from its template after the refactor (or its deployed one)
 * and ends with its new template. CDK deploys an importer after the stacks it imports from (a
 * cross-stack reference adds that dependency); so an importer that drops the import is deployed
 * before the exporter only when the exporter, in the new templates, depends on it. Otherwise the
 * exporter may deploy first, and its update fails.
 */
import { AppExports, ExportingStack } from './app-exports';
import { normalize } from '../normalize';

/** A stack at the start and at the end of the deployment. */
export interface DeployedStack {
  readonly name: string;
  readonly start: unknown;
  readonly end: unknown;
  readonly account: string;
  readonly region: string;
  /** Whether the deployment changes it. */
  readonly changes: boolean;
}

/** Why the deployment fails as planned, one line per export and importer; empty when it does not. */
export function exportsInUse(stacks: readonly DeployedStack[]): string[] {
  const problems: string[] = [];
  const environments = new Map<string, DeployedStack[]>();
  for (const stack of stacks) {
    const id = `${stack.account}/${stack.region}`;
    environments.set(id, [...(environments.get(id) ?? []), stack]);
  }
  for (const group of environments.values()) problems.push(...problemsOf(group));
  return problems;
}

function problemsOf(stacks: readonly DeployedStack[]): string[] {
  const side = (pick: (stack: DeployedStack) => unknown): AppExports => AppExports.of(stacks.map((stack): ExportingStack => {
    const raw = pick(stack);
    return { name: stack.name, raw, normalized: normalize(raw), account: stack.account, region: stack.region };
  }));
  const start = side((stack) => stack.start);
  const end = side((stack) => stack.end);
  // X depends on Y when X's new template imports an export of Y's.
  const dependsOn = new Map<string, Set<string>>();
  for (const stack of stacks) {
    const exporters = new Set(end.importsOf(stack.name).flatMap((entry) => {
      const name = entry.exportName.name;
      const exporter = name === undefined ? undefined : end.get(name)?.stack;
      return exporter === undefined || exporter === stack.name ? [] : [exporter];
    }));
    dependsOn.set(stack.name, exporters);
  }
  const after = (x: string, y: string): boolean => {
    const seen = new Set<string>();
    const queue = [...(dependsOn.get(x) ?? [])];
    while (queue.length > 0) {
      const next = queue.shift()!;
      if (next === y) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(...(dependsOn.get(next) ?? []));
    }
    return false;
  };
  const byName = new Map(stacks.map((stack) => [stack.name, stack]));
  const problems: string[] = [];
  for (const removed of start.all) {
    const exporter = byName.get(removed.stack)!;
    if (!exporter.changes || end.get(removed.name)?.stack === removed.stack) continue;
    for (const importer of stacks) {
      if (importer.name === exporter.name || !start.importsOf(importer.name).some((entry) => entry.exportName.name === removed.name)) continue;
      const stillImports = end.importsOf(importer.name).some((entry) => entry.exportName.name === removed.name);
      if (!stillImports && importer.changes && after(exporter.name, importer.name)) continue;
      const why = !importer.changes || stillImports ? `${importer.name} still imports it in the new templates`
        : after(importer.name, exporter.name) ? `${exporter.name} deploys first (${importer.name} imports from it)`
          : `nothing makes ${importer.name} deploy before ${exporter.name}`;
      problems.push(`deploying ${exporter.name} removes export ${removed.name} (output ${removed.outputId}), which ${importer.name} imports until it is deployed, and ${why}: `
        + `CloudFormation rejects it ("Export ${removed.name} cannot be deleted as it is in use by ${importer.name}"). `
        + `Keep the export one more deployment (Stack.exportValue in ${exporter.name}), deploy ${importer.name} without the import, then remove it`);
    }
  }
  return problems;
}
