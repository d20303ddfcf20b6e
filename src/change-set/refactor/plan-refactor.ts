/**
 * Refactor plans: which renames and moves of an app can be done as CloudFormation stack
 * refactors, which cannot and why, and the deployments that make the whole change.
 *
 *   read -> findMoves -> ownReasons -> (group, step templates, group reasons)* -> steps
 *
 * Moves are grouped per environment into sets of stacks they connect; each group is one
 * `CreateStackRefactor`. A group may touch at most five stacks, may not leave a stack empty,
 * and its moves may not leave references crossing stacks; the moves that break a rule are
 * taken out (with the reason) and the groups are formed again, until every rule holds. When
 * the new templates differ from the refactored ones in more than the moved resources'
 * metadata, the plan is two deployments: the refactor, then the update.
 */
import { FoundMove, findMoves, PlanStack } from './find-moves';
import { ownReasons, withoutRefactor } from './move-rules';
import { stepTemplate } from './step-templates';
import { MAX_REFACTOR_STACKS } from '../../spec/data-spec';
import { DEFAULT_RENAME_THRESHOLD } from '../detect-renames';
import { canonicalText, isObject, JsonObject, own } from '../json';
import { PredictedStack } from '../model';
import { normalize } from '../normalize';
import { predictWithSpec } from '../predict-with-spec';
import { ReplacementSpec, SpecLookup } from '../replacement-spec-lookup';
import { ResourceRules } from '../resource-rules';

/** One stack as given. */
export interface RawStack {
  readonly name: string;
  readonly before?: unknown;
  readonly after?: unknown;
  readonly account?: string;
  readonly region?: string;
}

/** A move with its verdict. */
export interface JudgedMove {
  readonly move: FoundMove;
  readonly reasons: readonly string[];
  readonly withoutRefactor: string;
}

/** One stack refactor: the stacks it touches, its moves and the templates it gives them. */
export interface RefactorGroup {
  readonly account: string;
  readonly region: string;
  readonly stacks: readonly string[];
  readonly moves: readonly FoundMove[];
  readonly templates: ReadonlyMap<string, JsonObject>;
  /** Destination stacks that are not deployed yet (CreateStackRefactor's EnableStackCreation). */
  readonly createsStacks: readonly string[];
}

/** One deployment of the plan. */
export interface PlanStep {
  readonly kind: 'Refactor' | 'Deploy';
  readonly stacks: readonly string[];
  readonly actions: readonly string[];
}

/** The whole plan. */
export interface Plan {
  readonly moves: readonly JudgedMove[];
  readonly groups: readonly RefactorGroup[];
  readonly steps: readonly PlanStep[];
}

const SECTIONS = ['Parameters', 'Conditions', 'Mappings', 'Outputs'];

/** Plans the refactor of an app's stacks. Never throws; odd templates read as empty ones. */
export function planRefactor(inputs: readonly RawStack[], spec: ReplacementSpec, renameThreshold: number = DEFAULT_RENAME_THRESHOLD): Plan {
  const stacks = new Map<string, PlanStack>();
  const deployed = new Map<string, unknown>();
  const environments = new Map<string, { account: string; region: string }>();
  for (const input of inputs) {
    const account = input.account ?? 'unknown-account';
    const region = input.region ?? 'unknown-region';
    const environment = `${account}/${region}`;
    environments.set(environment, { account, region });
    const read = { before: normalize(input.before), after: normalize(input.after) };
    stacks.set(input.name, { name: input.name, ...read, deployed: isObject(input.before), environment });
    deployed.set(input.name, input.before);
  }
  const rules = new ResourceRules(new SpecLookup(spec));
  const found = findMoves([...stacks.values()], rules, renameThreshold);
  const reasons = new Map<FoundMove, string[]>(found.map((move) => [move, ownReasons(move, stacks)]));

  // Each round that finds a broken rule takes at least one move out of the candidates, so the rounds end.
  const formGroups = () => groupMoves(found.filter((move) => reasons.get(move)!.length === 0), stacks)
    .map((group) => buildGroup(group, stacks, deployed, environments));
  let groups = formGroups();
  let broken = groups.flatMap((group) => [...groupReasons(group, stacks, deployed)]);
  while (broken.length > 0) {
    for (const [move, reason] of broken) reasons.get(move)!.push(reason);
    groups = formGroups();
    broken = groups.flatMap((group) => [...groupReasons(group, stacks, deployed)]);
  }
  const moves = found.map((move) => ({ move, reasons: reasons.get(move)!, withoutRefactor: withoutRefactor(move) }));
  return { moves, groups, steps: stepsOf(groups, inputs, spec) };
}

