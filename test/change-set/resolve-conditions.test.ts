/**
 * Each template as CloudFormation processes it for one side of the update: resources whose
 * Condition is false left out, `Fn::If` with a known condition resolved, `AWS::NoValue` removed.
 */
import { deepFreeze } from './helpers';
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
