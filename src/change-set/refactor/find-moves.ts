/**
 * Finds the resources of an app that were renamed within a stack or moved between two stacks
 * of one environment: each removed resource (on the deployed side only) paired with an added
 * one (on the new side only) of the same type. Stacks' `AWS::CDK::Metadata` never moves.
 *
 * Pairs are taken in this order, each resource at most once:
 * 1. the user's mappings (`refactor-mappings.ts`): their decision comes first;
 * 2. the same physical name (the type's identity: its name properties and the parents they
 *    are unique under, as written), when one removed and one added resource have it: the
 *    strongest evidence, and a pair that fails without a refactor (the name is taken);
 * 3. the same structural key (`structural-keys.ts`: type, properties and attributes with
 *    references compared by what they point at), anywhere in the environment, when exactly
 *    one removed and one added resource have it; where several do, their dependents tell them
 *    apart (`upKey`), and what is left, if one of each, pairs too; otherwise it is an ambiguity
 *    and none of them pairs;
 * 4. within a stack, the engine's probable renames (`detect-renames.ts`), with the deployed
 *    side's references to resources already paired rewritten to their new ids; resources with
 *    identical properties on one side of such a rename are an ambiguity, not a guess.
 * Steps 3 and 4 repeat until they pair nothing more: a pair makes the references to it equal
 * on both sides, which may make its dependents equal (a fixed point).
 */
import { AppExports } from './app-exports';
import { rewriteReferences } from './rewrite-references';
import { StructuralKeys, Tokens } from './structural-keys';
import { detectRenames } from '../detect-renames';
import { canonicalText, compareText, isObject, own } from '../json';
import { ResourceChange } from '../model';
import { normalize, NormalizedResource, NormalizedTemplate } from '../normalize';
import { ResourceRules } from '../resource-rules';

/** One stack of the plan, read. */
export interface PlanStack {
  readonly name: string;
  readonly before: NormalizedTemplate;
  readonly after: NormalizedTemplate;
  /** The templates as written. */
  readonly rawBefore: unknown;
  readonly rawAfter: unknown;
  /** Whether the stack is deployed (a stack only on the new side is created). */
  readonly deployed: boolean;
  /** Whether the app still has the stack (a stack only on the deployed side is removed from it). */
  readonly inApp: boolean;
  /** `account/region`. */
  readonly environment: string;
  /** `unknown-account` / `unknown-region` where not known. */
  readonly account: string;
  readonly region: string;
}

/** The exports of one environment, on each side. */
export interface SideExports {
  readonly before: AppExports;
  readonly after: AppExports;
}

/** A resource's place. */
export interface Location {
  readonly stack: string;
  readonly logicalId: string;
}

/** How a pair was found. */
export type MatchedBy = 'Mapping' | 'Name' | 'IdenticalProperties' | 'Dependents' | 'Similarity';

/** A rename or move, before its rules are judged. */
export interface FoundMove {
  readonly source: Location;
  readonly destination: Location;
  readonly resourceType: string;
  readonly matchedBy: MatchedBy;
  readonly similarity: number;
  /** The deployed definition. */
  readonly deployed: NormalizedResource;
  /** The new definition. */
  readonly wanted: NormalizedResource;
}

/** Identical resources that nothing tells apart. */
export interface FoundAmbiguity {
  readonly resourceType: string;
  readonly sources: readonly Location[];
  readonly destinations: readonly Location[];
}

/** A pair the user decided (already checked against the templates). */
export interface DecidedPair {
  readonly source: Location;
  readonly destination: Location;
}

/** What to look in. */
export interface MoveSearch {
  readonly stacks: readonly PlanStack[];
  readonly rules: ResourceRules;
  readonly renameThreshold: number;
  /** By environment. */
  readonly exports: ReadonlyMap<string, SideExports>;
  readonly decided: readonly DecidedPair[];
}

/** The moves (sorted by source stack and logical id) and the ambiguities (sorted by first source). */
export interface FoundMoves {
  readonly moves: FoundMove[];
  readonly ambiguities: FoundAmbiguity[];
}

interface Candidate {
  readonly stack: PlanStack;
  readonly resource: NormalizedResource;
}

