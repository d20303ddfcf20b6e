/**
 * Step 5 of the pipeline: pair removed and added resources that are probably one resource
 * under a new logical id (CloudFormation still adds the new one and removes the old one).
 *
 * Candidates share a resource type. Identical property sets pair first (one hash look-up
 * each). Each remaining removed resource is then scored by `similarity` against at most
 * `MAX_CANDIDATES` added ones: those sharing the most top-level property values with it
 * (found through an index of property values, skipping values too common to tell
 * resources apart), or, when none shares any, those of the closest weight. Only candidates whose
 * weight could reach the threshold at all are scored. Pairs at or above the threshold are
 * taken greedily from the most similar. So the step stays near-linear on large templates,
 * including refactorings that move hundreds of look-alike resources at once.
 */
import { canonicalText, compareText } from './json';
import { Rename, ResourceChange } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { similarity, weightOf } from './similarity';

/** Default similarity at or above which a removed and an added resource count as a rename. */
export const DEFAULT_RENAME_THRESHOLD = 0.8;

/** How many added resources each removed one is scored against, at most. */
export const MAX_CANDIDATES = 32;

/** A property value shared by more added resources than this does not pick candidates. */
const MAX_POSTINGS = 64;

interface Candidate {
  readonly resource: NormalizedResource;
  readonly weight: number;
  /** `property\0canonical value` of each top-level property. */
  readonly values: readonly string[];
}

/** Probable renames among the Add and Remove changes. */
export function detectRenames(
  changes: ReadonlyMap<string, ResourceChange>,
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  threshold: number,
): Rename[] {
  if (!(threshold <= 1)) return [];
  const removed = groupByType(changes, 'Remove', before);
  const added = groupByType(changes, 'Add', after);
  const renames: Rename[] = [];
  for (const [type, oldResources] of removed) {
    const newResources = added.get(type);
    if (newResources !== undefined) renames.push(...pairWithinType(oldResources, newResources, threshold));
  }
  return renames.sort((a, b) => compareText(a.from, b.from));
}

function pairWithinType(oldResources: NormalizedResource[], newResources: NormalizedResource[], threshold: number): Rename[] {
  const renames: Rename[] = [];
  const usedNew = new Set<string>();
  const identical = new Map<string, { twins: NormalizedResource[]; next: number }>();
  for (const resource of newResources) {
    const text = canonicalText(resource.properties);
    const entry = identical.get(text);
    if (entry === undefined) identical.set(text, { twins: [resource], next: 0 });
    else entry.twins.push(resource);
  }
  const leftOld: NormalizedResource[] = [];
  for (const resource of oldResources) {
    const entry = identical.get(canonicalText(resource.properties));
    const twin = entry?.twins[entry.next++];
    if (twin === undefined) {
      leftOld.push(resource);
    } else {
      usedNew.add(twin.logicalId);
      renames.push({ from: resource.logicalId, to: twin.logicalId, similarity: 1 });
    }
  }
  if (leftOld.length === 0) return renames;

  const byWeight = newResources.filter((resource) => !usedNew.has(resource.logicalId)).map(candidateOf).sort((a, b) => a.weight - b.weight);
  const postings = new Map<string, Candidate[]>();
  for (const candidate of byWeight) {
    for (const value of candidate.values) {
      const list = postings.get(value);
      if (list === undefined) postings.set(value, [candidate]);
      else if (list.length <= MAX_POSTINGS) list.push(candidate);
    }
  }
  // Dice >= t needs min/max weight >= t / (2 - t): lighter or heavier candidates cannot reach it.
  const ratio = Math.max(threshold, 0) / (2 - Math.max(threshold, 0));
  const scored: Rename[] = [];
  for (const old of leftOld.map(candidateOf)) {
    const reachable = (candidate: Candidate): boolean => Math.min(old.weight, candidate.weight) >= ratio * Math.max(old.weight, candidate.weight);
    for (const candidate of candidatesFor(old, postings, byWeight, ratio)) {
      if (!reachable(candidate)) continue;
      const score = similarity(old.resource.properties, candidate.resource.properties, old.weight, candidate.weight);
      if (score >= threshold) scored.push({ from: old.resource.logicalId, to: candidate.resource.logicalId, similarity: score });
    }
  }
  const usedOld = new Set<string>();
  scored.sort((a, b) => b.similarity - a.similarity || compareText(a.from, b.from) || compareText(a.to, b.to));
  for (const rename of scored) {
    if (usedOld.has(rename.from) || usedNew.has(rename.to)) continue;
    usedOld.add(rename.from);
    usedNew.add(rename.to);
    renames.push({ ...rename, similarity: Math.round(rename.similarity * 100) / 100 });
  }
  return renames;
}

/** Up to MAX_CANDIDATES added resources: most shared property values first, then closest weight. */
function candidatesFor(old: Candidate, postings: ReadonlyMap<string, Candidate[]>, byWeight: readonly Candidate[], ratio: number): Candidate[] {
  const shared = new Map<Candidate, number>();
  for (const value of old.values) {
    const list = postings.get(value);
    if (list === undefined || list.length > MAX_POSTINGS) continue;
    for (const candidate of list) shared.set(candidate, (shared.get(candidate) ?? 0) + 1);
  }
  if (shared.size > 0) return [...shared.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_CANDIDATES).map(([candidate]) => candidate);
  const chosen: Candidate[] = [];
  for (let position = lowerBound(byWeight, old.weight * ratio); chosen.length < MAX_CANDIDATES && position < byWeight.length; position++) {
    const candidate = byWeight[position];
    if (ratio > 0 && candidate.weight * ratio > old.weight) break;
    chosen.push(candidate);
  }
  return chosen;
}

function candidateOf(resource: NormalizedResource): Candidate {
  const values = Object.keys(resource.properties).map((key) => `${key}\u0000${canonicalText(resource.properties[key])}`);
  return { resource, weight: weightOf(resource.properties), values };
}

function groupByType(changes: ReadonlyMap<string, ResourceChange>, action: 'Add' | 'Remove', template: NormalizedTemplate): Map<string, NormalizedResource[]> {
  const groups = new Map<string, NormalizedResource[]>();
  for (const change of changes.values()) {
    const resource = change.action === action ? template.resources.get(change.logicalId) : undefined;
    if (resource === undefined) continue;
    const group = groups.get(resource.type);
    if (group === undefined) groups.set(resource.type, [resource]);
    else group.push(resource);
  }
  return groups;
}

function lowerBound(sorted: ReadonlyArray<{ weight: number }>, weight: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (sorted[middle].weight < weight) low = middle + 1;
    else high = middle;
  }
  return low;
}
