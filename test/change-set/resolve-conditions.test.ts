/**
 * Each template as CloudFormation processes it for one side of the update: resources whose
 * Condition is false left out, `Fn::If` with a known condition resolved, `AWS::NoValue` removed.
 */
import { deepFreeze, nest, nestInLists } from './helpers';
import { MAX_DEPTH, NestingLimitError } from '../../src/change-set/json';
import { normalize } from '../../src/change-set/normalize';
import { resolveConditions, sideValues } from '../../src/change-set/resolve-conditions';
import { TemplateEvaluator } from '../../src/change-set/template-evaluator';

describe('sideValues', () => {
  const parameters = normalize({
    Parameters: { Env: { Type: 'String', Default: 'dev' }, Name: { Type: 'String' }, Subnets: { Type: 'CommaDelimitedList', Default: 'a,b,c' }, Unset: { Type: 'String' } },
  }).parameters;

  test('GIVEN side values WHEN made THEN the first given value wins, else the default; no value and no default is left out', () => {
    const values = sideValues(parameters, new Map([['Env', 'prod']]), new Map([['Env', 'test'], ['Name', 'n']]));
    expect(Object.fromEntries(values)).toEqual({ Env: 'prod', Name: 'n', Subnets: 'a,b,c' });
    expect(values.has('Unset')).toBe(false);
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

  describe('what is left as it was', () => {
    const resolveOne = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const written = normalize({
        Conditions: { Yes: { 'Fn::Equals': ['a', 'a'] }, Far: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'x'] } },
        Resources: { A: { Type: 'AWS::SNS::Topic', Properties: properties, ...extra } },
      });
      const resolved = resolveConditions(written, new TemplateEvaluator(written, new Map()));
      return { before: written.resources.get('A')!, after: resolved.resources.get('A')! };
    };

    test('GIVEN parts without a known Fn::If or AWS::NoValue WHEN resolved THEN they are the same objects, and only changed parts are new', () => {
      const unknown = { 'Fn::If': ['Far', { Nested: ['x'] }, 'b'] };
      const { before, after } = resolveOne({ List: ['a', { k: 'v' }], Obj: { k: ['v'] }, Unknown: unknown, Known: { 'Fn::If': ['Yes', 'y', 'n'] } });
      expect(after.properties).not.toBe(before.properties);
      expect(after.properties.Known).toBe('y');
      expect(after.properties.List).toBe(before.properties.List);
      expect(after.properties.Obj).toBe(before.properties.Obj);
      expect(after.properties.Unknown).toBe(before.properties.Unknown);
    });

    test('GIVEN an unknown Fn::If whose second branch alone holds a known one WHEN resolved THEN that branch is resolved', () => {
      const { after } = resolveOne({ P: { 'Fn::If': ['Far', 'a', { 'Fn::If': ['Yes', 'y', 'n'] }] } });
      expect(after.properties.P).toEqual({ 'Fn::If': ['Far', 'a', 'y'] });
    });

    test('GIVEN a resource with no attributes WHEN resolved THEN none are added', () => {
      const { after } = resolveOne({ Known: { 'Fn::If': ['Yes', 'y', 'n'] } });
      expect(Object.keys(after.attributes)).toEqual([]);
    });

    test.each([
      ['an operand that is not a list', { 'Fn::If': 'Yes' }],
      ['two operands', { 'Fn::If': ['Yes', 'y'] }],
      ['four operands', { 'Fn::If': ['Yes', 'y', 'n', 'extra'] }],
      ['a condition name that is not a string', { 'Fn::If': [['Yes'], 'y', 'n'] }],
    ])('GIVEN an Fn::If with %s WHEN resolved THEN it is left as written', (_, malformed) => {
      const { after } = resolveOne({ Odd: malformed, Known: { 'Fn::If': ['Yes', 'y', 'n'] } });
      expect(after.properties.Odd).toEqual(malformed);
    });

    test('GIVEN an object with Ref AWS::NoValue among other keys (not an intrinsic) WHEN resolved THEN it is kept', () => {
      const { after } = resolveOne({ Odd: { Ref: 'AWS::NoValue', Other: 1 }, Gone: { Ref: 'AWS::NoValue' } });
      expect(after.properties).toEqual({ Odd: { Ref: 'AWS::NoValue', Other: 1 } });
    });

    test(`GIVEN an Fn::If whose branches sit ${MAX_DEPTH} levels deep and one deeper WHEN resolved THEN the first is resolved, the second is a NestingLimitError`, () => {
      const known = { 'Fn::If': ['Yes', 'y', 'n'] };
      // The properties object is level 0: nest(n) puts the Fn::If at level n + 1, its list at n + 2, the branches at n + 3.
      expect(resolveOne({ P: nest(MAX_DEPTH - 2, known) }).after.properties).toEqual({ P: nest(MAX_DEPTH - 2, 'y') });
      expect(() => resolveOne({ P: nest(MAX_DEPTH - 1, known) })).toThrow(NestingLimitError);
      expect(resolveOne({ P: nestInLists(MAX_DEPTH - 2, known) }).after.properties).toEqual({ P: nestInLists(MAX_DEPTH - 2, 'y') });
      expect(() => resolveOne({ P: nestInLists(MAX_DEPTH - 1, known) })).toThrow(NestingLimitError);
    });
  });
});
