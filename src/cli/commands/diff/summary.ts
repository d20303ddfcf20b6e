import { ChangeCounts } from '../../../review/review-model';

/** `Summary: 1 added, 2 modified in place, ...`: the counts of every change compared, nested stacks included. */
export function summaryLine(summary: ChangeCounts): string {
  const parts = [
    `${summary.added} added`,
    `${summary.modified} modified in place`,
    `${summary.replaced} replaced`,
    `${summary.maybeReplaced} maybe replaced`,
    `${summary.removed} removed`,
  ];
  const failures = [plural(summary.certainFailures, 'certain failure'), plural(summary.possibleFailures, 'possible failure')];
  const data = summary.dataVerdicts === 0 ? '' : `; ${plural(summary.dataVerdicts, 'data verdict')} (${summary.dataLoss} deleting data)`;
  const outputs = summary.outputs === 0 ? '' : `; ${plural(summary.outputs, 'output')} changed`;
  const security = summary.securityBroadening === 0 ? '' : `; ${plural(summary.securityBroadening, 'change')} broadening permissions`;
  return `Summary: ${parts.join(', ')}; ${failures.join(', ')}; ${plural(summary.renames, 'probable rename')}${data}${outputs}${security}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
