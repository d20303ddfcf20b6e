/**
 * Data verdicts: what happens to the data of each removed or replaced data-bearing resource,
 * for each policy and each default (CloudFormation's DeletionPolicy and UpdateReplacePolicy
 * pages), with the generated spec.
 */
import { template } from './helpers';
import { ChangeSetPredictor } from '../../src/change-set/change-set-predictor';
import { dataVerdictFor, withDataVerdicts } from '../../src/change-set/data-verdicts';
import { PredictedStack } from '../../src/change-set/model';
import { normalize } from '../../src/change-set/normalize';

const table = (keyName: string, attributes: Record<string, unknown> = {}) => ({
  Type: 'AWS::DynamoDB::Table',
  Properties: { KeySchema: [{ AttributeName: keyName, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: keyName, AttributeType: 'S' }] },
  ...attributes,
});
const verdictOf = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  ChangeSetPredictor.predict(template(before), template(after)).dataVerdicts;

describe('a removed resource: its DeletionPolicy, from the deployed template', () => {
  test.each([
    ['no policy on a table (CloudFormation\'s default, Delete)', { Type: 'AWS::DynamoDB::Table' }, 'Delete', 'TypeDefault', 'Deleted', 'the table and its items are deleted'],
    ['an explicit Delete', { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Delete' }, 'Delete', 'Explicit', 'Deleted', 'the table and its items are deleted'],
    ['Retain', { Type: 'AWS::DynamoDB::Table', DeletionPolicy: 'Retain' }, 'Retain', 'Explicit', 'Retained', 'the table and its items stay, unmanaged (outside the stack, still billed)'],
    ['RetainExceptOnCreate', { Type: 'AWS::Logs::LogGroup', DeletionPolicy: 'RetainExceptOnCreate' }, 'RetainExceptOnCreate', 'Explicit', 'Retained', 'the log group and its log events stay, unmanaged (outside the stack, still billed)'],
    ['no policy on an RDS instance (the Snapshot default)', { Type: 'AWS::RDS::DBInstance', Properties: { Engine: 'mysql' } }, 'Snapshot', 'TypeDefault', 'Snapshotted', 'CloudFormation snapshots the DB instance, then deletes it: the databases can be restored from the snapshot into a new DB instance'],
    ['no policy on an RDS cluster (the Snapshot default)', { Type: 'AWS::RDS::DBCluster' }, 'Snapshot', 'TypeDefault', 'Snapshotted', expect.stringContaining('snapshots the DB cluster')],
    ['Snapshot on a type that cannot snapshot', { Type: 'AWS::SQS::Queue', DeletionPolicy: 'Snapshot' }, 'Snapshot', 'Explicit', 'Unknown', expect.stringContaining('does not support Snapshot')],
    ['a computed policy', { Type: 'AWS::SQS::Queue', DeletionPolicy: { 'Fn::If': ['Prod', 'Retain', 'Delete'] } }, '{"Fn::If":["Prod","Retain","Delete"]}', 'Explicit', 'Unknown', expect.stringContaining('not known offline')],
  ])('GIVEN %s WHEN the resource is removed THEN the policy is %s (%s) and the data is %s', (_, resource, policy, policySource, fate, consequence) => {
    expect(verdictOf({ Data: resource }, {})).toEqual([expect.objectContaining({ logicalResourceId: 'Data', trigger: 'Removal', policy, policySource, fate, certainty: 'Certain', consequence })]);
  });

  test('GIVEN an RDS instance of a cluster WHEN it is removed THEN it has no verdict (the cluster volume holds the data)', () => {
    expect(verdictOf({ Member: { Type: 'AWS::RDS::DBInstance', Properties: { DBClusterIdentifier: 'c' } } }, {})).toEqual([]);
  });

  test('GIVEN a removed bucket with Delete WHEN predicted THEN its deletion fails unless the bucket is empty', () => {
    const [verdict] = verdictOf({ Bucket: { Type: 'AWS::S3::Bucket' } }, {});
    expect(verdict).toEqual(expect.objectContaining({ fate: 'Deleted', deletionFailsUnlessEmpty: true }));
    expect(verdict.consequence).toBe('the bucket is removed from the stack, but it is deleted only if it holds no objects: a bucket that holds objects cannot be deleted, so the deletion fails (CloudFormation\'s pre-deployment validation of the change set reports it) and the bucket stays, outside the stack');
  });

  test('GIVEN a removed ECR repository with EmptyOnDelete WHEN predicted THEN its deletion does not depend on emptiness', () => {
    expect(verdictOf({ Repo: { Type: 'AWS::ECR::Repository', Properties: { EmptyOnDelete: true } } }, {})[0].deletionFailsUnlessEmpty).toBe(false);
    expect(verdictOf({ Repo: { Type: 'AWS::ECR::Repository' } }, {})[0].deletionFailsUnlessEmpty).toBe(true);
  });

  test('GIVEN EmptyOnDelete written as the text "true" WHEN the repository is removed THEN its deletion does not depend on emptiness either', () => {
    expect(verdictOf({ Repo: { Type: 'AWS::ECR::Repository', Properties: { EmptyOnDelete: 'true' } } }, {})[0].deletionFailsUnlessEmpty).toBe(false);
    expect(verdictOf({ Repo: { Type: 'AWS::ECR::Repository', Properties: { EmptyOnDelete: 'false' } } }, {})[0].deletionFailsUnlessEmpty).toBe(true);
  });

  test('GIVEN a retained bucket WHEN removed THEN it stays with its objects, and no emptiness rule applies (nothing is deleted)', () => {
    const [verdict] = verdictOf({ Bucket: { Type: 'AWS::S3::Bucket', DeletionPolicy: 'Retain' } }, {});
    expect(verdict).toEqual(expect.objectContaining({ fate: 'Retained', deletionFailsUnlessEmpty: false, consequence: 'the bucket and its objects stay, unmanaged (outside the stack, still billed)' }));
  });

  test('GIVEN a table whose existence rests on a condition not known offline WHEN removed THEN the verdict is Possible', () => {
    const before = template({ T: { ...table('id'), Condition: 'WithTable' } }, {
      Parameters: { Env: { Type: 'String' } },
      Conditions: { WithTable: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] } },
    });
    const verdicts = ChangeSetPredictor.predict(before, template({}, { Parameters: { Env: { Type: 'String' } } })).dataVerdicts;
    expect(verdicts.map((v) => [v.logicalResourceId, v.fate, v.certainty])).toEqual([['T', 'Deleted', 'Possible']]);
  });

  test('GIVEN a resource of a type without data WHEN removed THEN it has no verdict', () => {
    expect(verdictOf({ Topic: { Type: 'AWS::SNS::Topic' } }, {})).toEqual([]);
  });
});

