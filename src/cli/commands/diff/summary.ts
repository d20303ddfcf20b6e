import { StackDiff } from './predict-stacks';
import { PredictedChangeSet, PredictedResourceChange } from '../../../change-set';

/** Counts over every stack compared, nested stacks included. */
export interface Summary {
  readonly added: number;
  readonly modified: number;
  readonly replaced: number;
  readonly maybeReplaced: number;
  readonly removed: number;
  readonly certainFailures: number;
  readonly possibleFailures: number;
  readonly renames: number;
  /** Removed or replaced data-bearing resources. */
  readonly dataVerdicts: number;
  /** Those whose data is deleted (certainly or possibly). */
  readonly dataDeleted: number;
}

/** Adds up the changes, failures and probable renames of all the stacks. */
export function summarize(diffs: readonly StackDiff[]): Summary {
  const changes = diffs.flatMap((diff) => everyChange(diff.changeSet));
  const failures = diffs.flatMap((diff) => diff.changeSet.failures);
  const verdicts = diffs.flatMap((diff) => diff.changeSet.dataVerdicts);
  const count = (predicate: (change: PredictedResourceChange) => boolean) => changes.filter(predicate).length;
  return {
    added: count((change) => change.action === 'Add'),
    modified: count((change) => change.action === 'Modify' && change.replacement === 'False'),
    replaced: count((change) => change.replacement === 'True'),
    maybeReplaced: count((change) => change.replacement === 'Conditional'),
    removed: count((change) => change.action === 'Remove'),
    certainFailures: failures.filter((failure) => failure.certainty === 'Certain').length,
    possibleFailures: failures.filter((failure) => failure.certainty !== 'Certain').length,
    renames: diffs.reduce((total, diff) => total + diff.changeSet.renames.length, 0),
    dataVerdicts: verdicts.length,
    dataDeleted: verdicts.filter((verdict) => verdict.fate === 'Deleted').length,
  };
}

/** The changes of a change set and of its nested change sets, depth first. */
export function everyChange(changeSet: PredictedChangeSet): PredictedResourceChange[] {
  return [...changeSet.changes, ...Object.values(changeSet.nestedChangeSets).flatMap(everyChange)];
}

/** `Summary: 1 added, 2 modified in place, ...`. */
export function summaryLine(summary: Summary): string {
  const parts = [
    `${summary.added} added`,
    `${summary.modified} modified in place`,
    `${summary.replaced} replaced`,
    `${summary.maybeReplaced} maybe replaced`,
    `${summary.removed} removed`,
  ];
  const failures = [plural(summary.certainFailures, 'certain failure'), plural(summary.possibleFailures, 'possible failure')];
  const data = summary.dataVerdicts === 0 ? '' : `; ${plural(summary.dataVerdicts, 'data verdict')} (${summary.dataDeleted} deleting data)`;
  return `Summary: ${parts.join(', ')}; ${failures.join(', ')}; ${plural(summary.renames, 'probable rename')}${data}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
