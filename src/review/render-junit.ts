/**
 * `--junit <file>`: one test case per stack, for CI dashboards. A stack with a change at level
 * `fail` is a failed test case, its failure listing those changes; warnings go to the case's
 * `system-out`, so a dashboard shows them without failing the build, after the stack's notes (a
 * stack the app no longer has stays deployed).
 */
import { visible } from './plain-text';
import { explain } from './reference-chain';
import type { Review, ReviewChange } from './review-model';

/** The JUnit XML of a review. */
export function renderJunit(review: Review, durationMs: number): string {
  const cases = review.stacks.map((stack) => {
    const name = stack.name === '' ? 'template' : stack.name;
    const failing = stack.changes.filter((change) => change.level === 'fail');
    const warnings = stack.changes.filter((change) => change.level === 'warn' || (change.lowered !== undefined && change.level !== 'fail'));
    const body = [
      ...(failing.length === 0 ? [] : [
        `      <failure message="${attribute(`${failing.length} change${failing.length === 1 ? '' : 's'} fail${failing.length === 1 ? 's' : ''} the review`)}" type="cdk-lifecycle">${text(failing.map(line))}</failure>`,
      ]),
      ...(warnings.length === 0 && stack.notes === undefined ? [] : [
        `      <system-out>${text([...(stack.notes ?? []).map((note) => `NOTE ${note}`), ...warnings.map(line)])}</system-out>`,
      ]),
    ];
    const open = `    <testcase classname="cdk-lifecycle.diff" name="${attribute(name)}" time="0">`;
    return body.length === 0 ? `${open.replace(/>$/, ' />')}` : [open, ...body, '    </testcase>'].join('\n');
  });
  const failures = review.stacks.filter((stack) => stack.changes.some((change) => change.level === 'fail')).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="cdk-lifecycle diff" tests="${review.stacks.length}" failures="${failures}" errors="0" time="${(durationMs / 1000).toFixed(3)}">`,
    `  <testsuite name="cdk-lifecycle diff" tests="${review.stacks.length}" failures="${failures}" errors="0" skipped="0" time="${(durationMs / 1000).toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** One change, in one line. */
function line(change: ReviewChange): string {
  const reason = explain(change);
  return `${change.level.toUpperCase()} ${change.action}${change.replacement === undefined || change.replacement === 'False' ? '' : ` (replace: ${change.replacement})`} ${change.resourceType} ${change.constructPath ?? change.logicalId}${change.nestedStackPath === undefined ? '' : ` (nested stack ${change.nestedStackPath})`}: ${reason}${change.lowered !== undefined ? ` [${change.levelReason}]` : change.ruleId === undefined ? '' : ` [${change.ruleId}]`}`;
}

/**
 * Lines as XML text, one per line, each line's hidden characters (a value's own line break
 * included) shown as escapes (`\x1b`, as the text report shows them): nothing XML 1.0 cannot hold
 * is written, its controls and lone surrogates being escapes and the non-characters U+FFFE and
 * U+FFFF U+FFFD.
 */
function text(lines: readonly string[]): string {
  return lines.map(visible).join('\n')
    .replace(/[\uFFFE\uFFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function attribute(value: string): string {
  return text([value]).replace(/"/g, '&quot;');
}
