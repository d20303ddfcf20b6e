/**
 * The app as CloudFormation deploys it, stack by stack in the order `cdk deploy` takes:
 * exports in use (removed, changing value, names still held, imports of exports made later)
 * and named resources moved between stacks. Minimal pairs for every rule, in the shapes CDK
 * writes (`Prod-Data:ExportsOutputRef...` exports, `Fn::ImportValue` of their literal names).
 */
import { AppStackTemplates, ChangeSetPredictor, FailureVerdict } from '../../../src';

const KEY = [{ AttributeName: 'pk', KeyType: 'HASH' }];

/** CDK's export of a value of the Data stack. */
function exportOf(id: string, value: unknown): Record<string, unknown> {
  return { [id]: { Value: value, Export: { Name: `Prod-Data:${id}` } } };
}

/** A Data stack: a table (its logical id given) and a FIFO queue (its name given), both exported as CDK exports them. */
interface DataOptions {
  readonly table?: string;
  readonly queueName?: string;
  readonly outputs?: Record<string, unknown>;
  readonly resources?: Record<string, unknown>;
  readonly parameters?: Record<string, unknown>;
}

function data(options: DataOptions = {}) {
  const table = options.table ?? 'OrdersA9B65338';
  return {
    ...(options.parameters === undefined ? {} : { Parameters: options.parameters }),
    Resources: {
      [table]: { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: KEY, AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }] }, DeletionPolicy: 'Retain' },
      Jobs: { Type: 'AWS::SQS::Queue', Properties: { QueueName: options.queueName ?? 'jobs.fifo', FifoQueue: true } },
      ...options.resources,
    },
    Outputs: {
      ...exportOf(`ExportsOutputFnGetAtt${table}Arn`, { 'Fn::GetAtt': [table, 'Arn'] }),
      ...exportOf('ExportsOutputRefJobs', { Ref: 'Jobs' }),
      ...options.outputs,
    },
  };
}

/** An Api stack importing these exports of Data into a function's environment. */
function api(imports: readonly string[], resources: Record<string, unknown> = {}) {
  return {
    Resources: {
      Handler: {
        Type: 'AWS::Lambda::Function',
        Properties: { Environment: { Variables: Object.fromEntries(imports.map((name, index) => [`V${index}`, { 'Fn::ImportValue': `Prod-Data:${name}` }])) } },
      },
      ...resources,
    },
  };
}

const TABLE_EXPORT = 'ExportsOutputFnGetAttOrdersA9B65338Arn';

function app(stacks: AppStackTemplates[], externalImporters?: { [name: string]: string[] }) {
  return ChangeSetPredictor.predictApp(stacks, externalImporters === undefined ? undefined : { externalImporters });
}

function only(failures: FailureVerdict[]): FailureVerdict {
  expect(failures).toHaveLength(1);
  return failures[0];
}

