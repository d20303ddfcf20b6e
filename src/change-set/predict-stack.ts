/**
 * The pipeline, in the order the design reads:
 *
 *   normalize -> resolveConditions -> diffResources (+ mapping values) -> references
 *     -> propagateParameters -> propagateReplacements -> toChangeSet
 *
 * with renames and failure verdicts (the engine's additions to CloudFormation's shape)
 * worked out before the last step, and nested stacks predicted recursively. Every step is a
 * pure function of plain template JSON: the caller's templates are never copied or changed,
 * because a CLI or an aspect may keep using them after the prediction.
 */
import { withDataVerdicts } from './data-verdicts';
import { detectRenames } from './detect-renames';
import { diffResources } from './diff-resources';
import { isObject, JsonObject, own, canonicalText } from './json';
import { judgeFailures } from './judge-failures';
import { mappingChanges } from './mapping-changes';
import { Description, PredictedStack, ResourceChange, resourceReplacement } from './model';
import { withNameIdentities } from './name-identities';
import { normalize, NormalizedTemplate, parameterText } from './normalize';
import { outputChanges } from './output-changes';
import { ParameterChanges, ParameterInputs, parameterChanges } from './parameter-changes';
import { propagateParameters } from './propagate-parameters';
import { propagateReplacements } from './propagate-replacements';
import { ValueRenderer } from './property-values';
import { buildReferenceIndex } from './reference-index';
import { collectReferences } from './references';
import { resolveConditions, sideValues } from './resolve-conditions';
import { ResourceRules } from './resource-rules';
import { TemplateEvaluator } from './template-evaluator';
import { toChangeSet } from './to-change-set';
import { readImports, TemplateImport } from '../template/template-exports';

/** The nested stack resource type. */
const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';

/** Everything one stack's prediction needs besides its two templates. */
export interface StackContext {
  readonly parameters: ParameterInputs;
  /** Nested templates by path of nested stack logical ids (`Outer/Inner`). */
  readonly nestedStacks: ReadonlyMap<string, { readonly before: unknown; readonly after: unknown }>;
  /** Path of this stack's nested stack resources' prefix: '' for the root, 'Outer/' inside Outer. */
  readonly pathPrefix: string;
  readonly renameThreshold: number;
  readonly rules: ResourceRules;
  /** The description asked for. */
  readonly description: Description;
  /** Values of pseudo parameters (`AWS::Region`, ...) known for the stack (and its nested stacks). */
  readonly pseudoParameters: ReadonlyMap<string, string>;
}

/** Predicts one stack's change set, and its nested stacks' when their templates are given. */
export function predictStack(beforeTemplate: unknown, afterTemplate: unknown, context: StackContext): PredictedStack {
  const written = { before: normalize(beforeTemplate), after: normalize(afterTemplate) };
  // Each side's parameter values: the given ones, else the defaults; on the new side, the
  // deployed values are kept where none is given, and deploy-time values are unknown.
  const { deployTime } = context.parameters;
  // Systems Manager parameter types hold a parameter's name: their value is unknown offline.
  const knownBefore = withoutKeys(written.before.parameters, written.before.deployTimeParameters);
  const knownAfter = withoutKeys(written.after.parameters, new Set([...deployTime, ...written.after.deployTimeParameters]));
  const evaluators = {
    before: new TemplateEvaluator(written.before, withPseudo(sideValues(knownBefore, context.parameters.before), context)),
    after: new TemplateEvaluator(written.after, withPseudo(sideValues(knownAfter, context.parameters.after, context.parameters.before), context)),
  };
  const before = resolveConditions(written.before, evaluators.before);
  const after = resolveConditions(written.after, evaluators.after);
  const direct = mappingChanges(diffResources(before, after, context.rules), before, after, evaluators, context.rules);
  const parameters = parameterChanges(before, after, context.parameters);
  const index = buildReferenceIndex(before, after);
  const withParameters = propagateParameters(direct, index, parameters, after, context.rules);
  const propagated = propagateReplacements(withParameters, index, after, context.rules, context.description);
  const renames = detectRenames(propagated, before, after, context.renameThreshold);
  const judged = judgeFailures(propagated, before, after, parameters, context.rules, evaluators);
  const withNested = predictNestedStacks(judged, before, after, parameters, context);
  const renderers = { before: new ValueRenderer(before, evaluators.before), after: new ValueRenderer(after, evaluators.after) };
  const outputs = outputChanges({ beforeTemplate, afterTemplate, before, after, evaluators, renderers, changes: propagated, parameters });
  const predicted = withNameIdentities(
    withDataVerdicts(toChangeSet(withNested, renames, before, after, { description: context.description, ...renderers }), before, after),
    before, after, context.rules, evaluators,
  );
  const imports = { before: liveImports(beforeTemplate, before, evaluators.before), after: liveImports(afterTemplate, after, evaluators.after) };
  return {
    ...predicted,
    ...(outputs.length === 0 ? {} : { outputs }),
    ...(imports.before.length === 0 && imports.after.length === 0 ? {} : { imports }),
  };
}

