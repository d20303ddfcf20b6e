/** The segment that stands for any map key in a stored replacement path. */
export const ANY_KEY = '*';

/**
 * Whether a stored replacement path covers a change at `changed`: the stored path is the
 * changed path or one of its prefixes (a change under a create-only property replaces).
 * A stored `*` segment matches any one segment (a map key).
 *
 * @param stored segments of a path from the table, e.g. ['Events', '*', 'Type']
 * @param changed segments of the changed path, top-level first, array indices removed
 */
export function coversChange(stored: readonly string[], changed: readonly string[]): boolean {
  return stored.length > 0
    && stored.length <= changed.length
    && stored.every((segment, i) => segment === ANY_KEY || segment === changed[i]);
}
