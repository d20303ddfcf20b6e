/**
 * A custom resource's whole life, as CloudFormation plays it: Create; then, with new
 * properties, an Update (a new physical id is a replacement: the old id gets its Delete once
 * the update is done); then the Delete when the stack goes. Failures are followed the way
 * CloudFormation follows them: a failed Create is rolled back with a Delete of the id it
 * answered, a failed Update with an Update back to the old properties.
 */
import { ResourcePlayer } from './resource-player';
import { outcomeOf } from '../protocol/check-response';

/** The notes a lifecycle play adds about what it did not play. */
export interface LifecycleNotes {
  readonly notes: string[];
}

/**
 * Plays Create -> Update (when `changes` are given) -> Delete.
 *
 * @param original the template's properties
 * @param updated the properties of the update, or undefined for none
 */
export async function playLifecycle(
  player: ResourcePlayer, original: Readonly<Record<string, unknown>>, updated: Readonly<Record<string, unknown>> | undefined,
): Promise<LifecycleNotes> {
  const notes: string[] = [];
  const create = await player.send({ label: 'Create', requestType: 'Create', properties: original });
  if (outcomeOf(create) === 'FAILED') {
    if (create.physicalResourceId === undefined) {
      notes.push('the Create got no usable answer, so there is no physical id for the Delete of CloudFormation\'s rollback: the lifecycle stops here');
      return { notes };
    }
    notes.push('the Create failed: CloudFormation rolls the stack back and sends a Delete for the id the Create answered');
    await player.send({ label: 'Delete (rollback)', requestType: 'Delete', properties: original, physicalResourceId: create.physicalResourceId });
    return { notes };
  }
  let id = create.physicalResourceId!;
  let current = original;
  if (updated === undefined) {
    notes.push('no new properties were given, so no Update was played (CloudFormation sends none when the properties do not change)');
  } else {
    const update = await player.send({ label: 'Update', requestType: 'Update', properties: updated, oldProperties: original, physicalResourceId: id });
    if (outcomeOf(update) === 'SUCCESS') {
      current = updated;
      if (update.physicalResourceId !== id) {
        notes.push(`the Update answered a new physical id: a replacement, so CloudFormation deletes the old id ${id} once the update is done`);
        // The update is done: the stack's resources all exist while the old id is deleted.
        await player.send({ label: 'Delete (old id)', requestType: 'Delete', properties: original, physicalResourceId: id, existing: 'all' });
        id = update.physicalResourceId!;
      }
    } else {
      notes.push('the Update failed: CloudFormation rolls back with an Update from the new properties to the old ones');
      const rollback = await player.send({ label: 'Update (rollback)', requestType: 'Update', properties: original, oldProperties: updated, physicalResourceId: id });
      if (outcomeOf(rollback) === 'FAILED') {
        notes.push('the rollback failed too: the stack would be left in UPDATE_ROLLBACK_FAILED; the lifecycle stops here');
        return { notes };
      }
    }
  }
  await player.send({ label: 'Delete', requestType: 'Delete', properties: current, physicalResourceId: id });
  return { notes };
}
