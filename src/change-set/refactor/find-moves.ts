/**
 * Finds the resources of an app that were renamed within a stack or moved between two stacks
 * of one environment: each removed resource (on the deployed side only) paired with an added
 * one (on the new side only) of the same type.
 *
 * Pairs are taken in this order, each resource at most once:
 * 1. the same physical name (the type's identity: its name properties and the parents they
 *    are unique under, as written), preferring the same stack: the strongest evidence, and a
 *    pair that fails without a refactor (the name is taken);
 * 2. within a stack, the engine's probable renames (`detect-renames.ts`);
 * 3. between stacks, identical properties, when exactly one added resource of that
 *    environment matches (two candidates are ambiguous and pair with none).
 */
import { detectRenames } from '../detect-renames';
import { canonicalText, compareText, own } from '../json';
import { ResourceChange } from '../model';
import { NormalizedResource, NormalizedTemplate } from '../normalize';
import { ResourceRules } from '../resource-rules';

/** One stack of the plan, read. */
export interface PlanStack {
  readonly name: string;
  readonly before: NormalizedTemplate;
  readonly after: NormalizedTemplate;
  /** Whether the stack is deployed (a stack only on the new side is created). */
  readonly deployed: boolean;
  /** `account/region`, with `unknown-account` / `unknown-region` where not known. */
  readonly environment: string;
}

/** A resource's place. */
export interface Location {
  readonly stack: string;
  readonly logicalId: string;
}

/** A rename or move, before its rules are judged. */
export interface FoundMove {
  readonly source: Location;
  readonly destination: Location;
  readonly resourceType: string;
  readonly matchedBy: 'Name' | 'Similarity' | 'IdenticalProperties';
  readonly similarity: number;
  /** The deployed definition. */
  readonly deployed: NormalizedResource;
  /** The new definition. */
  readonly wanted: NormalizedResource;
}

interface Candidate {
  readonly stack: PlanStack;
  readonly resource: NormalizedResource;
}

/** The moves among the stacks, sorted by source stack and logical id. */
export function findMoves(stacks: readonly PlanStack[], rules: ResourceRules, renameThreshold: number): FoundMove[] {
  const moves: FoundMove[] = [];
  const removed = new Map<string, Candidate[]>();
  const added = new Map<string, Candidate[]>();
  for (const stack of stacks) {
    for (const resource of stack.before.resources.values()) {
      if (!stack.after.resources.has(resource.logicalId)) push(removed, stack.environment, { stack, resource });
    }
    for (const resource of stack.after.resources.values()) {
      if (!stack.before.resources.has(resource.logicalId)) push(added, stack.environment, { stack, resource });
    }
  }
  for (const [environment, gone] of removed) {
    const fresh = added.get(environment) ?? [];
    const taken = new Set<Candidate>();
    const take = (from: Candidate, to: Candidate, matchedBy: FoundMove['matchedBy'], similarity: number) => {
      taken.add(from).add(to);
      moves.push({
        source: { stack: from.stack.name, logicalId: from.resource.logicalId },
        destination: { stack: to.stack.name, logicalId: to.resource.logicalId },
        resourceType: from.resource.type,
        matchedBy,
        similarity,
        deployed: from.resource,
        wanted: to.resource,
      });
    };
    // 1. The same physical name, the same stack first.
    // Unnamed resources are never entered, so an unnamed removed one finds nothing.
    const byName = new Map<string | undefined, Candidate[]>();
    for (const candidate of fresh) {
      const key = nameKey(candidate.resource, rules);
      if (key !== undefined) push(byName, key, candidate);
    }
    for (const from of gone) {
      const matches = (byName.get(nameKey(from.resource, rules)) ?? []).filter((to) => !taken.has(to));
      const to = matches.find((candidate) => candidate.stack === from.stack) ?? matches[0];
      if (to !== undefined) take(from, to, 'Name', 1);
    }
    // 2. Probable renames within each stack.
    for (const stack of new Set(gone.map((candidate) => candidate.stack))) {
      const changes = new Map<string, ResourceChange>();
      const left = (list: Candidate[]) => list.filter((candidate) => candidate.stack === stack && !taken.has(candidate));
      const oldOnes = left(gone);
      for (const { resource } of oldOnes) changes.set(resource.logicalId, { action: 'Remove', logicalId: resource.logicalId, resourceType: resource.type, details: [] });
      const newOnes = left(fresh);
      for (const { resource } of newOnes) changes.set(resource.logicalId, { action: 'Add', logicalId: resource.logicalId, resourceType: resource.type, details: [] });
      const byId = (list: Candidate[], logicalId: string) => list.find((candidate) => candidate.resource.logicalId === logicalId)!;
      // The candidates themselves are taken, so that step 3 does not pair them again.
      for (const rename of detectRenames(changes, stack.before, stack.after, renameThreshold)) take(byId(oldOnes, rename.from), byId(newOnes, rename.to), 'Similarity', rename.similarity);
    }
    // 3. Identical properties between stacks, when unambiguous.
    const byText = new Map<string, Candidate[]>();
    for (const candidate of fresh) if (!taken.has(candidate)) push(byText, propertyKey(candidate.resource), candidate);
    const wantedBy = new Map<string, number>();
    for (const from of gone) if (!taken.has(from)) wantedBy.set(propertyKey(from.resource), (wantedBy.get(propertyKey(from.resource)) ?? 0) + 1);
    for (const from of gone) {
      if (taken.has(from)) continue;
      const key = propertyKey(from.resource);
      const matches = (byText.get(key) ?? []).filter((to) => to.stack !== from.stack);
      if (matches.length === 1 && wantedBy.get(key) === 1 && !taken.has(matches[0])) take(from, matches[0], 'IdenticalProperties', 1);
    }
  }
  return moves.sort((a, b) => compareText(a.source.stack, b.source.stack) || compareText(a.source.logicalId, b.source.logicalId));
}

/** Type and identity of a named resource, as written; undefined when unnamed. */
function nameKey(resource: NormalizedResource, rules: ResourceRules): string | undefined {
  if (!rules.nameProperties(resource).some((property) => own(resource.properties, property) !== undefined)) return undefined;
  return `${resource.type}\u0000${canonicalText(rules.identityProperties(resource).map((property) => own(resource.properties, property)))}`;
}

function propertyKey(resource: NormalizedResource): string {
  return `${resource.type}\u0000${canonicalText(resource.properties)}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
