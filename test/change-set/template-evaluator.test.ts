/**
 * Conditions and values as far as they can be known offline, and the resolution of a
 * template's conditions for one side of an update.
 */
import { deepFreeze } from './helpers';
import { normalize } from '../../src/change-set/normalize';
import { resolveConditions, sideValues } from '../../src/change-set/resolve-conditions';
import { TemplateEvaluator } from '../../src/change-set/template-evaluator';

const TEMPLATE = normalize({
  Parameters: {
    Env: { Type: 'String', Default: 'dev' },
    Name: { Type: 'String', Default: '' },
    Subnets: { Type: 'CommaDelimitedList', Default: 'a,b,c' },
    Ids: { Type: 'List<AWS::EC2::Subnet::Id>' },
    Unset: { Type: 'String' },
  },
  Mappings: { Sizes: { dev: { Instance: 't3.micro' }, prod: { Instance: 'm5.large' } } },
  Conditions: {
    IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] },
    IsDev: { 'Fn::Equals': ['dev', { Ref: 'Env' }] },
    HasName: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'Name' }, ''] }] },
    InUsEast1: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] },
    ProdAndNamed: { 'Fn::And': [{ Condition: 'IsProd' }, { Condition: 'HasName' }] },
    ProdOrDev: { 'Fn::Or': [{ Condition: 'IsProd' }, { Condition: 'IsDev' }] },
    DevOrUsEast1: { 'Fn::Or': [{ Condition: 'IsDev' }, { Condition: 'InUsEast1' }] },
    ProdAndUsEast1: { 'Fn::And': [{ Condition: 'IsProd' }, { Condition: 'InUsEast1' }] },
    DevAndUsEast1: { 'Fn::And': [{ Condition: 'IsDev' }, { Condition: 'InUsEast1' }] },
    NotUnknown: { 'Fn::Not': [{ Condition: 'InUsEast1' }] },
    Loop: { Condition: 'Loop2' },
    Loop2: { 'Fn::Not': [{ Condition: 'Loop' }] },
    Malformed: { 'Fn::Equals': ['a'] },
    EmptyAnd: { 'Fn::And': [] },
    NotAFunction: 'yes',
    UnknownFunction: { 'Fn::Foo': [] },
    NotOfTwo: { 'Fn::Not': [{ Condition: 'IsDev' }, { Condition: 'IsProd' }] },
  },
});
const evaluator = (values: Record<string, string> = {}) => new TemplateEvaluator(
  TEMPLATE, sideValues(TEMPLATE.parameters, new Map(Object.entries(values))),
);

describe('conditions', () => {
  test.each([
    ['IsProd', {}, false],
    ['IsProd', { Env: 'prod' }, true],
    ['IsDev', {}, true],
    ['HasName', {}, false],
    ['HasName', { Name: 'deployer' }, true],
    ['InUsEast1', {}, undefined],
    ['ProdAndNamed', { Env: 'prod', Name: 'x' }, true],
    ['ProdAndNamed', { Env: 'prod' }, false],
    ['ProdOrDev', { Env: 'test' }, false],
    ['ProdOrDev', {}, true],
    ['DevOrUsEast1', {}, true],
    ['DevOrUsEast1', { Env: 'prod' }, undefined],
    ['ProdAndUsEast1', {}, false],
    ['DevAndUsEast1', {}, undefined],
    ['NotUnknown', {}, undefined],
    ['Loop', {}, undefined],
    ['Malformed', {}, undefined],
    ['EmptyAnd', {}, undefined],
    ['NotAFunction', {}, undefined],
    ['UnknownFunction', {}, undefined],
    ['NotOfTwo', {}, undefined],
    ['Missing', {}, undefined],
  ])('GIVEN condition %s and values %j WHEN evaluated THEN it is %s', (name, values, expected) => {
    expect(evaluator(values).condition(name)).toBe(expected);
  });

  test('GIVEN a condition asked twice WHEN evaluated THEN the answer is the same (memoized, also for unknown ones)', () => {
    const side = evaluator();
    expect([side.condition('InUsEast1'), side.condition('InUsEast1'), side.condition('IsDev'), side.condition('IsDev')]).toEqual([undefined, undefined, true, true]);
  });

  test('GIVEN a template with and without Conditions WHEN asked THEN it says whether it has any', () => {
    expect(evaluator().hasConditions).toBe(true);
    expect(new TemplateEvaluator(normalize({}), new Map()).hasConditions).toBe(false);
  });
});

