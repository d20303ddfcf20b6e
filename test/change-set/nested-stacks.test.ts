/**
 * Nested stacks read whole (`src/change-set/nested-stacks.ts`): the nested change set follows
 * its stack resource (added or removed, by a Condition too, kept by its DeletionPolicy, its
 * existence unknown), and the parameters the parent passes are evaluated in the parent.
 */
import { ChangeSetPredictor, PredictedChangeSet } from '../../src';

const STACK = 'AWS::CloudFormation::Stack';
const KEY = [{ AttributeName: 'pk', KeyType: 'HASH' }];
const table = (policy?: string) => ({
  Type: 'AWS::DynamoDB::Table',
  Properties: { KeySchema: KEY, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] },
  ...(policy === undefined ? {} : { DeletionPolicy: policy }),
});
const queue = (name: string) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name } });
const stackResource = (extra: Record<string, unknown> = {}, parameters?: Record<string, unknown>) => ({
  Type: STACK, Properties: { TemplateURL: 'https://s3/nested.json', ...(parameters === undefined ? {} : { Parameters: parameters }) }, ...extra,
});

/** Every data verdict of a change set, nested ones included: `path logicalId fate certainty policy`. */
function verdicts(changeSet: PredictedChangeSet): string[] {
  return changeSet.dataVerdicts.map((verdict) => `${verdict.nestedStackPath ?? ''} ${verdict.logicalResourceId} ${verdict.fate} ${verdict.certainty} ${verdict.policy}`);
}

describe('a removed nested stack', () => {
  const parent = (resources: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ ...extra, Resources: { Keep: { Type: 'AWS::SNS::Topic' }, ...resources } });
  const inner = { Resources: { Ledger: table('Delete'), Audit: table('Retain'), Inner: stackResource() } };
  const innermost = { Resources: { Deep: table() } };

  test('GIVEN a nested stack with a nested stack inside WHEN its stack resource is removed THEN everything at every depth is deleted as its own DeletionPolicy says', () => {
    const changeSet = ChangeSetPredictor.predict(parent({ Store: stackResource() }), parent({}), {
      nestedStacks: { 'Store': { before: inner }, 'Store/Inner': { before: innermost } },
    });

    expect(verdicts(changeSet).sort()).toEqual([
      'Store Audit Retained Certain Retain',
      'Store Ledger Deleted Certain Delete',
      'Store/Inner Deep Deleted Certain Delete',
    ]);
    expect(changeSet.nestedChangeSets.Store.changes.map((change) => `${change.action} ${change.logicalResourceId}`)).toEqual(['Remove Audit', 'Remove Inner', 'Remove Ledger']);
  });

  test.each(['Retain', 'RetainExceptOnCreate'])('GIVEN the stack resource\'s DeletionPolicy %s WHEN it is removed THEN the nested stack is kept with everything in it: no data is deleted', (policy) => {
    const changeSet = ChangeSetPredictor.predict(parent({ Store: stackResource({ DeletionPolicy: policy }) }), parent({}), {
      nestedStacks: { 'Store': { before: inner }, 'Store/Inner': { before: innermost } },
    });

    expect(verdicts(changeSet).sort()).toEqual([
      `Store Audit Retained Certain ${policy}`,
      `Store Ledger Retained Certain ${policy}`,
      `Store/Inner Deep Retained Certain ${policy}`,
    ]);
  });

  test('GIVEN the stack resource\'s Condition becomes false by a parameter WHEN predicted THEN it is removed whole', () => {
    const conditional = parent({ Store: stackResource({ Condition: 'Wanted' }) }, {
      Parameters: { WithStore: { Type: 'String', Default: 'yes' } },
      Conditions: { Wanted: { 'Fn::Equals': [{ Ref: 'WithStore' }, 'yes'] } },
    });
    const changeSet = ChangeSetPredictor.predict(conditional, conditional, {
      parameters: { before: { WithStore: 'yes' }, after: { WithStore: 'no' } },
      nestedStacks: { 'Store': { before: inner, after: inner }, 'Store/Inner': { before: innermost, after: innermost } },
    });

    expect(changeSet.changes.map((change) => `${change.action} ${change.logicalResourceId}`)).toEqual(['Remove Store']);
    expect(verdicts(changeSet)).toHaveLength(3);
  });

  test('GIVEN the stack resource\'s Condition not known offline WHEN it may be removed THEN every verdict inside is Possible', () => {
    const conditional = () => parent({ Store: stackResource({ Condition: 'Wanted' }) }, {
      Parameters: { WithStore: { Type: 'String' } },
      Conditions: { Wanted: { 'Fn::Equals': [{ Ref: 'WithStore' }, 'yes'] } },
    });
    // GIVEN: deployed under a condition on a parameter whose deployed value is not given; the new template removes it
    const changeSet = ChangeSetPredictor.predict(conditional(), parent({}), {
      nestedStacks: { 'Store': { before: inner }, 'Store/Inner': { before: innermost } },
    });

    expect(verdicts(changeSet).sort()).toEqual([
      'Store Audit Retained Possible Retain',
      'Store Ledger Deleted Possible Delete',
      'Store/Inner Deep Deleted Possible Delete',
    ]);
  });
});

