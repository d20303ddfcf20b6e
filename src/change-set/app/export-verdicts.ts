/**
 * Exports in use: what CloudFormation refuses when an app is deployed stack by stack, in the
 * order `cdk deploy` takes (`DeploymentOrder`), with the deployed stacks' imports tying them.
 *
 * CloudFormation's rules (AWS CloudFormation User Guide, "Exporting stack output values"; the
 * errors are its own words):
 * - an export another stack imports cannot be deleted ("Export X cannot be deleted as it is in
 *   use by Y") nor change value ("Cannot update export X as it is in use by Y");
 * - export names are unique in an account and Region ("Export with name X is already exported
 *   by stack Y");
 * - a stack cannot import an export that does not exist yet ("No export named X found").
 * The deployment is played stack by stack: each stack's update sees the imports of the stacks
 * already deployed as they are now, and of the others as they are deployed. A stack the app no
 * longer has is not deleted by `cdk deploy`: its imports stay in use. Importers outside the app
 * are known only when the caller gives them (a snapshot of the deployed state); otherwise a
 * removed export that no stack of the app imports gets a note, not a failure.
 */
import { DeploymentOrder } from './deployment-order';
import { ExportEvent, HeldExport, StackTies, TakenImport, TieSite } from './stack-ties';
import { Failure } from '../model';

/** What the play found for one output or one importing resource. */
export interface ExportVerdict {
  /** The output the verdict is about, or the resource or output that imports. */
  readonly target: { readonly kind: 'output'; readonly site: HeldExport } | { readonly kind: 'import'; readonly site: TakenImport };
  readonly failure?: Failure;
  readonly note?: string;
}

/** Who imports an export: a stack of the app (maybe in a nested stack), or one outside it. */
interface Importer {
  readonly label: string;
  readonly stack: string;
  /** The import, for an importer of the app. */
  readonly taken?: TakenImport;
}

/**
 * An importer of the export at the time its exporter is updated. One in another stack holds
 * the import for the whole update; a sibling nested stack of the same stack holds it for
 * certain only when it keeps importing (CloudFormation updates the nested stacks of one stack
 * in the order of their dependencies, which offline reading does not follow).
 */
interface User {
  readonly label: string;
  readonly stack: string;
  readonly certain: boolean;
}