describe('exports in use', () => {
  test('GIVEN the table renamed while the deployed Api imports its export WHEN predicted THEN removing the export certainly fails, naming the export, its stack and the importer', () => {
    // GIVEN: the new Api imports the renamed table's export, but Data is deployed first
    const result = app([
      { stackName: 'Prod-Data', before: data(), after: data({ table: 'OrdersTable0D6A2C71' }) },
      { stackName: 'Prod-Api', before: api([TABLE_EXPORT]), after: api(['ExportsOutputFnGetAttOrdersTable0D6A2C71Arn']), dependsOn: ['Prod-Data'] },
    ]);

    // THEN
    const failure = only(result.failures);
    expect(failure).toMatchObject({
      stackName: 'Prod-Data', resourceType: 'Output', logicalResourceId: TABLE_EXPORT, exportName: `Prod-Data:${TABLE_EXPORT}`, certainty: 'Certain',
    });
    expect(failure.reason).toContain(`Export Prod-Data:${TABLE_EXPORT} cannot be deleted as it is in use by Prod-Api`);
    expect(failure.reason).toContain('Stack.exportValue');
    expect(result.deploymentOrder).toEqual(['Prod-Data', 'Prod-Api']);
    const output = result.changeSetOf('Prod-Data')!.outputs.find((candidate) => candidate.outputId === TABLE_EXPORT)!;
    expect(output).toMatchObject({ action: 'Remove', exportName: `Prod-Data:${TABLE_EXPORT}`, failure: { certainty: 'Certain' } });
  });

  test('GIVEN the importer deployed before the exporter and no longer importing WHEN predicted THEN the export is free when it is removed', () => {
    // GIVEN: the new Api no longer depends on Data and comes first in the manifest
    const result = app([
      { stackName: 'Prod-Api', before: api([TABLE_EXPORT]), after: api([]) },
      { stackName: 'Prod-Data', before: data(), after: data({ table: 'OrdersTable0D6A2C71' }) },
    ]);

    expect(result.failures).toEqual([]);
  });

  test('GIVEN an export removed that no stack of the app imports WHEN predicted THEN it is a note about importers outside the app, not a failure', () => {
    const result = app([{ stackName: 'Prod-Data', before: data(), after: data({ table: 'OrdersTable0D6A2C71' }) }]);

    expect(result.failures).toEqual([]);
    const removed = result.changeSetOf('Prod-Data')!.outputs.find((output) => output.outputId === TABLE_EXPORT)!;
    expect(removed.notes).toEqual([expect.stringContaining('no stack of the app imports it; a stack outside the app may')]);
  });

  test('GIVEN importers outside the app known from the deployed state WHEN an export they import is removed THEN it certainly fails, naming them; one nobody imports gets no note', () => {
    const result = app([{ stackName: 'Prod-Data', before: data(), after: data({ table: 'OrdersTable0D6A2C71', queueName: 'other.fifo' }) }], {
      [`Prod-Data:${TABLE_EXPORT}`]: ['Billing'],
    });

    const failure = only(result.failures.filter((candidate) => candidate.logicalResourceId === TABLE_EXPORT));
    expect(failure.reason).toContain('in use by Billing (a stack outside the app)');
    expect(result.changeSetOf('Prod-Data')!.outputs.flatMap((output) => output.notes)).toEqual([]);
  });

  test('GIVEN the FIFO queue replaced (a new name) while Api imports its Ref WHEN predicted THEN updating the export certainly fails, saying why its value changes', () => {
    const result = app([
      { stackName: 'Prod-Data', before: data(), after: data({ queueName: 'jobs-v2.fifo' }) },
      { stackName: 'Prod-Api', before: api(['ExportsOutputRefJobs']), after: api(['ExportsOutputRefJobs']), dependsOn: ['Prod-Data'] },
    ]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ logicalResourceId: 'ExportsOutputRefJobs', certainty: 'Certain' });
    expect(failure.reason).toContain('Cannot update export Prod-Data:ExportsOutputRefJobs as it is in use by Prod-Api: it reads Jobs, and Jobs is replaced');
    expect(result.changeSetOf('Prod-Data')!.outputs.find((output) => output.outputId === 'ExportsOutputRefJobs')).toMatchObject({
      action: 'Modify', valueChange: 'Certain',
    });
  });

  test.each([
    ['a literal', { outputs: exportOf('ExportsOutputVersion', 'v1') }, { outputs: exportOf('ExportsOutputVersion', 'v2') }, {}, 'Certain', 'its value changes from "v1" to "v2"'],
    [
      'a parameter whose value changes',
      { parameters: { Stage: { Type: 'String' } }, outputs: exportOf('ExportsOutputVersion', { Ref: 'Stage' }) },
      { parameters: { Stage: { Type: 'String' } }, outputs: exportOf('ExportsOutputVersion', { Ref: 'Stage' }) },
      { parameters: { before: { Stage: 'blue' }, after: { Stage: 'green' } } },
      'Certain',
      'its value changes from "blue" to "green": it reads the parameter Stage, whose value changes',
    ],
    [
      'a resource that may be replaced',
      // The recorded RDS change set: a new DBParameterGroupName is Conditionally a replacement.
      { resources: { Db: { Type: 'AWS::RDS::DBInstance', Properties: { DBParameterGroupName: 'pg-a' } } }, outputs: exportOf('ExportsOutputVersion', { Ref: 'Db' }) },
      { resources: { Db: { Type: 'AWS::RDS::DBInstance', Properties: { DBParameterGroupName: 'pg-b' } } }, outputs: exportOf('ExportsOutputVersion', { Ref: 'Db' }) },
      {},
      'Possible',
      'it reads Db, and Db may be replaced',
    ],
    [
      'a stream ARN while the stream changes in place',
      { resources: { Events: { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: KEY, StreamSpecification: { StreamViewType: 'KEYS_ONLY' } } } }, outputs: exportOf('ExportsOutputVersion', { 'Fn::GetAtt': ['Events', 'StreamArn'] }) },
      { resources: { Events: { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: KEY, StreamSpecification: { StreamViewType: 'NEW_IMAGE' } } } }, outputs: exportOf('ExportsOutputVersion', { 'Fn::GetAtt': ['Events', 'StreamArn'] }) },
      {},
      'Possible',
      'it reads Events.StreamArn, which may change with the update in place',
    ],
  ])('GIVEN an imported export whose value is %s WHEN predicted THEN updating it fails (%s)', (_, before, after, extra, certainty, why) => {
    const result = app([
      { stackName: 'Prod-Data', before: data(before), after: data(after), ...extra },
      { stackName: 'Prod-Api', before: api(['ExportsOutputVersion']), after: api(['ExportsOutputVersion']), dependsOn: ['Prod-Data'] },
    ]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ logicalResourceId: 'ExportsOutputVersion', certainty });
    expect(failure.reason).toContain(why);
  });

  test('GIVEN an imported export of a table ARN while the table changes in place WHEN predicted THEN nothing fails (an ARN keeps its value)', () => {
    const result = app([
      { stackName: 'Prod-Data', before: data(), after: data({ resources: {}, outputs: {} }) },
      { stackName: 'Prod-Api', before: api([TABLE_EXPORT]), after: api([TABLE_EXPORT]), dependsOn: ['Prod-Data'] },
    ]);
    expect(result.failures).toEqual([]);
  });

  test('GIVEN a nested stack of Api that imports the export WHEN the export is removed THEN the importer is named with its nested stack', () => {
    // GIVEN: the import is in Api's nested stack Workers, whose template is equal on both sides
    const nested = api([TABLE_EXPORT]);
    const parent = { Resources: { Workers: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'https://s3/workers.json' } } } };
    const result = app([
      { stackName: 'Prod-Data', before: data(), after: data({ table: 'OrdersTable0D6A2C71' }) },
      { stackName: 'Prod-Api', before: parent, after: parent, nestedStacks: { Workers: { before: nested, after: nested } }, dependsOn: ['Prod-Data'] },
    ]);

    expect(only(result.failures).reason).toContain('in use by Prod-Api (nested stack Workers)');
  });

  test('GIVEN an export of a nested stack removed while another stack imports it WHEN predicted THEN the failure is in the nested stack\'s change set', () => {
    // GIVEN: Data's nested stack Tables exports the table; its template changes (the table is renamed)
    const parent = { Resources: { Tables: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'https://s3/tables.json' } } } };
    const result = app([
      { stackName: 'Prod-Data', before: parent, after: parent, nestedStacks: { Tables: { before: data(), after: data({ table: 'OrdersTable0D6A2C71' }) } } },
      { stackName: 'Prod-Api', before: api([TABLE_EXPORT]), after: api([TABLE_EXPORT]), dependsOn: ['Prod-Data'] },
    ]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ nestedStackPath: 'Tables', logicalResourceId: TABLE_EXPORT, certainty: 'Certain' });
    expect(result.changeSetOf('Prod-Data')!.nestedChangeSets.Tables.failures).toHaveLength(1);
  });

  test('GIVEN a stack the app no longer has that imports the export WHEN the export is removed THEN it fails: cdk deploy does not delete that stack', () => {
    const result = app([
      { stackName: 'Prod-Data', before: data(), after: data({ table: 'OrdersTable0D6A2C71' }) },
      { stackName: 'Legacy', before: api([TABLE_EXPORT]) },
    ]);

    expect(only(result.failures.filter((failure) => failure.resourceType === 'Output')).reason)
      .toContain('in use by Legacy (no longer in the app, but cdk deploy does not delete it)');
  });

  test('GIVEN an export moved to another stack that is deployed first WHEN predicted THEN the new stack cannot create it: the name is still held', () => {
    // GIVEN: the Version export moves from Data (deployed second) to Shared (deployed first)
    const result = app([
      { stackName: 'Shared', before: { Resources: {} }, after: { Resources: {}, Outputs: exportOf('ExportsOutputVersion', 'v1') } },
      { stackName: 'Prod-Data', before: data({ outputs: exportOf('ExportsOutputVersion', 'v1') }), after: data() },
    ]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ stackName: 'Shared', logicalResourceId: 'ExportsOutputVersion', certainty: 'Certain' });
    expect(failure.reason).toContain('Export with name Prod-Data:ExportsOutputVersion is already exported by stack Prod-Data: Prod-Data gives it up only when it is deployed, after Shared');
  });

  test('GIVEN a new import of an export that a stack deployed later creates WHEN predicted THEN the importing resource certainly fails', () => {
    const result = app([
      { stackName: 'Prod-Api', before: api([]), after: api(['ExportsOutputVersion']) },
      { stackName: 'Prod-Data', before: data(), after: data({ outputs: exportOf('ExportsOutputVersion', 'v1') }) },
    ]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ stackName: 'Prod-Api', logicalResourceId: 'Handler', resourceType: 'AWS::Lambda::Function', certainty: 'Certain' });
    expect(failure.reason).toContain('No export named Prod-Data:ExportsOutputVersion found: Prod-Data exports it, but Prod-Api is deployed before Prod-Data');
  });
});

