/**
 * A pipeline step: the nested stacks of a stack, each read whole as a stack of its own.
 *
 * CloudFormation creates, updates or deletes a nested stack with its stack resource
 * (`AWS::CloudFormation::Stack`), so a nested stack's own change set follows the stack
 * resource's action:
 * - on both sides: the update of the nested stack (its deployed template against its new one);
 *   the stack resource is then modified with an `Automatic` detail;
 * - added (also by a `Condition` that becomes true, or a parameter that makes it so): every
 *   resource of its template is created, so names and exports it takes are seen;
 * - removed (also by a `Condition` that becomes false): every resource is deleted, at any depth,
 *   each with its data verdict, unless the stack resource's `DeletionPolicy` keeps the nested
 *   stack (`Retain`, `RetainExceptOnCreate`), which keeps everything in it;
 * - renamed (a new logical id): one removed and one added, so a named resource in the new one
 *   meets its name still held by the old one (`app/cross-stack-names.ts`).
 *
 * The nested stack's parameters are the stack resource's `Parameters`, evaluated on each side
 * with the parent's values (its parameters, account, Region and stack name), so that a name or
 * an export name built from them is known offline; a value that cannot be known offline (a
 * resource's id) is compared as written and unknown inside. A stack resource whose existence
 * rests on a condition not known offline makes everything inside it Possible.
 *
 * A nested stack on both sides whose update changes nothing is still predicted (its exports
 * and imports tie it to the rest of the app) and kept aside (`unchangedNested`). The order
 * CloudFormation keeps between the new template's resources (`ResourceOrder`) tells whether a
 * nested stack waits for a sibling (an import of an export the sibling creates in the same
 * update).
 */
import { canonicalText, isObject, JsonObject, own } from './json';
import { PredictedStack, ResourceChange, resourceReplacement } from './model';
import { NormalizedResource, NormalizedTemplate, parameterText } from './normalize';
import { ParameterChanges, ParameterInputs } from './parameter-changes';
import { collectReferences } from './references';
import { TemplateEvaluator } from './template-evaluator';

/** The nested stack resource type. */
export const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';

/** DeletionPolicy values that keep a removed resource (and a nested stack with everything in it). */
const KEPT_POLICIES: ReadonlySet<unknown> = new Set(['Retain', 'RetainExceptOnCreate']);

const EMPTY = { Resources: {} };

/** How a nested stack's stack resource stands in its parent. */
export interface NestedHolder {
  /** Set when the stack resource's existence rests on a condition not known offline. */
  readonly existenceUnknown?: boolean;
  /** The removed stack resource's DeletionPolicy, when it keeps the nested stack and everything in it. */
  readonly keptBy?: string;
}

/** Nested templates of one path: a side is undefined when it was not given. */
export interface NestedTemplates {
  readonly before?: unknown;
  readonly after?: unknown;
}

/** What predicting one nested stack takes. */
export interface NestedStackInput {
  readonly before: unknown;
  readonly after: unknown;
  readonly parameters: ParameterInputs;
  /** The path of logical ids of the nested stack (`Outer/Inner`). */
  readonly path: string;
  readonly holder: NestedHolder;
}

/** The parent's side of the step. */
export interface NestedStackScope {
  readonly before: NormalizedTemplate;
  readonly after: NormalizedTemplate;
  readonly evaluators: { readonly before: TemplateEvaluator; readonly after: TemplateEvaluator };
  readonly parameters: ParameterChanges;
  readonly nestedStacks: ReadonlyMap<string, NestedTemplates>;
  /** '' for a root stack, 'Outer/' inside Outer. */
  readonly pathPrefix: string;
}

/** The step's result: the changes with nested change sets attached, and the nested stacks whose update changes nothing. */
export interface NestedStacksResult {
  readonly changes: Map<string, ResourceChange>;
  readonly unchanged: ReadonlyArray<{ readonly logicalId: string; readonly predicted: PredictedStack }>;
}

/**
 * Predicts every nested stack whose templates were given, with `predict` (the stack pipeline),
 * and attaches each change set to its stack resource's change.
 */
export function predictNestedStacks(
  changes: ReadonlyMap<string, ResourceChange>,
  scope: NestedStackScope,
  predict: (input: NestedStackInput) => PredictedStack,
): NestedStacksResult {
  const result = new Map(changes);
  const unchanged: Array<{ logicalId: string; predicted: PredictedStack }> = [];
  const ids = new Set([...scope.before.resources.keys(), ...scope.after.resources.keys()]);
  for (const logicalId of ids) {
    const written = { before: scope.before.resources.get(logicalId), after: scope.after.resources.get(logicalId) };
    // A resource whose type changes is no nested stack added or removed: CloudFormation rejects the update.
    if (written.before !== undefined && written.after !== undefined && written.before.type !== written.after.type) continue;
    const old = stackResource(written.before);
    const current = stackResource(written.after);
    const path = `${scope.pathPrefix}${logicalId}`;
    const templates = scope.nestedStacks.get(path);
    if (templates === undefined || (old === undefined && current === undefined)) continue;
    // A side that has the stack resource needs its template; a side without it is an empty stack.
    if ((old !== undefined && templates.before === undefined) || (current !== undefined && templates.after === undefined)) continue;

    const changesNow = (target: string): boolean => {
      const referenced = changes.get(target);
      return scope.parameters.has(target) || (referenced?.action === 'Modify' && resourceReplacement(referenced) !== 'False');
    };
    const keptBy = current === undefined ? old?.attributes.DeletionPolicy : undefined;
    const nested = predict({
      before: old === undefined ? EMPTY : templates.before,
      after: current === undefined ? EMPTY : templates.after,
      parameters: nestedParameters(old, current, scope.evaluators, changesNow),
      path,
      holder: {
        ...(old?.existenceUnknown === true || current?.existenceUnknown === true ? { existenceUnknown: true } : {}),
        ...(typeof keptBy === 'string' && KEPT_POLICIES.has(keptBy) ? { keptBy } : {}),
      },
    });
    const change = result.get(logicalId);
    // A nested stack on both sides whose resources stay as they are still matters when its outputs change (other stacks may import them).
    if (old !== undefined && current !== undefined && nested.changes.length === 0 && !(nested.outputs ?? []).some((output) => output.action !== 'None')) {
      unchanged.push({ logicalId, predicted: nested });
      continue;
    }
    if (change === undefined) {
      result.set(logicalId, { action: 'Modify', logicalId, resourceType: NESTED_STACK_TYPE, details: [automatic()], nested });
      continue;
    }
    result.set(logicalId, { ...change, details: change.action === 'Modify' ? [...change.details, automatic()] : change.details, nested });
  }
  return { changes: result, unchanged };
}