describe('values', () => {
  test.each([
    ['a string', 'x', 'x'],
    ['a number', 10, 10],
    ['a boolean', false, false],
    ['a parameter', { Ref: 'Env' }, 'dev'],
    ['a list parameter', { Ref: 'Subnets' }, ['a', 'b', 'c']],
    ['Fn::Sub with a parameter and an escape', { 'Fn::Sub': 'app-${Env}-${!Literal}-${ Env }' }, 'app-dev-${Literal}-dev'],
    ['Fn::Sub with a variable map', { 'Fn::Sub': ['${Prefix}-${Env}', { Prefix: { Ref: 'Env' } }] }, 'dev-dev'],
    ['Fn::Join', { 'Fn::Join': ['-', ['a', { Ref: 'Env' }, 3]] }, 'a-dev-3'],
    ['Fn::Select', { 'Fn::Select': ['1', { Ref: 'Subnets' }] }, 'b'],
    ['Fn::Split', { 'Fn::Split': [',', 'x,y'] }, ['x', 'y']],
    ['Fn::Select over Fn::Split', { 'Fn::Select': [0, { 'Fn::Split': ['/', 'a/b'] }] }, 'a'],
    ['Fn::FindInMap', { 'Fn::FindInMap': ['Sizes', { Ref: 'Env' }, 'Instance'] }, 't3.micro'],
    ['Fn::If with a known condition', { 'Fn::If': ['IsDev', 'small', 'large'] }, 'small'],
    ['a list of known values', ['a', { Ref: 'Env' }], ['a', 'dev']],
  ])('GIVEN %s WHEN evaluated THEN it is known', (_, expression, expected) => {
    expect(evaluator().value(expression)).toEqual({ known: true, value: expected });
  });

  test.each([
    ['a parameter without a value', { Ref: 'Unset' }],
    ['a list parameter without a value', { Ref: 'Ids' }],
    ['a pseudo parameter', { Ref: 'AWS::Region' }],
    ['a resource attribute in Fn::Sub', { 'Fn::Sub': '${Bucket.Arn}' }],
    ['Fn::Sub of something unknown', { 'Fn::Sub': '${AWS::AccountId}-x' }],
    ['Fn::Sub with a variable that is not a scalar', { 'Fn::Sub': ['${A}', { A: ['x'] }] }],
    ['Fn::Sub with a malformed operand', { 'Fn::Sub': [1, 2] }],
    ['Fn::Join over something unknown', { 'Fn::Join': ['-', [{ Ref: 'Unset' }]] }],
    ['Fn::Join with a malformed operand', { 'Fn::Join': ['-'] }],
    ['Fn::Join over a list of lists', { 'Fn::Join': ['-', [['a']]] }],
    ['Fn::Select out of range', { 'Fn::Select': [5, ['a']] }],
    ['Fn::Select with a negative index', { 'Fn::Select': [-1, ['a']] }],
    ['Fn::Select of a string', { 'Fn::Select': [0, 'ab'] }],
    ['Fn::Select malformed', { 'Fn::Select': [0] }],
    ['Fn::Split with an empty delimiter', { 'Fn::Split': ['', 'ab'] }],
    ['Fn::Split of a list', { 'Fn::Split': [',', ['a']] }],
    ['Fn::FindInMap of a missing key', { 'Fn::FindInMap': ['Sizes', 'test', 'Instance'] }],
    ['Fn::FindInMap with an unknown key', { 'Fn::FindInMap': ['Sizes', { Ref: 'Unset' }, 'Instance'] }],
    ['Fn::FindInMap malformed', { 'Fn::FindInMap': ['Sizes'] }],
    ['Fn::If with an unknown condition', { 'Fn::If': ['InUsEast1', 'a', 'b'] }],
    ['Fn::If malformed', { 'Fn::If': ['IsDev', 'a'] }],
    ['Fn::GetAtt', { 'Fn::GetAtt': ['Bucket', 'Arn'] }],
    ['Fn::ImportValue', { 'Fn::ImportValue': 'x' }],
    ['a Ref to something that is not a name', { Ref: { Ref: 'Env' } }],
    ['a plain object', { a: 1 }],
    ['null', null],
    ['a list with an unknown item', ['a', { Ref: 'Unset' }]],
  ])('GIVEN %s WHEN evaluated THEN it is unknown', (_, expression) => {
    expect(evaluator().value(expression)).toEqual({ known: false });
  });

  test('GIVEN side values WHEN made THEN the first given value wins, else the default; no value and no default is left out', () => {
    const values = sideValues(TEMPLATE.parameters, new Map([['Env', 'prod']]), new Map([['Env', 'test'], ['Name', 'n']]));
    expect(Object.fromEntries(values)).toEqual({ Env: 'prod', Name: 'n', Subnets: 'a,b,c' });
  });
});