describe('names moved between stacks', () => {
  const bucket = (policy?: string) => ({ Archive: { Type: 'AWS::S3::Bucket', Properties: { BucketName: 'acme-archive' }, ...(policy === undefined ? {} : { DeletionPolicy: policy }) } });
  const role = { Worker: { Type: 'AWS::IAM::Role', Properties: { RoleName: 'acme-worker', AssumeRolePolicyDocument: {} } } };
  const stack = (resources: Record<string, unknown>) => ({ Resources: { Keep: { Type: 'AWS::SNS::Topic' }, ...resources } });

  test.each([
    ['to a stack deployed first', [['Api', 'Data']], bucket(), 'Certain', 'which is deployed after Prod-Api'],
    ['to a stack deployed later, the old one retained', [['Data', 'Api']], bucket('Retain'), 'Certain', 'whose DeletionPolicy Retain keeps it'],
    ['to a stack deployed later, a bucket that may hold objects', [['Data', 'Api']], bucket('Delete'), 'Possible', 'cannot be deleted'],
    ['to a stack that only the manifest orders after', [['Data'], ['Api']], role, 'Possible', 'no dependency fixes that order'],
  ])('GIVEN a named resource moved %s WHEN predicted THEN its creation fails (%s)', (_, dependencies, resources, certainty, why) => {
    // GIVEN: Data holds the resource, Api gets it; `dependencies` lists [first, second] when one depends on the other
    const [first, second] = dependencies.length === 1 ? dependencies[0] : ['Data', 'Api'];
    const dependsOn = (name: string) => (dependencies.length === 1 && name === second ? [`Prod-${first}`] : []);
    const result = app([
      { stackName: 'Prod-Data', before: stack(resources), after: stack({}), dependsOn: dependsOn('Data') },
      { stackName: 'Prod-Api', before: stack({}), after: stack(resources), dependsOn: dependsOn('Api') },
    ]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ stackName: 'Prod-Api', certainty, resourceType: Object.values(resources)[0].Type });
    expect(failure.reason).toContain('is still held by');
    expect(failure.reason).toContain(why);
    expect(failure.reason).toContain('a stack refactor moves it without replacing it');
  });

  test('GIVEN a named role moved to a stack deployed later that depends on the old one WHEN predicted THEN the old stack frees the name first: no failure', () => {
    const result = app([
      { stackName: 'Prod-Data', before: stack(role), after: stack({}) },
      { stackName: 'Prod-Api', before: stack({}), after: stack(role), dependsOn: ['Prod-Data'] },
    ]);
    expect(result.failures).toEqual([]);
  });

  test('GIVEN a named role moved from a stack the app no longer has WHEN predicted THEN it certainly fails: that stack is not deleted', () => {
    const result = app([
      { stackName: 'Prod-Api', before: stack({}), after: stack(role) },
      { stackName: 'Legacy', before: stack(role) },
    ]);
    expect(only(result.failures).reason).toContain('a stack the app no longer has: cdk deploy does not delete it');
  });

  test('GIVEN a named role moved between two nested stacks of one stack WHEN predicted THEN it certainly fails: the cleanup comes after the whole update', () => {
    const parent = { Resources: { A: { Type: 'AWS::CloudFormation::Stack' }, B: { Type: 'AWS::CloudFormation::Stack' } } };
    const result = app([{
      stackName: 'Prod',
      before: parent,
      after: parent,
      nestedStacks: { A: { before: stack(role), after: stack({}) }, B: { before: stack({}), after: stack(role) } },
    }]);

    const failure = only(result.failures);
    expect(failure).toMatchObject({ nestedStackPath: 'B', logicalResourceId: 'Worker', certainty: 'Certain' });
    expect(failure.reason).toContain('deletes it only in the cleanup after the whole update of Prod');
  });

  test.each([
    ['another account', { account: '111111111111' }, { account: '222222222222' }],
    ['another Region', { account: '111111111111', region: 'eu-west-1' }, { account: '111111111111', region: 'eu-central-1' }],
  ])('GIVEN a named role moved to a stack of %s WHEN predicted THEN the names do not meet', (_, from, to) => {
    const regional = { Param: { Type: 'AWS::SSM::Parameter', Properties: { Name: '/acme/flag', Type: 'String', Value: 'x' } } };
    const result = app([
      { stackName: 'Prod-Api', before: stack({}), after: stack(regional), ...to },
      { stackName: 'Prod-Data', before: stack(regional), after: stack({}), ...from },
    ]);
    expect(result.failures).toEqual([]);
  });

  test('GIVEN a bucket name moved to a stack of another account WHEN predicted THEN it still collides: bucket names are unique in the partition', () => {
    const result = app([
      { stackName: 'Prod-Api', before: stack({}), after: stack(bucket()), account: '222222222222', region: 'eu-west-1' },
      { stackName: 'Prod-Data', before: stack(bucket()), after: stack({}), account: '111111111111', region: 'us-east-1' },
    ]);
    expect(only(result.failures).certainty).toBe('Certain');
  });
});

