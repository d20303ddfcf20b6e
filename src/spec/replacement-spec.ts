/**
 * Replacement knowledge about CloudFormation resource types: which property changes replace a
 * resource, and which properties give it an explicit physical name.
 *
 * Backed by `replacement-spec.generated.ts` (built from the CloudFormation resource
 * specification by build-tools/generate-replacement-spec.ts). The table is loaded on the first
 * look-up, not on import, and each type's entry is parsed when that type is first asked for.
 * See docs/replacement-detection.md.
 */
import { coversChange } from './path-match';
import type * as Generated from './replacement-spec.generated';

/** CloudFormation's vocabulary for whether a change replaces a resource. */
export type RequiresRecreation = 'Always' | 'Conditionally' | 'Never';

/**
 * Where a physical name must be unique: across the partition (a bucket name, "global"), in
 * an account across its Regions (IAM), or in one account and Region.
 */
export type NameScope = 'partition' | 'account' | 'region';

/**
 * A type of which at most one resource exists per parent, per tuple of values the service keeps
 * unique (an event source mapping per event source and function), or per account and Region: a
 * second one cannot be created while the first exists.
 */
export interface Singleton {
  /** The properties naming the parent, or the tuple; empty: one per account and Region. */
  readonly per: readonly string[];
  /**
   * Properties whose presence, not value, tells kinds apart, one resource of each kind per
   * parent (a user pool's prefix domain and its custom domain, by `CustomDomainConfig`).
   */
  readonly kindBy: readonly string[];
  /**
   * Properties that must be set for the rule to apply (an event source mapping without an
   * `EventSourceArn`, of a self-managed Kafka cluster, is not judged). Empty for most types.
   */
  readonly requires: readonly string[];
}

/** What the spec says about replacing resources of one type. */
export interface ResourceTypeReplacement {
  /** Dot-separated property paths (top-level property first) whose change forces replacement. */
  readonly replacementPaths: Readonly<Record<string, 'Always' | 'Conditionally'>>;
  /**
   * Properties that give the physical resource a name unique in its scope (explicit physical
   * names), whether a change of them replaces it or not.
   */
  readonly nameProperties: readonly string[];
  /**
   * Properties naming the parent (or other key parts) the names are unique under: an alias
   * name is unique per function, so `FunctionName`. Empty when the names are unique in the
   * whole scope.
   */
  readonly nameQualifiers: readonly string[];
  /** Where the names are unique. */
  readonly nameScope: NameScope;
  /**
   * Replacing properties that cannot change without a name changing too (a queue's
   * `FifoQueue`: a FIFO queue's name ends in `.fifo`): a replacement they cause cannot
   * collide. Empty for most types.
   */
  readonly nameCoupled: readonly string[];
  /**
   * `Ref` and the attributes whose value is built from the identity alone (a table's `Ref` and
   * `Arn`, from `TableName`): a replacement that keeps the names and qualifiers keeps them, so an
   * export of one keeps its value. Empty for unnamed types and for values the spec does not
   * derive (a queue's URL, a role's ARN with its path).
   */
  readonly keptWithIdentity: readonly string[];
  /**
   * Top-level properties whose addition or removal replaces the resource, where a change of
   * their value does not, or only may (a replication group's `AuthToken`). Empty for most types.
   */
  readonly presencePaths: Readonly<Record<string, 'Always'>>;
  /** Set for a type of which one resource exists per parent (or per account and Region). */
  readonly singleton?: Singleton;
}

/** The JSON shape of one generated entry (see the generated file's header). */
interface RawEntry {
  readonly r?: Readonly<Record<string, 'A' | 'C'>>;
  readonly n?: readonly string[];
  readonly q?: readonly string[];
  readonly s?: 'P' | 'A';
  readonly c?: readonly string[];
  readonly d?: readonly string[];
  readonly p?: Readonly<Record<string, 'A'>>;
  readonly o?: { readonly p?: readonly string[]; readonly k?: readonly string[]; readonly w?: readonly string[] };
  readonly f?: string;
}

interface ParsedEntry {
  readonly replacement: ResourceTypeReplacement;
  readonly identity: readonly string[];
  readonly refName?: string;
  readonly paths: ReadonlyArray<{ readonly segments: readonly string[]; readonly recreation: 'Always' | 'Conditionally' }>;
}

const SCOPES: Readonly<Record<string, NameScope>> = { P: 'partition', A: 'account' };

/** Parsed entries by type; `null` remembers an unknown type. A cache, not a test seam. */
const parsedEntries = new Map<string, ParsedEntry | null>();
let generated: typeof Generated | undefined;

/** Undefined for unknown types (custom resources, third-party types). */
export function lookupResourceType(resourceType: string): ResourceTypeReplacement | undefined {
  return entryOf(resourceType)?.replacement;
}

/**
 * RequiresRecreation of a change at `path` (segments, top-level first; array indices already
 * removed): the most intrusive of the path itself and any of its prefixes (a change under a
 * create-only parent replaces). A change above a create-only path is not judged by it: a change
 * at `ResourcesVpcConfig.EndpointPublicAccess` is Never although `ResourcesVpcConfig.SubnetIds`
 * is Always. A `*` segment in the table matches any map key. Unknown types give 'Never'.
 */
