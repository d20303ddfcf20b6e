/**
 * The replacement knowledge the engine reads: the generated spec table by default, any
 * object of the same shape in the engine's own unit tests. Calls are memoized per
 * prediction, because a template asks the same (type, path) question many times.
 */
import { Recreation } from './model';
import * as generated from '../spec/replacement-spec';
import type { NameScope } from '../spec/replacement-spec';

/** The look-ups of `src/spec/replacement-spec`. */
export interface ReplacementSpec {
  requiresRecreation(resourceType: string, path: readonly string[]): Recreation;
  lookupResourceType(resourceType: string): { readonly nameProperties: readonly string[]; readonly nameScope?: NameScope } | undefined;
  /** The properties that together identify a physical resource (its name properties when absent). */
  identityProperties?(resourceType: string): readonly string[];
}

/** The generated table. */
export const GENERATED_SPEC: ReplacementSpec = generated;

/** A memoizing view of a spec, to be made once per prediction. */
export class SpecLookup {
  private readonly recreations = new Map<string, Recreation>();
  private readonly names = new Map<string, readonly string[]>();
  private readonly identities = new Map<string, readonly string[]>();

  constructor(private readonly spec: ReplacementSpec) {}

  /** Most intrusive recreation of the path and its prefixes; Never for unknown types. */
  public requiresRecreation(resourceType: string, path: readonly string[]): Recreation {
    const key = `${resourceType}\u0000${path.join('\u0000')}`;
    let value = this.recreations.get(key);
    if (value === undefined) {
      value = this.spec.requiresRecreation(resourceType, path);
      this.recreations.set(key, value);
    }
    return value;
  }

  /** The type's name properties; none for unknown types. */
  public nameProperties(resourceType: string): readonly string[] {
    let value = this.names.get(resourceType);
    if (value === undefined) {
      value = this.spec.lookupResourceType(resourceType)?.nameProperties ?? [];
      this.names.set(resourceType, value);
    }
    return value;
  }

  /** Where the type's names are unique: the partition, an account, or an account and Region (the default). */
  public nameScope(resourceType: string): NameScope {
    return this.spec.lookupResourceType(resourceType)?.nameScope ?? 'region';
  }

  /** The properties that together identify a physical resource of the type. */
  public identityProperties(resourceType: string): readonly string[] {
    let value = this.identities.get(resourceType);
    if (value === undefined) {
      value = this.spec.identityProperties?.(resourceType) ?? this.nameProperties(resourceType);
      this.identities.set(resourceType, value);
    }
    return value;
  }
}
