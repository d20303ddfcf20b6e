/** Mapping values that change under an unchanged `Fn::FindInMap` (issue 18). */
import { nest, nestInLists, template } from './helpers';
import { predict, thing } from './test-spec';
import { ChangeSetPredictor } from '../../src/change-set';
import { NestingLimitError } from '../../src/change-set/json';

const details = (changeSet: ReturnType<typeof predict>, id: string) =>
  changeSet.changes.find((change) => change.logicalResourceId === id)?.details.map((d) => `${d.name}/${d.requiresRecreation}/${d.evaluation}/${d.changeSource}`);

const mapped = (mappings: Record<string, unknown>, resources: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  template(resources, { Mappings: mappings, ...extra });

describe('a mapping leaf under an unchanged lookup', () => {
  test('GIVEN a leaf that changes under literal keys WHEN predicted THEN the property is a Static direct change with its own recreation', () => {
    const resources = { A: thing({ Create: { 'Fn::FindInMap': ['M', 'k1', 'k2'] }, Plain: { 'Fn::FindInMap': ['M', 'k1', 'k2'] }, Other: 'x' }) };
    const changeSet = predict(mapped({ M: { k1: { k2: 'a' } } }, resources), mapped({ M: { k1: { k2: 'b' } } }, resources));
    expect(details(changeSet, 'A')).toEqual(['Create/Always/Static/DirectModification', 'Plain/Never/Static/DirectModification']);
    expect(changeSet.changes[0].replacement).toBe('True');
  });

  test('GIVEN equal mappings, or a leaf nobody reads WHEN predicted THEN nothing changes', () => {
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['M', 'k1', 'k2'] } }) };
    expect(predict(mapped({ M: { k1: { k2: 'a' } } }, resources), mapped({ M: { k1: { k2: 'a' } } }, resources)).changes).toEqual([]);
    expect(predict(mapped({ M: { k1: { k2: 'a', k3: 'x' } } }, resources), mapped({ M: { k1: { k2: 'a', k3: 'y' } } }, resources)).changes).toEqual([]);
  });

  test('GIVEN a property changed as written that also reads a changed leaf WHEN predicted THEN it has one direct detail', () => {
    const changeSet = predict(
      mapped({ M: { k: { v: 'a' } } }, { A: thing({ Plain: ['x', { 'Fn::FindInMap': ['M', 'k', 'v'] }] }) }),
      mapped({ M: { k: { v: 'b' } } }, { A: thing({ Plain: ['y', { 'Fn::FindInMap': ['M', 'k', 'v'] }] }) }),
    );
    expect(details(changeSet, 'A')).toEqual(['Plain/Never/Static/DirectModification']);
  });

  test('GIVEN a resource with another change WHEN a leaf it reads changes too THEN both details are listed', () => {
    const changeSet = predict(
      mapped({ M: { k: { v: 'a' } } }, { A: thing({ Plain: { 'Fn::FindInMap': ['M', 'k', 'v'] }, Other: 1 }) }),
      mapped({ M: { k: { v: 'b' } } }, { A: thing({ Plain: { 'Fn::FindInMap': ['M', 'k', 'v'] }, Other: 2 }) }),
    );
    expect(details(changeSet, 'A')).toEqual(['Plain/Never/Static/DirectModification', 'Other/Never/Static/DirectModification']);
  });

  test('GIVEN a key from a parameter WHEN the leaf of its value changes THEN it is reported, and not for a leaf of another value', () => {
    const extra = { Parameters: { Size: { Type: 'String', Default: 'small' } } };
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['Sizes', { Ref: 'Size' }, 'Min'] } }) };
    const sizes = (small: string, large: string) => ({ Sizes: { small: { Min: small }, large: { Min: large } } });
    expect(details(predict(mapped(sizes('1', '4'), resources, extra), mapped(sizes('2', '4'), resources, extra)), 'A')).toEqual(['Plain/Never/Static/DirectModification']);
    expect(predict(mapped(sizes('1', '4'), resources, extra), mapped(sizes('1', '5'), resources, extra)).changes).toEqual([]);
  });

  test.each([
    ['every value of the unknown key changes', { r1: 'b', r2: 'b' }, ['Plain/Never/Static/DirectModification']],
    ['only some values change', { r1: 'b', r2: 'a' }, undefined],
    ['a key appears on the new side only', { r1: 'b', r2: 'b', r3: 'c' }, ['Plain/Never/Static/DirectModification']],
  ])('GIVEN a key not known offline (a pseudo parameter) WHEN %s THEN the property is reported only if it changes whichever key it is', (_, after, expected) => {
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['M', { Ref: 'AWS::Region' }, 'v'] } }) };
    const leaves = (values: Record<string, string>) => ({ M: Object.fromEntries(Object.entries(values).map(([key, v]) => [key, { v }])) });
    expect(details(predict(mapped(leaves({ r1: 'a', r2: 'a' }), resources), mapped(leaves(after), resources)), 'A')).toEqual(expected);
  });

  test('GIVEN the Region as an option WHEN a leaf changes for that Region only THEN it is reported; for another Region it is not', () => {
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['M', { Ref: 'AWS::Region' }, 'v'] } }) };
    const before = mapped({ M: { r1: { v: 'a' }, r2: { v: 'a' } } }, resources);
    const after = mapped({ M: { r1: { v: 'b' }, r2: { v: 'a' } } }, resources);
    expect(details(predict(before, after, { environment: { region: 'r1' } }), 'A')).toEqual(['Plain/Never/Static/DirectModification']);
    expect(predict(before, after, { environment: { region: 'r2' } }).changes).toEqual([]);
  });

  test('GIVEN a key whose value differs between the sides WHEN the leaves change THEN the key is treated as unknown', () => {
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['M', { Ref: 'K' }, 'v'] } }) };
    const extra = { Parameters: { K: { Type: 'String' } } };
    const before = mapped({ M: { a: { v: '1' }, b: { v: '1' } } }, resources, extra);
    const after = mapped({ M: { a: { v: '2' }, b: { v: '2' } } }, resources, extra);
    const changeSet = predict(before, after, { parameters: { before: { K: 'a' }, after: { K: 'b' } } });
    expect(details(changeSet, 'A')).toEqual(['Plain/Never/Static/DirectModification', 'Plain/Never/Dynamic/DirectModification', 'Plain/Never/Static/ParameterReference']);
  });

  test.each([
    ['too few operands', { 'Fn::FindInMap': ['M', 'k'] }],
    ['an operand that is not a list', { 'Fn::FindInMap': 'M' }],
    ['a map name that is not a mapping', { 'Fn::FindInMap': ['Missing', 'k', 'v'] }],
  ])('GIVEN a lookup with %s WHEN the mappings change THEN nothing is reported for it', (_, lookup) => {
    const resources = { A: thing({ Plain: lookup }) };
    expect(predict(mapped({ M: { k: { v: 'a' } } }, resources), mapped({ M: { k: { v: 'b' } } }, resources)).changes).toEqual([]);
  });

  test('GIVEN a resource whose type changes WHEN a leaf it reads changes THEN only the type change is reported', () => {
    const before = mapped({ M: { k: { v: 'a' } } }, { A: thing({ Plain: { 'Fn::FindInMap': ['M', 'k', 'v'] } }) });
    const after = mapped({ M: { k: { v: 'b' } } }, { A: { Type: 'Test::Other', Properties: { Plain: { 'Fn::FindInMap': ['M', 'k', 'v'] } } } });
    expect(details(predict(before, after), 'A')).toEqual([]);
  });

  test('GIVEN a leaf that is a structure WHEN a nested create-only value in it changes THEN the nested path decides (EKS KubernetesNetworkConfig)', () => {
    const cluster = (lookup: unknown) => ({ Resources: { C: { Type: 'AWS::EKS::Cluster', Properties: { RoleArn: 'r', ResourcesVpcConfig: { SubnetIds: ['s'] }, KubernetesNetworkConfig: lookup } } } });
    const network = (cidr: string, family: string) => ({ Net: { all: { Config: { ServiceIpv4Cidr: cidr, IpFamily: 'ipv4', ElasticLoadBalancing: { Enabled: family === 'on' } } } } });
    const lookup = { 'Fn::FindInMap': ['Net', 'all', 'Config'] };
    const replaced = ChangeSetPredictor.predict({ ...cluster(lookup), Mappings: network('10.0.0.0/16', 'off') }, { ...cluster(lookup), Mappings: network('10.1.0.0/16', 'off') });
    expect(replaced.changes[0].details.map((d) => `${d.name}/${d.requiresRecreation}`)).toEqual(['KubernetesNetworkConfig/Always']);
    const updated = ChangeSetPredictor.predict({ ...cluster(lookup), Mappings: network('10.0.0.0/16', 'off') }, { ...cluster(lookup), Mappings: network('10.0.0.0/16', 'on') });
    expect(updated.changes[0].details.map((d) => `${d.name}/${d.requiresRecreation}`)).toEqual(['KubernetesNetworkConfig/Never']);
    const inside = { ServiceIpv4Cidr: { 'Fn::Join': ['', [{ 'Fn::FindInMap': ['Net', 'all', 'Cidr'] }]] } };
    const cidrs = (cidr: string) => ({ Net: { all: { Cidr: cidr } } });
    const joined = ChangeSetPredictor.predict({ ...cluster(inside), Mappings: cidrs('a') }, { ...cluster(inside), Mappings: cidrs('b') });
    expect(joined.changes[0].details.map((d) => `${d.name}/${d.requiresRecreation}`)).toEqual(['KubernetesNetworkConfig/Always']);
  });
});

