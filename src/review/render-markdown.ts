/**
 * `--markdown <file>`: a summary for a pull-request comment or `$GITHUB_STEP_SUMMARY`: the
 * counts, what fails the review, replacements and data verdicts with their reasons, then the
 * values that change (each changed path, before and after) and every change in collapsed sections. It stays within GitHub's comment limit (65,536 characters),
 * keeping the most important rows and saying how many were cut.
 */
import { markdownCode, markdownCodeBlock, markdownText } from './markdown-text';
import { explain } from './reference-chain';
import type { Review, ReviewChange } from './review-model';
import { securityRows as rowsOf } from './security/security-rows';

/** GitHub's limit on a comment body, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

const ICON: Record<ReviewChange['level'], string> = { fail: '❌', warn: '⚠️', info: 'ℹ️', ignore: '·' };

/** The Markdown summary, at most `limit` characters. */
export function renderMarkdown(review: Review, limit: number = GITHUB_COMMENT_LIMIT, planLines: readonly string[] = []): string {
  const c = review.counts;
  const head = [
    '## cdk-lifecycle: predicted changes',
    '',
    `**${c.byLevel.fail} fail · ${c.byLevel.warn} warn · ${c.byLevel.info} info${c.byLevel.ignore > 0 ? ` · ${c.byLevel.ignore} ignored` : ''}** in ${review.stacks.length} stack${review.stacks.length === 1 ? '' : 's'}: `
      + `${c.added} added, ${c.modified} modified in place, ${c.replaced} replaced, ${c.maybeReplaced} maybe replaced, ${c.removed} removed; `
      + `${c.certainFailures} certain and ${c.possibleFailures} possible failures; ${c.dataLoss} with data deleted; ${c.renames} probable renames${c.outputs > 0 ? `; ${c.outputs} outputs changed` : ''}`
      + `${c.securityBroadening > 0 ? `; ${c.securityBroadening} broadening permissions` : ''}`,
    '',
    ...stackNotes(review),
  ];
  const shown = review.changes.filter((change) => change.level !== 'ignore');
  const why = { columns: ['Level', 'Stack', 'Resource', 'Type', 'Why'], row: whyRow };
  const all = { columns: ['Level', 'Stack', 'Action', 'Resource', 'Type', 'Changed'], row: allRow };
  const sections: MarkdownSection[] = [
    { title: '⬇️ Certain failures lowered by rules (CloudFormation will still fail them)', ...why, rows: review.changes.filter((change) => change.lowered !== undefined).map(whyRow), collapsed: false },
    { title: `${ICON.fail} Fails the review`, ...why, rows: shown.filter((change) => change.level === 'fail').map(whyRow), collapsed: false },
    { title: `${ICON.warn} Failures, data and replacements to check`, ...why, rows: shown.filter((change) => change.level === 'warn').map(whyRow), collapsed: false },
    { title: '🔀 Renames and moves', columns: ['Stack', 'From', 'To', 'Type', 'Similarity'], rows: shown.filter((change) => change.rename?.direction === 'from').map(renameRow), collapsed: false },
    { title: '🔐 Security: IAM statements, managed policies and security-group rules', columns: ['', 'Stack', 'What', 'Statement or rule'], rows: securityRows(review), collapsed: false },
    { title: 'Values that change', columns: ['Stack', 'Resource', 'Path', 'Before', 'After'], rows: shown.flatMap(valueRows), collapsed: true },
    { title: 'All changes', ...all, rows: shown.map(allRow), collapsed: true },
  ];
  const out: string[] = [...head];
  let used = length(out);
  const cut: string[] = [];
  const footerRoom = 400;
  for (const section of sections) {
    if (section.rows.length === 0) continue;
    const header = [
      ...(section.collapsed ? [`<details><summary>${section.title} (${section.rows.length})</summary>`, ''] : [`### ${section.title} (${section.rows.length})`, '']),
      `| ${section.columns.join(' | ')} |`,
      `|${section.columns.map(() => '---').join('|')}|`,
    ];
    const closing = section.collapsed ? ['', '</details>', ''] : [''];
    if (used + length(header) + length(closing) + footerRoom > limit) {
      cut.push(`${section.title}: all ${section.rows.length}`);
      continue;
    }
    out.push(...header);
    used += length(header) + length(closing);
    let written = 0;
    for (const row of section.rows) {
      if (used + row.length + 1 + footerRoom > limit) break;
      out.push(row);
      used += row.length + 1;
      written++;
    }
    if (written < section.rows.length) cut.push(`${section.title}: ${section.rows.length - written} of ${section.rows.length}`);
    out.push(...closing);
  }
  if (planLines.length > 0) {
    const block = ['<details><summary>Refactor plan</summary>', '', ...markdownCodeBlock(planLines, 'text'), '', '</details>', ''];
    if (used + length(block) + footerRoom <= limit) out.push(...block);
    else cut.push('Refactor plan: all of it');
  }
  if (cut.length > 0) {
    out.push(`> **Cut to fit GitHub's ${limit.toLocaleString('en-US')}-character comment limit:** ${cut.join('; ')} row(s) not shown. The full review is in the JSON, HTML and SARIF outputs.`, '');
  }
  return out.join('\n');
}