/**
 * The template of a nested stack as its stack resource makes it: every resource's existence
 * unknown when the stack resource's is, every resource kept when the stack resource keeps the
 * nested stack. Nothing is written into the input.
 */
export function asHeld(template: NormalizedTemplate, holder: NestedHolder | undefined): NormalizedTemplate {
  if (holder === undefined || (holder.existenceUnknown !== true && holder.keptBy === undefined)) return template;
  const resources = new Map<string, NormalizedResource>();
  for (const [logicalId, resource] of template.resources) {
    resources.set(logicalId, {
      ...resource,
      ...(holder.existenceUnknown === true ? { existenceUnknown: true } : {}),
      ...(holder.keptBy === undefined ? {} : { attributes: { ...resource.attributes, DeletionPolicy: holder.keptBy } }),
    });
  }
  return { ...template, resources };
}

/**
 * The order CloudFormation keeps between a template's resources: a resource is created or
 * updated after the resources it depends on (`DependsOn`, `Ref`, `Fn::GetAtt`, `Fn::Sub`),
 * transitively; resources without such a path between them may go in any order (in parallel).
 * Worked out on the first question, for the resources asked about.
 */
export class ResourceOrder {
  private readonly waited = new Map<string, ReadonlySet<string>>();

  public constructor(private readonly resources: ReadonlyMap<string, NormalizedResource>) {}

  /** Whether `from` is created or updated only after `to`. */
  public waitsFor(from: string, to: string): boolean {
    let closure = this.waited.get(from);
    if (closure === undefined) {
      const seen = new Set<string>();
      const queue = [...this.direct(from)];
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(...this.direct(next));
      }
      this.waited.set(from, closure = seen);
    }
    return closure.has(to);
  }

  /** The resources a resource depends on directly. */
  private direct(logicalId: string): string[] {
    const resource = this.resources.get(logicalId);
    if (resource === undefined) return [];
    const written: unknown = JSON.parse(resource.text);
    const dependsOn = isObject(written) ? own(written, 'DependsOn') : undefined;
    const named = typeof dependsOn === 'string' ? [dependsOn] : Array.isArray(dependsOn) ? dependsOn.filter((id): id is string => typeof id === 'string') : [];
    const referenced = collectReferences(resource.properties).map((reference) => reference.target);
    return [...named, ...referenced].filter((id) => id !== logicalId && this.resources.has(id));
  }
}

function automatic(): ResourceChange['details'][number] {
  return { attribute: 'Properties', requiresRecreation: 'Never', evaluation: 'Dynamic', changeSource: 'Automatic' };
}

function stackResource(resource: NormalizedResource | undefined): NormalizedResource | undefined {
  return resource?.type === NESTED_STACK_TYPE ? resource : undefined;
}

/**
 * A nested stack's parameter values on both sides, from its stack resource's `Parameters`: each
 * as the parent's side evaluates it, else (a resource's id, an import) as written, which tells
 * whether it changes but is no value inside (`opaque`). One fed from a replaced resource or a
 * changed parameter of the parent changes at deploy time.
 */
function nestedParameters(
  old: NormalizedResource | undefined,
  current: NormalizedResource | undefined,
  evaluators: NestedStackScope['evaluators'],
  changesNow: (target: string) => boolean,
): ParameterInputs {
  const read = (resource: NormalizedResource | undefined, evaluator: TemplateEvaluator) => {
    const values = new Map<string, string>();
    const opaque = new Set<string>();
    const section = resource === undefined ? undefined : own(resource.properties, 'Parameters');
    if (isObject(section)) {
      for (const name of Object.keys(section)) {
        const evaluated = evaluator.value(section[name]);
        const text = evaluated.known ? parameterText(evaluated.value) : undefined;
        values.set(name, text ?? canonicalText(section[name]));
        if (text === undefined) opaque.add(name);
      }
    }
    return { values, opaque };
  };
  const before = read(old, evaluators.before);
  const after = read(current, evaluators.after);
  const deployTime = new Set<string>();
  const section = current === undefined ? undefined : own(current.properties, 'Parameters');
  if (isObject(section)) {
    for (const name of Object.keys(section)) {
      if (collectReferences((section as JsonObject)[name]).some((reference) => changesNow(reference.target))) deployTime.add(name);
    }
  }
  return { before: before.values, after: after.values, deployTime, opaque: { before: before.opaque, after: after.opaque } };
}
