/**
 * What the guard needs to know about one resource type: its name properties and the property
 * paths whose change forces replacement, apart from the ones that change the name itself.
 *
 * AWS types come from the generated spec table; custom resources from what a
 * `ProvidedResource` declared in its metadata (`nameProperty`, `replaceOnChange`).
 */
import { CfnResource } from 'aws-cdk-lib';
import { LIFECYCLE_METADATA_KEY, LifecycleMetadata } from '../../spec/lifecycle-metadata';
import { identityProperties, lookupResourceType } from '../../spec/replacement-spec';

/** Replacement facts of one resource. */
export interface ResourceKnowledge {
  /** Properties that give the resource an explicit physical name. */
  readonly nameProperties: readonly string[];
  /** Paths whose change always replaces the resource (name-changing paths excluded). */
  readonly always: readonly string[];
  /** Paths whose change may replace the resource (name-changing paths excluded). */
  readonly conditionally: readonly string[];
}

/** True for the types CloudFormation hands to a custom-resource provider. */
export function isCustomResourceType(type: string): boolean {
  return type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';
}

const byType = new Map<string, ResourceKnowledge | undefined>();

/** The knowledge for `resource`, or undefined when it has no name property. */
export function knowledgeFor(resource: CfnResource): ResourceKnowledge | undefined {
  const type = resource.cfnResourceType;
  if (isCustomResourceType(type)) return customKnowledge(resource);
  if (!byType.has(type)) byType.set(type, specKnowledge(type));
  return byType.get(type);
}

function specKnowledge(type: string): ResourceKnowledge | undefined {
  const spec = lookupResourceType(type);
  if (!spec || spec.nameProperties.length === 0) return undefined;
  // A change of a name (or other identity) property creates a resource under a new identity:
  // it cannot collide, so such paths are not listed.
  const identity = new Set(identityProperties(type));
  const always: string[] = [];
  const conditionally: string[] = [];
  for (const [path, recreation] of Object.entries(spec.replacementPaths)) {
    if (identity.has(path.split('.')[0])) continue;
    (recreation === 'Always' ? always : conditionally).push(path);
  }
  return { nameProperties: spec.nameProperties, always: always.sort(), conditionally: conditionally.sort() };
}

function customKnowledge(resource: CfnResource): ResourceKnowledge | undefined {
  const metadata = resource.getMetadata(LIFECYCLE_METADATA_KEY) as LifecycleMetadata | undefined;
  if (!metadata?.nameProperty) return undefined;
  return {
    nameProperties: [metadata.nameProperty],
    always: (metadata.replaceOnChange ?? []).filter((p) => p !== metadata.nameProperty),
    conditionally: [],
  };
}
