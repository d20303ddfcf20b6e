/**
 * Resources renamed between two templates, as far as security is concerned: a resource removed
 * and one of the same type added whose properties are the same once the renames already found
 * are undone (a role whose construct id changed, then its policy, which names the new role).
 * Each new logical id maps to the old one, so that a role renamed with the same trust and
 * policies is the same principal, not a new one granted everything.
 *
 * Only a one-to-one match counts: two removed resources with the same properties leave the
 * added one unmatched (judged as new, the safe side).
 */
import { Resources } from './read-security';

/** New logical id → old logical id. */
export type Renames = ReadonlyMap<string, string>;

/** At most this many rounds of matching: each round may match resources that name ones matched in the round before. */
const ROUNDS = 4;

/** The renames from `before` to `after`. */
export function renamedResources(before: Resources, after: Resources): Renames {
  const removed = Object.keys(before).filter((id) => !(id in after) && isResource(before[id]));
  const added = Object.keys(after).filter((id) => !(id in before) && isResource(after[id]));
  const renames = new Map<string, string>();
  if (removed.length === 0 || added.length === 0) return renames;
  const byKey = new Map<string, string[]>();
  for (const id of removed) {
    const key = keyOf(before[id], renames);
    byKey.set(key, [...byKey.get(key) ?? [], id]);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const candidates = new Map<string, string[]>();
    for (const id of added.filter((one) => !renames.has(one))) {
      const key = keyOf(after[id], renames);
      candidates.set(key, [...candidates.get(key) ?? [], id]);
    }
    let found = false;
    for (const [key, ids] of candidates) {
      const old = byKey.get(key);
      if (ids.length !== 1 || old?.length !== 1) continue;
      renames.set(ids[0], old[0]);
      byKey.delete(key);
      found = true;
    }
    if (!found) break;
  }
  return renames;
}

/** Rewrites `${New}` and `${New.Attr}` in a rendered value to the old id. */
export function undoRenames(renames: Renames): (value: string) => string {
  if (renames.size === 0) return (value) => value;
  return (value) => (value.includes('${') ? value.replace(/\$\{([A-Za-z0-9]+)(?=[.}])/g, (whole, id: string) => {
    const old = renames.get(id);
    return old === undefined ? whole : `\${${old}`;
  }) : value);
}

/** The type and properties, with references to renamed resources written with their old ids. */
function keyOf(resource: { readonly Type?: unknown; readonly Properties?: unknown }, renames: Renames): string {
  const json = `${String(resource.Type)} ${JSON.stringify(resource.Properties ?? {})}`;
  if (renames.size === 0) return json;
  return json.replace(/("Ref":"|"Fn::GetAtt":\["|"Fn::GetAtt":"|\$\{)([A-Za-z0-9]+)/g, (whole, prefix: string, id: string) => {
    const old = renames.get(id);
    return old === undefined ? whole : `${prefix}${old}`;
  });
}

function isResource(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
