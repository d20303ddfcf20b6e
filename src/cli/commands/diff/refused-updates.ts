/**
 * Stacks CloudFormation refuses to update: a stack in `UPDATE_ROLLBACK_FAILED`, in
 * `DELETE_FAILED`, or with an operation in progress (`refusedUpdate` in
 * `cli/input/deployed-state.ts`) takes no update, so every change the prediction has for it is a
 * certain failure, counted in the summary and the exit codes like any other, in every output.
 * Known only when the deployed side is a snapshot or `--deployed` (the status is read with the
 * templates); a stack with no change is left alone: nothing is asked of CloudFormation.
 */
import { StackDiff } from './predict-stacks';
import { refusedUpdate } from '../../input/deployed-state';
import { Side } from '../../input/stack-pairs';

/** The diffs, each stack that CloudFormation refuses to update with its changes failing. */
export function withRefusedUpdates(diffs: readonly StackDiff[], before: Side): StackDiff[] {
  if (before.kind !== 'assembly' || before.deployed === undefined) return [...diffs];
  const stacks = before.deployed.stacks;
  return diffs.map((diff) => {
    const status = diff.name === undefined || diff.onlyIn !== undefined || !Object.prototype.hasOwnProperty.call(stacks, diff.name)
      ? undefined
      : stacks[diff.name].status;
    const reason = status === undefined ? undefined : refusedUpdate(diff.name!, status);
    if (reason === undefined) return diff;
    return { ...diff, changeSet: diff.changeSet._withStackFailure({ certainty: 'Certain', reason }) };
  });
}