/** The moves and ambiguities among the stacks. */
export function findMoves(search: MoveSearch): FoundMoves {
  const removed = new Map<string, Candidate[]>();
  const added = new Map<string, Candidate[]>();
  for (const stack of search.stacks) {
    for (const resource of stack.before.resources.values()) {
      if (movable(resource) && !stack.after.resources.has(resource.logicalId)) push(removed, stack.environment, { stack, resource });
    }
    for (const resource of stack.after.resources.values()) {
      if (movable(resource) && !stack.before.resources.has(resource.logicalId)) push(added, stack.environment, { stack, resource });
    }
  }
  const moves: FoundMove[] = [];
  const ambiguities: FoundAmbiguity[] = [];
  for (const [environment, gone] of removed) {
    const found = new EnvironmentSearch(search, environment, gone, added.get(environment) ?? []).run();
    moves.push(...found.moves);
    ambiguities.push(...found.ambiguities);
  }
  return {
    moves: moves.sort((a, b) => compareText(a.source.stack, b.source.stack) || compareText(a.source.logicalId, b.source.logicalId)),
    ambiguities: ambiguities.sort((a, b) => compareText(placeOf(a.sources[0]), placeOf(b.sources[0]))),
  };
}

/** The search within one environment. */
class EnvironmentSearch {
  private readonly partner = new Map<Candidate, Candidate>();
  private readonly tokens = { before: new Map<string, string>(), after: new Map<string, string>() };
  private readonly moves: FoundMove[] = [];
  private readonly stacks: ReadonlyMap<string, PlanStack>;

  public constructor(
    private readonly search: MoveSearch,
    private readonly environment: string,
    private readonly gone: readonly Candidate[],
    private readonly fresh: readonly Candidate[],
  ) {
    this.stacks = new Map(search.stacks.filter((stack) => stack.environment === environment).map((stack) => [stack.name, stack]));
  }

  public run(): FoundMoves {
    this.takeDecided();
    this.takeNamed();
    let ambiguous: Array<{ gone: Candidate[]; fresh: Candidate[] }> = [];
    for (;;) {
      const before = this.moves.length;
      ambiguous = this.takeStructural();
      ambiguous.push(...this.takeSimilar(new Set(ambiguous.flatMap((group) => [...group.gone, ...group.fresh]))));
      if (this.moves.length === before) break;
    }
    return {
      moves: this.moves,
      ambiguities: ambiguous.map((group) => ({
        resourceType: group.gone[0].resource.type,
        sources: group.gone.map(locationOf).sort(byPlace),
        destinations: group.fresh.map(locationOf).sort(byPlace),
      })),
    };
  }

  private take(from: Candidate, to: Candidate, matchedBy: MatchedBy, similarity: number): void {
    this.partner.set(from, to).set(to, from);
    const token = `P:${this.moves.length}`;
    this.tokens.before.set(placeOf(locationOf(from)), token);
    this.tokens.after.set(placeOf(locationOf(to)), token);
    this.moves.push({
      source: locationOf(from),
      destination: locationOf(to),
      resourceType: from.resource.type,
      matchedBy,
      similarity,
      deployed: from.resource,
      wanted: to.resource,
    });
  }

  private free(list: readonly Candidate[]): Candidate[] {
    return list.filter((candidate) => !this.partner.has(candidate));
  }

  private takeDecided(): void {
    const at = (list: readonly Candidate[], location: Location) => list.find((candidate) => placeOf(locationOf(candidate)) === placeOf(location));
    for (const pair of this.search.decided) {
      const from = at(this.gone, pair.source);
      const to = at(this.fresh, pair.destination);
      if (from !== undefined && to !== undefined) this.take(from, to, 'Mapping', 1);
    }
  }

