import { reviewSides } from './helpers';
import { builtInLevel, failsOn, globMatches, levelDecider, ReviewRule, ruleMatches } from '../../src/review/review-rules';

const BEFORE = 'templates/before.json';
const AFTER = 'templates/after.yaml';
const rule = (id: string, match: ReviewRule['match'], level: ReviewRule['level'] = 'fail'): ReviewRule => ({ id, match, level, message: `${id} matched` });
const levels = (rules: ReviewRule[], failOn: Parameters<typeof reviewSides>[3] = 'failure') =>
  Object.fromEntries(reviewSides(BEFORE, AFTER, rules, failOn).changes.map((change) => [change.logicalId, [change.level, change.ruleId ?? '']]));

describe('built-in levels (no rule matches)', () => {
  test('GIVEN --fail-on failure WHEN reviewed THEN certain failures fail, replacements and removals warn, the rest is info', () => {
    expect(levels([])).toEqual({
      Audit: ['info', ''],
      Events: ['warn', ''],
      Legacy: ['warn', ''],
      OrdersQueue: ['warn', ''],
      OrdersQueueV2: ['fail', ''],
      Scaling: ['warn', ''],
      Subscription: ['warn', ''],
      Table: ['fail', ''],
      Topic: ['info', ''],
    });
  });

  test('GIVEN --fail-on replacement WHEN reviewed THEN replacements (conditional ones too) fail; --fail-on none fails nothing', () => {
    const replacement = levels([], 'replacement');
    expect([replacement.Events[0], replacement.Scaling[0], replacement.Table[0], replacement.Topic[0], replacement.Legacy[0]]).toEqual(['fail', 'fail', 'fail', 'info', 'warn']);
    expect(Object.values(levels([], 'none')).filter(([level]) => level === 'fail')).toEqual([]);
  });

  test.each<[Parameters<typeof failsOn>[0], Parameters<typeof failsOn>[1], boolean]>([
    ['failure', { failure: { certainty: 'Possible', reason: '' } }, false],
    ['failure', { failure: { certainty: 'Certain', reason: '' } }, true],
    ['data-loss', { dataVerdict: { verdict: 'deleted', consequence: '', certain: true } }, true],
    ['data-loss', { dataVerdict: { verdict: 'retained', consequence: '', certain: true } }, false],
    ['failure', { dataVerdict: { verdict: 'deleted', consequence: '', certain: true } }, false],
    ['replacement', { replacement: 'Conditional' }, true],
    ['replacement', { replacement: 'False' }, false],
    ['none', { failure: { certainty: 'Certain', reason: '' } }, false],
  ])('GIVEN --fail-on %s and %j WHEN judged THEN it fails: %s', (failOn, change, expected) => {
    expect(failsOn(failOn, change)).toBe(expected);
  });

  test('GIVEN data deleted that --fail-on does not count WHEN judged THEN it warns and says why', () => {
    const change = { action: 'Remove', details: [], dataVerdict: { verdict: 'deleted', consequence: 'gone', certain: true } } as never;
    expect(builtInLevel('failure', change)).toEqual({ level: 'warn', reason: 'its data is deleted' });
  });
});

describe('rules', () => {
  test('GIVEN rules WHEN a change matches several THEN the first decides, with its id and message', () => {
    const result = levels([rule('queues-info', { resourceType: ['AWS::SQS::*'] }, 'info'), rule('queues-fail', { resourceType: ['AWS::SQS::Queue'] })]);
    expect([result.Events, result.OrdersQueue, result.OrdersQueueV2]).toEqual([['info', 'queues-info'], ['info', 'queues-info'], ['info', 'queues-info']]);
  });

  test('GIVEN a rule with several fields WHEN matched THEN every field must match (a list matches any of its values)', () => {
    const result = levels([rule('r', { resourceType: ['AWS::SQS::Queue', 'AWS::SNS::*'], action: ['Modify'], replacement: ['True'] }, 'warn')]);
    expect(result.Events).toEqual(['warn', 'r']);
    expect(result.Subscription).toEqual(['warn', 'r']);
    expect(result.Topic).toEqual(['info', '']);
    expect(result.Legacy).toEqual(['warn', '']);
  });

  test('GIVEN ignore on a certain failure WHEN reviewed THEN nothing fails and the change leaves the counts', () => {
    const review = reviewSides(BEFORE, AFTER, [rule('accept', { kind: ['failure'] }, 'ignore')]);
    expect(review.counts.byLevel).toEqual({ fail: 0, warn: 5, info: 2, ignore: 2 });
    expect(review.counts.certainFailures).toBe(0);
  });

  test('GIVEN property, change source and stack fields WHEN matched THEN they look at every detail and at the stack name', () => {
    const review = reviewSides(BEFORE, AFTER);
    const events = review.changes.find((change) => change.logicalId === 'Events')!;
    expect(ruleMatches({ property: ['Queue*'] }, events)).toBe(true);
    expect(ruleMatches({ changeSource: ['ResourceReference'] }, events)).toBe(true);
    expect(ruleMatches({ changeSource: ['DirectModification'] }, events)).toBe(false);
    expect(ruleMatches({ stack: ['*'] }, events)).toBe(true);
    expect(ruleMatches({ dataVerdict: ['deleted'] }, events)).toBe(true);
    expect(ruleMatches({ dataVerdict: ['retained'] }, events)).toBe(false);
    expect(ruleMatches({ dataVerdict: ['deleted'] }, review.changes.find((change) => change.logicalId === 'Topic')!)).toBe(false);
    const decide = levelDecider([rule('x', { stack: ['nope'] })], 'none');
    expect(decide(events).level).toBe('warn');
  });

  test.each<[string, string, boolean]>([
    ['AWS::S3::*', 'AWS::S3::Bucket', true],
    ['AWS::S3::*', 'AWS::S3Vectors::Index', false],
    ['*::Bucket', 'AWS::S3::Bucket', true],
    ['prod-*', 'prod-eu/Nested', true],
    ['AWS::S3::Bucket', 'AWS::S3::BucketPolicy', false],
    ['a.b', 'aXb', false],
  ])('GIVEN the glob %s WHEN matched against %s THEN %s', (pattern, value, expected) => {
    expect(globMatches(pattern, value)).toBe(expected);
  });
});
