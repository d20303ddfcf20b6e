/** The table that closes an invoke run: each step, its status, physical id and duration. */
import { PlayResult } from '../../../local/play/step-result';
import { outcomeOf } from '../../../local/protocol/check-response';
import { Style } from '../../render/style';
import { renderTable } from '../../render/table';

/** The summary lines: notes about the play, the table, the totals. */
export function renderSummary(play: PlayResult, style: Style): string[] {
  const lines = play.notes.map((note) => style.warning(`note: ${note}`));
  if (play.notes.length > 0) lines.push('');
  if (play.steps.length === 0) return [...lines, 'Nothing was played.'];
  const rows = play.steps.map((step) => [
    String(step.index),
    step.label,
    step.logicalResourceId,
    statusCell(step.status, step.violations.length, style),
    step.physicalResourceId ?? '-',
    duration(step.durationMs),
  ]);
  lines.push(...renderTable([['#', 'Request', 'Resource', 'Status', 'Physical id', 'Time'].map(style.heading), ...rows]));
  const violations = play.steps.reduce((total, step) => total + step.violations.length, 0);
  const failed = play.steps.filter((step) => outcomeOf(step) === 'FAILED').length;
  lines.push('', `Result: ${play.steps.length} request${play.steps.length === 1 ? '' : 's'}, ${play.steps.length - failed} succeeded, ${failed} failed, ${violations} protocol violation${violations === 1 ? '' : 's'}`);
  return lines;
}

function statusCell(status: string | undefined, violations: number, style: Style): string {
  const text = status ?? 'NO ANSWER';
  const coloured = status === 'SUCCESS' && violations === 0 ? style.added(text) : style.removed(text);
  return violations === 0 ? coloured : `${coloured} ${style.replaced(`(${violations} violation${violations === 1 ? '' : 's'})`)}`;
}

/** `212 ms`, or `3.40 s` from a second on. */
export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}
