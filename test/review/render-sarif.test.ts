import { reviewSides } from './helpers';
import { renderSarif, VERDICT_RULES } from '../../src/review/render-sarif';
import { ReviewRule } from '../../src/review/review-rules';
import { MAX_SARIF_RESULTS, sarifLog } from '../../src/review/sarif-log';
import { sarifProblems } from '../helpers/sarif-schema';

const TOOL = { name: 'cdk-lifecycle', version: '1.2.3', informationUri: 'https://github.com/cdk-lifecycle/cdk-lifecycle' };
const RULES: ReviewRule[] = [{ id: 'no-sns-removal', match: { resourceType: ['AWS::SNS::*'], action: ['Remove'] }, level: 'fail', message: 'Topics stay' }];
const sarif = (rules: ReviewRule[] = RULES) => JSON.parse(renderSarif(reviewSides('templates/before.json', 'templates/after.yaml', rules), rules, TOOL));

test('GIVEN a review WHEN written as SARIF THEN the log is valid SARIF 2.1.0, formats included', () => {
  expect(sarifProblems(sarif())).toEqual([]);
  expect(sarifProblems(sarif([]))).toEqual([]);
  // The check can fail: a result without a message is not SARIF.
  const broken = sarif();
  delete broken.runs[0].results[0].message;
  expect(sarifProblems(broken)).toEqual(["/runs/0/results/0 must have required property 'message' (" + JSON.stringify(broken.runs[0].results[0]) + ')']);
});

test('GIVEN failures, replacements, removals and a rule WHEN written THEN each becomes a result of its verdict rule or the review rule', () => {
  const run = sarif().runs[0];
  const results = run.results.map((result: any) => [result.properties.logicalId, result.ruleId, result.level]);
  expect(results).toEqual([
    ['Events', 'cdk-lifecycle:data-deleted', 'warning'],
    ['Legacy', 'no-sns-removal', 'error'],
    ['OrdersQueue', 'cdk-lifecycle:data-deleted', 'warning'],
    ['OrdersQueueV2', 'cdk-lifecycle:certain-failure', 'error'],
    ['Scaling', 'cdk-lifecycle:replacement', 'warning'],
    ['Subscription', 'cdk-lifecycle:replacement', 'warning'],
    ['Table', 'cdk-lifecycle:certain-failure', 'error'],
  ]);
  expect(run.tool.driver.rules.map((rule: any) => rule.id)).toEqual(['cdk-lifecycle:certain-failure', 'cdk-lifecycle:data-deleted', 'cdk-lifecycle:replacement', 'no-sns-removal']);
  for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
  const events = run.results.find((result: any) => result.properties.logicalId === 'Events');
  expect(events.message.text).toBe('AWS::SQS::Queue Events: the new queue starts empty; the old one and its messages are deleted once the update completes (replaced: Table replaced (KeySchema: Always, Static) → Events.QueueName (Ref Table))');
  expect(events.locations[0].logicalLocations).toEqual([{ fullyQualifiedName: 'Events', kind: 'resource' }]);
  expect(events.locations[0].physicalLocation.artifactLocation.uri).toBe('templates/after.yaml');
});

test('GIVEN the same change in two runs WHEN written THEN its fingerprint is the same; another resource\'s differs', () => {
  const first = sarif().runs[0].results;
  const second = sarif([]).runs[0].results;
  const print = (results: any[], id: string) => results.find((result) => result.properties.logicalId === id).partialFingerprints['cdkLifecycleFinding/v1'];
  expect(print(first, 'Table')).toBe(print(second, 'Table'));
  expect(print(first, 'Table')).not.toBe(print(first, 'Events'));
  expect(print(first, 'Table')).toMatch(/^[0-9a-f]{32}$/);
});

test('GIVEN more results than code scanning takes WHEN written THEN the most severe are kept and the run says how many were left out', () => {
  const finding = (index: number, level: 'error' | 'note') => ({ ruleId: VERDICT_RULES[0].id, level, message: `m${index}`, logicalLocation: `S/R${index}`, identity: [String(index)] });
  const findings = [...Array.from({ length: MAX_SARIF_RESULTS }, (_, i) => finding(i, 'note')), ...Array.from({ length: 10 }, (_, i) => finding(MAX_SARIF_RESULTS + i, 'error'))];
  const run = (sarifLog(TOOL, VERDICT_RULES, findings) as any).runs[0];
  expect(run.results).toHaveLength(MAX_SARIF_RESULTS);
  expect(run.results.filter((result: any) => result.level === 'error')).toHaveLength(10);
  expect(run.invocations[0].toolExecutionNotifications[0].message.text).toBe('10 of 25010 results were left out: code scanning takes at most 25000 per run (the most severe are kept)');
});

test('GIVEN a removed resource with the line it was defined at WHEN written THEN its result is at its stack (no physical location) and the message says where it was', () => {
  const review = reviewSides('templates/before.json', 'templates/after.yaml', RULES);
  const moved = { ...review, changes: review.changes.map((change) => (change.logicalId === 'Legacy' ? { ...change, formerSource: { file: 'app.ts', line: 7 } } : change)) };
  const log = JSON.parse(renderSarif(moved, RULES, TOOL));
  expect(sarifProblems(log)).toEqual([]);
  const legacy = log.runs[0].results.find((result: any) => result.locations[0].logicalLocations[0].fullyQualifiedName === 'Legacy');
  expect(legacy.locations[0].physicalLocation).toBeUndefined();
  expect(legacy.message.text).toMatch(/It was defined at app\.ts:7 in the deployed version of the app\.$/);
});
