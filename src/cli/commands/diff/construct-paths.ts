/**
 * Construct paths for the text report: the `aws:cdk:path` metadata CDK writes on each resource,
 * shown next to the logical id as `cdk diff` shows it (`Reports Reports65402A0A`).
 */
import { StackTemplates } from '../../input/stack-pairs';

const PATH_METADATA = 'aws:cdk:path';

/** Display paths by logical id, for the top level ('') and each nested stack path. */
export type ConstructPaths = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** `Stack/Reports/Resource` -> `Reports`: without the stack and a final Resource or Default. */
export function displayPath(metadataPath: string): string {
  let parts = metadataPath.replace(/^\//, '').split('/');
  if (parts.length <= 1) return parts.join('/');
  parts = parts.slice(1);
  if (parts.length > 1 && ['Resource', 'Default'].includes(parts[parts.length - 1])) parts = parts.slice(0, -1);
  return parts.join('/');
}

function pathsOfTemplate(template: unknown, into: Map<string, string>): void {
  const resources = (template as { Resources?: unknown } | undefined)?.Resources;
  if (typeof resources !== 'object' || resources === null) return;
  for (const [logicalId, resource] of Object.entries(resources as Record<string, unknown>)) {
    const metadata = (resource as { Metadata?: unknown } | null)?.Metadata;
    const value = typeof metadata === 'object' && metadata !== null ? (metadata as Record<string, unknown>)[PATH_METADATA] : undefined;
    if (typeof value === 'string' && value !== '' && !into.has(logicalId)) into.set(logicalId, displayPath(value));
  }
}

/** The display paths of both sides of a stack; the deployed side's path wins, as in cdk diff. */
export function constructPathsOf(before: StackTemplates | undefined, after: StackTemplates | undefined): ConstructPaths {
  const all = new Map<string, Map<string, string>>();
  const add = (prefix: string, template: unknown) => {
    let paths = all.get(prefix);
    if (!paths) all.set(prefix, paths = new Map());
    pathsOfTemplate(template, paths);
  };
  for (const side of [before, after]) {
    if (!side) continue;
    add('', side.template);
    for (const [nestedPath, template] of side.nestedTemplates) add(nestedPath, template);
  }
  return all;
}
