/**
 * What an update does to each output of a stack, and above all to its exports: added,
 * removed, modified, or left as it is; whether the value changes at deployment, and why.
 */
import { ChangeSetPredictor } from '../../src';

const queue = (name: string) => ({ Jobs: { Type: 'AWS::SQS::Queue', Properties: { QueueName: name } } });

describe('outputs of one stack', () => {
  test('GIVEN outputs added, removed, modified and left alone WHEN predicted THEN the changed ones are listed, with their exports and values', () => {
    // GIVEN
    const before = {
      Resources: queue('jobs'),
      Outputs: {
        Kept: { Value: 'same' },
        KeptExport: { Value: { Ref: 'Jobs' }, Export: { Name: 'Jobs' } },
        Gone: { Value: 'old', Export: { Name: 'GoneExport' } },
        Renamed: { Value: 'x', Export: { Name: 'OldName' } },
        Plain: { Value: 'a' },
      },
    };
    const after = {
      Resources: queue('jobs'),
      Outputs: {
        Kept: { Value: 'same' },
        KeptExport: { Value: { Ref: 'Jobs' }, Export: { Name: 'Jobs' } },
        Renamed: { Value: 'x', Export: { Name: 'NewName' } },
        Plain: { Value: 'b' },
        Added: { Value: { 'Fn::GetAtt': ['Jobs', 'Arn'] } },
      },
    };

    // WHEN
    const outputs = ChangeSetPredictor.predict(before, after).outputs;

    // THEN: the export left alone and the unchanged plain output are not listed
    expect(outputs).toEqual([
      { outputId: 'Renamed', action: 'Modify', exportName: 'NewName', previousExportName: 'OldName', beforeValue: 'x', afterValue: 'x', valueChange: 'None', notes: [] },
      { outputId: 'Plain', action: 'Modify', beforeValue: 'a', afterValue: 'b', valueChange: 'Certain', valueChangeReason: 'its value changes from "a" to "b"', notes: [] },
      { outputId: 'Added', action: 'Add', afterValue: '{"Fn::GetAtt":["Jobs","Arn"]}', valueChange: 'None', notes: [] },
      { outputId: 'Gone', action: 'Remove', exportName: 'GoneExport', beforeValue: 'old', valueChange: 'None', notes: [] },
    ]);
  });

  test('GIVEN an output whose Condition is false on one side WHEN predicted THEN it does not exist there', () => {
    const template = (flag: string) => ({
      Parameters: { Flag: { Type: 'String', Default: flag } },
      Conditions: { On: { 'Fn::Equals': [{ Ref: 'Flag' }, 'on'] } },
      Resources: queue('jobs'),
      Outputs: { Url: { Condition: 'On', Value: { Ref: 'Jobs' }, Export: { Name: 'JobsUrl' } } },
    });

    expect(ChangeSetPredictor.predict(template('on'), template('off')).outputs).toEqual([
      expect.objectContaining({ outputId: 'Url', action: 'Remove', exportName: 'JobsUrl' }),
    ]);
    expect(ChangeSetPredictor.predict(template('off'), template('off')).outputs).toEqual([]);
  });

  test('GIVEN the export of a replaced queue WHEN predicted THEN its value certainly changes, because of the replacement', () => {
    const template = (name: string) => ({ Resources: queue(name), Outputs: { Url: { Value: { Ref: 'Jobs' }, Export: { Name: 'JobsUrl' } } } });

    expect(ChangeSetPredictor.predict(template('jobs'), template('jobs-v2')).outputs).toEqual([{
      outputId: 'Url',
      action: 'Modify',
      exportName: 'JobsUrl',
      beforeValue: '{"Ref":"Jobs"}',
      afterValue: '{"Ref":"Jobs"}',
      valueChange: 'Certain',
      valueChangeReason: 'it reads Jobs, and Jobs is replaced',
      notes: [],
    }]);
  });

  test.each([
    ['the same resource through another function', { 'Fn::Join': ['', [{ Ref: 'Jobs' }]] }, 'Possible', 'it is written differently, and its value is not known offline'],
    ['another resource', { Ref: 'Other' }, 'Certain', 'it is written differently, reading other resources or parameters'],
  ])('GIVEN an export rewritten to read %s WHEN predicted THEN its value change is %s', (_, value, change, reason) => {
    const resources = { ...queue('jobs'), Other: { Type: 'AWS::SQS::Queue' } };
    const before = { Resources: resources, Outputs: { Url: { Value: { Ref: 'Jobs' }, Export: { Name: 'JobsUrl' } } } };
    const after = { Resources: resources, Outputs: { Url: { Value: value, Export: { Name: 'JobsUrl' } } } };

    expect(ChangeSetPredictor.predict(before, after).outputs).toEqual([expect.objectContaining({ action: 'Modify', valueChange: change, valueChangeReason: reason })]);
  });

  test('GIVEN an output computed from a NoEcho parameter WHEN predicted THEN its values are masked as CloudFormation masks them', () => {
    const template = {
      Parameters: { Secret: { Type: 'String', NoEcho: true } },
      Resources: queue('jobs'),
      Outputs: { Token: { Value: { 'Fn::Sub': 'token-${Secret}' } } },
    };

    expect(ChangeSetPredictor.predict(template, template, { parameters: { before: { Secret: 'a' }, after: { Secret: 'b' } } }).outputs).toEqual([
      expect.objectContaining({ outputId: 'Token', beforeValue: '****', afterValue: '****', valueChange: 'Certain' }),
    ]);
  });

  test('GIVEN an export under a condition not known offline WHEN it is removed while imported THEN the failure is only possible', () => {
    const before = {
      Parameters: { Flag: { Type: 'String' } },
      Conditions: { On: { 'Fn::Equals': [{ Ref: 'Flag' }, 'on'] } },
      Resources: queue('jobs'),
      Outputs: { Url: { Condition: 'On', Value: { Ref: 'Jobs' }, Export: { Name: 'JobsUrl' } } },
    };
    const importer = { Resources: { Fn: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { Q: { 'Fn::ImportValue': 'JobsUrl' } } } } } } };

    const app = ChangeSetPredictor.predictApp([
      { stackName: 'Data', before, after: { ...before, Outputs: {} } },
      { stackName: 'Api', before: importer, after: importer, dependsOn: ['Data'] },
    ]);

    expect(app.failures).toEqual([expect.objectContaining({ certainty: 'Possible', reason: expect.stringContaining('depends on a Condition whose value is not known offline') })]);
  });
});

