/**
 * Refactor plans: which renames and moves of an app can be done as CloudFormation stack
 * refactors, which cannot and why, and the deployments that make the whole change.
 *
 *   read -> findMoves -> ownReasons -> (group, step templates, group reasons)* -> steps
 *
 * Moves are grouped per environment into sets of stacks they connect; each group is one
 * `CreateStackRefactor`. A group may touch at most five stacks, may not leave a stack empty,
 * and its references must be writable (`step-templates.ts`: across stacks by exports and
 * imports, but not by removing an export in use); the moves that break a rule are taken out
 * (with the reason) and the groups are formed again, until every rule holds. When the new
 * templates differ from the refactored ones in more than the moved resources' metadata, the
 * plan is two deployments: the refactor, then the update, which is checked for exports it
 * would remove while another stack imports them (`step-exports.ts`).
 */
import { AppExports } from './app-exports';
import { FoundAmbiguity, FoundMove, findMoves, PlanStack, SideExports } from './find-moves';
import { ownReasons, withoutRefactor } from './move-rules';
import { decidedPairs } from './refactor-mappings';
import { exportsInUse } from './step-exports';
import { OutsideImporters, StepTemplates, stepTemplates } from './step-templates';
import { DEFAULT_QUALIFIER, qualifierOf, TemplateUpload, templateUpload } from './template-uploads';
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
  /** Templates too large for `TemplateBody`, by stack. */
  readonly uploads: ReadonlyMap<string, TemplateUpload>;
  /** What the refactor does besides the moves (exports added and removed). */
  readonly notes: readonly string[];
}

/** One deployment of the plan. */
export interface PlanStep {
  readonly kind: 'Refactor' | 'Deploy';
  readonly stacks: readonly string[];
  readonly actions: readonly string[];
  /** Why the step fails as planned (an export removed in use); empty when it does not. */
  readonly problems: readonly string[];
}

/** The whole plan. */
export interface Plan {
  readonly moves: readonly JudgedMove[];
  readonly ambiguities: readonly FoundAmbiguity[];
  readonly groups: readonly RefactorGroup[];
  readonly steps: readonly PlanStep[];
}

/** Options of a plan. */
export interface PlanOptions {
  readonly renameThreshold?: number;
  /** The user's mappings, in the shape of cdk refactor's override file entries (checked here). */
  readonly mappings?: unknown;
  /** The stacks compared (`cdk refactor STACKS`); the others give only their exports and imports. Every stack when absent. */
  readonly stacks?: readonly string[];
}

interface BuiltGroup {
  readonly group: RefactorGroup;
  readonly step: StepTemplates;
}

const SECTIONS = ['Parameters', 'Rules', 'Conditions', 'Mappings', 'Outputs'];

/**
 * Plans the refactor of an app's stacks. Odd templates read as empty ones.
 *
 * @throws RefactorMappingError for mappings of the wrong shape, or that do not fit the templates
 */
export function planRefactor(inputs: readonly RawStack[], spec: ReplacementSpec, options: PlanOptions = {}): Plan {
  const stacks = new Map<string, PlanStack>();
  for (const input of inputs) {
    const account = input.account ?? 'unknown-account';
    const region = input.region ?? 'unknown-region';
    const read = { before: normalize(input.before), after: normalize(input.after) };
    stacks.set(input.name, {
      name: input.name,
      ...read,
      rawBefore: input.before,
      rawAfter: input.after,
      deployed: isObject(input.before),
      inApp: isObject(input.after),
      environment: `${account}/${region}`,
      account,
      region,
    });
  }
  const exports = exportsByEnvironment([...stacks.values()]);
  // Only the stacks picked are compared; the exports and importers above are the whole app's.
  const compared = options.stacks === undefined ? undefined : new Set(options.stacks);
  const found = findMoves({
    stacks: [...stacks.values()].filter((stack) => compared === undefined || compared.has(stack.name)),
    rules: new ResourceRules(new SpecLookup(spec)),
    renameThreshold: options.renameThreshold ?? DEFAULT_RENAME_THRESHOLD,
    exports,
    decided: decidedPairs(options.mappings, [...stacks.values()]),
  });
  const reasons = new Map<FoundMove, string[]>(found.moves.map((move) => [move, ownReasons(move, stacks)]));
  const outside = outsideImporters([...stacks.values()], exports);

  // Each round that finds a broken rule takes at least one move out of the candidates, so the rounds end.
  const formGroups = () => groupMoves(found.moves.filter((move) => reasons.get(move)!.length === 0), stacks)
    .map((group) => buildGroup(group, stacks, exports, outside));
  let built = formGroups();
  let broken = built.flatMap((entry) => [...groupReasons(entry, stacks)]);
  while (broken.length > 0) {
    for (const [move, reason] of broken) reasons.get(move)!.push(reason);
    built = formGroups();
    broken = built.flatMap((entry) => [...groupReasons(entry, stacks)]);
  }
  const groups = built.map((entry) => entry.group);
  const moves = found.moves.map((move) => ({ move, reasons: reasons.get(move)!, withoutRefactor: withoutRefactor(move, stacks) }));
  return { moves, ambiguities: found.ambiguities, groups, steps: stepsOf(groups, inputs, stacks, spec, compared) };
}

