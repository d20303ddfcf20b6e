/**
 * The human report: certain failures first, then possible ones (across all stacks), then each
 * stack's changes and probable renames, then a summary line.
 */
import { StackDiff } from './predict-stacks';
import { renderChanges } from './render-changes';
import { renderDataVerdicts } from './render-data-verdicts';
import { renderOutputs } from './render-outputs';
import { renderRefactor } from './render-refactor';
import { renderSecurity } from './render-security';
import { summaryLine } from './summary';
import { FailureVerdict, RefactorPlan } from '../../../change-set';
import { aggregate, GroupKey, GroupNode } from '../../../review/aggregate';
import { changeCounts, Review, ReviewChange } from '../../../review/review-model';
import { Style } from '../../render/style';

/** What the report shows beside the changes: the review (its counts, levels and aggregation) and a refactor plan. */
export interface TextExtras {
  /** The review of the changes: the summary counts its changes; with `showLevels`, its levels lead the report. */
  readonly review: Review;
  /** With review rules: the changes at fail and warn lead the report, and the levels are counted. */
  readonly showLevels?: boolean;
  /** `--group-by`: the changes folded into a tree before the summary. */
  readonly groupBy?: readonly GroupKey[];
  /** A refactor plan: its moves and steps come before the summary. */
  readonly plan?: RefactorPlan;
  /** Where the plan was written. */
  readonly planFile?: string;
}

/** Renders the report, ending with a newline. */
export function renderText(diffs: readonly StackDiff[], style: Style, extras: TextExtras): string {
  const lines: string[] = [];
  if (extras.showLevels === true) lines.push(...reviewLines(extras.review, style));
  const failures = diffs.flatMap((diff) => diff.changeSet.failures.map((failure) => ({
    stack: diff.name,
    failure,
    constructPath: diff.constructPaths.get(failure.nestedStackPath ?? '')?.get(failure.logicalResourceId),
    reviewed: reviewedFailure(extras.review, diff.name ?? '', failure),
  })));
  const certain = failures.filter(({ failure }) => failure.certainty === 'Certain');
  const possible = failures.filter(({ failure }) => failure.certainty !== 'Certain');
  if (certain.length > 0) {
    lines.push(style.replaced('Certain failures: CloudFormation will fail to apply these changes'));
    for (const { stack, failure, constructPath, reviewed } of certain) {
      lines.push(...failureLines('[!]', stack, failure, constructPath, style.replaced));
      if (reviewed?.lowered !== undefined) lines.push(`    ${style.warning(`${reviewed.levelReason} (level ${reviewed.level}, not ${reviewed.lowered.from})`)}`);
    }
    lines.push('');
  }
  lines.push(...renderDataVerdicts(diffs, style));
  lines.push(...renderSecurity(diffs, style));
  if (possible.length > 0) {
    lines.push(style.warning('Possible failures: CloudFormation may fail to apply these changes'));
    for (const { stack, failure, constructPath } of possible) lines.push(...failureLines('[?]', stack, failure, constructPath, style.warning));
    lines.push('');
  }

  for (const diff of diffs) {
    if (diff.name !== undefined) lines.push(style.heading(stackHeader(diff)));
    const changes = renderChanges(diff.changeSet, style, diff.constructPaths);
    if (changes.length === 0 && diff.changeSet.outputs.length === 0) {
      lines.push('There were no differences');
    } else if (changes.length === 0) {
      lines.push('No resource changes');
    } else {
      lines.push(style.heading('Resources'), ...changes);
    }
    lines.push(...renderOutputs(diff.changeSet, style));
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
  if (extras.groupBy !== undefined) {
    const tree = aggregate(extras.review.changes.filter((change) => change.level !== 'ignore'), extras.groupBy);
    lines.push(style.heading(`Changes grouped by ${extras.groupBy.join(', then ')}`), ...treeLines(tree, ''), '');
  }
  lines.push(...renderRefactor(extras.plan, style, extras.planFile));
  lines.push(summaryLine(changeCounts(extras.review.changes)));
  if (extras.showLevels === true) {
    const levels = extras.review.counts.byLevel;
    lines.push(`Review: ${levels.fail} fail, ${levels.warn} warn, ${levels.info} info, ${levels.ignore} ignored`);
  }
  return `${lines.join('\n')}\n`;
}

/** The review change of a failure: the output's for an export in use, else the resource's. */
function reviewedFailure(review: Review, stack: string, failure: FailureVerdict): ReviewChange | undefined {
  const candidates = review.changes.filter((change) => change.stack === stack && change.nestedStackPath === failure.nestedStackPath
    && change.logicalId === failure.logicalResourceId && change.failure !== undefined);
  return candidates.find((change) => (change.output !== undefined) === (failure.exportName !== undefined)) ?? candidates[0];
}

/** The changes review rules (or --fail-on) put at fail or warn, with the reason; then certain failures a rule lowered. */
function reviewLines(review: Review, style: Style): string[] {
  const lines: string[] = [];
  const lowered = review.changes.filter((change) => change.lowered !== undefined);
  if (lowered.length > 0) {
    lines.push(style.warning('Certain failures lowered by rules (CloudFormation will still fail them):'));
    for (const change of lowered) lines.push(`${style.warning(`[${change.level}]`)} ${describe(change)}`, `    ${change.levelReason}`);
    lines.push('');
  }
  for (const [level, title, colour] of [['fail', 'Fails the review', style.replaced], ['warn', 'Warnings of the review', style.warning]] as const) {
    const changes = review.changes.filter((change) => change.level === level);
    if (changes.length === 0) continue;
    lines.push(colour(`${title}:`));
    for (const change of changes) lines.push(`${colour(level === 'fail' ? '[fail]' : '[warn]')} ${describe(change)}`, `    ${change.ruleId === undefined ? '' : `${change.ruleId}: `}${change.levelReason}`);
    lines.push('');
  }
  return lines;
}

function describe(change: ReviewChange): string {
  const where = [...(change.stack === '' ? [] : [`stack ${change.stack}`]), ...(change.nestedStackPath === undefined ? [] : [`nested stack ${change.nestedStackPath}`])];
  return `${change.resourceType} ${change.constructPath === undefined ? '' : `${change.constructPath} `}${change.logicalId}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
}

/** `type AWS::S3::Bucket (3)` lines, nested two spaces per level. */
function treeLines(nodes: readonly GroupNode[], indent: string): string[] {
  return nodes.flatMap((node) => [
    `${indent}${node.by} ${node.value} (${node.count})`,
    ...(node.children.length > 0 ? treeLines(node.children, `${indent}  `) : node.changes.map((change) => `${indent}  ${change.logicalId}${change.stack === '' ? '' : ` (${change.stack}${change.nestedStackPath === undefined ? '' : `/${change.nestedStackPath}`})`}`)),
  ]);
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
  const exported = failure.exportName === undefined ? '' : ` (export ${failure.exportName})`;
  return [
    `${colour(marker)} ${failure.resourceType} ${constructPath === undefined ? '' : `${constructPath} `}${failure.logicalResourceId}${exported}${where.length > 0 ? ` (${where.join(', ')})` : ''}`,
    `    ${failure.reason}`,
  ];
}