/** The candidate moves in sets of connected stacks, per environment. */
function groupMoves(moves: readonly FoundMove[], stacks: ReadonlyMap<string, PlanStack>): FoundMove[][] {
  const parent = new Map<string, string>();
  const root = (name: string): string => {
    let current = name;
    while (parent.has(current) && parent.get(current) !== current) current = parent.get(current)!;
    return current;
  };
  for (const move of moves) parent.set(root(move.source.stack), root(move.destination.stack));
  const groups = new Map<string, FoundMove[]>();
  for (const move of moves) {
    const id = `${stacks.get(move.source.stack)!.environment}\u0000${root(move.source.stack)}`;
    groups.set(id, [...(groups.get(id) ?? []), move]);
  }
  return [...groups.values()];
}

function buildGroup(
  moves: FoundMove[],
  stacks: ReadonlyMap<string, PlanStack>,
  deployed: ReadonlyMap<string, unknown>,
  environments: ReadonlyMap<string, { account: string; region: string }>,
): RefactorGroup {
  const names = [...new Set(moves.flatMap((move) => [move.source.stack, move.destination.stack]))].sort();
  const templates = new Map(names.map((name) => [name, stepTemplate(stacks.get(name)!, moves, deployed).template]));
  return {
    ...environments.get(stacks.get(names[0])!.environment)!,
    stacks: names,
    moves,
    templates,
    createsStacks: names.filter((name) => !stacks.get(name)!.deployed),
  };
}

/** The moves of a group that break a rule of the whole refactor, with the reason. */
function groupReasons(group: RefactorGroup, stacks: ReadonlyMap<string, PlanStack>, deployed: ReadonlyMap<string, unknown>): Map<FoundMove, string> {
  const found = new Map<FoundMove, string>();
  if (group.stacks.length > MAX_REFACTOR_STACKS) {
    for (const move of group.moves) found.set(move, `the moves connect ${group.stacks.length} stacks (${group.stacks.join(', ')}); one stack refactor takes at most ${MAX_REFACTOR_STACKS}`);
    return found;
  }
  for (const name of group.stacks) {
    const step = stepTemplate(stacks.get(name)!, group.moves, deployed);
    for (const [move, reason] of step.crossing) if (!found.has(move)) found.set(move, reason);
    if (step.resourceCount > 0) continue;
    for (const move of group.moves) {
      if (move.source.stack === name && !found.has(move)) found.set(move, `it would leave ${name} with no resources, and CloudFormation does not support empty stacks (add a resource to ${name} first)`);
    }
  }
  return found;
}

/** Step 1, the refactors (when any); step 2, every update still needed after them. */
function stepsOf(groups: readonly RefactorGroup[], inputs: readonly RawStack[], spec: ReplacementSpec): PlanStep[] {
  if (groups.length === 0) return [];
  const refactored = new Map(groups.flatMap((group) => [...group.templates]));
  const refactor: PlanStep = {
    kind: 'Refactor',
    stacks: groups.flatMap((group) => group.stacks),
    actions: groups.flatMap((group) => group.moves.map((move) => `${move.source.stack === move.destination.stack ? 'rename' : 'move'} ${move.source.stack}.${move.source.logicalId} -> ${move.destination.stack}.${move.destination.logicalId} (${move.resourceType})`)),
  };
  const deploy: { stacks: string[]; actions: string[] } = { stacks: [], actions: [] };
  for (const input of inputs) {
    const from = refactored.get(input.name) ?? input.before;
    const actions = [...sectionChanges(from, input.after), ...changeLines(predictWithSpec(from, input.after, {}, spec))];
    if (actions.length === 0) continue;
    deploy.stacks.push(input.name);
    deploy.actions.push(...actions.map((action) => `${input.name}: ${action}`));
  }
  return deploy.actions.length === 0 ? [refactor] : [refactor, { kind: 'Deploy', ...deploy }];
}

function sectionChanges(from: unknown, to: unknown): string[] {
  const section = (template: unknown, name: string) => canonicalText(isObject(template) ? own(template, name) ?? {} : {});
  return SECTIONS.filter((name) => section(from, name) !== section(to, name)).map((name) => `[~] ${name}`);
}

/** One line per change (a Modify that only changes metadata says so: CDK's construct path moved). */
function changeLines(stack: PredictedStack): string[] {
  return stack.changes.map((change) => {
    const marker = change.action === 'Add' ? '[+]' : change.action === 'Remove' ? '[-]'
      : change.replacement === 'True' ? '[-/+]' : change.replacement === 'Conditional' ? '[-/+?]' : '[~]';
    const metadataOnly = change.action === 'Modify' && change.details.every((detail) => detail.attribute === 'Metadata');
    return `${marker} ${change.resourceType} ${change.logicalId}${metadataOnly ? ' (metadata only)' : ''}`;
  });
}
