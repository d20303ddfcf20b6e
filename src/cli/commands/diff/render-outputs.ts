/**
 * One stack's outputs in the text report, from the review model: each output the update adds,
 * modifies or removes (nested stacks' included), its export, whether its value changes and why,
 * what fails, and what cannot be known offline.
 */
import { ReviewChange, ReviewOutput } from '../../../review/review-model';
import { Style } from '../../render/style';

const MARKERS: Readonly<Record<string, string>> = { Add: '[+]', Remove: '[-]', Modify: '[~]', None: '[=]' };

/** The section's lines: none when no output of the stack changes. */
export function renderOutputs(changes: readonly ReviewChange[], style: Style): string[] {
  const outputs = changes.filter((change): change is ReviewChange & { output: ReviewOutput } => change.output !== undefined);
  if (outputs.length === 0) return [];
  return [style.heading('Outputs'), ...outputs.flatMap((change) => outputLines(change, style))];
}

function outputLines(change: ReviewChange & { output: ReviewOutput }, style: Style): string[] {
  const output = change.output;
  const colour = output.outputAction === 'Add' ? style.added : output.outputAction === 'Remove' ? style.removed : style.modified;
  const where = change.nestedStackPath === undefined ? '' : ` (nested stack ${change.nestedStackPath})`;
  const exported = output.exportName === undefined ? ''
    : output.previousExportName === undefined ? ` export ${output.exportName}` : ` export ${output.previousExportName} → ${output.exportName}`;
  const verdict = change.failure === undefined ? '' : ` ${change.failure.certainty === 'Certain' ? style.replaced('[will fail]') : style.warning('[may fail]')}`;
  const lines = [`${colour(MARKERS[output.outputAction] ?? '[~]')} ${change.logicalId}${where}${exported}${verdict}`];
  if (output.valueChange !== 'None') {
    const how = output.valueChange === 'Certain' ? 'the value changes' : 'the value may change';
    lines.push(`    ${how}: ${output.valueChangeReason ?? ''}`.trimEnd());
  }
  for (const note of output.notes) lines.push(`    ${style.faint('note:')} ${note}`);
  return lines;
}
