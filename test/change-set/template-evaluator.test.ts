/** Conditions and values as far as they can be known offline, from one side's parameter values. */
import { normalize } from '../../src/change-set/normalize';
import { sideValues } from '../../src/change-set/resolve-conditions';
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
});

describe('operands that are not what the function takes', () => {
  const own = normalize({
    Parameters: { Env: { Type: 'String', Default: 'dev' }, Subnets: { Type: 'CommaDelimitedList', Default: 'a,b,c' }, Unset: { Type: 'String' } },
    Mappings: { Sizes: { dev: { Instance: 't3.micro' } }, Lists: { 'a,b,c': { K: 'found' } }, Odd: { undefined: { K: 'from-undefined' } } },
    Conditions: { IsDev: { 'Fn::Equals': [{ Ref: 'Env' }, 'dev'] } },
  });
  const value = (expression: unknown) => new TemplateEvaluator(own, sideValues(own.parameters)).value(expression);

  test.each([
    ['Fn::Join with a third operand', { 'Fn::Join': ['-', ['a', 'b'], 'extra'] }],
    ['Fn::Join with a delimiter that is not a string', { 'Fn::Join': [1, ['a', 'b']] }],
    ['Fn::Join over a string', { 'Fn::Join': ['-', 'ab'] }],
    ['Fn::Join over a list holding a list', { 'Fn::Join': ['-', ['a', ['b']]] }],
    ['Fn::Select with a third operand', { 'Fn::Select': ['0', ['a'], 'x'] }],
    ['Fn::Select just past the end', { 'Fn::Select': [1, ['a']] }],
    ['Fn::Split with a third operand', { 'Fn::Split': [',', 'a,b', 'x'] }],
    ['Fn::Split with a delimiter that is not a string', { 'Fn::Split': [1, 'a1b'] }],
    ['Fn::Split written as a string', { 'Fn::Split': 'xy' }],
    ['Fn::FindInMap with a list as a key', { 'Fn::FindInMap': ['Lists', { Ref: 'Subnets' }, 'K'] }],
    ['Fn::FindInMap with an unknown key', { 'Fn::FindInMap': ['Odd', { Ref: 'Unset' }, 'K'] }],
    ['Fn::Sub with variables that are not an object', { 'Fn::Sub': ['${Env}', 'not-an-object'] }],
    ['Fn::Sub written as a number', { 'Fn::Sub': 5 }],
    ['Fn::If whose condition name is a list', { 'Fn::If': [['IsDev'], 'a', 'b'] }],
  ])('GIVEN %s WHEN evaluated THEN it is unknown', (_, expression) => {
    expect(value(expression)).toEqual({ known: false });
  });

  test.each([
    ['Fn::FindInMap with a fourth operand (a default value)', { 'Fn::FindInMap': ['Sizes', 'dev', 'Instance', { DefaultValue: 'x' }] }, 't3.micro'],
    ['Fn::Join over booleans and numbers', { 'Fn::Join': ['-', [true, 2, 'a']] }, 'true-2-a'],
    ['Fn::Sub with a variable named like an attribute', { 'Fn::Sub': ['${Bucket.Arn}', { 'Bucket.Arn': 'arn' }] }, 'arn'],
    ['Fn::Sub with an escape after white space', { 'Fn::Sub': '${ !Literal}-${Env}' }, '${Literal}-dev'],
  ])('GIVEN %s WHEN evaluated THEN it is known', (_, expression, expected) => {
    expect(value(expression)).toEqual({ known: true, value: expected });
  });
});

describe('expressions nested deeper than the engine follows', () => {
  const own = normalize({
    Mappings: { M: { a: { K: 'a' } } },
    Conditions: { Yes: { 'Fn::Equals': ['a', 'a'] } },
  });
  const deepEvaluator = () => new TemplateEvaluator(own, new Map());
  const wrapped = (times: number, base: unknown, wrap: (inner: unknown) => unknown) => {
    let expression = base;
    for (let i = 0; i < times; i++) expression = wrap(expression);
    return expression;
  };

  test('GIVEN Fn::Not around a Condition 64 deep, and 65 deep WHEN evaluated THEN the first is known, the second not', () => {
    const not = (inner: unknown) => ({ 'Fn::Not': [inner] });
    expect(deepEvaluator().truth(wrapped(64, { Condition: 'Yes' }, not), 0)).toBe(true);
    expect(deepEvaluator().truth(wrapped(65, { Condition: 'Yes' }, not), 0)).toBeUndefined();
  });

  test('GIVEN Fn::Not around Fn::Equals 63 deep, and 64 deep WHEN evaluated THEN the first is known, the second not (its values sit one deeper)', () => {
    const not = (inner: unknown) => ({ 'Fn::Not': [inner] });
    expect(deepEvaluator().truth(wrapped(63, { 'Fn::Equals': ['a', 'a'] }, not), 0)).toBe(false);
    expect(deepEvaluator().truth(wrapped(64, { 'Fn::Equals': ['a', 'a'] }, not), 0)).toBeUndefined();
  });

  test.each([
    ['Fn::And', (inner: unknown) => ({ 'Fn::And': [inner] })],
    ['Fn::Or', (inner: unknown) => ({ 'Fn::Or': [inner] })],
    ['Fn::Not twice', (inner: unknown) => ({ 'Fn::Not': [{ 'Fn::Not': [inner] }] })],
  ])('GIVEN a Condition inside %s 10 and 70 times WHEN evaluated THEN the first is known, the second not', (_, wrap) => {
    expect(deepEvaluator().truth(wrapped(10, { Condition: 'Yes' }, wrap), 0)).toBe(true);
    expect(deepEvaluator().truth(wrapped(70, { Condition: 'Yes' }, wrap), 0)).toBeUndefined();
  });

  test.each([
    ['lists', (inner: unknown) => [inner], ['a']],
    ['Fn::If', (inner: unknown) => ({ 'Fn::If': ['Yes', inner, 'b'] }), 'a'],
    ['Fn::Sub variables', (inner: unknown) => ({ 'Fn::Sub': ['${V}', { V: inner }] }), 'a'],
    ['Fn::Join', (inner: unknown) => ({ 'Fn::Join': ['', [inner]] }), 'a'],
    ['Fn::Select\'s list', (inner: unknown) => ({ 'Fn::Select': [0, [inner]] }), 'a'],
    ['Fn::Select\'s index', (inner: unknown) => ({ 'Fn::Select': [inner, [0]] }), 0],
    ['Fn::Split', (inner: unknown) => ({ 'Fn::Select': [0, { 'Fn::Split': [',', inner] }] }), 'a'],
    ['Fn::FindInMap\'s keys', (inner: unknown) => ({ 'Fn::FindInMap': ['M', inner, 'K'] }), 'a'],
  ])('GIVEN a value inside %s 10 and 70 times WHEN evaluated THEN the first is known, the second not', (_, wrap, base) => {
    const shallow = deepEvaluator().value(wrapped(10, base, wrap));
    expect(shallow.known).toBe(true);
    expect(deepEvaluator().value(wrapped(70, base, wrap))).toEqual({ known: false });
  });
});
