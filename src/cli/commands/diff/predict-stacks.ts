import { ConstructPaths, constructPathsOf } from './construct-paths';
import { PredictedChangeSet } from '../../../change-set';
import { ExportLink } from '../../../change-set/app/export-links';
import { AppStackInput, predictApp } from '../../../change-set/app/predict-app';
import { GENERATED_SPEC } from '../../../change-set/replacement-spec-lookup';
import { securityChanges, SecurityChanges } from '../../../review/security/security-changes';
import { ParameterMap, parametersFor, ScopedParameters } from '../../input/parameter-values';
import { AssemblyStack } from '../../input/read-assembly';
import { StackPair, StackTemplates } from '../../input/stack-pairs';

/** One stack's predicted change set. */
export interface StackDiff {
  /** The stack name; undefined when two template files are compared. */
  readonly name?: string;
  readonly displayName?: string;
  /** Set for a stack on one side only: all its resources are added, or (the old side only) it stays deployed. */
  readonly onlyIn?: 'before' | 'after';
  readonly changeSet: PredictedChangeSet;
  /** Construct paths (from `aws:cdk:path` metadata) by nested stack path and logical id. */
  readonly constructPaths: ConstructPaths;
  /** Where each resource of the stack was created in the app's source, when recorded (the new side's, else the deployed one's). */
  readonly sourceLocations?: StackTemplates['sourceLocations'];
  /** The new side's template file (the deployed one's for a removed stack), when read from one. */
  readonly templateFile?: string;
  /** IAM statements, managed policies and security-group rules added and removed, by nested stack path ('' at the top). */
  readonly security: ReadonlyMap<string, SecurityChanges>;
  /** The imports of exports this stack holds or imports, on either side. */
  readonly links: readonly ExportLink[];
}

/** `--parameters-before` and `--parameters-after`, parsed. */
export interface ParameterArgs {
  readonly before: ScopedParameters;
  readonly after: ScopedParameters;
}

/** How the change sets are described. */
export interface PredictionSettings {
  /** CloudFormation's `IncludePropertyValues` description instead of its default one. */
  readonly propertyValues?: boolean;
}

/** What the app's prediction takes beside the pairs. */
export interface AppSettings extends PredictionSettings {
  /** For each export name, the stacks outside the app known to import it (a snapshot of the deployed state). */
  readonly externalImporters?: ReadonlyMap<string, readonly string[]>;
}

/**
 * Runs the engine on the app: each pair's stack, then what only the whole app shows (exports
 * in use, names moved between stacks), in the order `cdk deploy` takes (the new assembly's
 * stack dependencies). Nested stacks are compared where both sides have their template. A
 * stack of a cloud assembly is predicted with its name, and with its account and Region where
 * the manifest gives them (the deployed side's, else the new side's), for the pseudo
 * parameters.
 *
 * @param pairs every stack of the app (the exports of one stack tie it to the others)
 * @param report the names of the stacks to report; every pair when absent
 */
export function predictStacks(
  pairs: readonly StackPair[], parameters: ParameterArgs, settings: AppSettings = {}, report?: ReadonlySet<string>,
): StackDiff[] {
  const names = new Map<string, string>();
  for (const pair of pairs) {
    const artifactId = (pair.after as Partial<AssemblyStack> | undefined)?.artifactId;
    if (artifactId !== undefined && pair.name !== undefined) names.set(artifactId, pair.name);
  }
  const inputs: AppStackInput[] = pairs.map((pair, index) => {
    const account = pair.before?.account ?? pair.after?.account;
    const region = pair.before?.region ?? pair.after?.region;
    const dependencies = (pair.after as Partial<AssemblyStack> | undefined)?.dependencies ?? [];
    return {
      // Two template files name no stack: one app of one stack.
      name: pair.name ?? `#${index}`,
      ...(pair.before === undefined ? {} : { before: pair.before.template }),
      ...(pair.after === undefined ? {} : { after: pair.after.template }),
      nestedBefore: pair.before?.nestedTemplates ?? new Map(),
      nestedAfter: pair.after?.nestedTemplates ?? new Map(),
      options: {
        parameters: { before: nonEmpty(parametersFor(parameters.before, pair.name)), after: nonEmpty(parametersFor(parameters.after, pair.name)) },
        includePropertyValues: settings.propertyValues === true,
        environment: {
          ...(pair.name === undefined ? {} : { stackName: pair.name }),
          ...defined('account', account),
          ...defined('region', region),
        },
      },
      dependsOn: dependencies.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
      ...defined('account', account),
      ...defined('region', region),
    };
  });
  const app = predictApp(inputs, GENERATED_SPEC, settings.externalImporters);
  const renamed = renamedStacks(pairs);
  return pairs.flatMap((pair, index): StackDiff[] => {
    if (report !== undefined && (pair.name === undefined || !report.has(pair.name))) return [];
    const onlyIn = pair.before === undefined ? 'after' : pair.after === undefined ? 'before' : undefined;
    const predicted = app.stacks[index].predicted;
    const notes = [...predicted.notes ?? [], ...renamed.get(pair) ?? []];
    return [{
      ...(pair.name === undefined ? {} : { name: pair.name }),
      ...(pair.displayName === undefined ? {} : { displayName: pair.displayName }),
      ...(onlyIn === undefined ? {} : { onlyIn }),
      changeSet: PredictedChangeSet._of(notes.length === 0 ? predicted : { ...predicted, notes }, undefined, pair.name),
      constructPaths: constructPathsOf(pair.before, pair.after),
      security: securityOf(pair),
      links: pair.name === undefined ? [] : app.links.filter((link) => link.exporter.stack === pair.name || link.importer.stack === pair.name),
      ...sourcesOf(pair),
      ...templateFileOf(pair),
    }];
  });
}

