/**
 * What a `ProvidedResource` declares about its own lifecycle, written into the template's
 * resource metadata so that tools reading only templates (the change-set engine, the
 * `cdk-lifecycle diff` command) know it too.
 */

/** The resource metadata key. */
export const LIFECYCLE_METADATA_KEY = 'cdk-lifecycle';

/** The value under `LIFECYCLE_METADATA_KEY`. */
export interface LifecycleMetadata {
  /** Top-level properties whose change replaces the physical resource. */
  readonly replaceOnChange?: string[];
  /** The property that names the physical resource. */
  readonly nameProperty?: string;
}

/** Reads the lifecycle metadata of a template resource; undefined when absent or malformed. */
export function readLifecycleMetadata(resource: unknown): LifecycleMetadata | undefined {
  const metadata = (resource as { Metadata?: Record<string, unknown> } | null)?.Metadata;
  const raw = metadata && typeof metadata === 'object' ? metadata[LIFECYCLE_METADATA_KEY] : undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const value = raw as Record<string, unknown>;
  const replaceOnChange = Array.isArray(value.replaceOnChange) ? value.replaceOnChange.filter((x): x is string => typeof x === 'string') : undefined;
  const nameProperty = typeof value.nameProperty === 'string' ? value.nameProperty : undefined;
  return { replaceOnChange, nameProperty };
}
