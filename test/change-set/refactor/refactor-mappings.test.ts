/**
 * The user's mappings (`cdk refactor`'s override file entries): what they decide, and a clear
 * error, naming the entry, for each way one can be wrong.
 */
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { RefactorStack } from '../../../src/change-set/refactor/refactor-types';
import { template } from '../helpers';

const env = { account: '123456789012', region: 'eu-west-1' };
const bucket = (path: string) => ({ Type: 'AWS::S3::Bucket', Metadata: { 'aws:cdk:path': path } });
const topic = { Type: 'AWS::SNS::Topic', Properties: { TopicName: 'keep' } };
/** Two identical buckets renamed: which went where is the user's decision. */
const stacks: RefactorStack[] = [{
  stackName: 'App',
  before: template({ Cats: bucket('App/Cats/Resource'), Dogs: bucket('App/Dogs/Resource'), Keep: topic }),
  after: template({ Felines: bucket('App/Felines/Resource'), Canines: bucket('App/Canines/Resource'), Keep: topic }),
  ...env,
}];
const plan = (resources: Record<string, unknown>, group: Record<string, unknown> = env) =>
  ChangeSetPredictor.planRefactor(stacks, { mappings: [{ ...group, resources } as any] });
const pairs = (result: ReturnType<typeof plan>) => result.moves.map((move) => `${move.source.logicalResourceId}->${move.destination.logicalResourceId} ${move.matchedBy}`);

describe('what the mappings decide', () => {
  test('GIVEN no mappings WHEN planned THEN the two buckets are one ambiguity and neither moves', () => {
    const result = ChangeSetPredictor.planRefactor(stacks);
    expect(result.moves).toEqual([]);
    expect(result.ambiguities).toEqual([{
      resourceType: 'AWS::S3::Bucket',
      sources: [{ stackName: 'App', logicalResourceId: 'Cats' }, { stackName: 'App', logicalResourceId: 'Dogs' }],
      destinations: [{ stackName: 'App', logicalResourceId: 'Canines' }, { stackName: 'App', logicalResourceId: 'Felines' }],
    }]);
  });

  test.each([
    ['by Stack.LogicalId', { 'App.Cats': 'App.Felines', 'App.Dogs': 'App.Canines' }],
    ['by construct path', { 'App/Cats/Resource': 'App/Felines/Resource', 'App/Dogs/Resource': 'App/Canines/Resource' }],
  ])('GIVEN both mapped %s WHEN planned THEN each goes where the user said', (_, resources) => {
    const result = plan(resources);
    expect(pairs(result)).toEqual(['Cats->Felines Mapping', 'Dogs->Canines Mapping']);
    expect(result.ambiguities).toEqual([]);
  });

  test('GIVEN one of the two mapped WHEN planned THEN the other is left one of each, and pairs', () => {
    expect(pairs(plan({ 'App.Cats': 'App.Canines' }))).toEqual(['Cats->Canines Mapping', 'Dogs->Felines IdenticalProperties']);
  });

  test('GIVEN a mapping for another environment only WHEN planned THEN it is refused: no stack is there', () => {
    expect(() => plan({ 'App.Cats': 'App.Felines' }, { account: '123456789012', region: 'us-east-1' }))
      .toThrow('environments[0]: no stack compared is in environment 123456789012/us-east-1 (the stacks compared are in 123456789012/eu-west-1)');
  });
});

describe('mappings that cannot be applied', () => {
  test.each<[string, unknown, string]>([
    ['not a list', { resources: {} }, 'mappings must be a list of { account, region, resources } (the "environments" of cdk refactor\'s override file), got: {"resources":{}}'],
    ['an entry that is not an object', ['App.Cats'], 'environments[0]: expected { "account", "region", "resources" }, got: "App.Cats"'],
    ['an entry without a Region', [{ account: '123456789012', resources: {} }], 'environments[0]: "account" and "region" must be strings (unknown-account / unknown-region for environment-agnostic stacks), got: "123456789012", undefined'],
    ['resources that are not an object', [{ ...env, resources: ['App.Cats'] }], 'environments[0].resources: expected { "Source": "Destination" }, got: ["App.Cats"]'],
    ['a destination that is not a string', [{ ...env, resources: { 'App.Cats': 7 } }], 'environments[0].resources["App.Cats"]: the destination must be a string, got: 7'],
    ['a resource that stays', [{ ...env, resources: { 'App.Keep': 'App.Felines' } }], 'environments[0].resources["App.Keep"]: Source resource \'App.Keep\' stays at App.Keep in the new templates: only a resource removed from its place can move'],
    ['a destination not in the new templates', [{ ...env, resources: { 'App.Cats': 'App.Lions' } }], 'environments[0].resources["App.Cats"]: Destination resource \'App.Lions\' does not exist in the new templates of environment 123456789012/eu-west-1'],
    ['a destination already deployed', [{ ...env, resources: { 'App.Cats': 'App.Keep' } }], 'environments[0].resources["App.Cats"]: Destination resource \'App.Keep\' already in use in environment 123456789012/eu-west-1 (App.Keep is deployed)'],
    ['one resource mapped twice', [{ ...env, resources: { 'App.Cats': 'App.Felines', 'App/Cats/Resource': 'App.Canines' } }], 'environments[0].resources["App/Cats/Resource"]: Source resource App.Cats is mapped twice'],
  ])('GIVEN %s WHEN planned THEN the error names the entry and what was expected', (_, mappings, message) => {
    expect(() => ChangeSetPredictor.planRefactor(stacks, { mappings: mappings as any })).toThrow(message);
  });

  test('GIVEN a mapping between two types WHEN planned THEN it is refused: a moved resource keeps its type', () => {
    const typed: RefactorStack[] = [{ ...stacks[0], after: template({ Felines: { Type: 'AWS::SQS::Queue' }, Canines: bucket('App/Canines/Resource'), Keep: topic }) }];
    expect(() => ChangeSetPredictor.planRefactor(typed, { mappings: [{ ...env, resources: { 'App.Cats': 'App.Felines' } }] }))
      .toThrow('environments[0].resources["App.Cats"]: Source resource \'App.Cats\' is an AWS::S3::Bucket and destination \'App.Felines\' an AWS::SQS::Queue: a moved resource keeps its type');
  });
});
