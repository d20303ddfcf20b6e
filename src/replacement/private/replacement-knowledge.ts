/**
 * What the guard needs to know about one resource: its name properties, the properties its
 * names are unique under, and the property paths whose change forces replacement apart from
 * those (a change of a name or of a parent gives the replacement another name: it cannot
 * collide).
 *
 * AWS types come from the generated spec table, with the effects of the resource's
 * `UpdatePolicy` (an Auto Scaling group with `WillReplace` is replaced by a new launch
 * template); custom resources from what a `ProvidedResource` declared in its metadata
 * (`nameProperty`, `replaceOnChange`).
 */
import { CfnResource, Stack } from 'aws-cdk-lib';
import { LIFECYCLE_METADATA_KEY, LifecycleMetadata } from '../../spec/lifecycle-metadata';
import { identityProperties, lookupResourceType, NameScope } from '../../spec/replacement-spec';
import { UPDATE_POLICY_EFFECTS, updatePolicyRecreation } from '../../spec/update-policies';

/** Replacement facts of one resource. */
export interface ResourceKnowledge {
  /** Properties that give the resource an explicit physical name. */
  readonly nameProperties: readonly string[];
  /** Properties naming the parent (or other key parts) the names are unique under. */
  readonly nameQualifiers: readonly string[];
  /** Where the names are unique. */
  readonly nameScope: NameScope;
  /** Paths whose change always replaces the resource (name and parent paths excluded). */
  readonly always: readonly string[];
  /** Paths whose change may replace the resource (name and parent paths excluded). */
  readonly conditionally: readonly string[];
}

/** True for the types CloudFormation hands to a custom-resource provider. */
export function isCustomResourceType(type: string): boolean {
  return type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';
}

const byType = new Map<string, ResourceKnowledge | undefined>();
const POLICY_TYPES: ReadonlySet<string> = new Set(UPDATE_POLICY_EFFECTS.map((effect) => effect.resourceType));

/** The knowledge for `resource`, or undefined when it has no name property. */
export function knowledgeFor(resource: CfnResource): ResourceKnowledge | undefined {
  const type = resource.cfnResourceType;
  if (isCustomResourceType(type)) return customKnowledge(resource);
  if (!byType.has(type)) byType.set(type, specKnowledge(type));
  const knowledge = byType.get(type);
  if (knowledge === undefined || !POLICY_TYPES.has(type)) return knowledge;
  const policy = updatePolicyOf(resource);
  return policy === undefined ? knowledge : withUpdatePolicy(knowledge, type, policy);
}

/** The knowledge of a resource type from the spec alone (no update policy, no custom resource). */
export function specKnowledge(type: string): ResourceKnowledge | undefined {
  const spec = lookupResourceType(type);
  if (!spec || spec.nameProperties.length === 0) return undefined;
  // A change of a name or a parent creates a resource under a new identity: it cannot
  // collide, so such paths are not listed.
  const identity = new Set(identityProperties(type));
  const always: string[] = [];
  const conditionally: string[] = [];
  for (const [path, recreation] of Object.entries(spec.replacementPaths)) {
    if (identity.has(path.split('.')[0])) continue;
    (recreation === 'Always' ? always : conditionally).push(path);
  }
  return {
    nameProperties: spec.nameProperties,
    nameQualifiers: spec.nameQualifiers,
    nameScope: spec.nameScope,
    always: always.sort(),
    conditionally: conditionally.sort(),
  };
}

/** The knowledge with the effects of an update policy (written as in a template) applied. */
export function withUpdatePolicy(knowledge: ResourceKnowledge, type: string, policy: unknown): ResourceKnowledge {
  const always = new Set(knowledge.always);
  const conditionally = new Set(knowledge.conditionally);
  for (const effect of UPDATE_POLICY_EFFECTS.filter((candidate) => candidate.resourceType === type)) {
    for (const property of effect.properties) {
      const recreation = updatePolicyRecreation(type, policy, property);
      if (recreation === undefined) continue;
      const under = (path: string) => path === property || path.startsWith(`${property}.`);
      for (const set of [always, conditionally]) for (const path of [...set]) if (under(path)) set.delete(path);
      if (recreation === 'Always') always.add(property);
      if (recreation === 'Conditionally') conditionally.add(property);
    }
  }
  return { ...knowledge, always: [...always].sort(), conditionally: [...conditionally].sort() };
}

/**
 * The resource's `UpdatePolicy` as the template will have it (an override wins), resolved;
 * undefined when it has none.
 */
function updatePolicyOf(resource: CfnResource): unknown {
  const override = (resource as unknown as { rawOverrides?: Record<string, unknown> }).rawOverrides?.UpdatePolicy;
  const policy = resource.cfnOptions.updatePolicy;
  const written = policy === undefined ? undefined : {
    AutoScalingReplacingUpdate: policy.autoScalingReplacingUpdate === undefined
      ? undefined
      : { WillReplace: policy.autoScalingReplacingUpdate.willReplace },
    EnableVersionUpgrade: policy.enableVersionUpgrade,
    UseOnlineResharding: policy.useOnlineResharding,
  };
  const value = override ?? written;
  if (value === undefined) return undefined;
  try {
    // A parameter resolves to `{ Ref: ... }`, which reads as unknown, not as off.
    return Stack.of(resource).resolve(value);
  } catch {
    return undefined;
  }
}

function customKnowledge(resource: CfnResource): ResourceKnowledge | undefined {
  return customKnowledgeOf(resource.getMetadata(LIFECYCLE_METADATA_KEY) as LifecycleMetadata | undefined);
}

/** The knowledge of a custom resource from what a `ProvidedResource` declared in its metadata. */
export function customKnowledgeOf(metadata: LifecycleMetadata | undefined): ResourceKnowledge | undefined {
  if (!metadata?.nameProperty) return undefined;
  return {
    nameProperties: [metadata.nameProperty],
    nameQualifiers: [],
    nameScope: 'region',
    always: (metadata.replaceOnChange ?? []).filter((p) => p !== metadata.nameProperty),
    conditionally: [],
  };
}
