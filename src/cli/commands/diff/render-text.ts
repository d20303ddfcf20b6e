/**
 * The human report, one more renderer of the review model (as the HTML, Markdown, SARIF and
 * JUnit are, so their counts agree): certain failures first, data verdicts, security changes,
 * possible failures (across all stacks), then each stack's changes, outputs and probable
 * renames, then a summary line.
 */
import { describeChange } from './describe-change';
import { renderChanges } from './render-changes';
import { renderDataVerdicts } from './render-data-verdicts';
import { renderOutputs } from './render-outputs';
import { renderRefactor } from './render-refactor';
import { renderSecurity, securityCounts } from './render-security';
import { summaryLine } from './summary';
import { RefactorPlan } from '../../../change-set';
import { aggregate, GroupKey, GroupNode } from '../../../review/aggregate';
import { plainLines } from '../../../review/plain-text';
import { changeCounts, Review, ReviewChange, ReviewStack } from '../../../review/review-model';
import { Style } from '../../render/style';

/** What the report shows beside the review's changes: its levels, an aggregation and a refactor plan. */
export interface TextExtras {
  /** With review rules: the changes at fail and warn lead the report, and the levels are counted. */
  readonly showLevels?: boolean;
  /** `--group-by`: the changes folded into a tree before the summary. */
  readonly groupBy?: readonly GroupKey[];
  /** A refactor plan: its moves and steps come before the summary. */
  readonly plan?: RefactorPlan;
  /** Where the plan was written. */
  readonly planFile?: string;
  /** `--security-only`: the security changes alone, and their count. */
  readonly securityOnly?: boolean;
}

/**
 * Renders the report of the review, ending with a newline. Values are shown with their control
 * characters as escapes and no line is a CI command (plain-text.ts); the style's colours stay.
 */
export function renderText(review: Review, style: Style, extras: TextExtras = {}): string {
  if (extras.securityOnly === true) return securityOnly(review, style);
  const lines: string[] = [];
  if (extras.showLevels === true) lines.push(...reviewLines(review, style));
  const failures = review.changes.filter((change) => change.failure !== undefined);
  const certain = failures.filter((change) => change.failure?.certainty === 'Certain');
  const possible = failures.filter((change) => change.failure?.certainty !== 'Certain');
  if (certain.length > 0) {
    lines.push(style.replaced('Certain failures: CloudFormation will fail to apply these changes'));
    for (const change of certain) {
      lines.push(...failureLines('[!]', change, style.replaced));
      if (change.lowered !== undefined) lines.push(`    ${style.warning(`${change.levelReason} (level ${change.level}, not ${change.lowered.from})`)}`);
    }
    lines.push('');
  }
  lines.push(...renderDataVerdicts(review, style));
  lines.push(...renderSecurity(review, style));
  if (possible.length > 0) {
    lines.push(style.warning('Possible failures: CloudFormation may fail to apply these changes'));
    for (const change of possible) lines.push(...failureLines('[?]', change, style.warning));
    lines.push('');
  }

  for (const stack of review.stacks) {
    // Two template files compared: one stack, without a name.
    if (stack.name !== '') lines.push(style.heading(stackHeader(stack)));
    for (const note of stack.notes ?? []) lines.push(`note: ${note}`);
    const changes = renderChanges(stack.changes, style);
    const outputs = renderOutputs(stack.changes, style);
    if (changes.length === 0 && outputs.length === 0) {
      // A stack with notes and no change (one that stays deployed) is described by its notes.
      if (stack.notes === undefined) lines.push('There were no differences');
    } else if (changes.length === 0) {
      lines.push('No resource changes');
    } else {
      lines.push(style.heading('Resources'), ...changes);
    }
    lines.push(...outputs);
    const renames = stack.changes.filter((change) => change.rename?.direction === 'from');
    if (renames.length > 0) {
      lines.push(style.heading('Probable renames'));
      for (const change of renames) {
        const where = change.nestedStackPath === undefined ? '' : `, nested stack ${change.nestedStackPath}`;
        lines.push(`${change.rename!.logicalId} → ${change.logicalId} (${change.resourceType}, similarity ${change.rename!.similarity}${where})`);
      }
    }
    lines.push('');
  }
  if (extras.groupBy !== undefined) {
    const tree = aggregate(review.changes.filter((change) => change.level !== 'ignore'), extras.groupBy);
    lines.push(style.heading(`Changes grouped by ${extras.groupBy.join(', then ')}`), ...treeLines(tree, ''), '');
  }
  lines.push(...renderRefactor(extras.plan, style, extras.planFile));
  lines.push(summaryLine(changeCounts(review.changes)));
  if (extras.showLevels === true) {
    const levels = review.counts.byLevel;
    lines.push(`Review: ${levels.fail} fail, ${levels.warn} warn, ${levels.info} info, ${levels.ignore} ignored`);
  }
  return `${plainLines(lines, style.sequences).join('\n')}\n`;
}

/** `--security-only`: the security section, or that there is none, and a count of its lines. */
function securityOnly(review: Review, style: Style): string {
  const { changed, broadening } = securityCounts(review);
  const section = renderSecurity(review, style);
  const lines = section.length === 0 ? ['No security changes', ''] : section;
  return `${plainLines([...lines, `Security: ${changed} added or removed (IAM statements, managed policies, security-group rules), ${broadening} broadening permissions`], style.sequences).join('\n')}\n`;
}

/** The changes review rules (or --fail-on) put at fail or warn, with the reason; then certain failures a rule lowered. */
function reviewLines(review: Review, style: Style): string[] {
  const lines: string[] = [];
  const lowered = review.changes.filter((change) => change.lowered !== undefined);
  if (lowered.length > 0) {
    lines.push(style.warning('Certain failures lowered by rules (CloudFormation will still fail them):'));
    for (const change of lowered) lines.push(`${style.warning(`[${change.level}]`)} ${describeChange(change)}`, `    ${change.levelReason}`);
    lines.push('');
  }
  for (const [level, title, colour] of [['fail', 'Fails the review', style.replaced], ['warn', 'Warnings of the review', style.warning]] as const) {
    const changes = review.changes.filter((change) => change.level === level);
    if (changes.length === 0) continue;
    lines.push(colour(`${title}:`));
    for (const change of changes) lines.push(`${colour(level === 'fail' ? '[fail]' : '[warn]')} ${describeChange(change)}`, `    ${change.ruleId === undefined ? '' : `${change.ruleId}: `}${change.levelReason}`);
    lines.push('');
  }
  return lines;
}

/** `type AWS::S3::Bucket (3)` lines, nested two spaces per level. */
function treeLines(nodes: readonly GroupNode[], indent: string): string[] {
  return nodes.flatMap((node) => [
    `${indent}${node.by} ${node.value} (${node.count})`,
    ...(node.children.length > 0 ? treeLines(node.children, `${indent}  `) : node.changes.map((change) => `${indent}  ${change.logicalId}${change.stack === '' ? '' : ` (${change.stack}${change.nestedStackPath === undefined ? '' : `/${change.nestedStackPath}`})`}`)),
  ]);
}

function stackHeader(stack: ReviewStack): string {
  const path = stack.displayName === undefined ? '' : ` (${stack.displayName})`;
  const side = stack.onlyIn === 'after' ? ': new stack' : stack.onlyIn === 'before' ? ': no longer in the app, stays deployed' : '';
  return `Stack ${stack.name}${path}${side}`;
}

function failureLines(marker: string, change: ReviewChange, colour: (text: string) => string): string[] {
  return [`${colour(marker)} ${describeChange(change, change.output?.exportName)}`, `    ${change.failure?.reason ?? ''}`];
}