/** The exports of each environment, deployed and new. */
function exportsByEnvironment(stacks: readonly PlanStack[]): Map<string, SideExports> {
  const byEnvironment = new Map<string, PlanStack[]>();
  for (const stack of stacks) byEnvironment.set(stack.environment, [...(byEnvironment.get(stack.environment) ?? []), stack]);
  const sides = new Map<string, SideExports>();
  for (const [environment, members] of byEnvironment) {
    const side = (which: 'before' | 'after') => AppExports.of(members.map((stack) => ({
      name: stack.name,
      raw: which === 'before' ? stack.rawBefore : stack.rawAfter,
      normalized: stack[which],
      account: stack.account,
      region: stack.region,
    })));
    sides.set(environment, { before: side('before'), after: side('after') });
  }
  return sides;
}

/** The deployed stacks outside a group that import an export. */
function outsideImporters(stacks: readonly PlanStack[], exports: ReadonlyMap<string, SideExports>): (environment: string) => OutsideImporters {
  const importers = new Map<string, string[]>();
  for (const stack of stacks) {
    for (const entry of exports.get(stack.environment)!.before.importsOf(stack.name)) {
      const name = entry.exportName.name;
      if (name === undefined) continue;
      const id = `${stack.environment}\u0000${name}`;
      const list = importers.get(id) ?? importers.set(id, []).get(id)!;
      if (!list.includes(stack.name)) list.push(stack.name);
    }
  }
  return (environment) => (name, group) => (importers.get(`${environment}\u0000${name}`) ?? []).filter((stack) => !group.has(stack));
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
  exports: ReadonlyMap<string, SideExports>,
  outside: (environment: string) => OutsideImporters,
): BuiltGroup {
  const names = [...new Set(moves.flatMap((move) => [move.source.stack, move.destination.stack]))].sort();
  const first = stacks.get(names[0])!;
  const step = stepTemplates(names, moves, stacks, exports.get(first.environment)!, outside(first.environment));
  const qualifier = names.map((name) => qualifierOf(stacks.get(name)!.rawBefore) ?? qualifierOf(stacks.get(name)!.rawAfter))
    .find((found) => found !== undefined) ?? DEFAULT_QUALIFIER;
  const uploads = new Map<string, TemplateUpload>();
  for (const name of names) {
    const upload = templateUpload(name, JSON.stringify(step.templates.get(name)), first.account, first.region, qualifier);
    if (upload !== undefined) uploads.set(name, upload);
  }
  return {
    group: {
      account: first.account,
      region: first.region,
      stacks: names,
      moves,
      templates: step.templates,
      createsStacks: names.filter((name) => !stacks.get(name)!.deployed),
      uploads,
      notes: step.notes,
    },
    step,
  };
}

