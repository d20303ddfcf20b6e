/**
 * The custom-resource requests of a deployment, from the change set the engine predicts
 * between the deployed assembly and the new one, played in CloudFormation's order:
 *
 * 1. As deployed: each custom resource the change set modifies or removes is first created
 *    with the deployed assembly's provider and properties, so that its Update or Delete
 *    carries a physical id that provider really answered.
 * 2. The update: the new assembly's functions are deployed, then each added custom resource
 *    gets its Create and each modified one its Update (old and new properties), in
 *    dependency order.
 * 3. The cleanup: the Delete of each id a replacement left behind (an Update answered a new
 *    id), and of each removed custom resource.
 */
import { DependencyOrder } from './dependency-order';
import { ResolveScope, PlayContext, ResourcePlayer } from './resource-player';
import { AssemblyStack } from '../../assembly/read-assembly';
import { ChangeSetPredictor, PredictedResourceChange } from '../../change-set';
import { LocalSetupError } from '../local-setup-error';
import { outcomeOf } from '../protocol/check-response';
import { resourceIds } from '../rules/existing-resources';
import { assertTemplateAccepted } from '../rules/template-rejected-error';
import { customResourcesOf, CustomResourceTarget, findStack, isCustomResourceType } from '../stack/find-custom-resource';
import { PlayedResource } from '../stack/template-resolver';

/** An assembly, read (the part a change-set play needs). */
export interface PlayedAssembly {
  readonly shown: string;
  readonly stacks: readonly AssemblyStack[];
  readonly functions: ResolveScope['functions'];
}

/** One custom resource's part in the change set. */
interface CustomChange {
  readonly change: PredictedResourceChange;
  readonly before?: CustomResourceTarget;
  readonly after?: CustomResourceTarget;
}

/**
 * Plays the change set of each stack (or the one `selector.stack` names) and returns the
 * notes about what was not played and why.
 *
 * @throws LocalSetupError when the selected stack or resource is in neither assembly
 */
export async function playChangeSet(
  context: PlayContext, before: PlayedAssembly, after: PlayedAssembly, selector: { stack?: string; resource?: string },
): Promise<string[]> {
  const notes: string[] = [];
  const names = stackNames(before, after, selector.stack);
  // CloudFormation refuses a template before it starts: nothing of a refused stack is played.
  for (const stack of after.stacks) if (names.includes(stack.name)) assertTemplateAccepted(stack);
  for (const name of names) {
    const oldStack = before.stacks.find((stack) => stack.name === name);
    const newStack = after.stacks.find((stack) => stack.name === name);
    const changeSet = ChangeSetPredictor.predict(oldStack?.template ?? { Resources: {} }, newStack?.template ?? { Resources: {} });
    const changes = changeSet.changes
      .filter((change) => isCustomResourceType(change.resourceType))
      .filter((change) => selector.resource === undefined || change.logicalResourceId === selector.resource)
      .map((change): CustomChange => ({
        change,
        before: oldStack === undefined ? undefined : customResourcesOf(oldStack).find((target) => target.logicalId === change.logicalResourceId),
        after: newStack === undefined ? undefined : customResourcesOf(newStack).find((target) => target.logicalId === change.logicalResourceId),
      }));
    for (const [path, nested] of Object.entries(changeSet.nestedChangeSets)) {
      if (nested.changes.some((change) => isCustomResourceType(change.resourceType))) notes.push(`stack ${name}: the custom resources of nested stack ${path} are not played (nested stacks are not supported yet)`);
    }
    if (changes.length === 0) {
      notes.push(`stack ${name}: the change set sends no custom-resource request`);
      continue;
    }
    const replaced = new Set(changeSet.changes.filter((change) => change.replacement === 'True').map((change) => change.logicalResourceId));
    await playStack(context, { before, after, oldStack, newStack, changes, replaced, notes });
  }
  if (selector.resource !== undefined && context.steps.length === 0 && !notes.some((note) => note.includes(selector.resource!))) {
    notes.push(`${selector.resource}: the change set does not touch this custom resource`);
  }
  return notes;
}

interface StackPlay {
  readonly before: PlayedAssembly;
  readonly after: PlayedAssembly;
  readonly oldStack?: AssemblyStack;
  readonly newStack?: AssemblyStack;
  readonly changes: readonly CustomChange[];
  readonly replaced: ReadonlySet<string>;
  readonly notes: string[];
}

