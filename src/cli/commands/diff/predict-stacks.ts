import { ConstructPaths, constructPathsOf } from './construct-paths';
import { ChangeSetPredictor, NestedStackTemplates, PredictedChangeSet } from '../../../change-set';
import { ParameterMap, parametersFor, ScopedParameters } from '../../input/parameter-values';
import { StackPair, StackTemplates } from '../../input/stack-pairs';

/** One stack's predicted change set. */
export interface StackDiff {
  /** The stack name; undefined when two template files are compared. */
  readonly name?: string;
  readonly displayName?: string;
  /** Set for a stack on one side only: all its resources are added or removed. */
  readonly onlyIn?: 'before' | 'after';
  readonly changeSet: PredictedChangeSet;
  /** Construct paths (from `aws:cdk:path` metadata) by nested stack path and logical id. */
  readonly constructPaths: ConstructPaths;
  /** Where each resource of the stack was created in the app's source, when recorded (the new side's, else the deployed one's). */
  readonly sourceLocations?: StackTemplates['sourceLocations'];
  /** The new side's template file (the deployed one's for a removed stack), when read from one. */
  readonly templateFile?: string;
}

/** `--parameters-before` and `--parameters-after`, parsed. */
export interface ParameterArgs {
  readonly before: ScopedParameters;
  readonly after: ScopedParameters;
}

const EMPTY: StackTemplates = { template: { Resources: {} }, nestedTemplates: new Map() };

/** How the change sets are described. */
export interface PredictionSettings {
  /** CloudFormation's `IncludePropertyValues` description instead of its default one. */
  readonly propertyValues?: boolean;
}

/**
 * Runs the engine on each pair; nested stacks are compared where both sides have their
 * template. A stack of a cloud assembly is predicted with its name, and with its account and
 * Region where the manifest gives them (the deployed side's, else the new side's), for the
 * pseudo parameters.
 */
export function predictStacks(pairs: readonly StackPair[], parameters: ParameterArgs, settings: PredictionSettings = {}): StackDiff[] {
  return pairs.map((pair) => {
    const before = pair.before ?? EMPTY;
    const after = pair.after ?? EMPTY;
    const nestedStacks: { [path: string]: NestedStackTemplates } = {};
    for (const [path, template] of after.nestedTemplates) {
      const old = before.nestedTemplates.get(path);
      if (old !== undefined) nestedStacks[path] = { before: old, after: template };
    }
    const changeSet = ChangeSetPredictor.predict(before.template, after.template, {
      parameters: { before: nonEmpty(parametersFor(parameters.before, pair.name)), after: nonEmpty(parametersFor(parameters.after, pair.name)) },
      nestedStacks,
      includePropertyValues: settings.propertyValues === true,
      environment: {
        ...(pair.name === undefined ? {} : { stackName: pair.name }),
        ...defined('account', pair.before?.account ?? pair.after?.account),
        ...defined('region', pair.before?.region ?? pair.after?.region),
      },
    });
    const onlyIn = pair.before === undefined ? 'after' : pair.after === undefined ? 'before' : undefined;
    return {
      ...(pair.name === undefined ? {} : { name: pair.name }),
      ...(pair.displayName === undefined ? {} : { displayName: pair.displayName }),
      ...(onlyIn === undefined ? {} : { onlyIn }),
      changeSet,
      constructPaths: constructPathsOf(pair.before, pair.after),
      ...sourcesOf(pair),
      ...templateFileOf(pair),
    };
  });
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
