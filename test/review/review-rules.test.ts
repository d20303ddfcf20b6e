import { resource, reviewSides, reviewTemplates } from './helpers';
import { builtInLevel, failsOn, levelDecider, ReviewRule, ruleMatches } from '../../src/review/review-rules';

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
    ['data-loss', { dataVerdict: { verdict: 'deleted', consequence: '', certain: true, trigger: 'Removal', policy: 'Delete', policyIsDefault: true } }, true],
    ['data-loss', { dataVerdict: { verdict: 'retained', consequence: '', certain: true, trigger: 'Removal', policy: 'Delete', policyIsDefault: true } }, false],
    ['failure', { dataVerdict: { verdict: 'deleted', consequence: '', certain: true, trigger: 'Removal', policy: 'Delete', policyIsDefault: true } }, false],
    ['replacement', { replacement: 'Conditional' }, true],
    ['replacement', { replacement: 'False' }, false],
    ['none', { failure: { certainty: 'Certain', reason: '' } }, false],
  ])('GIVEN --fail-on %s and %j WHEN judged THEN it fails: %s', (failOn, change, expected) => {
    expect(failsOn(failOn, change)).toBe(expected);
  });

  test('GIVEN data deleted that --fail-on does not count WHEN judged THEN it warns and says why', () => {
    const change = { action: 'Remove', details: [], dataVerdict: { verdict: 'deleted', consequence: 'gone', certain: true, trigger: 'Removal', policy: 'Delete', policyIsDefault: true } } as never;
    expect(builtInLevel('failure', change)).toEqual({ level: 'warn', reason: 'its data is deleted' });
  });
});

describe('rules', () => {
  test('GIVEN rules WHEN a change matches several THEN the first decides, with its id and message (a certain failure passes over a rule that would lower it)', () => {
    const result = levels([rule('queues-info', { resourceType: ['AWS::SQS::*'] }, 'info'), rule('queues-fail', { resourceType: ['AWS::SQS::Queue'] })]);
    expect([result.Events, result.OrdersQueue, result.OrdersQueueV2]).toEqual([['info', 'queues-info'], ['info', 'queues-info'], ['fail', 'queues-fail']]);
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
});

describe('a certain failure keeps its level unless a rule lowers it on purpose', () => {
  const namedTable = (key: string) => resource('AWS::DynamoDB::Table', {
    TableName: 'orders', KeySchema: [{ AttributeName: key, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
  }, { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
  const reviewed = (rules: ReviewRule[], failOn: Parameters<typeof reviewTemplates>[2] = 'failure') =>
    reviewTemplates({ App: [{ Resources: { Orders: namedTable('id') } }, { Resources: { Orders: namedTable('pk') } }] }, rules, failOn).changes[0];

  test('GIVEN a rule for retained data at warn WHEN it matches the key change of a named table THEN the certain failure still fails and says the rule was passed over', () => {
    const change = reviewed([rule('retained-ok', { dataVerdict: ['retained'] }, 'warn')]);
    expect(change.failure?.certainty).toBe('Certain');
    expect(change.dataVerdict?.verdict).toBe('retained');
    expect(change.level).toBe('fail');
    expect(change.ruleId).toBeUndefined();
    expect(change.lowered).toBeUndefined();
    expect(change.levelReason).toBe('fails the review (--fail-on failure); not lowered by rule retained-ok (warn): only a rule whose match names kind: failure lowers a certain failure');
  });

  test('GIVEN a passed-over rule and a later rule that matches THEN the later one decides', () => {
    const change = reviewed([rule('tables-info', { resourceType: ['AWS::DynamoDB::*'] }, 'info'), rule('accept-orders', { kind: ['failure'], resourceType: ['AWS::DynamoDB::Table'] }, 'warn')]);
    expect([change.level, change.ruleId, change.lowered]).toEqual(['warn', 'accept-orders', { from: 'fail', ruleId: 'accept-orders', message: 'accept-orders matched' }]);
    expect(change.levelReason).toBe('lowered by rule accept-orders: accept-orders matched');
  });

  test('GIVEN a rule naming kind: failure WHEN it lowers the failure THEN the change records the level it had', () => {
    const change = reviewed([rule('known', { kind: ['failure', 'replace'] }, 'ignore')]);
    expect(change.level).toBe('ignore');
    expect(change.lowered).toEqual({ from: 'fail', ruleId: 'known', message: 'known matched' });
  });

  test('GIVEN --fail-on none (a certain failure is then warn) WHEN a rule raises it to fail THEN raising needs no kind', () => {
    expect([reviewed([rule('raise', { resourceType: ['AWS::DynamoDB::Table'] }, 'fail')], 'none').level, reviewed([], 'none').level]).toEqual(['fail', 'warn']);
    expect(reviewed([rule('same', { resourceType: ['AWS::DynamoDB::Table'] }, 'warn')], 'none')).toMatchObject({ level: 'warn', ruleId: 'same' });
    const passedOver = reviewed([rule('lower', { resourceType: ['AWS::DynamoDB::Table'] }, 'info')], 'none');
    expect([passedOver.level, passedOver.ruleId]).toEqual(['warn', undefined]);
  });

  test('GIVEN a replacement that is not a failure WHEN any rule lowers it THEN first match decides as before', () => {
    const review = reviewSides(BEFORE, AFTER, [rule('replacements-ok', { replacement: ['True', 'Conditional'] }, 'info')], 'replacement');
    const events = review.changes.find((change) => change.logicalId === 'Events')!;
    expect([events.failure, events.level, events.ruleId, events.lowered]).toEqual([undefined, 'info', 'replacements-ok', undefined]);
  });
});

describe('onlyProperties: every changed target matches', () => {
  const queue = (props: Record<string, unknown>) => resource('AWS::SQS::Queue', props);
  const changes = reviewTemplates({
    App: [
      { Resources: { TagsOnly: queue({ Tags: [{ Key: 'a', Value: '1' }] }), TagsAndMore: queue({ Tags: [{ Key: 'a', Value: '1' }], DelaySeconds: 1 }), Gone: queue({}) } },
      { Resources: { TagsOnly: queue({ Tags: [{ Key: 'a', Value: '2' }] }), TagsAndMore: queue({ Tags: [{ Key: 'a', Value: '2' }], DelaySeconds: 2 }), New: queue({}) } },
    ],
  }).changes;
  const byId = (id: string) => changes.find((change) => change.logicalId === id)!;

  test.each<[string, RuleMatchField, boolean]>([
    ['TagsOnly', { onlyProperties: ['Tags'] }, true],
    ['TagsAndMore', { onlyProperties: ['Tags'] }, false],
    ['TagsAndMore', { property: ['Tags'] }, true],
    ['TagsAndMore', { onlyProperties: ['Tags', 'Delay*'] }, true],
    ['Gone', { onlyProperties: ['*'] }, false],
    ['New', { onlyProperties: ['*'] }, false],
  ])('GIVEN %s WHEN matched against %j THEN %s', (id, match, expected) => {
    expect(ruleMatches(match, byId(id))).toBe(expected);
  });
});

type RuleMatchField = ReviewRule['match'];