  /**
   * The same physical name, when exactly one removed and one added resource have it (two of one
   * name in an environment cannot both be deployed: which is meant is left to the later steps).
   * Unnamed resources are never entered.
   */
  private takeNamed(): void {
    const byName = new Map<string, { gone: Candidate[]; fresh: Candidate[] }>();
    const entry = (key: string) => byName.get(key) ?? byName.set(key, { gone: [], fresh: [] }).get(key)!;
    for (const candidate of this.free(this.gone)) {
      const key = nameKey(candidate.resource, this.search.rules);
      if (key !== undefined) entry(key).gone.push(candidate);
    }
    for (const candidate of this.free(this.fresh)) {
      const key = nameKey(candidate.resource, this.search.rules);
      if (key !== undefined) entry(key).fresh.push(candidate);
    }
    for (const { gone, fresh } of byName.values()) if (gone.length === 1 && fresh.length === 1) this.take(gone[0], fresh[0], 'Name', 1);
  }

  /** One pass of structural keys, with the pairs known at its start; returns what stays ambiguous. */
  private takeStructural(): Array<{ gone: Candidate[]; fresh: Candidate[] }> {
    const keys = { before: this.keysOf('before'), after: this.keysOf('after') };
    const groups = new Map<string, { gone: Candidate[]; fresh: Candidate[] }>();
    const group = (key: string) => groups.get(key) ?? groups.set(key, { gone: [], fresh: [] }).get(key)!;
    for (const candidate of this.free(this.gone)) group(keys.before.key(candidate.stack.name, candidate.resource.logicalId)).gone.push(candidate);
    for (const candidate of this.free(this.fresh)) group(keys.after.key(candidate.stack.name, candidate.resource.logicalId)).fresh.push(candidate);
    const found: Array<[Candidate, Candidate, MatchedBy]> = [];
    const ambiguous: Array<{ gone: Candidate[]; fresh: Candidate[] }> = [];
    for (const { gone, fresh } of groups.values()) {
      if (gone.length === 0 || fresh.length === 0) continue;
      if (gone.length === 1 && fresh.length === 1) {
        found.push([gone[0], fresh[0], 'IdenticalProperties']);
        continue;
      }
      const refined = new Map<string, { gone: Candidate[]; fresh: Candidate[] }>();
      const part = (key: string) => refined.get(key) ?? refined.set(key, { gone: [], fresh: [] }).get(key)!;
      for (const candidate of gone) part(keys.before.upKey(candidate.stack.name, candidate.resource.logicalId)).gone.push(candidate);
      for (const candidate of fresh) part(keys.after.upKey(candidate.stack.name, candidate.resource.logicalId)).fresh.push(candidate);
      const left = { gone: [] as Candidate[], fresh: [] as Candidate[] };
      for (const sub of refined.values()) {
        if (sub.gone.length === 1 && sub.fresh.length === 1) {found.push([sub.gone[0], sub.fresh[0], 'Dependents']);} else {
          left.gone.push(...sub.gone);
          left.fresh.push(...sub.fresh);
        }
      }
      // One of each left once the others are told apart: the last chance to be unambiguous.
      if (left.gone.length === 1 && left.fresh.length === 1) found.push([left.gone[0], left.fresh[0], 'Dependents']);
      else if (left.gone.length > 0 && left.fresh.length > 0) ambiguous.push(left);
    }
    for (const [from, to, matchedBy] of found) this.take(from, to, matchedBy, 1);
    return ambiguous;
  }

  /** Keys of one side for the pairs known now: a resource that keeps its place is that place, a paired one its pair. */
  private keysOf(side: 'before' | 'after'): StructuralKeys {
    const pairs = new Map(this.tokens[side]);
    const tokens: Tokens = (stack, logicalId) => {
      const paired = pairs.get(placeOf({ stack, logicalId }));
      if (paired !== undefined) return paired;
      const planStack = this.stacks.get(stack);
      return planStack?.before.resources.has(logicalId) && planStack.after.resources.has(logicalId) ? `K:${stack}.${logicalId}` : undefined;
    };
    const keyed = new Map([...this.stacks.values()].map((stack) => [stack.name, {
      name: stack.name,
      resources: stack[side].resources,
      raw: side === 'before' ? stack.rawBefore : stack.rawAfter,
    }]));
    return new StructuralKeys(keyed, this.search.exports.get(this.environment)![side], tokens);
  }