describe('a replaced resource: its UpdateReplacePolicy, from the new template', () => {
  test.each([
    ['no policy (Delete: CloudFormation deletes the old resource by default)', {}, 'Delete', 'TypeDefault', 'Deleted', 'the new table starts empty; the old one and its items are deleted once the update completes'],
    ['Retain (what CDK\'s Table writes)', { UpdateReplacePolicy: 'Retain', DeletionPolicy: 'Retain' }, 'Retain', 'Explicit', 'Retained', 'the new table starts empty; the old one, with its items, is left unmanaged (outside the stack, still billed)'],
    ['a DeletionPolicy only (it does not apply to replacements)', { DeletionPolicy: 'Retain' }, 'Delete', 'TypeDefault', 'Deleted', expect.stringContaining('deleted')],
  ])('GIVEN %s WHEN the table\'s key changes THEN the policy is %s (%s) and the data is %s', (_, attributes, policy, policySource, fate, consequence) => {
    expect(verdictOf({ T: table('id', attributes) }, { T: table('key', attributes) })).toEqual([
      expect.objectContaining({ trigger: 'Replacement', policy, policySource, fate, certainty: 'Certain', consequence }),
    ]);
  });

  test('GIVEN a replaced RDS instance without a policy WHEN predicted THEN the old one is deleted (the Snapshot default is the DeletionPolicy\'s only)', () => {
    const db = (engine: string) => ({ Type: 'AWS::RDS::DBInstance', Properties: { Engine: 'mysql', DBInstanceIdentifier: 'x', AvailabilityZone: engine } });
    expect(verdictOf({ Db: db('a') }, { Db: db('b') })).toEqual([expect.objectContaining({ trigger: 'Replacement', policy: 'Delete', fate: 'Deleted' })]);
  });

  test('GIVEN a replaced instance with Snapshot WHEN predicted THEN the old one is snapshotted', () => {
    const db = (zone: string) => ({ Type: 'AWS::RDS::DBInstance', UpdateReplacePolicy: 'Snapshot', Properties: { Engine: 'mysql', AvailabilityZone: zone } });
    expect(verdictOf({ Db: db('a') }, { Db: db('b') })[0]).toEqual(expect.objectContaining({ fate: 'Snapshotted', consequence: 'the new DB instance starts empty; CloudFormation snapshots the old one before deleting it, so the databases can be restored from the snapshot' }));
  });

  test('GIVEN a conditional replacement WHEN predicted THEN the verdict is Possible', () => {
    // The table's key names a resource that may be replaced (a DB parameter group change is
    // Conditionally): the table may be replaced too (issue 18: only a certain cause is Static).
    const keyedByParameter = { ...table('id'), Properties: { ...table('id').Properties, KeySchema: [{ AttributeName: { Ref: 'Other' }, KeyType: 'HASH' }] } };
    const other = (group: string) => ({ Type: 'AWS::RDS::DBInstance', Properties: { DBInstanceClass: 'db.t3.micro', Engine: 'postgres', DBParameterGroupName: group }, DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    const before = template({ T: keyedByParameter, Other: other('a') });
    const after = template({ T: keyedByParameter, Other: other('b') });
    const verdicts = ChangeSetPredictor.predict(before, after).dataVerdicts;
    expect(verdicts.map((v) => [v.logicalResourceId, v.fate, v.certainty])).toEqual([['T', 'Deleted', 'Possible'], ['Other', 'Retained', 'Possible']]);
  });

  test('GIVEN a logical id whose type changes to a table WHEN predicted THEN it has no verdict (CloudFormation refuses the update, nothing is deleted)', () => {
    expect(verdictOf({ T: { Type: 'AWS::SQS::Queue' } }, { T: table('id') })).toEqual([]);
    expect(verdictOf({ T: table('id') }, { T: { Type: 'AWS::SQS::Queue' } })).toEqual([]);
  });

  test('GIVEN an in-place change of a table WHEN predicted THEN it has no verdict', () => {
    const withBilling = (mode: string) => ({ ...table('id'), Properties: { ...table('id').Properties, BillingMode: mode } });
    expect(verdictOf({ T: withBilling('PROVISIONED') }, { T: withBilling('PAY_PER_REQUEST') })).toEqual([]);
  });
});

describe('the output', () => {
  test('GIVEN a replaced table WHEN rendered as JSON THEN the verdict sits beside CloudFormation\'s fields under PredictorAdditions', () => {
    const [change] = ChangeSetPredictor.predict(template({ T: table('id') }), template({ T: table('key') })).toJson();
    expect(Object.keys(change.ResourceChange)).toEqual(['Action', 'LogicalResourceId', 'ResourceType', 'Replacement', 'Scope', 'Details', 'PredictorAdditions']);
    expect(change.ResourceChange.PredictorAdditions).toEqual({
      DataVerdict: { Trigger: 'Replacement', Policy: 'Delete', PolicySource: 'TypeDefault', Fate: 'Deleted', Certainty: 'Certain', Consequence: expect.any(String) },
    });
  });

  test('GIVEN verdicts that retain and delete WHEN listed THEN the ones deleting data come first, and each change carries its own', () => {
    const changeSet = ChangeSetPredictor.predict(template({ A: { Type: 'AWS::SQS::Queue', DeletionPolicy: 'Retain' }, B: { Type: 'AWS::SQS::Queue' } }), template({}));
    expect(changeSet.dataVerdicts.map((v) => `${v.logicalResourceId} ${v.fate}`)).toEqual(['B Deleted', 'A Retained']);
    expect(changeSet.changes.map((c) => c.dataVerdict?.fate)).toEqual(['Retained', 'Deleted']);
  });

  test('GIVEN a nested stack that removes a table WHEN predicted THEN its verdict names the nested stack', () => {
    const stack = (url: string) => ({ Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: url } });
    const changeSet = ChangeSetPredictor.predict(template({ Inner: stack('a') }), template({ Inner: stack('b') }), {
      nestedStacks: { Inner: { before: template({ T: table('id') }), after: template({}) } },
    });
    expect(changeSet.dataVerdicts).toEqual([expect.objectContaining({ logicalResourceId: 'T', nestedStackPath: 'Inner', fate: 'Deleted' })]);
  });
});

describe('dataVerdictFor (the refactor planner and the guard ask it directly)', () => {
  const resource = (type: string) => normalize(template({ R: { Type: type } })).resources.get('R')!;

  test('GIVEN no word on conditions WHEN asked THEN the verdict is Certain', () => {
    expect(dataVerdictFor(resource('AWS::DynamoDB::Table'), 'Removal')).toEqual(expect.objectContaining({ fate: 'Deleted', certainty: 'Certain' }));
    expect(dataVerdictFor(resource('AWS::DynamoDB::Table'), 'Replacement', true)).toEqual(expect.objectContaining({ certainty: 'Possible' }));
  });

  test('GIVEN a verdict-free stack WHEN verdicts are added THEN the stack is returned as it was', () => {
    const before = normalize(template({ Q: { Type: 'AWS::SNS::Topic' } }));
    const stack = { changes: [{ action: 'Remove', logicalId: 'Q', resourceType: 'AWS::SNS::Topic', details: [] }] } as unknown as PredictedStack;
    expect(withDataVerdicts(stack, before, normalize(template({})))).toBe(stack);
  });
});

describe('a custom resource removed or replaced: its provider\'s Delete runs for the old physical id', () => {
  const custom = (properties: Record<string, unknown> = {}, attributes: Record<string, unknown> = {}, type = 'Custom::GlueDatabase') => ({
    Type: type, Properties: { ServiceToken: 'arn:aws:lambda:us-east-1:1:function:handler', DatabaseName: 'sales', ...properties }, ...attributes,
  });
  const declared = (name: string) => custom({ DatabaseName: name }, { Metadata: { 'cdk-lifecycle': { replaceOnChange: ['DatabaseName'] } } });

  test.each([
    ['a Custom:: type without a policy', 'Delete', 'TypeDefault', 'Unknown', true, custom(),
      'CloudFormation sends Delete to the provider for the physical id of Handler: whatever its handler deletes (a database, the objects of a bucket) is deleted; DeletionPolicy Retain skips it'],
    ['an AWS::CloudFormation::CustomResource with an explicit Delete', 'Delete', 'Explicit', 'Unknown', true, custom({}, { DeletionPolicy: 'Delete' }, 'AWS::CloudFormation::CustomResource'),
      expect.stringContaining('sends Delete to the provider')],
    ['Retain', 'Retain', 'Explicit', 'Retained', false, custom({}, { DeletionPolicy: 'Retain' }), 'CloudFormation sends the provider no Delete: what it made for Handler stays, outside the stack'],
    ['RetainExceptOnCreate', 'RetainExceptOnCreate', 'Explicit', 'Retained', false, custom({}, { DeletionPolicy: 'RetainExceptOnCreate' }), expect.stringContaining('no Delete')],
    ['a computed policy', '{"Fn::If":["Prod","Retain","Delete"]}', 'Explicit', 'Unknown', false, custom({}, { DeletionPolicy: { 'Fn::If': ['Prod', 'Retain', 'Delete'] } }),
      'whether CloudFormation sends Delete to the provider is not known offline: the policy is not Delete, Retain or RetainExceptOnCreate'],
  ])('GIVEN %s WHEN removed THEN the policy is %s (%s), the fate %s, and the provider\'s Delete runs: %s', (_, policy, policySource, fate, providerDelete, resource, consequence) => {
    expect(verdictOf({ Handler: resource }, {})).toEqual([expect.objectContaining({ trigger: 'Removal', policy, policySource, fate, providerDelete, certainty: 'Certain', consequence })]);
  });

  test('GIVEN a custom resource moved to a new logical id (a probable rename) WHEN predicted THEN the Remove says the Delete runs after the new one is created, and may delete what it manages', () => {
    const [verdict] = verdictOf({ GlueHandler: custom() }, { DatasetGlueHandler: custom() });
    expect(verdict).toEqual(expect.objectContaining({ logicalResourceId: 'GlueHandler', providerDelete: true }));
    expect(verdict.consequence).toBe('CloudFormation creates DatasetGlueHandler first (the provider\'s Create), then sends Delete for the physical id of GlueHandler: '
      + 'if both manage the same thing (a database of the same name), the Delete removes what DatasetGlueHandler manages; keep the logical id, '
      + 'or set DeletionPolicy Retain on GlueHandler for this update');
  });

  test('GIVEN a declared replacement (a replaceOnChange property changes) WHEN predicted THEN the old physical id\'s Delete runs after the update', () => {
    expect(verdictOf({ Handler: declared('sales') }, { Handler: declared('orders') })).toEqual([expect.objectContaining({
      trigger: 'Replacement',
      policy: 'Delete',
      fate: 'Unknown',
      providerDelete: true,
      certainty: 'Certain',
      consequence: 'the provider answers a new physical id, so CloudFormation sends Delete for the old one once the update completes: whatever its handler deletes for it is deleted, even what the new one manages; UpdateReplacePolicy Retain skips it',
    })]);
  });

  test('GIVEN a declared replacement with UpdateReplacePolicy Retain (a DeletionPolicy does not apply) WHEN predicted THEN no Delete is sent for the old physical id', () => {
    const retained = (name: string) => ({ ...declared(name), UpdateReplacePolicy: 'Retain' });
    expect(verdictOf({ Handler: retained('sales') }, { Handler: retained('orders') })).toEqual([expect.objectContaining({ trigger: 'Replacement', policy: 'Retain', fate: 'Retained', providerDelete: false })]);
    const deletionOnly = (name: string) => ({ ...declared(name), DeletionPolicy: 'Retain' });
    expect(verdictOf({ Handler: deletionOnly('sales') }, { Handler: deletionOnly('orders') })).toEqual([expect.objectContaining({ policy: 'Delete', providerDelete: true })]);
  });

  test.each([
    ['an undeclared custom resource whose property changes (the provider decides; it may answer the same physical id)', custom(), custom({ DatabaseName: 'orders' })],
    ['a declared one whose other property changes (in place)', declared('sales'), { ...declared('sales'), Properties: { ...declared('sales').Properties, Owner: 'x' } }],
  ])('GIVEN %s WHEN predicted THEN it has no verdict', (_, before, after) => {
    expect(verdictOf({ Handler: before }, { Handler: after })).toEqual([]);
  });

  test('GIVEN a removed custom resource whose existence rests on an unknown condition WHEN predicted THEN the verdict is Possible', () => {
    const conditions = { Parameters: { Env: { Type: 'String' } }, Conditions: { On: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] } } };
    const verdicts = ChangeSetPredictor.predict(template({ Handler: { ...custom(), Condition: 'On' } }, conditions), template({}, conditions)).dataVerdicts;
    expect(verdicts.map((v) => `${v.fate} ${v.certainty}`)).toEqual(['Unknown Possible']);
  });

  test('GIVEN a removed custom resource WHEN rendered as JSON THEN its verdict says the provider\'s Delete runs', () => {
    const [change] = ChangeSetPredictor.predict(template({ Handler: custom() }), template({})).toJson();
    expect(change.ResourceChange.PredictorAdditions.DataVerdict).toEqual(expect.objectContaining({ Fate: 'Unknown', ProviderDelete: true }));
    const [retained] = ChangeSetPredictor.predict(template({ Handler: custom({}, { DeletionPolicy: 'Retain' }) }), template({})).toJson();
    expect(retained.ResourceChange.PredictorAdditions.DataVerdict.ProviderDelete).toBeUndefined();
  });

  test('GIVEN dataVerdictFor asked about a custom resource (a move between stacks) WHEN removed THEN the provider\'s Delete runs', () => {
    const resource = normalize(template({ R: custom() })).resources.get('R')!;
    expect(dataVerdictFor(resource, 'Removal')).toEqual(expect.objectContaining({ fate: 'Unknown', providerDelete: true, certainty: 'Certain' }));
    expect(dataVerdictFor(resource, 'Replacement', true)).toEqual(expect.objectContaining({ trigger: 'Replacement', certainty: 'Possible' }));
  });
});