describe('predictApp input', () => {
  test('GIVEN input that is not a list of stacks WHEN predicted THEN nothing is predicted and nothing throws', () => {
    const result = ChangeSetPredictor.predictApp('nope' as unknown as AppStackTemplates[], { externalImporters: { X: 'not a list' as unknown as string[] } });
    expect(result.stackNames).toEqual([]);
    expect(result.failures).toEqual([]);
    expect(result.changeSetOf('X')).toBeUndefined();
  });
});

describe('exports between the nested stacks of one stack', () => {
  const STACK = 'AWS::CloudFormation::Stack';
  const parent = { Resources: { A: { Type: STACK }, B: { Type: STACK } } };
  const parentWhere = (waiting: 'A' | 'B') => ({ Resources: { A: { Type: STACK }, B: { Type: STACK }, [waiting]: { Type: STACK, DependsOn: waiting === 'A' ? 'B' : 'A' } } });
  /** A nested stack exporting `name`s (from a topic), and importing `imports`. */
  const nested = (exports: readonly string[], imports: readonly string[] = [], topic = 'Topic') => ({
    Resources: {
      [topic]: { Type: 'AWS::SNS::Topic' },
      ...Object.fromEntries(imports.map((name, index) => [`Reader${index}`, { Type: 'AWS::SQS::Queue', Properties: { QueueName: { 'Fn::ImportValue': name } } }])),
    },
    Outputs: Object.fromEntries(exports.map((name, index) => [`Out${index}`, { Value: { Ref: topic }, Export: { Name: name } }])),
  });
  const predict = (a: [unknown, unknown], b: [unknown, unknown], after: unknown = parent) => app([{
    stackName: 'Prod', before: parent, after, nestedStacks: { A: { before: a[0], after: a[1] }, B: { before: b[0], after: b[1] } },
  }]);

  test.each([
    ['the importer waits for the exporter (DependsOn)', 'B', ['Certain']],
    ['the exporter waits for the importer (DependsOn)', 'A', []],
  ] as const)('GIVEN an export of nested stack A removed while the sibling stops importing it, and %s WHEN predicted THEN the order decides', (_, waiting, certainties) => {
    const result = predict([nested(['shared']), nested([])], [nested([], ['shared']), nested([])], parentWhere(waiting));
    expect(result.failures.map((failure) => failure.certainty)).toEqual(certainties);
  });

  test.each([
    ['removed while the sibling keeps importing it', 'Certain', [nested(['shared']), nested([])], [nested([], ['shared']), nested([], ['shared'])],
      'Export shared cannot be deleted as it is in use by Prod (nested stack B): the update of Prod removes it while its nested stack still imports it'],
    ['removed while the sibling stops importing it in the same update', 'Possible', [nested(['shared']), nested([])], [nested([], ['shared']), nested([])],
      'whether the importer is updated first depends on the order CloudFormation updates its nested stacks in'],
    ['changing value while the sibling keeps importing it', 'Certain', [nested(['shared']), nested(['shared'], [], 'Other')], [nested([], ['shared']), nested([], ['shared'])],
      'Cannot update export shared as it is in use by Prod (nested stack B)'],
  ])('GIVEN an export of nested stack A %s WHEN predicted THEN it fails (%s)', (_, certainty, a, b, reason) => {
    const failure = only(predict(a as [unknown, unknown], b as [unknown, unknown]).failures);
    expect(failure).toMatchObject({ stackName: 'Prod', nestedStackPath: 'A', resourceType: 'Output', certainty });
    expect(failure.reason).toContain(reason);
  });

  test.each([
    ['keeps exporting it', 'Certain', nested(['shared']), 'Export with name shared is already exported by stack Prod (nested stack B); export names'],
    ['stops exporting it in the same update', 'Possible', nested([]), 'Prod (nested stack B) stops exporting it in the same update, but whether it is updated first depends on the order'],
  ])('GIVEN an export added to nested stack A while sibling B %s WHEN predicted THEN it fails (%s)', (_, certainty, bAfter, reason) => {
    const failure = only(predict([nested([]), nested(['shared'])], [nested(['shared']), bAfter]).failures);
    expect(failure).toMatchObject({ nestedStackPath: 'A', certainty });
    expect(failure.reason).toContain(reason);
  });

  test('GIVEN nested stacks that only keep their exports and imports WHEN predicted THEN nothing fails', () => {
    const result = predict([nested(['shared']), nested(['shared'])], [nested([], ['shared']), nested([], ['shared'])]);
    expect(result.failures).toEqual([]);
  });
});