  /** Probable renames within each stack, among what is neither paired nor ambiguous; returns twins as ambiguities. */
  private takeSimilar(excluded: ReadonlySet<Candidate>): Array<{ gone: Candidate[]; fresh: Candidate[] }> {
    const ambiguous: Array<{ gone: Candidate[]; fresh: Candidate[] }> = [];
    for (const stack of new Set(this.gone.map((candidate) => candidate.stack))) {
      const left = (list: readonly Candidate[]) => this.free(list).filter((candidate) => candidate.stack === stack && !excluded.has(candidate));
      const rewritten = this.rewrittenBefore(stack, left(this.gone));
      const text = (candidate: Candidate, template: NormalizedTemplate) => `${candidate.resource.type}\u0000${canonicalText(template.resources.get(candidate.resource.logicalId)!.properties)}`;
      const twins = new Map<string, { gone: Candidate[]; fresh: Candidate[] }>();
      const twin = (key: string) => twins.get(key) ?? twins.set(key, { gone: [], fresh: [] }).get(key)!;
      for (const candidate of left(this.gone)) twin(text(candidate, rewritten)).gone.push(candidate);
      for (const candidate of left(this.fresh)) twin(text(candidate, stack.after)).fresh.push(candidate);
      const unclear = new Set<Candidate>();
      for (const group of twins.values()) {
        if (group.gone.length === 0 || group.fresh.length === 0 || (group.gone.length === 1 && group.fresh.length === 1)) continue;
        ambiguous.push(group);
        for (const candidate of [...group.gone, ...group.fresh]) unclear.add(candidate);
      }
      const oldOnes = left(this.gone).filter((candidate) => !unclear.has(candidate));
      const newOnes = left(this.fresh).filter((candidate) => !unclear.has(candidate));
      if (oldOnes.length === 0 || newOnes.length === 0) continue;
      const changes = new Map<string, ResourceChange>();
      for (const { resource } of oldOnes) changes.set(resource.logicalId, { action: 'Remove', logicalId: resource.logicalId, resourceType: resource.type, details: [] });
      for (const { resource } of newOnes) changes.set(resource.logicalId, { action: 'Add', logicalId: resource.logicalId, resourceType: resource.type, details: [] });
      const byId = (list: Candidate[], logicalId: string) => list.find((candidate) => candidate.resource.logicalId === logicalId)!;
      for (const rename of detectRenames(changes, rewritten, stack.after, this.search.renameThreshold)) {
        this.take(byId(oldOnes, rename.from), byId(newOnes, rename.to), 'Similarity', rename.similarity);
      }
    }
    return ambiguous;
  }

  /** The deployed definitions of `candidates`, with references to resources paired within the stack using their new ids. */
  private rewrittenBefore(stack: PlanStack, candidates: readonly Candidate[]): NormalizedTemplate {
    const renamed = new Map<string, string>();
    for (const move of this.moves) {
      if (move.source.stack === stack.name && move.destination.stack === stack.name) renamed.set(move.source.logicalId, move.destination.logicalId);
    }
    const section = isObject(stack.rawBefore) ? own(stack.rawBefore, 'Resources') : undefined;
    const resources: Record<string, unknown> = {};
    for (const { resource } of candidates) {
      const raw = isObject(section) ? own(section, resource.logicalId) : undefined;
      resources[resource.logicalId] = renamed.size === 0 ? raw : rewriteReferences(raw, (name) => renamed.get(name));
    }
    return normalize({ Resources: resources });
  }
}

/** Stacks' own CDK metadata is never a move (cdk refactor leaves it out too). */
function movable(resource: NormalizedResource): boolean {
  return resource.type !== 'AWS::CDK::Metadata';
}

/** Type and identity of a named resource, as written; undefined when unnamed. */
function nameKey(resource: NormalizedResource, rules: ResourceRules): string | undefined {
  if (!rules.nameProperties(resource).some((property) => own(resource.properties, property) !== undefined)) return undefined;
  return `${resource.type}\u0000${canonicalText(rules.identityProperties(resource).map((property) => own(resource.properties, property)))}`;
}

function locationOf(candidate: Candidate): Location {
  return { stack: candidate.stack.name, logicalId: candidate.resource.logicalId };
}

function placeOf(location: Location): string {
  return `${location.stack}\u0000${location.logicalId}`;
}

function byPlace(a: Location, b: Location): number {
  return compareText(placeOf(a), placeOf(b));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
