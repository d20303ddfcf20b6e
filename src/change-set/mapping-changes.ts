/**
 * Step 2b of the pipeline: properties whose `Fn::FindInMap` reads a `Mappings` value that
 * this update changes, while the property itself is written the same.
 *
 * CloudFormation resolves mappings before it compares the templates, so such a property is a
 * Static `DirectModification` (recorded change sets, 2025: a mapping leaf edited under an
 * unchanged `!FindInMap [Env, !Ref AWS::Region, Name]` gives Modify, `DisplayName`, Never,
 * Static). Each lookup key is evaluated with that side's values: parameters, and the pseudo
 * parameters the caller knows (`PredictOptions.environment`: the CLI reads a stack's account
 * and Region from the cloud assembly manifest when the app sets them). A key that is not
 * known offline stands for every key of that level of the mapping (on either side): the
 * property is reported when the value changes whichever key it is, and not at all when that
 * depends on the key (then only the deployment knows).
 *
 * Costs nothing when the two `Mappings` sections are equal, which is nearly always.
 */
import { cfnEqual, changedPaths } from './cfn-equal';
import { checkDepth, intrinsicName, isObject, JsonObject, own } from './json';
import { Detail, Recreation, ResourceChange, worstRecreation } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { propertyTarget, ResourceRules } from './resource-rules';
import { TemplateEvaluator } from './template-evaluator';

/** The evaluators of both sides. */
export interface MappingEvaluators {
  readonly before: TemplateEvaluator;
  readonly after: TemplateEvaluator;
}

/** The changes with a detail for each property a changed mapping value reaches. */
export function mappingChanges(
  direct: ReadonlyMap<string, ResourceChange>,
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  evaluators: MappingEvaluators,
  rules: ResourceRules,
): Map<string, ResourceChange> {
  const changes = new Map(direct);
  if (cfnEqual(before.mappings, after.mappings)) return changes;
  for (const [logicalId, current] of after.resources) {
    const old = before.resources.get(logicalId);
    if (old === undefined || old.type !== current.type || !current.text.includes('"Fn::FindInMap"')) continue;
    const details: Detail[] = [];
    for (const property of Object.keys(current.properties)) {
      const value = current.properties[property];
      if (!cfnEqual(own(old.properties, property), value)) continue; // changed as written: diffResources reported it
      const recreation = lookupsRecreation(value, [property], current, { before, after, evaluators, rules }, 0);
      if (recreation !== undefined) {
        details.push({ ...propertyTarget(current.type, property), requiresRecreation: recreation, evaluation: 'Static', changeSource: 'DirectModification' });
      }
    }
    if (details.length === 0) continue;
    const change = changes.get(logicalId);
    changes.set(logicalId, change === undefined
      ? { action: 'Modify', logicalId, resourceType: current.type, details }
      : { ...change, details: [...change.details, ...details] });
  }
  return changes;
}

interface Sides {
  readonly before: NormalizedTemplate;
  readonly after: NormalizedTemplate;
  readonly evaluators: MappingEvaluators;
  readonly rules: ResourceRules;
}

/** The worst recreation over the lookups in `value` whose result certainly changes; undefined when none does. */
function lookupsRecreation(
  value: unknown, path: readonly string[], resource: NormalizedResource, sides: Sides, depth: number,
): Recreation | undefined {
  checkDepth(depth);
  if (Array.isArray(value)) return worstOf(value.map((item) => lookupsRecreation(item, path, resource, sides, depth + 1)));
  if (!isObject(value)) return undefined;
  const fn = intrinsicName(value);
  if (fn === 'Fn::FindInMap') {
    const results = lookupResults(value['Fn::FindInMap'], sides);
    if (results === undefined) return undefined;
    let recreation: Recreation = sides.rules.recreation(resource, path);
    for (const [old, current] of results) {
      for (const changed of changedPaths(old, current)) {
        recreation = worstRecreation(recreation, sides.rules.recreation(resource, [...path, ...changed]));
      }
    }
    return recreation;
  }
  // Inside another intrinsic the path stops where the value is computed; plain keys extend it.
  return worstOf(Object.keys(value).map((key) => {
    const inner = fn === undefined ? [...path, key] : path;
    return lookupsRecreation(value[key], inner, resource, sides, depth + 1);
  }));
}

/**
 * The old and new results of one lookup for every key it may use, when each of them
 * changes; undefined when the lookup's result stays the same for some key (or for all).
 */
function lookupResults(operand: unknown, sides: Sides): Array<[unknown, unknown]> | undefined {
  if (!Array.isArray(operand) || operand.length < 3) return undefined;
  const keys = operand.slice(0, 3).map((key) => {
    const old = sides.evaluators.before.value(key);
    const current = sides.evaluators.after.value(key);
    return old.known && current.known && isKey(old.value) && cfnEqual(old.value, current.value) ? String(old.value) : undefined;
  });
  let pairs: Array<[unknown, unknown]> = [[sides.before.mappings, sides.after.mappings]];
  for (const key of keys) {
    pairs = pairs.flatMap(([old, current]) => {
      const candidates = key !== undefined ? [key] : [...new Set([...keysOf(old), ...keysOf(current)])];
      return candidates.map((candidate): [unknown, unknown] => [childOf(old, candidate), childOf(current, candidate)]);
    });
  }
  if (pairs.length === 0 || pairs.some(([old, current]) => cfnEqual(old, current))) return undefined;
  return pairs;
}

function isKey(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function keysOf(level: unknown): string[] {
  return isObject(level) ? Object.keys(level) : [];
}

function childOf(level: unknown, key: string): unknown {
  return isObject(level) ? own(level as JsonObject, key) : undefined;
}

function worstOf(values: ReadonlyArray<Recreation | undefined>): Recreation | undefined {
  let worst: Recreation | undefined;
  for (const value of values) if (value !== undefined) worst = worst === undefined ? value : worstRecreation(worst, value);
  return worst;
}