async function playStack(context: PlayContext, play: StackPlay): Promise<void> {
  const { before, after, notes } = play;
  const deployed = new Map<string, PlayedResource>();
  const oldScope: ResolveScope = { functions: before.functions, stacks: before.stacks, played: deployed };
  const updated = new Map<string, PlayedResource>();
  const newScope: ResolveScope = { functions: after.functions, stacks: after.stacks, played: updated, replaced: play.replaced };
  const playable = play.changes.filter(({ change }) => {
    if (change.failure?.certainty !== 'Certain') return true;
    notes.push(`${change.logicalResourceId}: not played, CloudFormation will fail this change: ${change.failure.reason}`);
    return false;
  });

  // 1. As deployed.
  context.aws.pool.deploy(before.functions);
  const idsOf = (list: readonly CustomChange[]) => list.map((c) => c.change.logicalResourceId);
  const oldIds = idsOf(playable.filter((c) => c.before !== undefined));
  const oldOrder = play.oldStack === undefined ? [] : new DependencyOrder(play.oldStack.template).sort(oldIds);
  for (const id of oldOrder) {
    const { before: target } = playable.find((c) => c.change.logicalResourceId === id)!;
    // It stands for a deployment that happened: whatever order it was made in, it was made.
    const step = await new ResourcePlayer(context, target!, oldScope).send({ label: 'Create (as deployed)', requestType: 'Create', properties: target!.properties, existing: 'all' });
    if (outcomeOf(step) === 'SUCCESS') deployed.set(id, { physicalResourceId: step.physicalResourceId!, data: step.response?.Data });
    else notes.push(`${id}: its Create with the deployed properties failed, so its Update or Delete is not played`);
  }

  // 2. The update.
  context.aws.pool.deploy(after.functions);
  const cleanup: Array<() => Promise<unknown>> = [];
  const newIds = idsOf(playable.filter((c) => c.after !== undefined));
  // Resources of the deployed stack that stay exist throughout; new ones only in dependency order.
  const kept = resourceIds(play.oldStack?.template).filter((id) => resourceIds(play.newStack?.template).includes(id));
  const newOrder = play.newStack === undefined ? [] : new DependencyOrder(play.newStack.template).sort(newIds);
  for (const id of newOrder) {
    const { change, before: oldTarget, after: target } = playable.find((c) => c.change.logicalResourceId === id)!;
    const player = new ResourcePlayer(context, target!, newScope);
    if (change.action === 'Add') {
      const step = await player.send({ label: 'Create', requestType: 'Create', properties: target!.properties, alsoExisting: kept });
      if (outcomeOf(step) === 'FAILED') return stop(notes, id, 'Create');
      updated.set(id, { physicalResourceId: step.physicalResourceId!, data: step.response?.Data });
      continue;
    }
    const old = deployed.get(id);
    if (old === undefined) continue;
    if (!change.scope.includes('Properties')) {
      notes.push(`${id}: only its ${change.scope.join(', ')} change${change.scope.length === 1 ? 's' : ''}, and CloudFormation sends no request for that`);
      updated.set(id, old);
      continue;
    }
    const step = await player.send({ label: 'Update', requestType: 'Update', properties: target!.properties, oldProperties: oldTarget!.properties, physicalResourceId: old.physicalResourceId, scope: newScope });
    if (outcomeOf(step) === 'FAILED') return stop(notes, id, 'Update');
    updated.set(id, { physicalResourceId: step.physicalResourceId!, data: { ...old.data, ...step.response?.Data } });
    if (step.physicalResourceId !== old.physicalResourceId) {
      notes.push(`${id}: the Update answered a new physical id, a replacement: CloudFormation deletes ${old.physicalResourceId} in the cleanup`);
      cleanup.push(() => cleanupPlayer(context, oldTarget!, target, oldScope, newScope)
        .send({ label: 'Delete (old id)', requestType: 'Delete', properties: oldTarget!.properties, physicalResourceId: old.physicalResourceId, scope: oldScope, existing: 'all' }));
    }
  }

  // 3. The cleanup.
  for (const id of oldOrder.slice().reverse()) {
    const { change, before: oldTarget } = playable.find((c) => c.change.logicalResourceId === id)!;
    const old = deployed.get(id);
    if (change.action !== 'Remove' || old === undefined) continue;
    cleanup.push(() => cleanupPlayer(context, oldTarget!, undefined, oldScope, newScope)
      .send({ label: 'Delete (removed)', requestType: 'Delete', properties: oldTarget!.properties, physicalResourceId: old.physicalResourceId, scope: oldScope, alsoExisting: resourceIds(play.newStack?.template) }));
  }
  for (const run of cleanup) await run();
}

/**
 * Who handles a cleanup Delete: the new provider when the resource's provider function is
 * still in the new assembly (it was updated first), else the deployed one.
 */
function cleanupPlayer(
  context: PlayContext, oldTarget: CustomResourceTarget, newTarget: CustomResourceTarget | undefined, oldScope: ResolveScope, newScope: ResolveScope,
): ResourcePlayer {
  if (newTarget !== undefined) {
    try {
      const properties = { ...oldTarget.properties, ServiceToken: newTarget.properties.ServiceToken };
      return new ResourcePlayer(context, { ...oldTarget, stack: newTarget.stack, properties }, newScope);
    } catch (error) {
      if (!(error instanceof LocalSetupError)) throw error;
    }
  }
  return new ResourcePlayer(context, oldTarget, oldScope);
}

function stop(notes: string[], id: string, what: string): void {
  notes.push(`${id}: its ${what} failed, so CloudFormation would roll the stack back: the rest of the change set is not played`);
}

/** The stacks to play: those of both assemblies, or the one `wanted` names. */
function stackNames(before: PlayedAssembly, after: PlayedAssembly, wanted: string | undefined): string[] {
  if (wanted !== undefined) {
    const all = [...after.stacks, ...before.stacks];
    const found = all.find((stack) => stack.name === wanted || stack.artifactId === wanted || stack.displayName === wanted);
    if (found === undefined) findStack(all, wanted, `${before.shown} or ${after.shown}`);
    return [found!.name];
  }
  return [...new Set([...after.stacks, ...before.stacks].map((stack) => stack.name))];
}