/** The moves of a group that break a rule of the whole refactor, with the reason. */
function groupReasons({ group, step }: BuiltGroup, stacks: ReadonlyMap<string, PlanStack>): Map<FoundMove, string> {
  const found = new Map<FoundMove, string>();
  if (group.stacks.length > MAX_REFACTOR_STACKS) {
    for (const move of group.moves) found.set(move, `the moves connect ${group.stacks.length} stacks (${group.stacks.join(', ')}); one stack refactor takes at most ${MAX_REFACTOR_STACKS}`);
    return found;
  }
  for (const [move, reason] of step.refused) found.set(move, reason);
  for (const name of group.stacks) {
    if (step.resourceCounts.get(name)! > 0) continue;
    const hint = stacks.get(name)!.inApp
      ? `add a resource to ${name} first`
      : `${name} is removed from the app: keep it in the app, with a resource that stays in it, until the refactor is done, then remove it and delete the stack`;
    for (const move of group.moves) {
      if (move.source.stack === name && !found.has(move)) found.set(move, `it would leave ${name} with no resources, and CloudFormation does not support empty stacks (${hint})`);
    }
  }
  return found;
}

/**
 * Step 1, the refactors (when any); step 2, every update of the stacks compared still needed after
 * them, checked for exports removed in use (by any stack: one not compared stays as deployed).
 */
function stepsOf(
  groups: readonly RefactorGroup[],
  inputs: readonly RawStack[],
  stacks: ReadonlyMap<string, PlanStack>,
  spec: ReplacementSpec,
  compared: ReadonlySet<string> | undefined,
): PlanStep[] {
  if (groups.length === 0) return [];
  const refactored = new Map(groups.flatMap((group) => [...group.templates]));
  const uploads = groups.flatMap((group) => [...group.uploads.values()]);
  const refactor: PlanStep = {
    kind: 'Refactor',
    stacks: groups.flatMap((group) => group.stacks),
    actions: [
      ...uploads.map((upload) => `upload the template of ${upload.stackName} (${upload.bytes.toLocaleString('en-US')} bytes, over the 51,200 of TemplateBody) to s3://${upload.bucketName}/${upload.objectKey} first: the refactor reads it from ${upload.templateUrl}`),
      ...groups.flatMap((group) => group.moves.map((move) => `${move.source.stack === move.destination.stack ? 'rename' : 'move'} ${move.source.stack}.${move.source.logicalId} -> ${move.destination.stack}.${move.destination.logicalId} (${move.resourceType})`)),
      ...groups.flatMap((group) => group.notes),
    ],
    problems: [],
  };
  const deploy: { stacks: string[]; actions: string[] } = { stacks: [], actions: [] };
  // cdk deploy deploys the stacks picked that the app still has; one the app no longer has stays as the refactor leaves it.
  const left = inputs.filter((input) => !stacks.get(input.name)!.inApp && stacks.get(input.name)!.deployed).map((input) => input.name);
  const leftNotes = left.map((name) => `${name}: not deployed: it is no longer in the app, and cdk deploy does not delete it; `
    + `what the refactor leaves in it stays until the stack is deleted (aws cloudformation delete-stack --stack-name ${name})`);
  const deployed = (input: RawStack) => stacks.get(input.name)!.inApp && (compared === undefined || compared.has(input.name));
  for (const input of inputs.filter(deployed)) {
    const from = refactored.get(input.name) ?? input.before;
    const actions = [...sectionChanges(from, input.after), ...changeLines(predictWithSpec(from, input.after, {}, spec))];
    if (actions.length === 0) continue;
    deploy.stacks.push(input.name);
    deploy.actions.push(...actions.map((action) => `${input.name}: ${action}`));
  }
  if (deploy.actions.length === 0) return [{ ...refactor, actions: [...refactor.actions, ...leftNotes] }];
  const problems = exportsInUse(inputs.map((input) => {
    const stack = stacks.get(input.name)!;
    const start = refactored.get(input.name) ?? input.before;
    const end = deployed(input) ? input.after : start;
    return { name: input.name, start, end, account: stack.account, region: stack.region, changes: deploy.stacks.includes(input.name) };
  }));
  return [refactor, { kind: 'Deploy', stacks: deploy.stacks, actions: [...deploy.actions, ...leftNotes], problems }];
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
