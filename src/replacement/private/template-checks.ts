/**
 * The guard's checks on synthesized templates, for the policy-validation plugin: named
 * resources with properties whose change would replace them, and names two resources of the
 * app would share. The same knowledge as the Aspect's (the spec's name model, update
 * policies, what a `ProvidedResource` declares), read from the final templates instead of the
 * construct tree, so escape hatches and overrides count.
 */
import { partitionOf, sameScope, SCOPE_TEXT } from './name-collisions';
import { customKnowledgeOf, isCustomResourceType, ResourceKnowledge, specKnowledge, withUpdatePolicy } from './replacement-knowledge';
import { canonicalText, isObject } from '../../change-set/json';
import { TemplateEvaluator } from '../../change-set/template-evaluator';
import { readLifecycleMetadata } from '../../spec/lifecycle-metadata';
import { NameScope } from '../../spec/replacement-spec';
import { UPDATE_POLICY_EFFECTS } from '../../spec/update-policies';

/** One synthesized stack: its template and where it is deployed, as far as synth knows. */
export interface TemplateStack {
  /** The stack's construct path (`Stage/Stack`, `Stack/Nested`). */
  readonly path: string;
  /** The stack name, when known at synth time (a nested stack's is not). */
  readonly stackName?: string;
  readonly templatePath: string;
  readonly template: Record<string, unknown>;
  /** The account and Region of the stack (of its top-level stack), when known at synth time. */
  readonly account?: string;
  readonly region?: string;
}

/** One finding on one resource of a template. */
export interface TemplateFinding {
  readonly id: string;
  readonly level: 'error' | 'warning';
  readonly stack: TemplateStack;
  readonly logicalId: string;
  readonly resourceType: string;
  /** `Properties/TableName`, ... */
  readonly locations: readonly string[];
  readonly message: string;
  /** Name properties and their values as written, for the named-resource message. */
  readonly names?: ReadonlyArray<{ readonly property: string; readonly value: string }>;
  readonly knowledge?: ResourceKnowledge;
}

const POLICY_TYPES: ReadonlySet<string> = new Set(UPDATE_POLICY_EFFECTS.map((effect) => effect.resourceType));

/** What the guard knows about a template resource; undefined when it has no name property. */
export function templateKnowledge(type: string, resource: Record<string, unknown>): ResourceKnowledge | undefined {
  if (isCustomResourceType(type)) return customKnowledgeOf(readLifecycleMetadata(resource));
  const knowledge = specKnowledge(type);
  if (knowledge === undefined || !POLICY_TYPES.has(type) || resource.UpdatePolicy === undefined) return knowledge;
  return withUpdatePolicy(knowledge, type, resource.UpdatePolicy);
}

/** A resource of a template that has a name property. */
export interface NamedResource {
  readonly logicalId: string;
  readonly type: string;
  readonly resource: Record<string, unknown>;
  readonly knowledge: ResourceKnowledge;
}

/** Each resource of a template whose type has a name property, with what is known of it. */
export function* namedResources(stack: TemplateStack, accepts: (type: string) => boolean): Generator<NamedResource> {
  const resources = isObject(stack.template.Resources) ? stack.template.Resources : {};
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (!isObject(resource) || typeof resource.Type !== 'string' || !accepts(resource.Type)) continue;
    const knowledge = templateKnowledge(resource.Type, resource);
    if (knowledge !== undefined) yield { logicalId, type: resource.Type, resource, knowledge };
  }
}

/** The name properties a resource sets (present, and not `AWS::NoValue`). */
export function setNames(resource: Record<string, unknown>, knowledge: ResourceKnowledge): Array<{ property: string; value: unknown }> {
  const properties = isObject(resource.Properties) ? resource.Properties : {};
  return knowledge.nameProperties
    .filter((property) => properties[property] !== undefined && !(isObject(properties[property]) && (properties[property] as Record<string, unknown>).Ref === 'AWS::NoValue'))
    .map((property) => ({ property, value: properties[property] }));
}

/** A resource's names as far as synth time knows them, in one key with its type and parents. */
interface Holder {
  readonly stack: TemplateStack;
  readonly logicalId: string;
  readonly type: string;
  readonly key: string;
  readonly names: string;
  readonly properties: readonly string[];
  readonly scope: NameScope;
  readonly partition: string;
  readonly account?: string;
  readonly region?: string;
}

