/**
 * The ties between stacks as one template writes them: outputs with their export names, and
 * every Fn::ImportValue, with names evaluated as far as the caller knows them.
 */
import { known, UNKNOWN } from '../../src/template/intrinsic-evaluator';
import { importsIn, readImports, readOutputs } from '../../src/template/template-exports';

/** Knows only `AWS::StackName` (Prod-Data) and literal strings, as the predictor would for a stack of a cloud assembly. */
const evaluate = (expression: unknown) => {
  if (typeof expression === 'string') return known(expression);
  const sub = (expression as { 'Fn::Sub'?: unknown })['Fn::Sub'];
  if (typeof sub === 'string') return sub.includes('${AWS::StackName}') ? known(sub.replace('${AWS::StackName}', 'Prod-Data')) : UNKNOWN;
  return UNKNOWN;
};

describe('readOutputs', () => {
  test('GIVEN outputs with and without exports WHEN read THEN each keeps its value, export name (evaluated) and condition', () => {
    // GIVEN: the shapes CDK writes for a cross-stack reference, a hand-written Sub export and a plain output
    const template = {
      Outputs: {
        ExportsOutputFnGetAttOrdersA9B65338Arn: {
          Value: { 'Fn::GetAtt': ['OrdersA9B65338', 'Arn'] },
          Export: { Name: 'Prod-Data:ExportsOutputFnGetAttOrdersA9B65338Arn' },
        },
        QueueUrl: { Value: { Ref: 'Jobs' }, Export: { Name: { 'Fn::Sub': '${AWS::StackName}-QueueUrl' } }, Condition: 'HasQueue' },
        Unknowable: { Value: 'x', Export: { Name: { 'Fn::GetAtt': ['Jobs', 'QueueName'] } } },
        Plain: { Value: 'hello' },
      },
    };

    // WHEN
    const outputs = readOutputs(template, evaluate);

    // THEN
    expect(outputs).toEqual([
      {
        outputId: 'ExportsOutputFnGetAttOrdersA9B65338Arn',
        value: { 'Fn::GetAtt': ['OrdersA9B65338', 'Arn'] },
        exportName: { written: 'Prod-Data:ExportsOutputFnGetAttOrdersA9B65338Arn', name: 'Prod-Data:ExportsOutputFnGetAttOrdersA9B65338Arn' },
      },
      { outputId: 'QueueUrl', value: { Ref: 'Jobs' }, exportName: { written: { 'Fn::Sub': '${AWS::StackName}-QueueUrl' }, name: 'Prod-Data-QueueUrl' }, condition: 'HasQueue' },
      { outputId: 'Unknowable', value: 'x', exportName: { written: { 'Fn::GetAtt': ['Jobs', 'QueueName'] } } },
      { outputId: 'Plain', value: 'hello' },
    ]);
  });

  test.each([
    ['no template', undefined],
    ['Outputs not an object', { Outputs: [] }],
    ['an output that is not an object', { Outputs: { A: 'x', B: null } }],
  ])('GIVEN %s WHEN read THEN there are no outputs', (_, template) => {
    expect(readOutputs(template, evaluate)).toEqual([]);
  });

  test('GIVEN an Export without a Name WHEN read THEN the output has no export name', () => {
    expect(readOutputs({ Outputs: { A: { Value: 'x', Export: {} } } }, evaluate)).toEqual([{ outputId: 'A', value: 'x' }]);
  });
});

describe('readImports', () => {
  test('GIVEN imports in a resource, an output and a condition WHEN read THEN each is found with where it sits', () => {
    // GIVEN
    const template = {
      Conditions: { InProd: { 'Fn::Equals': [{ 'Fn::ImportValue': 'Env' }, 'prod'] } },
      Resources: {
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Environment: { Variables: { TABLE: { 'Fn::ImportValue': 'Prod-Data:ExportsOutputRefOrders' } } },
            Role: { 'Fn::Join': ['', [{ 'Fn::ImportValue': { 'Fn::Sub': '${AWS::StackName}-Role' } }]] },
          },
        },
        Other: 'not a resource',
      },
      Outputs: { Forwarded: { Value: { 'Fn::ImportValue': { Ref: 'ExportName' } } } },
    };

    // WHEN
    const imports = readImports(template, evaluate);

    // THEN
    expect(imports).toEqual([
      { exportName: { written: 'Prod-Data:ExportsOutputRefOrders', name: 'Prod-Data:ExportsOutputRefOrders' }, section: 'Resources', logicalId: 'Fn' },
      { exportName: { written: { 'Fn::Sub': '${AWS::StackName}-Role' }, name: 'Prod-Data-Role' }, section: 'Resources', logicalId: 'Fn' },
      { exportName: { written: { Ref: 'ExportName' } }, section: 'Outputs', logicalId: 'Forwarded' },
      { exportName: { written: 'Env', name: 'Env' }, section: 'Conditions', logicalId: 'InProd' },
    ]);
  });

  test('GIVEN an import nested in an import name WHEN searched THEN both operands are found, outermost first', () => {
    const inner = { 'Fn::ImportValue': 'Inner' };
    expect(importsIn({ a: [{ 'Fn::ImportValue': inner }] })).toEqual([inner, 'Inner']);
  });

  test('GIVEN a value nested deeper than the depth limit WHEN searched THEN the search stops without throwing', () => {
    let deep: unknown = { 'Fn::ImportValue': 'TooDeep' };
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(importsIn(deep)).toEqual([]);
  });

  test('GIVEN a value built in code that contains itself WHEN searched THEN each import is found once and the search ends', () => {
    const cyclic: Record<string, unknown> = { Value: { 'Fn::ImportValue': 'Shared' } };
    cyclic.left = cyclic;
    cyclic.right = { back: cyclic, list: [cyclic, cyclic] };
    expect(importsIn({ Resources: { A: { Properties: cyclic } } })).toEqual(['Shared']);
  });

  test('GIVEN a part shared at every level of a value WHEN searched THEN it is read once, not once per path to it', () => {
    let shared: unknown = { 'Fn::ImportValue': 'Bottom' };
    for (let level = 0; level < 20; level++) shared = { a: shared, b: [shared] };
    expect(importsIn(shared)).toEqual(['Bottom']);
  });
});
