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
      addImport(taken.name, { label: importerLabel(taken, deployed.has(taken.stack)), stack: taken.stack });
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
    const usersOf = (exportName: string) => [...importers.get(exportName)?.values() ?? []].filter((importer) => importer.stack !== name);
    for (const event of stack.events) {
      const verdict = eventVerdict(event, exporters, usersOf(event.name), name, order, importedInApp, externalImporters);
      if (verdict !== undefined) verdicts.push(verdict);
    }
    // The stack's new imports need their exports to exist when it is updated.
    const before = new Set(stack.imports.before.map((taken) => taken.name));
    const ownAdded = new Set(stack.events.filter((event) => event.after !== undefined).map((event) => event.name));
    for (const taken of stack.imports.after) {
      if (taken.name === undefined || before.has(taken.name) || exporters.has(taken.name) || ownAdded.has(taken.name)) continue;
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
    for (const taken of stack.imports.after) if (taken.name !== undefined) addImport(taken.name, { label: importerLabel(taken, true), stack: name });
  }
  return verdicts;
}

/** The verdict on one export of the stack being deployed, if there is one. */
function eventVerdict(
  event: ExportEvent,
  exporters: ReadonlyMap<string, HeldExport>,
  users: readonly Importer[],
  stack: string,
  order: DeploymentOrder,
  importedInApp: ReadonlySet<string>,
  externalImporters: ReadonlyMap<string, readonly string[]>,
): ExportVerdict | undefined {
  const inUse = users.map((user) => user.label).join(', ');
  const unknownCondition = event.existenceUnknown === true ? '; whether it exists depends on a Condition whose value is not known offline' : '';
  if (event.before === undefined && event.after !== undefined) {
    const holder = exporters.get(event.name);
    if (holder === undefined || holder.stack === stack) return undefined;
    const later = order.before(stack, holder.stack) ? `: ${holder.stack} gives it up only when it is deployed, after ${stack}` : '';
    return {
      target: { kind: 'output', site: event.after },
      failure: {
        certainty: event.existenceUnknown === true ? 'Possible' : 'Certain',
        reason: `Export with name ${event.name} is already exported by stack ${siteLabel(holder)}${later}; export names are unique in an account and Region: deploy ${holder.stack} without the export first, or give the new export another name${unknownCondition}`,
      },
    };
  }
  if (event.before !== undefined && event.after === undefined) {
    if (users.length > 0) {
      return {
        target: { kind: 'output', site: event.before },
        failure: {
          certainty: event.existenceUnknown === true ? 'Possible' : 'Certain',
          reason: `Export ${event.name} cannot be deleted as it is in use by ${inUse}: ${stack} is deployed first, while ${users.length === 1 ? 'it still imports' : 'they still import'} it. Keep the export for one more deployment (Stack.exportValue in ${stack}), deploy the importers without it, then remove it${unknownCondition}`,
        },
      };
    }
    if (importedInApp.has(event.name) || externalImporters.size > 0) return undefined;
    return {
      target: { kind: 'output', site: event.before },
      note: `export ${event.name} is removed and no stack of the app imports it; a stack outside the app may (that cannot be seen offline): CloudFormation would then refuse the deletion (aws cloudformation list-imports --export-name ${event.name} tells)`,
    };
  }
  if (event.after === undefined || event.valueChange === 'None' || users.length === 0) return undefined;
  const certain = event.valueChange === 'Certain' && event.existenceUnknown !== true;
  return {
    target: { kind: 'output', site: event.after },
    failure: {
      certainty: certain ? 'Certain' : 'Possible',
      reason: `${certain ? 'Cannot' : 'If its value changes, CloudFormation cannot'} update export ${event.name} as it is in use by ${inUse}: ${event.valueReason ?? 'its value changes'}. CloudFormation changes an export only when no stack imports it: deploy the importers without the import first (for a reference CDK made, pass the value another way for one deployment), then this change${unknownCondition}`,
    },
  };
}

function siteLabel(site: TieSite): string {
  return site.nestedStackPath === undefined ? site.stack : `${site.stack} (nested stack ${site.nestedStackPath})`;
}

function importerLabel(taken: TakenImport, inApp: boolean): string {
  return `${siteLabel(taken)}${inApp ? '' : ' (no longer in the app, but cdk deploy does not delete it)'}`;
}
