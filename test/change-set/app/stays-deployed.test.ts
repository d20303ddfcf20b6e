/**
 * A stack the app no longer has stays deployed (`src/change-set/app/stays-deployed.ts`): its
 * update changes nothing, its notes say what it holds and what deleting it would do to data,
 * and what it holds is still judged by the rest of the app.
 */
import { ChangeSetPredictor } from '../../../src';

const KEY = [{ AttributeName: 'pk', KeyType: 'HASH' }];
const table = (policy?: string) => ({
  Type: 'AWS::DynamoDB::Table',
  Properties: { KeySchema: KEY, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] },
  ...(policy === undefined ? {} : { DeletionPolicy: policy }),
});
const queue = (name: string) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name } });
const store = { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'https://s3/store.json' } };

test('GIVEN a stack only the deployed app has, with a nested stack WHEN the app is predicted THEN it changes nothing, and its notes say it stays deployed and what deleting it would do', () => {
  const changeSet = ChangeSetPredictor.predictApp([
    { stackName: 'Legacy', before: { Resources: { Store: store } }, nestedStacks: { Store: { before: { Resources: { Ledger: table(), Audit: table('Retain'), Work: queue('acme-work') } } } } },
  ]).changeSetOf('Legacy')!;

  expect([changeSet.changes, changeSet.dataVerdicts, changeSet.failures, changeSet.outputs]).toEqual([[], [], [], []]);
  expect(changeSet.notes).toEqual([
    'Legacy is no longer in the app: cdk deploy does not delete it, so it stays deployed with its 4 resources and their names; deleting it '
    + '(cdk destroy with the version of the app that still has it, or aws cloudformation delete-stack --stack-name Legacy) removes them',
    'deleting it would delete the data of Ledger (AWS::DynamoDB::Table, nested stack Store, DeletionPolicy Delete), Work (AWS::SQS::Queue, nested stack Store, DeletionPolicy Delete); '
    + 'keep Audit (AWS::DynamoDB::Table, nested stack Store, DeletionPolicy Retain)',
  ]);
});

test('GIVEN a stack only the deployed app has, with an export, a custom resource and no name WHEN predicted THEN its notes count the export and say the custom resource\'s fate is not known offline', () => {
  const changeSet = ChangeSetPredictor.predictApp([{
    stackName: 'Legacy',
    before: {
      Resources: { Seed: { Type: 'Custom::Seed', Properties: { ServiceToken: 'arn:aws:lambda:eu-west-1:111111111111:function:seed' } } },
      Outputs: { Out: { Value: 'x', Export: { Name: 'legacy-x' } } },
    },
  }]).changeSetOf('Legacy')!;

  expect(changeSet.notes).toEqual([
    expect.stringMatching(/^Legacy is no longer in the app: cdk deploy does not delete it, so it stays deployed with its 1 resource and its 1 export; /),
    'what deleting it does to the data of Seed (Custom::Seed, DeletionPolicy Delete) is not known offline',
  ]);
});

test('GIVEN the export and the named queue of a stack the app no longer has taken by a new stack WHEN predicted THEN both certainly fail: the old stack still holds them', () => {
  const legacy = { Resources: { Work: queue('acme-work') }, Outputs: { Out: { Value: 'x', Export: { Name: 'acme-x' } } } };
  const app = ChangeSetPredictor.predictApp([
    { stackName: 'Acme', after: legacy },
    { stackName: 'Legacy', before: legacy },
  ]);

  expect(app.failures.map((failure) => [failure.stackName, failure.logicalResourceId, failure.certainty]).sort()).toEqual([['Acme', 'Out', 'Certain'], ['Acme', 'Work', 'Certain']]);
  expect(app.failures.find((failure) => failure.logicalResourceId === 'Out')!.reason).toContain('Export with name acme-x is already exported by stack Legacy: Legacy is no longer in the app, and cdk deploy does not delete it; '
    + 'export names are unique in an account and Region: delete Legacy first (aws cloudformation delete-stack --stack-name Legacy), or give the new export another name');
  expect(app.deploymentOrder).toEqual(['Acme']);
});