describe('an added or renamed nested stack in the app', () => {
  const parent = (resources: Record<string, unknown>) => ({ Resources: { Keep: { Type: 'AWS::SNS::Topic' }, ...resources } });
  const workers = { Resources: { Work: queue('acme-work') } };

  test('GIVEN a nested stack renamed (a new logical id for its stack resource) WHEN predicted THEN its named queue meets the old one\'s name: certain failure', () => {
    const app = ChangeSetPredictor.predictApp([{
      stackName: 'Prod-Api', before: parent({ Workers: stackResource() }), after: parent({ Pool: stackResource() }), nestedStacks: { Workers: { before: workers }, Pool: { after: workers } },
    }]);

    expect(app.failures).toEqual([expect.objectContaining({ nestedStackPath: 'Pool', logicalResourceId: 'Work', certainty: 'Certain' })]);
    expect(app.failures[0].reason).toContain('QueueName "acme-work" is still held by Work in stack Prod-Api (nested stack Workers), which this update removes');
  });

  test('GIVEN a nested stack whose Condition is not known offline added with a name another stack holds WHEN predicted THEN the failure is Possible', () => {
    const conditional = {
      Parameters: { WithWorkers: { Type: 'String' } },
      Conditions: { Wanted: { 'Fn::Equals': [{ Ref: 'WithWorkers' }, 'yes'] } },
      Resources: { Keep: { Type: 'AWS::SNS::Topic' }, Workers: stackResource({ Condition: 'Wanted' }) },
    };
    const app = ChangeSetPredictor.predictApp([
      { stackName: 'Legacy', before: parent({ Work: queue('acme-work') }) },
      { stackName: 'Prod-Api', before: parent({}), after: conditional, nestedStacks: { Workers: { after: workers } } },
    ]);

    expect(app.failures).toEqual([expect.objectContaining({ stackName: 'Prod-Api', nestedStackPath: 'Workers', certainty: 'Possible' })]);
    expect(app.failures[0].reason).toContain('depends on a Condition whose value is not known offline');
  });
});

describe('the parameters a parent passes, evaluated in the parent', () => {
  /** A nested stack that exports its queue's name under a name built from its parameter Prefix. */
  const feed = (exported: boolean) => ({
    Parameters: { Prefix: { Type: 'String' } },
    Resources: { Queue: { Type: 'AWS::SQS::Queue' } },
    Outputs: exported ? { Url: { Value: { Ref: 'Queue' }, Export: { Name: { 'Fn::Join': ['-', [{ Ref: 'Prefix' }, 'feed']] } } } } : {},
  });
  const parent = (prefix: unknown) => ({ Resources: { Bucket: { Type: 'AWS::S3::Bucket' }, Feed: stackResource({}, { Prefix: prefix }) } });
  const importer = { Resources: { Handler: { Type: 'AWS::SNS::Topic', Properties: { TopicName: { 'Fn::ImportValue': 'Prod-Data-feed' } } } } };
  const exportOf = (app: ReturnType<typeof ChangeSetPredictor.predictApp>) => app.changeSetOf('Prod-Data')!.outputs.map((output) => output.exportName);

  test('GIVEN a parameter fed from the parent\'s AWS::StackName WHEN the nested export is removed THEN its name is known and the importer fails it', () => {
    const app = ChangeSetPredictor.predictApp([
      { stackName: 'Prod-Data', before: parent({ Ref: 'AWS::StackName' }), after: parent({ Ref: 'AWS::StackName' }), nestedStacks: { Feed: { before: feed(true), after: feed(false) } } },
      { stackName: 'Prod-Api', before: importer, after: importer, dependsOn: ['Prod-Data'] },
    ]);

    expect(exportOf(app)).toEqual(['Prod-Data-feed']);
    expect(app.failures).toEqual([expect.objectContaining({ stackName: 'Prod-Data', nestedStackPath: 'Feed', certainty: 'Certain', reason: expect.stringContaining('in use by Prod-Api') })]);
  });

  test('GIVEN a parameter fed from a resource\'s id WHEN the nested export is removed THEN its name is not taken for the id written out', () => {
    const app = ChangeSetPredictor.predictApp([
      { stackName: 'Prod-Data', before: parent({ Ref: 'Bucket' }), after: parent({ Ref: 'Bucket' }), nestedStacks: { Feed: { before: feed(true), after: feed(false) } } },
    ]);

    // The name is shown as written: the id of Bucket is not known offline.
    expect(exportOf(app)).toEqual(['{"Fn::Join":["-",[{"Ref":"Prefix"},"feed"]]}']);
  });
});
