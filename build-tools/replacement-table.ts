import type { Resource, SpecDatabase } from '@aws-cdk/service-spec-types';
import { deriveNameProperties, lastSegment } from './name-properties';
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
  /** Name properties; omitted when the type has none. */
  readonly n?: string[];
  /** Identity properties, only when the type has names and they differ from `n`. */
  readonly i?: string[];
}

/** The replacement table of every resource type in the spec, keyed by CloudFormation type. */
export function buildReplacementTable(db: SpecDatabase): Record<string, TableEntry> {
  const typeNamesByService = new Map<string, Set<string>>();
  for (const resource of db.all('resource')) {
    const service = serviceOf(resource.cloudFormationType);
    const names = typeNamesByService.get(service) ?? new Set<string>();
    names.add(lastSegment(resource.cloudFormationType));
    typeNamesByService.set(service, names);
  }

  const table: Record<string, TableEntry> = {};
  for (const resource of db.all('resource')) {
    const service = serviceOf(resource.cloudFormationType);
    table[resource.cloudFormationType] = tableEntry(db, resource, typeNamesByService.get(service) ?? new Set());
  }
  return table;
}

function tableEntry(db: SpecDatabase, resource: Resource, typeNamesOfService: ReadonlySet<string>): TableEntry {
  const paths = replacementPaths(db, resource);
  const names = [...deriveNameProperties(resource, typeNamesOfService).names].sort();
  const identity = identityProperties(resource, names);
  return {
    ...(Object.keys(paths).length > 0 ? { r: paths } : {}),
    ...(names.length > 0 ? { n: names } : {}),
    ...(names.length > 0 && identity.join() !== names.join() ? { i: identity } : {}),
  };
}

/**
 * The writable properties that together identify the physical resource: the primaryIdentifier
 * when all its parts are writable (`LogGroupName` + `FilterName` for a MetricFilter), else the
 * name properties. Changing one of them replaces the resource with a differently identified
 * one, so that replacement cannot collide with the old resource.
 */
function identityProperties(resource: Resource, names: readonly string[]): string[] {
  const identifier = resource.primaryIdentifier ?? [];
  if (identifier.length > 0 && identifier.every((part) => part in resource.properties)) {
    return [...new Set([...identifier, ...names])].sort();
  }
  return [...names];
}

function serviceOf(cloudFormationType: string): string {
  return cloudFormationType.split('::').slice(0, 2).join('::');
}