/** What the review says of stacks as a whole (a stack the app no longer has stays deployed), as a list. */
function stackNotes(review: Review): string[] {
  const notes = review.stacks.flatMap((stack) => (stack.notes ?? []).map((note) => `- ${markdownCode(stack.name, false)}: ${cell(note)}`));
  return notes.length === 0 ? [] : ['**Stacks**', '', ...notes, ''];
}

/** A section of the summary: a table, its rows written already. */
interface MarkdownSection {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly string[];
  readonly collapsed: boolean;
}

/** A probable rename: the old logical id, the new one (whose change this is). */
function renameRow(change: ReviewChange): string {
  return `| ${cell(stackOf(change))} | ${cell(change.rename!.logicalId)} | ${cell(resourceOf(change))} | ${code(change.resourceType)} | ${change.rename!.similarity} |`;
}

/** A row per IAM statement, managed policy and security-group rule added (`+`, `+!` when it broadens) or removed. */
function securityRows(review: Review): string[] {
  return review.stacks.flatMap((stack) => [...stack.security ?? []].flatMap(([nested, changes]) => {
    const where = cell(`${stack.name || 'template'}${nested === '' ? '' : `/${nested}`}`);
    const mark = (change: '+' | '-', wide: boolean) => (wide ? '**+!**' : change);
    return rowsOf(changes).map((row) => `| ${mark(row.change, row.broadening)} | ${where} | ${cell(row.what)} | ${code(row.text)} |`);
  }));
}

/** A row per changed path of each direct change's value. */
function valueRows(change: ReviewChange): string[] {
  return change.details.flatMap((detail) => (detail.valueChanges ?? []).map((value) =>
    `| ${cell(stackOf(change))} | ${cell(resourceOf(change))} | ${code(value.path)} | ${code(value.before)} | ${code(value.after)} |`));
}

/** A value in a table cell, whole, as a code span. */
function code(value: string | undefined): string {
  return value === undefined ? '(none)' : markdownCode(value);
}

function whyRow(change: ReviewChange): string {
  const why = explain(change);
  const rule = change.lowered !== undefined ? ` — ${cell(change.levelReason)}` : change.ruleId === undefined ? '' : ` — rule ${code(change.ruleId)}: ${cell(change.levelReason)}`;
  return `| ${ICON[change.level]} ${change.level} | ${cell(stackOf(change))} | ${cell(resourceOf(change))} | ${code(change.resourceType)} | ${cell(why)}${rule} |`;
}

function allRow(change: ReviewChange): string {
  const action = change.replacement === 'True' ? 'Replace' : change.replacement === 'Conditional' ? 'Maybe replace' : change.action;
  const changed = change.details.map((detail) => detail.target).filter((target, index, all) => all.indexOf(target) === index).join(', ');
  return `| ${ICON[change.level]} | ${cell(stackOf(change))} | ${action} | ${cell(resourceOf(change))} | ${code(change.resourceType)} | ${cell(changed)} |`;
}

function stackOf(change: ReviewChange): string {
  return `${change.stack || 'template'}${change.nestedStackPath === undefined ? '' : `/${change.nestedStackPath}`}`;
}

function resourceOf(change: ReviewChange): string {
  return change.constructPath === undefined ? change.logicalId : `${change.constructPath} (${change.logicalId})`;
}

/** Text in a table cell or a list item, shown as written (markdown-text.ts). */
function cell(value: string): string {
  return markdownText(value);
}

function length(lines: readonly string[]): number {
  return lines.reduce((total, line) => total + line.length + 1, 0);
}
