import type { Resource, SpecDatabase } from '@aws-cdk/service-spec-types';
import { identityValues } from './identity-values';
import { deriveNameModel, NameModel } from './name-model';
import { lastSegment } from './name-properties';
import { NAME_SINGLETONS } from './name-singletons';
import { PRESENCE_REPLACEMENTS } from './presence-replacements';
import { applyReplacementDecisions } from './replacement-decisions';
import { RecreationCode, replacementPaths } from './replacement-paths';

/**
 * One resource type in the generated table (short keys: the table has ~1,800 of these).
 *
 * The same shape is declared again in `src/spec/replacement-spec.ts`, which must not import
 * build tools; the drift test keeps the two honest.
 */
export interface TableEntry {
  /** Replacement paths -> 'A' (Always) or 'C' (Conditionally); omitted when empty. */
  readonly r?: Record<string, RecreationCode>;
  /** Name properties (unique physical names); omitted when the type has none. */
  readonly n?: string[];
  /** Properties the names are unique under (a parent, other key parts); only with names. */
  readonly q?: string[];
  /** Scope of the names: 'P' partition, 'A' account; omitted for one account and Region. Only with names. */
  readonly s?: 'P' | 'A';
  /** Name-coupled properties (a change of one always changes a name); only with names. */
  readonly c?: string[];
  /** `Ref` and attributes a replacement keeping the identity keeps (`identity-values.ts`); only with names. */
  readonly d?: string[];
  /** Top-level properties whose addition or removal replaces -> 'A'; omitted when none. */
  readonly p?: Record<string, 'A'>;
  /**
   * One resource per parent or tuple of values: `p` those properties (absent: one per account
   * and Region), `k` the properties whose presence tells kinds apart, `w` the properties without
   * which the rule does not apply; omitted for other types.
   */
  readonly o?: { readonly p?: string[]; readonly k?: string[]; readonly w?: string[] };
  /**
   * The name property whose value `Ref` returns when the template sets it: the type's Ref
   * identifier (the spec's `cfnRefIdentifier`, else its `primaryIdentifier`) is that one name
   * property. Omitted for other types (Ref returns an ARN, a URL, an id).
   */
  readonly f?: string;
}

/** The replacement table of every resource type in the spec, keyed by CloudFormation type. */
export function buildReplacementTable(db: SpecDatabase): Record<string, TableEntry> {
  const table: Record<string, TableEntry> = {};
  for (const resource of db.all('resource')) {
    const paths = applyReplacementDecisions(resource.cloudFormationType, replacementPaths(db, resource));
    const model = nameModelOf(db, resource);
    const entry = tableEntry(paths, model, resource.cloudFormationType, identityValues(resource, model));
    const refName = refNameOf(resource, entry.n ?? []);
    table[resource.cloudFormationType] = refName === undefined ? entry : { ...entry, f: refName };
  }
  return table;
}

/**
 * The name property `Ref` returns, when the type's Ref identifier is exactly one of its name
 * properties (`BucketName` of a bucket, `TableName` of a table; not `QueueName`: a queue's Ref
 * is its URL).
 */
export function refNameOf(resource: Resource, names: readonly string[]): string | undefined {
  const identifier = resource.cfnRefIdentifier ?? resource.primaryIdentifier ?? [];
  return identifier.length === 1 && names.includes(identifier[0]) ? identifier[0] : undefined;
}

/** The name model of a type, with the other type names of its service. */
export function nameModelOf(db: SpecDatabase, resource: Resource): NameModel {
  return deriveNameModel(resource, typeNamesOfService(db, resource.cloudFormationType));
}

const serviceTypeNames = new WeakMap<SpecDatabase, Map<string, Set<string>>>();

/** The last segments of all resource types of the type's service. */
export function typeNamesOfService(db: SpecDatabase, cloudFormationType: string): ReadonlySet<string> {
  let byService = serviceTypeNames.get(db);
  if (byService === undefined) {
    byService = new Map();
    for (const resource of db.all('resource')) {
      const service = serviceOf(resource.cloudFormationType);
      const names = byService.get(service) ?? new Set<string>();
      names.add(lastSegment(resource.cloudFormationType));
      byService.set(service, names);
    }
    serviceTypeNames.set(db, byService);
  }
  return byService.get(serviceOf(cloudFormationType)) ?? new Set();
}

function tableEntry(paths: Record<string, RecreationCode>, model: NameModel, cloudFormationType: string, kept: readonly string[]): TableEntry {
  const named = model.names.length > 0;
  const scope = { partition: 'P', account: 'A', region: undefined } as const;
  const presence = PRESENCE_REPLACEMENTS[cloudFormationType] ?? [];
  const singleton = NAME_SINGLETONS[cloudFormationType];
  return {
    ...(Object.keys(paths).length > 0 ? { r: paths } : {}),
    ...(named ? { n: model.names } : {}),
    ...(named && model.within.length > 0 ? { q: model.within } : {}),
    ...(named && scope[model.kind] ? { s: scope[model.kind] } : {}),
    ...(named && model.coupled.length > 0 ? { c: model.coupled } : {}),
    ...(kept.length > 0 ? { d: [...kept] } : {}),
    ...(presence.length > 0 ? { p: Object.fromEntries(presence.map((entry) => [entry.property, 'A' as const])) } : {}),
    ...(singleton === undefined ? {} : {
      o: {
        ...(singleton.per.length > 0 ? { p: [...singleton.per].sort() } : {}),
        ...(singleton.kindBy?.length ? { k: [...singleton.kindBy].sort() } : {}),
        ...(singleton.requires?.length ? { w: [...singleton.requires].sort() } : {}),
      },
    }),
  };
}

function serviceOf(cloudFormationType: string): string {
  return cloudFormationType.split('::').slice(0, 2).join('::');
}