/** Plays the deployment of the app's stacks and says what fails. */
export function exportVerdicts(
  ties: readonly StackTies[],
  order: DeploymentOrder,
  externalImporters: ReadonlyMap<string, readonly string[]> = new Map(),
): ExportVerdict[] {
  const deployed = new Set(order.names);
  const exporters = new Map<string, HeldExport>();
  const importers = new Map<string, Map<string, Importer>>();
  const importedInApp = new Set<string>();
  const addImport = (name: string, importer: Importer): void => {
    let users = importers.get(name);
    if (users === undefined) importers.set(name, users = new Map());
    users.set(importer.label, importer);
  };
  for (const stack of ties) {
    for (const event of stack.events) if (event.before !== undefined) exporters.set(event.name, event.before);
    for (const taken of stack.imports.before) {
      if (taken.name === undefined) continue;
      importedInApp.add(taken.name);
      addImport(taken.name, importerOf(taken, deployed.has(taken.stack)));
    }
    for (const taken of stack.imports.after) if (taken.name !== undefined) importedInApp.add(taken.name);
  }
  for (const [name, stacks] of externalImporters) {
    for (const stack of stacks) if (!ties.some((tied) => tied.stack === stack)) addImport(name, { label: `${stack} (a stack outside the app)`, stack });
  }
  const laterExporter = new Map<string, string>();
  for (const stack of ties) for (const event of stack.events) if (event.after !== undefined) laterExporter.set(event.name, stack.stack);

  const verdicts: ExportVerdict[] = [];
  const byStack = new Map(ties.map((stack) => [stack.stack, stack]));
  const exported = new Set<string>();
  for (const name of order.names) {
    const stack = byStack.get(name);
    if (stack === undefined) continue;
    const keepsImporting = (exportName: string, nestedStackPath: string | undefined) => stack.imports.after
      .some((taken) => taken.name === exportName && taken.nestedStackPath === nestedStackPath);
    const usersOf = (event: ExportEvent): User[] => {
      const exporterPath = (event.before ?? event.after)?.nestedStackPath;
      return [...importers.get(event.name)?.values() ?? []].flatMap((importer): User[] => {
        const taken = importer.taken;
        if (importer.stack !== name || taken === undefined) return [{ label: importer.label, stack: importer.stack, certain: true }];
        // A nested stack of the stack being updated imports it from a sibling: it still imports it when the exporter is
        // updated if it keeps the import, or if it waits for the exporter; not if the exporter waits for it.
        if (taken.nestedStackPath === exporterPath) return [];
        if (keepsImporting(event.name, taken.nestedStackPath)) return [{ label: importer.label, stack: importer.stack, certain: true }];
        const exporterSite = (event.before ?? event.after)!;
        if (stack.waitsFor({ ...exporterSite, section: 'Outputs', logicalId: exporterSite.outputId }, taken.nestedStackPath)) return [];
        return [{ label: importer.label, stack: importer.stack, certain: stack.waitsFor(taken, exporterPath) }];
      });
    };
    for (const event of stack.events) {
      const verdict = eventVerdict(event, { exporters, users: usersOf(event), stack, order, importedInApp, externalImporters });
      if (verdict !== undefined) verdicts.push(verdict);
    }
    // The stack's new imports need their exports to exist when it is updated.
    const before = new Set(stack.imports.before.map((taken) => taken.name));
    for (const taken of stack.imports.after) {
      if (taken.name === undefined || before.has(taken.name) || exporters.has(taken.name)) continue;
      const ownExporter = stack.events.find((event) => event.name === taken.name && event.after !== undefined)?.after;
      if (ownExporter !== undefined) {
        // A nested stack of this stack creates it in the same update: only an order between them makes it exist in time.
        if (!stack.waitsFor(taken, ownExporter.nestedStackPath)) verdicts.push(siblingImportVerdict(taken, ownExporter));
        continue;
      }
      const exporter = laterExporter.get(taken.name);
      if (exporter === undefined || exporter === name || exported.has(taken.name)) continue;
      verdicts.push({
        target: { kind: 'import', site: taken },
        failure: {
          certainty: 'Certain',
          reason: `No export named ${taken.name} found: ${exporter} exports it, but ${name} is deployed before ${exporter}; make ${name} depend on ${exporter} (stack.addDependency) or deploy ${exporter} first`,
        },
      });
    }
    // The stack is deployed: its exports and imports are now the new ones.
    for (const event of stack.events) {
      if (event.before !== undefined && event.after === undefined && exporters.get(event.name)?.stack === name) exporters.delete(event.name);
      if (event.after !== undefined) {
        exporters.set(event.name, event.after);
        exported.add(event.name);
      }
    }
    for (const users of importers.values()) for (const [label, importer] of users) if (importer.stack === name) users.delete(label);
    for (const taken of stack.imports.after) if (taken.name !== undefined) addImport(taken.name, importerOf(taken, true));
  }
  return verdicts;
}

/** What the verdict on one export reads. */
interface EventScope {
  readonly exporters: ReadonlyMap<string, HeldExport>;
  /** Who imports the export while the stack is updated. */
  readonly users: readonly User[];
  /** The stack being deployed. */
  readonly stack: StackTies;
  readonly order: DeploymentOrder;
  readonly importedInApp: ReadonlySet<string>;
  readonly externalImporters: ReadonlyMap<string, readonly string[]>;
}

