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
import { isObject, own } from './json';
import { judgeFailures } from './judge-failures';
import { mappingChanges } from './mapping-changes';
import { Description, PredictedStack } from './model';
import { withNameIdentities } from './name-identities';
import { asHeld, NESTED_STACK_TYPE, NestedHolder, NestedTemplates, predictNestedStacks, ResourceOrder } from './nested-stacks';
import { normalize, NormalizedTemplate } from './normalize';
import { outputChanges } from './output-changes';
import { ParameterInputs, parameterChanges } from './parameter-changes';
import { propagateParameters } from './propagate-parameters';
import { propagateReplacements } from './propagate-replacements';
import { ValueRenderer } from './property-values';
import { buildReferenceIndex } from './reference-index';
import { resolveConditions, sideValues } from './resolve-conditions';
import { ResourceRules } from './resource-rules';
import { TemplateEvaluator } from './template-evaluator';
import { toChangeSet } from './to-change-set';
import { readImports, TemplateImport } from '../template/template-exports';

/** Everything one stack's prediction needs besides its two templates. */
export interface StackContext {
  readonly parameters: ParameterInputs;
  /** Nested templates by path of nested stack logical ids (`Outer/Inner`); a side not given is undefined. */
  readonly nestedStacks: ReadonlyMap<string, NestedTemplates>;
  /** Path of this stack's nested stack resources' prefix: '' for the root, 'Outer/' inside Outer. */
  readonly pathPrefix: string;
  readonly renameThreshold: number;
  readonly rules: ResourceRules;
  /** The description asked for. */
  readonly description: Description;
  /** Values of pseudo parameters (`AWS::Region`, ...) known for the stack (and its nested stacks). */
  readonly pseudoParameters: ReadonlyMap<string, string>;
  /** For a nested stack: how its stack resource stands in the parent (its existence unknown, or the nested stack kept). */
  readonly holder?: NestedHolder;
}

/** Predicts one stack's change set, and its nested stacks' when their templates are given. */
export function predictStack(beforeTemplate: unknown, afterTemplate: unknown, context: StackContext): PredictedStack {
  const written = { before: normalize(beforeTemplate), after: normalize(afterTemplate) };
  // Each side's parameter values: the given ones, else the defaults; on the new side, the
  // deployed values are kept where none is given, and deploy-time values are unknown.
  const { deployTime } = context.parameters;
  // A value that stands for one not known offline (a nested stack's parameter fed from a resource's id) is no value to evaluate.
  const opaqueBefore = context.parameters.opaque?.before ?? new Set<string>();
  const opaqueAfter = new Set([...deployTime, ...context.parameters.opaque?.after ?? []]);
  const given = {
    before: withoutKeys(context.parameters.before, opaqueBefore),
    after: withoutKeys(context.parameters.after, opaqueAfter),
    kept: withoutKeys(context.parameters.before, new Set([...opaqueBefore, ...opaqueAfter])),
  };
  // Systems Manager parameter types hold a parameter's name: their value is unknown offline.
  const knownBefore = withoutKeys(written.before.parameters, new Set([...opaqueBefore, ...written.before.deployTimeParameters]));
  const knownAfter = withoutKeys(written.after.parameters, new Set([...opaqueAfter, ...written.after.deployTimeParameters]));
  const evaluators = {
    before: new TemplateEvaluator(written.before, withPseudo(sideValues(knownBefore, given.before), context)),
    after: new TemplateEvaluator(written.after, withPseudo(sideValues(knownAfter, given.after, given.kept), context)),
  };
  const before = asHeld(resolveConditions(written.before, evaluators.before), context.holder);
  const after = asHeld(resolveConditions(written.after, evaluators.after), context.holder);
  const direct = mappingChanges(diffResources(before, after, context.rules), before, after, evaluators, context.rules);
  const parameters = parameterChanges(before, after, context.parameters);
  const index = buildReferenceIndex(before, after);
  const withParameters = propagateParameters(direct, index, parameters, after, context.rules);
  const propagated = propagateReplacements(withParameters, index, after, context.rules, context.description);
  const renames = detectRenames(propagated, before, after, context.renameThreshold);
  const judged = judgeFailures(propagated, before, after, parameters, context.rules, evaluators);
  const nested = predictNestedStacks(judged, {
    before, after, evaluators, parameters, nestedStacks: context.nestedStacks, pathPrefix: context.pathPrefix,
  }, (input) => predictStack(input.before, input.after, {
    ...context,
    parameters: input.parameters,
    pathPrefix: `${input.path}/`,
    holder: input.holder,
    // A nested stack has a name of its own (CloudFormation generates it); the rest of the environment is the parent's.
    pseudoParameters: withoutKeys(context.pseudoParameters, new Set(['AWS::StackName'])),
  }));
  const renderers = { before: new ValueRenderer(before, evaluators.before), after: new ValueRenderer(after, evaluators.after) };
  const changedOutputs = outputChanges({ beforeTemplate, afterTemplate, before, after, evaluators, renderers, changes: propagated, parameters });
  // Outputs of a nested stack that may not exist may not exist either.
  const outputs = context.holder?.existenceUnknown === true
    ? changedOutputs.map((output) => ({ ...output, existenceUnknown: true }))
    : changedOutputs;
  const predicted = withNameIdentities(
    withDataVerdicts(toChangeSet(nested.changes, renames, before, after, { description: context.description, ...renderers }), before, after),
    before, after, context.rules, evaluators,
  );
  const imports = { before: liveImports(beforeTemplate, before, evaluators.before), after: liveImports(afterTemplate, after, evaluators.after) };
  return {
    ...predicted,
    ...(outputs.length === 0 ? {} : { outputs }),
    ...(imports.before.length === 0 && imports.after.length === 0 ? {} : { imports }),
    ...(nested.unchanged.length === 0 ? {} : { unchangedNested: nested.unchanged }),
    ...(hasNestedStacks(after) ? { order: new ResourceOrder(after.resources) } : {}),
  };
}

/** The template's `Fn::ImportValue`s that are taken on this side: of resources and outputs that exist (their Condition is not false). */
function liveImports(template: unknown, resolved: NormalizedTemplate, evaluator: TemplateEvaluator): TemplateImport[] {
  // A resource's JSON text is at hand: one that does not mention Fn::ImportValue is not walked.
  // (A resource that does not exist on this side has no text: its imports are not taken.)
  const mayImport = (section: string, logicalId: string) => section !== 'Resources' || (resolved.resources.get(logicalId)?.text.includes('"Fn::ImportValue"') ?? false);
  return readImports(template, (expression) => evaluator.value(expression), mayImport).filter((taken) => {
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

function hasNestedStacks(template: NormalizedTemplate): boolean {
  for (const resource of template.resources.values()) if (resource.type === NESTED_STACK_TYPE) return true;
  return false;
}

function withoutKeys<V>(map: ReadonlyMap<string, V>, keys: ReadonlySet<string>): Map<string, V> {
  return new Map([...map].filter(([key]) => !keys.has(key)));
}
