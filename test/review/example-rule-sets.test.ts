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