describe('resolveConditions', () => {
  const template = deepFreeze({
    Parameters: { Env: { Type: 'String', Default: 'dev' }, Region: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/config/region' } },
    Conditions: {
      IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] },
      InUsEast1: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] },
    },
    Resources: {
      Always: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'x' } },
      ProdOnly: { Type: 'AWS::SNS::Topic', Condition: 'IsProd', Properties: {} },
      MaybeThere: { Type: 'AWS::SNS::Topic', Condition: 'InUsEast1', Properties: {} },
      Chosen: {
        Type: 'AWS::IAM::Role',
        Properties: {
          RoleName: { 'Fn::If': ['IsProd', 'prod-role', { Ref: 'AWS::NoValue' }] },
          Path: { 'Fn::If': ['InUsEast1', '/a/', { Ref: 'AWS::NoValue' }] },
          Tags: [{ Key: 'a', Value: 'b' }, { 'Fn::If': ['IsProd', { Key: 'p', Value: 'q' }, { Ref: 'AWS::NoValue' }] }],
          Policies: [{ PolicyName: 'p', PolicyDocument: { Statement: [], Extra: { Ref: 'AWS::NoValue' } } }],
        },
        UpdatePolicy: { 'Fn::If': ['IsProd', { AutoScalingReplacingUpdate: { WillReplace: true } }, { Ref: 'AWS::NoValue' }] },
        DeletionPolicy: 'Retain',
      },
      MaybeInBoth: { Type: 'AWS::SNS::Topic', Condition: 'InUsEast1', Properties: { DisplayName: { 'Fn::If': ['IsProd', 'a', 'b'] } } },
    },
  });
  const resolve = (values: Record<string, string>) => {
    const written = normalize(template);
    return resolveConditions(written, new TemplateEvaluator(written, sideValues(written.parameters, new Map(Object.entries(values)))));
  };

  test('GIVEN the default values WHEN resolved THEN a false Condition removes the resource and Fn::If picks its branch, AWS::NoValue removing what holds it', () => {
    const resolved = resolve({});
    expect([...resolved.resources.keys()]).toEqual(['Always', 'MaybeThere', 'Chosen', 'MaybeInBoth']);
    expect(resolved.resources.get('Chosen')!.properties).toEqual({
      Path: { 'Fn::If': ['InUsEast1', '/a/', { Ref: 'AWS::NoValue' }] },
      Tags: [{ Key: 'a', Value: 'b' }],
      Policies: [{ PolicyName: 'p', PolicyDocument: { Statement: [] } }],
    });
    expect(resolved.resources.get('Chosen')!.attributes).toEqual({ DeletionPolicy: 'Retain' });
    expect(resolved.resources.get('Chosen')!.text).toBe(JSON.stringify({ Type: 'AWS::IAM::Role', Properties: resolved.resources.get('Chosen')!.properties, DeletionPolicy: 'Retain' }));
  });

  test('GIVEN values that flip the condition WHEN resolved THEN the resource is there and the true branches are taken', () => {
    const resolved = resolve({ Env: 'prod' });
    expect([...resolved.resources.keys()]).toEqual(['Always', 'ProdOnly', 'MaybeThere', 'Chosen', 'MaybeInBoth']);
    expect(resolved.resources.get('Chosen')!.properties.RoleName).toBe('prod-role');
    expect(resolved.resources.get('Chosen')!.properties.Tags).toEqual([{ Key: 'a', Value: 'b' }, { Key: 'p', Value: 'q' }]);
    expect(resolved.resources.get('Chosen')!.attributes.UpdatePolicy).toEqual({ AutoScalingReplacingUpdate: { WillReplace: true } });
  });

  test('GIVEN a Condition that depends on a pseudo parameter WHEN resolved THEN the resource is kept and marked as maybe there, and only such resources are', () => {
    const resolved = resolve({});
    expect(resolved.resources.get('MaybeThere')!.existenceUnknown).toBe(true);
    expect(resolved.resources.get('MaybeInBoth')).toMatchObject({ existenceUnknown: true, properties: { DisplayName: 'b' } });
    expect(resolved.resources.get('Chosen')!.existenceUnknown).toBeUndefined();
    expect(resolved.resources.get('Always')!.existenceUnknown).toBeUndefined();
  });

  test('GIVEN a resource without a Condition, Fn::If or AWS::NoValue WHEN resolved THEN it is passed on as it is', () => {
    const written = normalize(template);
    const resolved = resolveConditions(written, new TemplateEvaluator(written, sideValues(written.parameters)));
    expect(resolved.resources.get('Always')).toBe(written.resources.get('Always'));
    expect(resolved).not.toBe(written);
  });

  test('GIVEN a template without conditions, Fn::If or AWS::NoValue WHEN resolved THEN the same object comes back', () => {
    const written = normalize({ Resources: { A: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'x' } } } });
    expect(resolveConditions(written, new TemplateEvaluator(written, new Map()))).toBe(written);
  });

  test('GIVEN an unknown Fn::If whose branches hold a known Fn::If WHEN resolved THEN the inner one is resolved and the outer kept', () => {
    const written = normalize({
      Parameters: { Env: { Type: 'String', Default: 'dev' } },
      Conditions: { IsDev: { 'Fn::Equals': [{ Ref: 'Env' }, 'dev'] }, Far: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'x'] } },
      Resources: { A: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: { 'Fn::If': ['Far', { 'Fn::If': ['IsDev', 'd', 'p'] }, { Ref: 'AWS::NoValue' }] }, TopicName: { 'Fn::If': ['Odd'] } } } },
    });
    const resolved = resolveConditions(written, new TemplateEvaluator(written, sideValues(written.parameters)));
    expect(resolved.resources.get('A')!.properties).toEqual({ DisplayName: { 'Fn::If': ['Far', 'd', { Ref: 'AWS::NoValue' }] }, TopicName: { 'Fn::If': ['Odd'] } });
  });
});
