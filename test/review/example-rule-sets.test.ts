/** The example rule sets of docs/review-rules/, each applied to changes of its kind. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resource, reviewTemplates, ROOT } from './helpers';
import { parseRules } from '../../src/review/read-rules';

const ruleSet = (name: string) => parseRules(fs.readFileSync(path.join(ROOT, 'docs', 'review-rules', name), 'utf8'), name);
const levelsOf = (review: ReturnType<typeof reviewTemplates>) => Object.fromEntries(review.changes.map((change) => [`${change.stack}/${change.logicalId}`, `${change.level}${change.ruleId === undefined ? '' : ` ${change.ruleId}`}`]));

test('GIVEN protect-data.yaml WHEN a table loses its data, a retained table is replaced and a topic is replaced THEN both tables fail (each by its rule) and the topic only warns', () => {
  const table = (key: string, extra: Record<string, unknown> = {}) => resource('AWS::DynamoDB::Table', {
    KeySchema: [{ AttributeName: key, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
  }, extra);
  const topic = (name: string) => resource('AWS::SNS::Topic', { TopicName: name });
  const retained = { UpdateReplacePolicy: 'Retain', DeletionPolicy: 'Retain' };
  const review = reviewTemplates({
    App: [
      { Resources: { Lost: table('id'), Kept: table('id', retained), Topic: topic('a') } },
      { Resources: { Lost: table('pk'), Kept: table('pk', retained), Topic: topic('b') } },
    ],
  }, ruleSet('protect-data.yaml'), 'none');
  expect(levelsOf(review)).toEqual({ 'App/Kept': 'fail data-store-replaced', 'App/Lost': 'fail data-deleted', 'App/Topic': 'warn' });
});

test('GIVEN iam-review.yaml WHEN a role\'s policy changes and another role\'s tags change THEN the first fails and the second is info', () => {
  const role = (statements: string[], tags: Record<string, string>[] = []) => resource('AWS::IAM::Role', {
    AssumeRolePolicyDocument: { Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }] },
    Policies: [{ PolicyName: 'p', PolicyDocument: { Statement: statements.map((action) => ({ Effect: 'Allow', Action: action, Resource: '*' })) } }],
    Tags: tags,
  });
  const review = reviewTemplates({
    App: [{ Resources: { A: role(['s3:GetObject']), B: role([], [{ Key: 'team', Value: 'a' }]) } }, { Resources: { A: role(['s3:*']), B: role([], [{ Key: 'team', Value: 'b' }]) } }],
  }, ruleSet('iam-review.yaml'), 'none');
  expect(levelsOf(review)).toEqual({ 'App/A': 'fail iam-change', 'App/B': 'info iam-tags-only' });
});

test('GIVEN production-stacks.yaml WHEN a topic is removed from prod-eu and from dev THEN prod fails and dev warns', () => {
  const topic = { Resources: { Keep: resource('AWS::SNS::Topic'), Gone: resource('AWS::SNS::Topic', { DisplayName: 'x' }) } };
  const without = { Resources: { Keep: resource('AWS::SNS::Topic') } };
  const review = reviewTemplates({ 'prod-eu': [topic, without], 'dev': [topic, without] }, ruleSet('production-stacks.yaml'), 'none');
  expect(levelsOf(review)).toEqual({ 'prod-eu/Gone': 'fail prod-no-removal', 'dev/Gone': 'warn dev-removals' });
});

describe('the shipped rule sets against adversarial changes', () => {
  const role = (action: string, team: string) => resource('AWS::IAM::Role', {
    AssumeRolePolicyDocument: { Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }] },
    Policies: [{ PolicyName: 'read', PolicyDocument: { Statement: [{ Effect: 'Allow', Action: action, Resource: '*' }] } }],
    Tags: [{ Key: 'team', Value: team }],
  });

  test('GIVEN iam-review.yaml WHEN a role goes from s3:GetObject to * beside a tag change THEN it fails (tags are not the only change)', () => {
    const review = reviewTemplates({ App: [{ Resources: { Role: role('s3:GetObject', 'a') } }, { Resources: { Role: role('*', 'b') } }] }, ruleSet('iam-review.yaml'), 'none');
    expect(levelsOf(review)).toEqual({ 'App/Role': 'fail iam-change' });
  });

  test('GIVEN iam-review.yaml WHEN a role is added or removed THEN it fails (no changed targets is not "only tags")', () => {
    const review = reviewTemplates({ App: [{ Resources: { Old: role('s3:GetObject', 'a') } }, { Resources: { New: role('s3:GetObject', 'a') } }] }, ruleSet('iam-review.yaml'), 'none');
    expect(levelsOf(review)).toEqual({ 'App/New': 'fail iam-change', 'App/Old': 'fail iam-change' });
  });

  test('GIVEN protect-data.yaml WHEN a table is renamed (a new logical id) and its data is deleted THEN the removal fails data-deleted, not a rename', () => {
    const table = resource('AWS::DynamoDB::Table', { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }] });
    const review = reviewTemplates({ App: [{ Resources: { Orders: table } }, { Resources: { OrdersV2: table } }] }, ruleSet('protect-data.yaml'), 'none');
    const removed = review.changes.find((change) => change.logicalId === 'Orders')!;
    expect([removed.rename?.logicalId, removed.kind, removed.level, removed.ruleId]).toEqual(['OrdersV2', 'data-loss', 'fail', 'data-deleted']);
  });

  test('GIVEN protect-data.yaml WHEN a retained named table\'s key changes (a certain failure) THEN it fails', () => {
    const table = (key: string) => resource('AWS::DynamoDB::Table', {
      TableName: 'orders', KeySchema: [{ AttributeName: key, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
    }, { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    const review = reviewTemplates({ App: [{ Resources: { Orders: table('id') } }, { Resources: { Orders: table('pk') } }] }, ruleSet('protect-data.yaml'), 'failure');
    expect(levelsOf(review)).toEqual({ 'App/Orders': 'fail data-store-replaced' });
  });

  test('GIVEN production-stacks.yaml WHEN a dev stack removes a queue whose export another stack imports THEN the certain failure is not lowered to the removal warning', () => {
    const data = { Resources: { Q: resource('AWS::SQS::Queue') }, Outputs: { QArn: { Value: { 'Fn::GetAtt': ['Q', 'Arn'] }, Export: { Name: 'dev-queue-arn' } } } };
    const api = { Resources: { T: resource('AWS::SNS::Topic', { DisplayName: { 'Fn::ImportValue': 'dev-queue-arn' } }) } };
    const review = reviewTemplates({ 'dev-data': [data, { Resources: { Other: resource('AWS::SNS::Topic') } }], 'dev-api': [api, api] }, ruleSet('production-stacks.yaml'), 'failure');
    const output = review.changes.find((change) => change.logicalId === 'QArn')!;
    const queue = review.changes.find((change) => change.logicalId === 'Q')!;
    expect([output.action, output.failure?.certainty, output.level, output.ruleId]).toEqual(['Remove', 'Certain', 'fail', undefined]);
    expect(output.levelReason).toContain('not lowered by rule dev-removals (warn)');
    expect([queue.level, queue.ruleId]).toEqual(['warn', 'dev-removals']);
  });
});