/** The template's `Fn::ImportValue`s that are taken on this side: of resources and outputs that exist (their Condition is not false). */
function liveImports(template: unknown, resolved: NormalizedTemplate, evaluator: TemplateEvaluator): TemplateImport[] {
  return readImports(template, (expression) => evaluator.value(expression)).filter((taken) => {
    if (taken.section === 'Resources') return resolved.resources.has(taken.logicalId);
    if (taken.section !== 'Outputs') return true;
    const output = isObject(template) && isObject(template.Outputs) ? own(template.Outputs, taken.logicalId) : undefined;
    const condition = isObject(output) ? own(output, 'Condition') : undefined;
    return typeof condition !== 'string' || evaluator.condition(condition) !== false;
  });
}

/** The side's values with the known pseudo parameters (the template's own parameters of those names win). */
function withPseudo(values: Map<string, string>, context: StackContext): Map<string, string> {
  for (const [name, value] of context.pseudoParameters) if (!values.has(name)) values.set(name, value);
  return values;
}

/**
 * Nested stacks present on both sides whose templates were given: their own change set,
 * attached to the stack resource, which CloudFormation then lists as modified with an
 * `Automatic` detail. The nested stack's parameters come from the stack resource's
 * `Parameters`; one fed from a replaced resource or a changed parameter of this stack
 * changes at deploy time.
 */
function predictNestedStacks(
  changes: ReadonlyMap<string, ResourceChange>,
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  parameters: ParameterChanges,
  context: StackContext,
): Map<string, ResourceChange> {
  const result = new Map(changes);
  for (const [logicalId, current] of after.resources) {
    const old = before.resources.get(logicalId);
    const path = `${context.pathPrefix}${logicalId}`;
    const templates = context.nestedStacks.get(path);
    if (templates === undefined || old === undefined || current.type !== NESTED_STACK_TYPE || old.type !== NESTED_STACK_TYPE) continue;

    const changesNow = (target: string): boolean => {
      const referenced = changes.get(target);
      return parameters.has(target) || (referenced?.action === 'Modify' && resourceReplacement(referenced) !== 'False');
    };
    const nested = predictStack(templates.before, templates.after, {
      ...context,
      parameters: nestedParameters(own(old.properties, 'Parameters'), own(current.properties, 'Parameters'), changesNow),
      pathPrefix: `${path}/`,
      // A nested stack has a name of its own (CloudFormation generates it); the rest of the environment is the parent's.
      pseudoParameters: withoutKeys(context.pseudoParameters, new Set(['AWS::StackName'])),
    });
    // A nested stack whose resources stay as they are still matters when its outputs change (other stacks may import them).
    if (nested.changes.length === 0 && !(nested.outputs ?? []).some((output) => output.action !== 'None')) continue;

    const change = result.get(logicalId);
    const base: ResourceChange = change ?? { action: 'Modify', logicalId, resourceType: current.type, details: [] };
    result.set(logicalId, {
      ...base,
      details: [...base.details, { attribute: 'Properties', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'Automatic' }],
      nested,
    });
  }
  return result;
}

/** A nested stack's parameter values on both sides, from its stack resource's `Parameters`. */
function nestedParameters(before: unknown, after: unknown, changesNow: (target: string) => boolean): ParameterInputs {
  const texts = (section: unknown): Map<string, string> => {
    const values = new Map<string, string>();
    if (isObject(section)) {
      for (const name of Object.keys(section)) values.set(name, parameterText(section[name]) ?? canonicalText(section[name]));
    }
    return values;
  };
  const deployTime = new Set<string>();
  if (isObject(after)) {
    for (const name of Object.keys(after)) {
      if (collectReferences((after as JsonObject)[name]).some((reference) => changesNow(reference.target))) deployTime.add(name);
    }
  }
  return { before: texts(before), after: texts(after), deployTime };
}

function withoutKeys<V>(map: ReadonlyMap<string, V>, keys: ReadonlySet<string>): Map<string, V> {
  return new Map([...map].filter(([key]) => !keys.has(key)));
}
