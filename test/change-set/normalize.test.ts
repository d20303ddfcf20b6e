/** Reading a template into the engine's shapes, forgiving anything that is not a template. */
import { nest } from './helpers';
import { NestingLimitError } from '../../src/change-set/json';
import { normalize, parameterText } from '../../src/change-set/normalize';

describe('normalize', () => {
  test.each([
    ['undefined', undefined],
    ['a string', 'Resources'],
    ['an array', [1, 2]],
    ['Resources as an array', { Resources: [{ Type: 'AWS::S3::Bucket' }] }],
    ['Resources as null', { Resources: null }],
  ])('GIVEN %s WHEN read THEN it is an empty template', (_, template) => {
    expect(normalize(template).resources.size).toBe(0);
  });

  test('GIVEN odd resources WHEN read THEN non-objects are skipped and missing parts read as empty', () => {
    const read = normalize({
      Resources: { 'A': 'x', 'B': null, 'C': { Type: 7, Properties: [1] }, 'D': { Type: 'AWS::S3::Bucket' }, 'Fn::ForEach::Topics': ['T', ['a'], {}] },
      Parameters: { P: { Default: ['a', 'b'] }, Q: 'odd' },
    });
    expect([...read.resources.keys()]).toEqual(['C', 'D']);
    expect(read.resources.get('C')).toMatchObject({ type: '', properties: {} });
    expect(Object.fromEntries(read.parameters)).toEqual({ P: 'a,b', Q: undefined });
  });
});

describe('resources', () => {
  test('GIVEN a resource with every part WHEN read THEN its type, properties, reported attributes, condition and text are kept, and nothing else', () => {
    const resource = {
      Type: 'AWS::SQS::Queue',
      Properties: { QueueName: 'q' },
      Condition: 'IsProd',
      DependsOn: ['Other'],
      Metadata: { a: 1 },
      CreationPolicy: { ResourceSignal: { Count: 1 } },
      UpdatePolicy: { AutoScalingReplacingUpdate: { WillReplace: true } },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Snapshot',
      Version: '1',
    };
    const read = normalize({ Resources: { Queue: resource } }).resources.get('Queue');

    expect(read).toStrictEqual({
      logicalId: 'Queue',
      type: 'AWS::SQS::Queue',
      properties: { QueueName: 'q' },
      attributes: {
        Metadata: { a: 1 },
        CreationPolicy: { ResourceSignal: { Count: 1 } },
        UpdatePolicy: { AutoScalingReplacingUpdate: { WillReplace: true } },
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Snapshot',
      },
      text: JSON.stringify(resource),
      condition: 'IsProd',
    });
    expect(read!.properties).toBe(resource.Properties);
  });

  test('GIVEN a resource without a Condition, or with one that is not a name, and an attribute set to undefined WHEN read THEN none of them is kept', () => {
    const read = normalize({ Resources: { A: { Type: 'T', Condition: { 'Fn::Equals': [1, 1] }, Metadata: undefined }, B: { Type: 'T' } } });
    expect(read.resources.get('A')).toStrictEqual({ logicalId: 'A', type: 'T', properties: {}, attributes: {}, text: '{"Type":"T","Condition":{"Fn::Equals":[1,1]}}' });
    expect(Object.keys(read.resources.get('B')!)).toEqual(['logicalId', 'type', 'properties', 'attributes', 'text']);
  });

  test('GIVEN resources and sections inherited from a prototype WHEN read THEN only own keys count', () => {
    const inherited = Object.create({ Resources: { A: { Type: 'T' } } });
    const resources = Object.create({ B: { Type: 'T' } });
    resources.C = { Type: 'T' };
    expect(normalize(inherited).resources.size).toBe(0);
    expect([...normalize({ Resources: resources }).resources.keys()]).toEqual(['C']);
  });

  test('GIVEN a resource that contains itself (built in code) WHEN read THEN it is read as a copy with the cycle cut, and the input is left as it was', () => {
    const properties: Record<string, unknown> = { Name: 'n', Big: BigInt(12) };
    properties.Self = properties;
    const resource = { Type: 'T', Properties: properties };
    const read = normalize({ Resources: { A: resource } }).resources.get('A')!;

    expect(read.properties).toEqual({ Name: 'n', Big: '12', Self: null });
    expect(read.text).toBe('{"Type":"T","Properties":{"Name":"n","Big":"12","Self":null}}');
    expect(properties.Self).toBe(properties);
  });

  test('GIVEN a resource JSON cannot write that also holds null WHEN read THEN null stays null', () => {
    const read = normalize({ Resources: { A: { Type: 'T', Properties: { Big: BigInt(2), Nothing: null } } } }).resources.get('A')!;
    expect(read.properties).toEqual({ Big: '2', Nothing: null });
  });

  test('GIVEN an Fn::ForEach entry written as an object WHEN read THEN it is not a resource (it expands at deploy time)', () => {
    const read = normalize({ Resources: { 'Fn::ForEach::Topics': { Type: 'AWS::SNS::Topic' }, 'Topic': { Type: 'AWS::SNS::Topic' } } });
    expect([...read.resources.keys()]).toEqual(['Topic']);
  });

  test('GIVEN a resource that contains itself inside a list WHEN read THEN the reference back is cut to null (JSON cannot write it)', () => {
    const list: unknown[] = ['x'];
    list.push(list);
    const read = normalize({ Resources: { A: { Type: 'T', Properties: { List: list, Big: BigInt(1) } } } }).resources.get('A')!;

    expect(read.properties.List).toEqual(['x', null]);
    expect(read.text).toBe('{"Type":"T","Properties":{"List":["x",null],"Big":"1"}}');
  });

  test('GIVEN a resource JSON cannot write with a value nested past the depth limit WHEN read THEN it is a NestingLimitError, never a cut', () => {
    const deep = nest(70, 'leaf') as Record<string, unknown>;
    expect(() => normalize({ Resources: { A: { Type: 'T', Properties: { Deep: deep, Big: BigInt(1) } } } })).toThrow(NestingLimitError);
  });
});