describe('exports of a replacement that keeps its name (issue 34 item 5)', () => {
  // A DynamoDB table whose key schema changes is replaced; with TableName fixed, its Ref (the name) and Arn (built from it) stay. `null`: no TableName.
  const table = (key: string, tableName: unknown = 'orders', extra: Record<string, unknown> = {}) => ({
    Orders: {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        ...(tableName === null ? {} : { TableName: tableName }),
        KeySchema: [{ AttributeName: key, KeyType: 'HASH' }],
        AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }],
        BillingMode: 'PAY_PER_REQUEST',
        StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
        ...extra,
      },
    },
  });
  const exported = {
    Name: { Value: { Ref: 'Orders' }, Export: { Name: 'orders-name' } },
    Arn: { Value: { 'Fn::GetAtt': ['Orders', 'Arn'] }, Export: { Name: 'orders-arn' } },
    Stream: { Value: { 'Fn::GetAtt': ['Orders', 'StreamArn'] }, Export: { Name: 'orders-stream' } },
  };
  const stack = (key: string, tableName?: unknown, parameters: Record<string, unknown> = {}) => ({
    Parameters: parameters, Resources: table(key, tableName), Outputs: exported,
  });

  test('GIVEN the named table replaced under the same name WHEN predicted THEN Ref and Arn keep their value, with a note saying why; the stream ARN certainly changes', () => {
    const outputs = ChangeSetPredictor.predict(stack('pk'), stack('id')).outputs;

    expect(outputs.map((output) => [output.outputId, output.action, output.valueChange])).toEqual([['Name', 'None', 'None'], ['Arn', 'None', 'None'], ['Stream', 'Modify', 'Certain']]);
    expect(outputs[0].notes).toEqual(['it reads Orders (Ref), which is replaced under the same TableName "orders": Ref derives from it and keeps its value (the replacement itself fails: the name is taken)']);
    expect(outputs[1].notes).toEqual(['it reads Orders.Arn, which is replaced under the same TableName "orders": Arn derives from it and keeps its value (the replacement itself fails: the name is taken)']);
  });

  test('GIVEN the table unnamed, or renamed in the same update WHEN replaced THEN its Ref and Arn certainly change', () => {
    for (const [before, after] of [[stack('pk', null), stack('id', null)], [stack('pk'), stack('id', 'orders-v2')]]) {
      const outputs = ChangeSetPredictor.predict(before, after).outputs;
      expect(outputs.map((output) => `${output.outputId} ${output.valueChange}`)).toEqual(['Name Certain', 'Arn Certain', 'Stream Certain']);
      expect(outputs.flatMap((output) => output.notes)).toEqual([]);
    }
  });

  test('GIVEN the name from a parameter whose new value is known only at deploy time WHEN replaced THEN Ref is not said to keep its value', () => {
    const parameters = { Env: { Type: 'String' } };
    const named = { 'Fn::Sub': 'orders-${Env}' };
    const predicted = (after?: Record<string, string>) => ChangeSetPredictor.predict(stack('pk', named, parameters), stack('id', named, parameters), {
      parameters: { before: { Env: 'prod' }, ...(after === undefined ? {} : { after }) },
    }).outputs;
    const outputs = predicted();
    expect(outputs.find((output) => output.outputId === 'Name')).toMatchObject({ valueChange: 'None', notes: [expect.stringContaining('under the same TableName "orders-prod" (from {"Fn::Sub":"orders-${Env}"})')] });
    const changing = predicted({ Env: 'test' });
    expect(changing.find((output) => output.outputId === 'Name')).toMatchObject({ valueChange: 'Certain' });
  });
});