describe('a new import of an export a sibling nested stack creates in the same update', () => {
  const STACK = 'AWS::CloudFormation::Stack';
  const exporter = { Resources: { Topic: { Type: 'AWS::SNS::Topic' } }, Outputs: { Out: { Value: { Ref: 'Topic' }, Export: { Name: 'shared' } } } };
  const importer = { Resources: { Reader: { Type: 'AWS::SQS::Queue', Properties: { QueueName: { 'Fn::ImportValue': 'shared' } } } } };
  const predict = (b: Record<string, unknown>, other: Record<string, unknown> = {}) => app([{
    stackName: 'Prod',
    after: { Resources: { A: { Type: STACK }, B: { Type: STACK, ...b }, Other: { Type: 'AWS::SNS::Topic', ...other } } },
    nestedStacks: { A: { after: exporter }, B: { after: importer } },
  }]);

  test('GIVEN nothing ordering the two nested stacks WHEN predicted THEN the import possibly fails: CloudFormation may create the importer first', () => {
    const failure = only(predict({}).failures);
    expect(failure).toMatchObject({ stackName: 'Prod', nestedStackPath: 'B', logicalResourceId: 'Reader', certainty: 'Possible' });
    expect(failure.reason).toContain('No export named shared found, if Prod (nested stack B) is created or updated before Prod (nested stack A) creates the export');
  });

  test.each([
    ['a DependsOn', { DependsOn: 'A' }, {}],
    ['a DependsOn on a resource that depends on it', { DependsOn: ['Other'] }, { DependsOn: 'A' }],
    ['a parameter read from its output', { Properties: { Parameters: { P: { 'Fn::GetAtt': ['A', 'Outputs.Out'] } } } }, {}],
  ])('GIVEN the importer waits for the exporter through %s WHEN predicted THEN nothing fails', (_, b, other) => {
    expect(predict(b, other).failures).toEqual([]);
  });
});
