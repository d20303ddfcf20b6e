/**
 * Step 1b of the pipeline: each template as CloudFormation processes it for one side of the
 * update, with that side's parameter values.
 *
 * - A resource whose `Condition` is false does not exist on that side (so a parameter that
 *   flips a condition adds or removes it); one whose condition cannot be known offline is
 *   kept and marked `existenceUnknown`.
 * - `Fn::If` with a known condition becomes the chosen branch, and `AWS::NoValue` removes the
 *   property, key or list item that holds it. An `Fn::If` whose condition is unknown stays
 *   as it is (compared structurally, and read as "maybe" where a name is concerned).
 *
 * Only resources whose text mentions `Fn::If` or `AWS::NoValue`, or that have a `Condition`,
 * are looked at; the others are passed on as they are, and a template with none of these is
 * returned unchanged. Nothing is written into the input: rewritten parts are new objects.
 */
import { checkDepth, intrinsicName, isObject, JsonObject } from './json';
import { NormalizedResource, NormalizedTemplate, REPORTED_ATTRIBUTES, ReportedAttribute } from './normalize';
import { TemplateEvaluator, Truth } from './template-evaluator';

/** Stands for a value `AWS::NoValue` removes. */
const NO_VALUE: unique symbol = Symbol('AWS::NoValue');

/** The template with its conditions resolved for one side. */
export function resolveConditions(template: NormalizedTemplate, evaluator: TemplateEvaluator): NormalizedTemplate {
  let changed = false;
  const resources = new Map<string, NormalizedResource>();
  for (const [logicalId, resource] of template.resources) {
    const truth: Truth = resource.condition === undefined ? true : evaluator.condition(resource.condition);
    if (truth === false) {
      changed = true;
      continue;
    }
    const rewrite = resource.text.includes('"Fn::If"') || resource.text.includes('"AWS::NoValue"');
    if (!rewrite && truth) {
      resources.set(logicalId, resource);
      continue;
    }
    changed = true;
    const resolved = rewrite ? resolveResource(resource, evaluator) : resource;
    resources.set(logicalId, truth === undefined ? { ...resolved, existenceUnknown: true } : resolved);
  }
  return changed ? { ...template, resources } : template;
}

/** Side values of the parameters: the given ones, else the defaults. */
export function sideValues(
  defaults: ReadonlyMap<string, string | undefined>,
  ...given: ReadonlyArray<ReadonlyMap<string, string>>
): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, fallback] of defaults) {
    const value = given.map((map) => map.get(name)).find((found) => found !== undefined) ?? fallback;
    if (value !== undefined) values.set(name, value);
  }
  return values;
}

function resolveResource(resource: NormalizedResource, evaluator: TemplateEvaluator): NormalizedResource {
  const properties = resolveValue(resource.properties, evaluator, 0);
  const attributes: Partial<Record<ReportedAttribute, unknown>> = {};
  for (const attribute of REPORTED_ATTRIBUTES) {
    const value = resource.attributes[attribute];
    if (value === undefined) continue;
    const resolved = resolveValue(value, evaluator, 0);
    if (resolved !== NO_VALUE) attributes[attribute] = resolved;
  }
  const resolvedProperties = isObject(properties) ? properties : {};
  return {
    ...resource,
    properties: resolvedProperties,
    attributes,
    text: JSON.stringify({ Type: resource.type, Properties: resolvedProperties, ...attributes }),
  };
}

function resolveValue(value: unknown, evaluator: TemplateEvaluator, depth: number): unknown {
  checkDepth(depth);
  if (Array.isArray(value)) {
    const items = value.map((item) => resolveValue(item, evaluator, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items.filter((item) => item !== NO_VALUE) : value;
  }
  if (!isObject(value)) return value;
  const fn = intrinsicName(value);
  if (fn === 'Ref' && value.Ref === 'AWS::NoValue') return NO_VALUE;
  if (fn === 'Fn::If') return resolveIf(value, evaluator, depth);
  let changed = false;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const resolved = resolveValue(value[key], evaluator, depth + 1);
    if (resolved !== value[key]) changed = true;
    if (resolved !== NO_VALUE) result[key] = resolved;
  }
  return changed ? result : value;
}

function resolveIf(value: JsonObject, evaluator: TemplateEvaluator, depth: number): unknown {
  const operand = value['Fn::If'];
  if (!Array.isArray(operand) || operand.length !== 3 || typeof operand[0] !== 'string') return value;
  const truth = evaluator.condition(operand[0]);
  if (truth !== undefined) return resolveValue(operand[truth ? 1 : 2], evaluator, depth + 1);
  // Unknown: keep the choice, resolve inside each branch (a branch that is AWS::NoValue stays written as such).
  const branches = [operand[1], operand[2]].map((branch) => {
    const resolved = resolveValue(branch, evaluator, depth + 1);
    return resolved === NO_VALUE ? branch : resolved;
  });
  return branches[0] === operand[1] && branches[1] === operand[2] ? value : { 'Fn::If': [operand[0], ...branches] };
}
