/**
 * Per-resource rules: which target a property change is reported under, how intrusive a
 * change at a property path is, and which properties hold the resource's physical name.
 */
import { customResourceDeclaration, CustomResourceDeclaration, isCustomResourceType, SERVICE_TOKEN } from './custom-resources';
import { Recreation, TargetAttribute } from './model';
import { NormalizedResource } from './normalize';
import { SpecLookup } from './replacement-spec-lookup';
import { tagTarget } from './tag-targets';
import { presenceRecreation, Singleton, singletonOf } from '../spec/replacement-spec';
import { updatePolicyRecreation } from '../spec/update-policies';

/** Reads a resource's spec entry or custom-resource declaration once per prediction. */
export class ResourceRules {
  private readonly declarations = new Map<NormalizedResource, CustomResourceDeclaration | undefined>();

  constructor(private readonly spec: SpecLookup) {}

  /**
   * How intrusive a change at `path` (top-level property first) is for this resource.
   *
   * AWS types: the spec, as the resource's `UpdatePolicy` changes it (`src/spec/update-policies`:
   * an Auto Scaling group with `WillReplace` is replaced by a new launch template).
   *
   * Custom resources: `ServiceToken` Never (CloudFormation rejects the change instead);
   * with a declaration, its `replaceOnChange` properties Always and the rest Never; without
   * one, Conditionally, because only the provider decides whether it answers a new physical
   * id (which makes CloudFormation delete the old one).
   */
  public recreation(resource: NormalizedResource, path: readonly string[]): Recreation {
    if (!isCustomResourceType(resource.type)) {
      // An update policy decides for the properties it covers (none of which the spec replaces).
      return updatePolicyRecreation(resource.type, resource.attributes.UpdatePolicy, path[0]) ?? this.spec.requiresRecreation(resource.type, path);
    }
    if (path[0] === SERVICE_TOKEN) return 'Never';
    const declaration = this.declaration(resource);
    if (declaration === undefined) return 'Conditionally';
    return declaration.replaceOnChange.includes(path[0]) ? 'Always' : 'Never';
  }

  /**
   * How intrusive it is that the top-level `property` appears or disappears (it is present on
   * one side only), beyond a change of its value: Always for a replication group's
   * `AuthToken`; Never for most properties and for custom resources.
   */
  public presenceRecreation(resource: NormalizedResource, property: string): Recreation {
    return isCustomResourceType(resource.type) ? 'Never' : presenceRecreation(resource.type, property);
  }

  /** The properties that hold the resource's physical name (none: the resource is unnamed). */
  public nameProperties(resource: NormalizedResource): readonly string[] {
    if (!isCustomResourceType(resource.type)) return this.spec.nameProperties(resource.type);
    const nameProperty = this.declaration(resource)?.nameProperty;
    return nameProperty === undefined ? [] : [nameProperty];
  }

  /**
   * The properties that together identify the physical resource: its name properties, plus
   * a parent's name where the type's identifier includes one. If one of them changes, the
   * replacement cannot collide with the old resource.
   */
  public identityProperties(resource: NormalizedResource): readonly string[] {
    if (!isCustomResourceType(resource.type)) return this.spec.identityProperties(resource.type);
    return this.nameProperties(resource);
  }

  /**
   * The singleton the resource is (at most one per parent, or per account and Region: a user
   * pool's domain, a GuardDuty detector), or undefined; custom resources are none.
   */
  public singleton(resource: NormalizedResource): Singleton | undefined {
    return isCustomResourceType(resource.type) ? undefined : singletonOf(resource.type);
  }

  private declaration(resource: NormalizedResource): CustomResourceDeclaration | undefined {
    if (!this.declarations.has(resource)) this.declarations.set(resource, customResourceDeclaration(resource));
    return this.declarations.get(resource);
  }
}

/**
 * The change-set target of a top-level property: `Tags` of an AWS type in the form recorded
 * for the type (`tag-targets.ts`); everything else is `Properties` with its name.
 */
export function propertyTarget(resourceType: string, property: string): { attribute: TargetAttribute; name?: string; formUnverified?: boolean } {
  if (property === 'Tags' && !isCustomResourceType(resourceType)) return tagTarget(resourceType);
  return { attribute: 'Properties', name: property };
}
