/**
 * What the engine knows about custom resources, which have no entry in the spec table.
 *
 * A `ProvidedResource` declares its lifecycle in two places the engine can read from a
 * template alone: the resource metadata `cdk-lifecycle` (`replaceOnChange`, `nameProperty`;
 * read by `src/spec/lifecycle-metadata`) and the reserved property `CdkLifecycle` (which
 * carries `replaceOnChange` to the runtime). The reserved property's name is repeated here,
 * not imported, because the engine must not import the runtime; a test checks that it
 * matches `src/runtime/contract.ts`.
 */
import { isObject, own } from './json';
import { NormalizedResource } from './normalize';
import { readLifecycleMetadata } from '../spec/lifecycle-metadata';

/** The property `ProvidedResource` reserves for its encoded options. */
export const LIFECYCLE_PROPERTY = 'CdkLifecycle';

/** The property naming a custom resource's provider; CloudFormation rejects a change to it. */
export const SERVICE_TOKEN = 'ServiceToken';

/** A custom resource's declared lifecycle. */
export interface CustomResourceDeclaration {
  /** Top-level properties whose change replaces the physical resource. */
  readonly replaceOnChange: readonly string[];
  /** The property holding the physical name, if the resource has one. */
  readonly nameProperty?: string;
}

/** Whether the type is a custom resource (`Custom::*` or `AWS::CloudFormation::CustomResource`). */
export function isCustomResourceType(type: string): boolean {
  return type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource';
}

/**
 * The lifecycle a custom resource declares, or undefined when it declares none (then
 * nothing is known about how its provider handles a change).
 */
export function customResourceDeclaration(resource: NormalizedResource): CustomResourceDeclaration | undefined {
  const metadata = readLifecycleMetadata({ Metadata: resource.attributes.Metadata });
  const reserved = own(resource.properties, LIFECYCLE_PROPERTY);
  if (metadata === undefined && !isObject(reserved)) return undefined;
  const reservedList = isObject(reserved) ? own(reserved, 'replaceOnChange') : undefined;
  const replaceOnChange = new Set([
    ...metadata?.replaceOnChange ?? [],
    ...(Array.isArray(reservedList) ? reservedList.filter((item): item is string => typeof item === 'string') : []),
  ]);
  return {
    replaceOnChange: [...replaceOnChange],
    ...(metadata?.nameProperty === undefined ? {} : { nameProperty: metadata.nameProperty }),
  };
}