/**
 * Notes on the stacks whose stack name changed: a stack on the old side only and one on the new
 * side only made by the same construct (the same artifact id or construct path). They are two
 * CloudFormation stacks: `cdk deploy` creates the new one and leaves the old one deployed.
 */
function renamedStacks(pairs: readonly StackPair[]): Map<StackPair, string[]> {
  const notes = new Map<StackPair, string[]>();
  const identity = (stack: StackTemplates | undefined) => stack as Partial<AssemblyStack> | undefined;
  for (const old of pairs.filter((pair) => pair.after === undefined && pair.before !== undefined)) {
    const was = identity(old.before)!;
    const same = (key: 'artifactId' | 'displayName', candidate: Partial<AssemblyStack>) => was[key] !== undefined && candidate[key] === was[key];
    const now = pairs.find((pair) => {
      const candidate = identity(pair.after);
      return pair.before === undefined && candidate !== undefined && (same('artifactId', candidate) || same('displayName', candidate));
    });
    if (now === undefined || old.name === undefined || now.name === undefined) continue;
    const construct = identity(now.after)!.displayName ?? was.displayName ?? now.name;
    notes.set(old, [`its construct ${construct} is now stack ${now.name}: the stack name changed, and cdk deploy creates ${now.name} as a new stack beside this one`]);
    notes.set(now, [`its construct ${construct} was deployed as stack ${old.name}, which stays deployed: cdk deploy creates ${now.name} as a new stack, and ${old.name} still holds its names and exports`]);
  }
  return notes;
}

/**
 * The security changes of the stack's template and of each nested stack's both sides have, or
 * one side has; none for a stack the app no longer has (it stays deployed as it is).
 */
function securityOf(pair: StackPair): ReadonlyMap<string, SecurityChanges> {
  if (pair.after === undefined && pair.before !== undefined) return new Map();
  const nested = new Set([...pair.before?.nestedTemplates.keys() ?? [], ...pair.after?.nestedTemplates.keys() ?? []]);
  return new Map([
    ['', securityChanges(pair.before?.template, pair.after?.template)],
    ...[...nested].map((path) => [path, securityChanges(pair.before?.nestedTemplates.get(path), pair.after?.nestedTemplates.get(path))] as const),
  ]);
}

function templateFileOf(pair: StackPair): Pick<StackDiff, 'templateFile'> {
  const templateFile = pair.after?.templateFile ?? pair.before?.templateFile;
  return templateFile === undefined ? {} : { templateFile };
}

function sourcesOf(pair: StackPair): Pick<StackDiff, 'sourceLocations'> {
  const merged = new Map([...pair.before?.sourceLocations ?? [], ...pair.after?.sourceLocations ?? []]);
  return merged.size === 0 ? {} : { sourceLocations: merged };
}

function defined<K extends string>(key: K, value: string | undefined): { [key in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [key in K]?: string };
}

function nonEmpty(values: ParameterMap): ParameterMap | undefined {
  return Object.keys(values).length === 0 ? undefined : values;
}