/** The verdict on one export of the stack being deployed, if there is one. */
function eventVerdict(event: ExportEvent, scope: EventScope): ExportVerdict | undefined {
  const { users, order } = scope;
  const stack = scope.stack.stack;
  const inUse = users.map((user) => user.label).join(', ');
  const unknownCondition = event.existenceUnknown === true ? '; whether it exists depends on a Condition whose value is not known offline' : '';
  // Sibling nested stacks that stop importing in the same update may be updated before the exporter.
  const siblingsOnly = users.length > 0 && users.every((user) => !user.certain);
  const siblingOrder = siblingsOnly
    ? `; ${users.length === 1 ? 'it stops' : 'they stop'} importing it in the same update of ${stack}, so whether the importer is updated first depends on the order CloudFormation updates its nested stacks in (a DependsOn between the stack resources fixes it)`
    : '';
  const certainty = (certain: boolean): Failure['certainty'] => (certain && event.existenceUnknown !== true ? 'Certain' : 'Possible');
  if (event.before === undefined && event.after !== undefined) {
    const holder = scope.exporters.get(event.name);
    if (holder === undefined || (holder.stack === stack && holder.nestedStackPath === event.after.nestedStackPath)) return undefined;
    // Within one stack: another nested stack holds it, and frees it in this update only if it stops exporting it.
    const sibling = holder.stack === stack;
    const kept = sibling && scope.stack.events
      .some((other) => other.name === event.name && other.after !== undefined && other.after.nestedStackPath === holder.nestedStackPath);
    const gone = !order.names.includes(holder.stack);
    const later = gone ? `: ${holder.stack} is no longer in the app, and cdk deploy does not delete it`
      : !sibling && order.before(stack, holder.stack) ? `: ${holder.stack} gives it up only when it is deployed, after ${stack}` : '';
    const within = sibling && !kept ? `; ${siteLabel(holder)} stops exporting it in the same update, but whether it is updated first depends on the order CloudFormation updates the nested stacks of ${stack} in` : '';
    const first = gone ? `delete ${holder.stack} first (aws cloudformation delete-stack --stack-name ${holder.stack})` : `deploy ${holder.stack} without the export first`;
    return {
      target: { kind: 'output', site: event.after },
      failure: {
        certainty: certainty(!sibling || kept),
        reason: `Export with name ${event.name} is already exported by stack ${siteLabel(holder)}${later}${within}; export names are unique in an account and Region: ${first}, or give the new export another name${unknownCondition}`,
      },
    };
  }
  if (event.before !== undefined && event.after === undefined) {
    if (users.length > 0) {
      return {
        target: { kind: 'output', site: event.before },
        failure: {
          certainty: certainty(!siblingsOnly),
          reason: `Export ${event.name} cannot be deleted as it is in use by ${inUse}: ${users.every((user) => user.stack === stack) ? `the update of ${stack} removes it while its nested stack${users.length === 1 ? ' still imports' : 's still import'}` : `${stack} is deployed first, while ${users.length === 1 ? 'it still imports' : 'they still import'}`} it. Keep the export for one more deployment (Stack.exportValue in ${stack}), deploy the importers without it, then remove it${siblingOrder}${unknownCondition}`,
        },
      };
    }
    if (scope.importedInApp.has(event.name) || scope.externalImporters.size > 0) return undefined;
    return {
      target: { kind: 'output', site: event.before },
      note: `export ${event.name} is removed and no stack of the app imports it; a stack outside the app may (that cannot be seen offline): CloudFormation would then refuse the deletion (aws cloudformation list-imports --export-name ${event.name} tells)`,
    };
  }
  if (event.after === undefined || event.valueChange === 'None' || users.length === 0) return undefined;
  const certain = certainty(event.valueChange === 'Certain' && !siblingsOnly) === 'Certain';
  return {
    target: { kind: 'output', site: event.after },
    failure: {
      certainty: certain ? 'Certain' : 'Possible',
      reason: `${certain ? 'Cannot' : 'If its value changes, CloudFormation cannot'} update export ${event.name} as it is in use by ${inUse}: ${event.valueReason ?? 'its value changes'}. CloudFormation changes an export only when no stack imports it: deploy the importers without the import first (for a reference CDK made, pass the value another way for one deployment), then this change${siblingOrder}${unknownCondition}`,
    },
  };
}

/** A new import of an export a sibling nested stack creates in the same update, with nothing ordering them. */
function siblingImportVerdict(taken: TakenImport, exporter: HeldExport): ExportVerdict {
  return {
    target: { kind: 'import', site: taken },
    failure: {
      certainty: 'Possible',
      reason: `No export named ${taken.name} found, if ${siteLabel(taken)} is created or updated before ${siteLabel(exporter)} creates the export: `
        + `both are in the same update of ${taken.stack}, and nothing makes the importer wait (CloudFormation runs nested stacks without a dependency between them in parallel); `
        + 'add a DependsOn on the exporting nested stack\'s stack resource (nestedStack.node.addDependency), or pass the value as a parameter instead of an export',
    },
  };
}

function siteLabel(site: TieSite): string {
  return site.nestedStackPath === undefined ? site.stack : `${site.stack} (nested stack ${site.nestedStackPath})`;
}

function importerOf(taken: TakenImport, inApp: boolean): Importer {
  return {
    label: `${siteLabel(taken)}${inApp ? '' : ' (no longer in the app, but cdk deploy does not delete it)'}`,
    stack: taken.stack,
    taken,
  };
}