describe('parameters', () => {
  test('GIVEN parameters of every kind WHEN read THEN defaults are CloudFormation strings and list and Systems Manager types are known', () => {
    const read = normalize({
      Parameters: {
        Text: { Type: 'String', Default: 'a' },
        Count: { Type: 'Number', Default: 5 },
        Flag: { Type: 'String', Default: true },
        Names: { Type: 'CommaDelimitedList', Default: ['a', 'b'] },
        Subnets: { Type: 'List<AWS::EC2::Subnet::Id>' },
        Listed: { Type: 'AWS::SSM::Parameter::Value<List<String>>', Default: '/list' },
        Image: { Type: 'AWS::SSM::Parameter::Value<AWS::EC2::Image::Id>', Default: '/ami' },
        Odd: { Type: 7, Default: { a: 1 } },
        NoDefault: { Type: 'String' },
      },
    });

    expect(Object.fromEntries(read.parameters)).toEqual({ Text: 'a', Count: '5', Flag: 'true', Names: 'a,b', Subnets: undefined, Listed: '/list', Image: '/ami', Odd: undefined, NoDefault: undefined });
    expect([...read.listParameters]).toEqual(['Names', 'Subnets']);
    expect([...read.deployTimeParameters]).toEqual(['Listed', 'Image']);
  });

  test.each([
    ['a string', 'a', 'a'],
    ['a number', 1.5, '1.5'],
    ['false', false, 'false'],
    ['a list of scalars', ['a', 1, true], 'a,1,true'],
    ['a list holding an object', ['a', { b: 1 }], undefined],
    ['a list holding null', [null], undefined],
    ['null', null, undefined],
    ['an object', { a: 1 }, undefined],
  ])('GIVEN %s WHEN read as a parameter value THEN it is %j', (_, value, expected) => {
    expect(parameterText(value)).toBe(expected);
  });
});

describe('sections', () => {
  test('GIVEN Conditions and Mappings objects WHEN read THEN they are kept as they are; anything else reads as empty', () => {
    const conditions = { IsProd: { 'Fn::Equals': ['a', 'b'] } };
    const mappings = { M: { k: { v: 1 } } };
    const read = normalize({ Conditions: conditions, Mappings: mappings });

    expect(read.conditions).toBe(conditions);
    expect(read.mappings).toBe(mappings);
    expect(normalize({ Conditions: [1], Mappings: 'x' })).toMatchObject({ conditions: {}, mappings: {} });
    expect(normalize(null)).toMatchObject({ conditions: {}, mappings: {} });
  });
});
