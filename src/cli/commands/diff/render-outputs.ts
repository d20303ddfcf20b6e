/**
 * One stack's outputs in the text report: each output the update adds, modifies or removes
 * (nested stacks' included), its export, whether its value changes and why, what fails, and
 * what cannot be known offline.
 */
import { PredictedChangeSet, PredictedOutputChange } from '../../../change-set';
import { Style } from '../../render/style';

const MARKERS: Readonly<Record<string, string>> = { Add: '[+]', Remove: '[-]', Modify: '[~]', None: '[=]' };

/** The section's lines: none when no output changes. */
export function renderOutputs(changeSet: PredictedChangeSet, style: Style): string[] {
  const outputs = changeSet.outputs;
  if (outputs.length === 0) return [];
  return [style.heading('Outputs'), ...outputs.flatMap((output) => outputLines(output, style))];
}

function outputLines(output: PredictedOutputChange, style: Style): string[] {
  const colour = output.action === 'Add' ? style.added : output.action === 'Remove' ? style.removed : style.modified;
  const where = output.nestedStackPath === undefined ? '' : ` (nested stack ${output.nestedStackPath})`;
  const exported = output.exportName === undefined ? ''
    : output.previousExportName === undefined ? ` export ${output.exportName}` : ` export ${output.previousExportName} → ${output.exportName}`;
  const verdict = output.failure === undefined ? '' : ` ${output.failure.certainty === 'Certain' ? style.replaced('[will fail]') : style.warning('[may fail]')}`;
  const lines = [`${colour(MARKERS[output.action] ?? '[~]')} ${output.outputId}${where}${exported}${verdict}`];
  if (output.valueChange !== 'None') {
    const how = output.valueChange === 'Certain' ? 'the value changes' : 'the value may change';
    lines.push(`    ${how}: ${output.valueChangeReason ?? ''}`.trimEnd());
  }
  for (const note of output.notes) lines.push(`    ${style.faint('note:')} ${note}`);
  return lines;
}
