/**
 * The entry point behind `ChangeSetPredictor.predict`, with the spec as a parameter so the
 * engine's unit tests can run against a small table of their own.
 */
import { DEFAULT_RENAME_THRESHOLD } from './detect-renames';
import { isObject, own } from './json';
import { PredictedStack } from './model';
import { parameterText } from './normalize';
import { PredictOptions } from './predict-options';
import { predictStack } from './predict-stack';
import { ReplacementSpec, SpecLookup } from './replacement-spec-lookup';
import { ResourceRules } from './resource-rules';
import { partitionOf } from '../template/partition';

/** Predicts a stack's change set with the given replacement knowledge. */
export function predictWithSpec(before: unknown, after: unknown, options: PredictOptions, spec: ReplacementSpec): PredictedStack {
  const settings: unknown = options;
  const parameters = isObject(settings) ? own(settings, 'parameters') : undefined;
  const threshold = isObject(settings) ? own(settings, 'renameThreshold') : undefined;
  const environment = isObject(settings) ? own(settings, 'environment') : undefined;
  return predictStack(before, after, {
    parameters: {
      before: stringMap(isObject(parameters) ? own(parameters, 'before') : undefined),
      after: stringMap(isObject(parameters) ? own(parameters, 'after') : undefined),
      deployTime: new Set(),
    },
    nestedStacks: nestedTemplates(isObject(settings) ? own(settings, 'nestedStacks') : undefined),
    pathPrefix: '',
    renameThreshold: typeof threshold === 'number' && !Number.isNaN(threshold) ? threshold : DEFAULT_RENAME_THRESHOLD,
    rules: new ResourceRules(new SpecLookup(spec)),
    description: isObject(settings) && own(settings, 'includePropertyValues') === true ? 'property-values' : 'default',
    pseudoParameters: pseudoParameters(environment),
  });
}

/** The pseudo parameters an environment gives: account, Region (with its partition and URL suffix) and stack name. */
export function pseudoParameters(environment: unknown): Map<string, string> {
  const values = new Map<string, string>();
  if (!isObject(environment)) return values;
  const text = (key: string): string | undefined => {
    const value = own(environment, key);
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const account = text('account');
  const region = text('region');
  const stackName = text('stackName');
  if (account !== undefined) values.set('AWS::AccountId', account);
  if (stackName !== undefined) values.set('AWS::StackName', stackName);
  if (region !== undefined) {
    values.set('AWS::Region', region);
    const partition = partitionOf(region);
    values.set('AWS::Partition', partition.name);
    values.set('AWS::URLSuffix', partition.urlSuffix);
  }
  return values;
}

function stringMap(value: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (!isObject(value)) return map;
  for (const key of Object.keys(value)) {
    const text = parameterText(value[key]);
    if (text !== undefined) map.set(key, text);
  }
  return map;
}

function nestedTemplates(value: unknown): Map<string, { before: unknown; after: unknown }> {
  const map = new Map<string, { before: unknown; after: unknown }>();
  if (!isObject(value)) return map;
  for (const key of Object.keys(value)) {
    const entry = value[key];
    if (isObject(entry)) map.set(key, { before: own(entry, 'before'), after: own(entry, 'after') });
  }
  return map;
}