export function requiresRecreation(resourceType: string, path: readonly string[]): RequiresRecreation {
  let worst: RequiresRecreation = 'Never';
  for (const { segments, recreation } of entryOf(resourceType)?.paths ?? []) {
    if (coversChange(segments, path)) {
      if (recreation === 'Always') {
        return 'Always';
      }
      worst = 'Conditionally';
    }
  }
  return worst;
}

/**
 * RequiresRecreation of adding or removing the top-level `property` (present on one side
 * only), where that differs from a change of its value: Always for a replication group's
 * `AuthToken`, else Never (a change of the value is judged by `requiresRecreation`).
 */
export function presenceRecreation(resourceType: string, property: string): RequiresRecreation {
  const paths = entryOf(resourceType)?.replacement.presencePaths;
  return paths !== undefined && Object.prototype.hasOwnProperty.call(paths, property) ? paths[property] : 'Never';
}

/**
 * The singleton a type is (at most one resource per parent, per tuple of values, or per account
 * and Region), or undefined for the types of which any number can exist and for unknown types.
 */
export function singletonOf(resourceType: string): Singleton | undefined {
  return entryOf(resourceType)?.replacement.singleton;
}

/**
 * The properties that together identify a named physical resource of this type: its name
 * properties, then its name qualifiers (a parent's name such as `LogGroupName` of an
 * `AWS::Logs::MetricFilter`, `FunctionName` of an `AWS::Lambda::Alias`), then its
 * name-coupled properties (`FifoQueue` of a queue).
 *
 * A replacement caused by a change of one of these creates a resource with a different
 * identity, so it cannot collide with the old one. Empty for unknown and unnamed types.
 */
export function identityProperties(resourceType: string): readonly string[] {
  return entryOf(resourceType)?.identity ?? [];
}

/**
 * All resource types that have at least one name property, sorted.
 *
 * Parses every entry of the table (~40 ms): meant for tools, docs and tests, not for a synth.
 */
export function resourceTypesWithNames(): string[] {
  return Object.keys(table().RESOURCE_TYPES)
    .filter((type) => (lookupResourceType(type)?.nameProperties.length ?? 0) > 0)
    .sort();
}

/** Every resource type of the table, sorted (cheap: no entry is parsed). */
export function knownResourceTypes(): string[] {
  return Object.keys(table().RESOURCE_TYPES).sort();
}

/**
 * The name property whose value `Ref` returns for this type, when the template sets it
 * (`BucketName` of an `AWS::S3::Bucket`, `TableName` of an `AWS::DynamoDB::Table`): the type's
 * Ref identifier in the spec is that one name property. Undefined when `Ref` returns something
 * else (a queue's URL, a topic's ARN, an id) and for unknown types.
 */
export function refNameProperty(resourceType: string): string | undefined {
  return entryOf(resourceType)?.refName;
}

/** Number of resource types in the table and the spec version it was generated from. */
export const SPEC_INFO: { readonly specVersion: string; readonly resourceTypeCount: number } = {
  get specVersion(): string {
    return table().SPEC_VERSION;
  },
  get resourceTypeCount(): number {
    return Object.keys(table().RESOURCE_TYPES).length;
  },
};

function table(): typeof Generated {
  // Required on first use rather than imported: most programs that load this library never
  // look anything up, and should not pay for ~200 KB of table. (`import()` would make every
  // look-up asynchronous.)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  generated ??= require('./replacement-spec.generated') as typeof Generated;
  return generated;
}

function entryOf(resourceType: string): ParsedEntry | undefined {
  let entry = parsedEntries.get(resourceType);
  if (entry === undefined) {
    const json = Object.prototype.hasOwnProperty.call(table().RESOURCE_TYPES, resourceType)
      ? table().RESOURCE_TYPES[resourceType]
      : undefined;
    entry = json === undefined ? null : parseEntry(JSON.parse(json));
    parsedEntries.set(resourceType, entry);
  }
  return entry ?? undefined;
}

function parseEntry(raw: RawEntry): ParsedEntry {
  const paths = Object.entries(raw.r ?? {}).map(([path, code]) => ({
    segments: Object.freeze(path.split('.')),
    recreation: code === 'A' ? 'Always' as const : 'Conditionally' as const,
  }));
  const nameProperties = Object.freeze([...raw.n ?? []]);
  const nameQualifiers = Object.freeze([...raw.q ?? []]);
  const nameCoupled = Object.freeze([...raw.c ?? []]);
  return {
    replacement: Object.freeze({
      replacementPaths: Object.freeze(Object.fromEntries(paths.map((p) => [p.segments.join('.'), p.recreation]))),
      nameProperties,
      nameQualifiers,
      nameScope: (raw.s && SCOPES[raw.s]) ?? 'region',
      nameCoupled,
      keptWithIdentity: Object.freeze([...raw.d ?? []]),
      presencePaths: Object.freeze(Object.fromEntries(Object.keys(raw.p ?? {}).map((property) => [property, 'Always' as const]))),
      ...(raw.o === undefined ? {} : {
        singleton: Object.freeze({
          per: Object.freeze([...raw.o.p ?? []]),
          kindBy: Object.freeze([...raw.o.k ?? []]),
          requires: Object.freeze([...raw.o.w ?? []]),
        }),
      }),
    }),
    identity: Object.freeze([...nameProperties, ...nameQualifiers, ...nameCoupled]),
    ...(raw.f === undefined ? {} : { refName: raw.f }),
    paths,
  };
}
