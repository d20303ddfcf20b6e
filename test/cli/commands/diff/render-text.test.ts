/** The text report is one more renderer of the review model: what it lists is what the review holds. */
import { renderText } from '../../../../src/cli/commands/diff/render-text';
import { styleFor } from '../../../../src/cli/render/style';
import { Review, ReviewChange } from '../../../../src/review/review-model';
import { reviewSides } from '../../../review/helpers';

const plain = styleFor(false);

/** The review without the changes `drop` picks, its stacks and counts kept as they were. */
function without(review: Review, drop: (change: ReviewChange) => boolean): Review {
  return {
    ...review,
    changes: review.changes.filter((change) => !drop(change)),
    stacks: review.stacks.map((stack) => ({ ...stack, changes: stack.changes.filter((change) => !drop(change)) })),
  };
}

describe('GIVEN the review of the fixture assemblies (4 stacks, a nested stack, a Stage)', () => {
  const review = reviewSides('assembly-before', 'assembly-after');

  test('WHEN rendered THEN each stack has its heading, and every resource change of the review is on a marker line of it', () => {
    const text = renderText(review, plain);
    for (const stack of review.stacks) expect(text).toContain(`Stack ${stack.name}`);
    const markerLines = text.split('\n').filter((line) => /^\s*\[(\+|-|~|-\/\+|-\/\+\?)\] [A-Z]/.test(line) && !line.includes('IAM statement'));
    const resources = review.changes.filter((change) => change.output === undefined);
    expect(markerLines.length).toBe(resources.length);
    for (const change of resources) expect(markerLines.some((line) => line.includes(` ${change.resourceType} `) && line.includes(change.logicalId))).toBe(true);
  });

  test('WHEN a change is taken out of the review THEN the report no longer shows it, in its stack or among the failures', () => {
    const failing = review.changes.find((change) => change.failure?.certainty === 'Certain' && change.output === undefined)!;
    expect(failing).toBeDefined();
    const before = renderText(review, plain);
    expect(before).toContain(`[!] ${failing.resourceType} `);
    const after = renderText(without(review, (change) => change === failing), plain);
    expect(after.split('\n').filter((line) => line.includes(failing.logicalId) && line.includes(failing.resourceType))).toEqual([]);
    expect(after).not.toContain('Certain failures: CloudFormation will fail');
  });

  test('WHEN a rule lowered a certain failure in the review THEN the report says so under the failure', () => {
    const failing = review.changes.find((change) => change.failure?.certainty === 'Certain')!;
    const lowered: ReviewChange = { ...failing, level: 'warn', levelReason: 'lowered by rule known: accepted', lowered: { from: 'fail', ruleId: 'known', message: 'accepted' } };
    const changed = { ...review, changes: review.changes.map((change) => (change === failing ? lowered : change)) };
    const lines = renderText(changed, plain).split('\n');
    const at = lines.findIndex((line) => line.startsWith('[!] ') && line.includes(failing.logicalId));
    expect(lines[at + 2]).toBe('    lowered by rule known: accepted (level warn, not fail)');
  });
});

test('GIVEN a review of nothing WHEN rendered THEN it says there were no differences and counts nothing', () => {
  const review = reviewSides('templates/before.json', 'templates/before.json');
  expect(renderText(review, plain)).toBe('There were no differences\n\nSummary: 0 added, 0 modified in place, 0 replaced, 0 maybe replaced, 0 removed; 0 certain failures, 0 possible failures; 0 probable renames\n');
});