/** Findings for the names two resources of the app would share (`name-collision`, `name-may-collide`). */
export function collisionFindings(
  stacks: readonly TemplateStack[], accepts: (type: string) => boolean, ids: { certain: string; possible: string },
): TemplateFinding[] {
  const byKey = new Map<string, Holder[]>();
  for (const stack of stacks) {
    const evaluator = evaluatorFor(stack);
    for (const named of namedResources(stack, accepts)) {
      const holder = holderOf(stack, evaluator, named);
      if (holder !== undefined) byKey.set(holder.key, [...byKey.get(holder.key) ?? [], holder]);
    }
  }
  const findings: TemplateFinding[] = [];
  for (const group of byKey.values()) {
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const same = sameScope({ ...group[i], stack: group[i].stack.path }, { ...group[j], stack: group[j].stack.path });
        if (same === false) continue;
        for (const [holder, other] of [[group[i], group[j]], [group[j], group[i]]] as const) {
          const where = other.stack === holder.stack ? 'in the same stack' : `in stack ${other.stack.path}`;
          const what = `${holder.type} ${holder.logicalId} has the name ${holder.names}, as ${other.logicalId} ${where} does`;
          findings.push({
            id: same === true ? ids.certain : ids.possible,
            level: same === true ? 'error' : 'warning',
            stack: holder.stack,
            logicalId: holder.logicalId,
            resourceType: holder.type,
            locations: holder.properties.map((property) => `Properties/${property}`),
            message: same === true
              ? `${what}: such names are unique ${SCOPE_TEXT[holder.scope]}, so one of the two deployments will fail. Give one of them another name.`
              : `${what}: such names are unique ${SCOPE_TEXT[holder.scope]}, and the account or Region of one of the stacks is not known at synth time: if both deploy there, one of them fails. Give one of them another name, or set the stacks' env.`,
          });
        }
      }
    }
  }
  return findings;
}

function holderOf(stack: TemplateStack, evaluator: TemplateEvaluator, named: NamedResource): Holder | undefined {
  const { logicalId, type, resource, knowledge } = named;
  const names = setNames(resource, knowledge);
  if (names.length === 0) return undefined;
  const texts: string[] = [];
  for (const { property, value } of names) {
    const evaluated = evaluator.value(value);
    if (!evaluated.known || typeof evaluated.value !== 'string') return undefined;
    texts.push(`${property} ${JSON.stringify(evaluated.value)}`);
  }
  const properties = isObject(resource.Properties) ? resource.Properties : {};
  const parents = knowledge.nameQualifiers.map((property) => {
    const value = properties[property];
    if (value === undefined) return '(absent)';
    const evaluated = evaluator.value(value);
    return evaluated.known ? canonicalText(evaluated.value) : `${stack.path}\u0000${canonicalText(value)}`;
  });
  return {
    stack,
    logicalId,
    type,
    key: [type, ...texts, ...parents].join('\u0000'),
    names: texts.join(', '),
    properties: names.map((name) => name.property),
    scope: knowledge.nameScope,
    partition: partitionOf(stack.region),
    ...(stack.account === undefined ? {} : { account: stack.account }),
    ...(stack.region === undefined ? {} : { region: stack.region }),
  };
}

/** Evaluates a stack's values from its environment and its parameters' defaults. */
function evaluatorFor(stack: TemplateStack): TemplateEvaluator {
  const values = new Map<string, string>();
  const parameters = isObject(stack.template.Parameters) ? stack.template.Parameters : {};
  for (const [name, parameter] of Object.entries(parameters)) {
    const fallback = isObject(parameter) ? parameter.Default : undefined;
    if (typeof fallback === 'string' || typeof fallback === 'number') values.set(name, String(fallback));
  }
  if (stack.account !== undefined) values.set('AWS::AccountId', stack.account);
  if (stack.region !== undefined) {
    values.set('AWS::Region', stack.region);
    values.set('AWS::Partition', partitionOf(stack.region));
    values.set('AWS::URLSuffix', stack.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');
  }
  if (stack.stackName !== undefined) values.set('AWS::StackName', stack.stackName);
  return new TemplateEvaluator({
    conditions: isObject(stack.template.Conditions) ? stack.template.Conditions : {},
    mappings: isObject(stack.template.Mappings) ? stack.template.Mappings : {},
    listParameters: new Set(),
  }, values);
}
