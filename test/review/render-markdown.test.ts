import { everyKindOfChange, reviewSides, reviewTemplates } from './helpers';
import { GITHUB_COMMENT_LIMIT, renderMarkdown } from '../../src/review/render-markdown';

test('GIVEN a small review WHEN summarized THEN the counts, the failing and warning changes with reasons, and every change collapsed are there, nothing cut', () => {
  const markdown = renderMarkdown(reviewSides('templates/before.json', 'templates/after.yaml'));
  expect(markdown).toContain('**2 fail · 5 warn · 2 info** in 1 stack: 2 added, 1 modified in place, 4 replaced, 0 maybe replaced, 2 removed; 2 certain and 0 possible failures; 3 with data deleted;');
  expect(markdown).toContain('### ❌ Fails the review (2)');
  expect(markdown).toContain('| ⚠️ warn | template | Subscription | `AWS::SNS::Subscription` | replaced: Table replaced (KeySchema: Always, Static) → Events.QueueName (Ref Table) → Subscription.Endpoint (GetAtt Events.Arn) |');
  expect(markdown).toContain('| ⚠️ warn | template | Events | `AWS::SQS::Queue` | the new queue starts empty;');
  expect(markdown).toContain('<details><summary>All changes (9)</summary>');
  expect(markdown).not.toContain('Cut to fit');
});

test('GIVEN 5,000 changes WHEN summarized THEN it stays within GitHub\'s comment limit and says what was cut', () => {
  const pair = everyKindOfChange(5000);
  const markdown = renderMarkdown(reviewTemplates({ Big: [pair.before, pair.after] }));
  expect(markdown.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
  expect(markdown.length).toBeGreaterThan(GITHUB_COMMENT_LIMIT - 2_000);
  expect(markdown).toMatch(/> \*\*Cut to fit GitHub's 65,536-character comment limit:\*\* ❌ Fails the review: \d+ of 833; .*All changes: all 5000 row\(s\) not shown/);
});

test('GIVEN a smaller limit WHEN summarized THEN the limit holds too', () => {
  const markdown = renderMarkdown(reviewSides('assembly-before', 'assembly-after'), 1_500);
  expect(markdown.length).toBeLessThanOrEqual(1_500);
  expect(markdown).toContain('Cut to fit');
});

test('GIVEN text that would break a table WHEN summarized THEN pipes and HTML are escaped and a newline is shown as \\n', () => {
  const review = reviewSides('templates/before.json', 'templates/after.yaml');
  const hostile = { ...review, changes: review.changes.map((change) => ({ ...change, logicalId: 'a|b\n<script>', level: 'fail' as const })) };
  const markdown = renderMarkdown(hostile);
  expect(markdown).toContain('a\\|b\\\\n&lt;script&gt;');
  expect(markdown).not.toContain('<script>');
});

test('GIVEN a policy broadened WHEN summarized THEN "Values that change" has the path with both values, whole, and pipes kept inside the code span', () => {
  const policy = (action: string) => ({ Type: 'AWS::IAM::Policy', Properties: { PolicyName: 'p', Roles: ['r'], PolicyDocument: { Statement: [{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: '*' }, { Effect: 'Allow', Action: action, Resource: '*' }] } } });
  const markdown = renderMarkdown(reviewTemplates({ App: [{ Resources: { Policy: policy('s3:GetObject') } }, { Resources: { Policy: policy('a|b`c') } }] }));
  expect(markdown).toContain('<details><summary>Values that change (1)</summary>');
  expect(markdown).toContain('| App | Policy | `PolicyDocument.Statement[1].Action` | `"s3:GetObject"` | ``"a\\|b`c"`` |');
});

test('GIVEN a rename and a refactor plan WHEN summarized THEN the renames section has one row per rename, as many as the head counts, and the plan follows', () => {
  const review = reviewSides('templates/before.json', 'templates/after.yaml');
  const markdown = renderMarkdown(review, undefined, ['Moves: 1 resource renamed or moved', 'Step 1: refactor']);
  expect(markdown).toContain(`; ${review.counts.renames} probable renames`);
  expect(markdown).toContain(`### 🔀 Renames and moves (${review.counts.renames})`);
  expect(markdown).toContain('| template | OrdersQueue | OrdersQueueV2 | `AWS::SQS::Queue` | 1 |');
  expect(markdown).toContain('<details><summary>Refactor plan</summary>\n\n```text\nMoves: 1 resource renamed or moved\nStep 1: refactor\n```');
  const count = (title: string) => Number(new RegExp(`${title} \\((\\d+)\\)`).exec(markdown)![1]);
  expect(count('❌ Fails the review')).toBe(review.counts.byLevel.fail);
  expect(count('⚠️ Failures, data and replacements to check')).toBe(review.counts.byLevel.warn);
  expect(count('All changes')).toBe(review.changes.filter((change) => change.level !== 'ignore').length);
});