describe('mapping look-ups at their limits', () => {
  const lookup = { 'Fn::FindInMap': ['M', 'k', 'v'] };
  const changedLeaf = (resources: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    predict(mapped({ M: { k: { v: 'a' } }, N: { k: { v: 'same' } } }, resources, extra), mapped({ M: { k: { v: 'b' } }, N: { k: { v: 'same' } } }, resources, extra));

  test('GIVEN a look-up 64 objects deep WHEN its leaf changes THEN it is reported', () => {
    expect(changedLeaf({ A: thing({ Plain: nest(64, lookup) }) }).changes.length).toBe(1);
  });

  test.each([
    ['65 objects deep', nest(65, lookup)],
    ['70 lists deep', nestInLists(70, lookup)],
  ])('GIVEN a look-up %s WHEN its leaf changes THEN it is a NestingLimitError, never "no change"', (_, value) => {
    expect(() => changedLeaf({ A: thing({ Plain: value }) })).toThrow(NestingLimitError);
  });

  test('GIVEN a changed look-up beside an unchanged one in one property WHEN predicted THEN the property is reported', () => {
    expect(details(changedLeaf({ A: thing({ Plain: [lookup, { 'Fn::FindInMap': ['N', 'k', 'v'] }] }) }), 'A')).toEqual(['Plain/Never/Static/DirectModification']);
  });

  test('GIVEN a look-up with a default value (a fourth operand) WHEN its leaf changes THEN the default is not a key', () => {
    expect(details(changedLeaf({ A: thing({ Plain: { 'Fn::FindInMap': ['M', 'k', 'v', { DefaultValue: 'd' }] } }) }), 'A')).toEqual(['Plain/Never/Static/DirectModification']);
  });

  test('GIVEN keys that are numbers and booleans WHEN their leaves change THEN they are read as their text', () => {
    const before = mapped({ M: { 1: { true: 'a' } } }, { A: thing({ Plain: { 'Fn::FindInMap': ['M', 1, true] } }) });
    const after = mapped({ M: { 1: { true: 'b' } } }, { A: thing({ Plain: { 'Fn::FindInMap': ['M', 1, true] } }) });
    expect(details(predict(before, after), 'A')).toEqual(['Plain/Never/Static/DirectModification']);
  });

  test.each([
    ['a key known on the old side only', { 'Fn::FindInMap': ['M', { Ref: 'Old' }, 'v'] }, { Parameters: { Old: { Type: 'String', Default: 'a' } } }],
    ['a key that is a list', { 'Fn::FindInMap': ['M', { 'Fn::Split': [',', 'a'] }, 'v'] }, {}],
  ])('GIVEN %s WHEN only that key\'s leaf changes THEN the key counts as unknown and nothing is reported', (_, value, parameters) => {
    const before = { ...mapped({ M: { a: { v: '1' }, b: { v: '1' } } }, { A: thing({ Plain: value }) }), ...parameters };
    const after = mapped({ M: { a: { v: '2' }, b: { v: '1' } } }, { A: thing({ Plain: value }) });
    expect(predict(before, after).changes).toEqual([]);
  });

  test('GIVEN an unknown key over a level without keys WHEN other mappings change THEN nothing is reported', () => {
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['Empty', { Ref: 'AWS::Region' }, 'v'] } }) };
    expect(predict(mapped({ Empty: {}, X: { a: { b: '1' } } }, resources), mapped({ Empty: {}, X: { a: { b: '2' } } }, resources)).changes).toEqual([]);
  });

  test('GIVEN an unknown key over a level that was a value and is now a map WHEN compared THEN only the new keys count', () => {
    const resources = { A: thing({ Plain: { 'Fn::FindInMap': ['M', 'k', { Ref: 'AWS::Region' }] } }) };
    expect(details(predict(mapped({ M: { k: 'scalar' } }, resources), mapped({ M: { k: { r1: 'a' } } }, resources)), 'A')).toEqual(['Plain/Never/Static/DirectModification']);
  });

  test('GIVEN two look-ups in one property, the first at a create-only path WHEN both change THEN the most intrusive recreation wins', () => {
    const cluster = (config: unknown) => ({ Resources: { C: { Type: 'AWS::EKS::Cluster', Properties: { RoleArn: 'r', ResourcesVpcConfig: { SubnetIds: ['s'] }, KubernetesNetworkConfig: config } } } });
    const config = { ServiceIpv4Cidr: { 'Fn::FindInMap': ['Net', 'all', 'Cidr'] }, ElasticLoadBalancing: { Enabled: { 'Fn::FindInMap': ['Net', 'all', 'Elb'] } } };
    const net = (cidr: string, elb: string) => ({ Net: { all: { Cidr: cidr, Elb: elb } } });
    const changeSet = ChangeSetPredictor.predict({ ...cluster(config), Mappings: net('a', 'false') }, { ...cluster(config), Mappings: net('b', 'true') });
    expect(changeSet.changes[0].details.map((d) => `${d.name}/${d.requiresRecreation}`)).toEqual(['KubernetesNetworkConfig/Always']);
  });
});
