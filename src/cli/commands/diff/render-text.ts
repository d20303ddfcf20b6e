/**
 * The human report: certain failures first, then possible ones (across all stacks), then each
 * stack's changes and probable renames, then a summary line.
 */
import { StackDiff } from './predict-stacks';
import { renderChanges } from './render-changes';
import { renderDataVerdicts } from './render-data-verdicts';
import { renderRefactor } from './render-refactor';
import { summarize, summaryLine } from './summary';
import { FailureVerdict, RefactorPlan } from '../../../change-set';
import { Style } from '../../render/style';

/**
 * Renders the report, ending with a newline. With a refactor plan, its moves and steps come
 * before the summary (`planFile`: where the plan was written).
 */
export function renderText(diffs: readonly StackDiff[], style: Style, plan?: RefactorPlan, planFile?: string): string {
  const lines: string[] = [];
  const failures = diffs.flatMap((diff) => diff.changeSet.failures.map((failure) => ({
    stack: diff.name,
    failure,
    constructPath: diff.constructPaths.get(failure.nestedStackPath ?? '')?.get(failure.logicalResourceId),
  })));
  const certain = failures.filter(({ failure }) => failure.certainty === 'Certain');
  const possible = failures.filter(({ failure }) => failure.certainty !== 'Certain');
  if (certain.length > 0) {
    lines.push(style.replaced('Certain failures: CloudFormation will fail to apply these changes'));
    for (const { stack, failure, constructPath } of certain) lines.push(...failureLines('[!]', stack, failure, constructPath, style.replaced));
    lines.push('');
  }
  lines.push(...renderDataVerdicts(diffs, style));
  if (possible.length > 0) {
    lines.push(style.warning('Possible failures: CloudFormation may fail to apply these changes'));
    for (const { stack, failure, constructPath } of possible) lines.push(...failureLines('[?]', stack, failure, constructPath, style.warning));
    lines.push('');
  }

  for (const diff of diffs) {
    if (diff.name !== undefined) lines.push(style.heading(stackHeader(diff)));
    const changes = renderChanges(diff.changeSet, style, diff.constructPaths);
    if (changes.length === 0) {
      lines.push('There were no differences');
    } else {
      lines.push(style.heading('Resources'), ...changes);
    }
    const renames = diff.changeSet.renames;
    if (renames.length > 0) {
      lines.push(style.heading('Probable renames'));
      for (const rename of renames) {
        const where = rename.nestedStackPath === undefined ? '' : `, nested stack ${rename.nestedStackPath}`;
        lines.push(`${rename.fromLogicalId} → ${rename.toLogicalId} (${rename.resourceType}, similarity ${rename.similarity}${where})`);
      }
    }
    lines.push('');
  }
  lines.push(...renderRefactor(plan, style, planFile));
  lines.push(summaryLine(summarize(diffs)));
  return `${lines.join('\n')}\n`;
}

function stackHeader(diff: StackDiff): string {
  const path = diff.displayName === undefined ? '' : ` (${diff.displayName})`;
  const side = diff.onlyIn === 'after' ? ': new stack' : diff.onlyIn === 'before' ? ': stack removed' : '';
  return `Stack ${diff.name}${path}${side}`;
}

function failureLines(
  marker: string, stack: string | undefined, failure: FailureVerdict, constructPath: string | undefined, colour: (text: string) => string,
): string[] {
  const where = [
    ...(stack === undefined ? [] : [`stack ${stack}`]),
    ...(failure.nestedStackPath === undefined ? [] : [`nested stack ${failure.nestedStackPath}`]),
  ];
  return [
    `${colour(marker)} ${failure.resourceType} ${constructPath === undefined ? '' : `${constructPath} `}${failure.logicalResourceId}${where.length > 0 ? ` (${where.join(', ')})` : ''}`,
    `    ${failure.reason}`,
  ];
}
