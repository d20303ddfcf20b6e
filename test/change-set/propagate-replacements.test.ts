/** Following replaced resources and changed parameters through references. */
import { deepFreeze, outcome, template } from './helpers';
import { predict, replacementOf, thing } from './test-spec';
import { ChangeSetPredictor } from '../../src/change-set';
import { diffResources } from '../../src/change-set/diff-resources';
import { normalize } from '../../src/change-set/normalize';
import { propagateParameters } from '../../src/change-set/propagate-parameters';
import { propagateReplacements } from '../../src/change-set/propagate-replacements';
import { buildReferenceIndex } from '../../src/change-set/reference-index';
import { GENERATED_SPEC, SpecLookup } from '../../src/change-set/replacement-spec-lookup';
import { ResourceRules } from '../../src/change-set/resource-rules';

describe('propagateReplacements', () => {
  test('GIVEN direct changes that are frozen WHEN replacements propagate THEN new details go to copies and the given changes stay as they were', () => {
    const vpc = (create: unknown, plain?: unknown) => ({ Type: 'AWS::EC2::VPC', Properties: { CidrBlock: create, ...(plain === undefined ? {} : { Tag: plain }) } });
    const before = normalize({ Resources: { A: vpc('10.0.0.0/16'), B: vpc({ 'Fn::Sub': '${A}' }, 'x') } });
    const after = normalize({ Resources: { A: vpc('10.1.0.0/16'), B: vpc({ 'Fn::Sub': '${A}' }, 'y') } });
    const rules = new ResourceRules(new SpecLookup(GENERATED_SPEC));
    const direct = diffResources(before, after, rules);
    for (const change of direct.values()) deepFreeze(change);
    const given = JSON.stringify([...direct]);

    const propagated = propagateReplacements(direct, buildReferenceIndex(before, after), after, rules, 'default');

    expect(JSON.stringify([...direct])).toBe(given);
    expect(propagated.get('B')!.details.map((detail) => `${detail.name}:${detail.changeSource}`)).toEqual(['Tag:DirectModification', 'CidrBlock:ResourceReference']);
    expect(propagated.get('B')).not.toBe(direct.get('B'));
  });

  test('GIVEN a property that references two changed parameters WHEN they propagate THEN it gets one direct detail and one per parameter', () => {
    const bucket = { Type: 'AWS::SNS::Topic', Properties: { DisplayName: { 'Fn::Join': ['-', [{ Ref: 'P1' }, { Ref: 'P2' }]] } } };
    const topic = normalize({ Parameters: { P1: { Type: 'String' }, P2: { Type: 'String' } }, Resources: { T: bucket } });
    const rules = new ResourceRules(new SpecLookup(GENERATED_SPEC));
    const parameters = new Map([['P1', 'Static' as const], ['P2', 'Static' as const]]);
    const propagated = propagateParameters(new Map(), buildReferenceIndex(topic, topic), parameters, topic, rules);
    expect(propagated.get('T')!.details.map((d) => `${d.changeSource}/${d.evaluation}/${d.causingEntity ?? '-'}`)).toEqual([
      'DirectModification/Dynamic/-',
      'ParameterReference/Static/P1',
      'ParameterReference/Static/P2',
    ]);
  });
});

describe('levels of a change and what they pass on (issue 18)', () => {
  // Test::Thing: Create and Name Always, Maybe Conditionally, anything else Never.
  const lines = (changeSet: ReturnType<typeof predict>, id: string) => changeSet.changes.find((c) => c.logicalResourceId === id)?.details
    .map((d) => `${d.attribute}/${d.name ?? '-'}/${d.requiresRecreation}/${d.evaluation}/${d.changeSource}/${d.causingEntity ?? '-'}`);

  test('GIVEN a dependent reached first through a conditional replacement and later through a certain one WHEN propagated THEN it and its own dependent are certain', () => {
    // C is conditional at once; R becomes certain only through the chain A -> R, after C was followed.
    const resources = (v: string) => ({
      A: thing({ Create: v }),
      C: thing({ Maybe: v }),
      R: thing({ Create: { Ref: 'A' } }),
      D: thing({ Create: { 'Fn::Join': ['', [{ Ref: 'C' }, { Ref: 'R' }]] } }),
      E: thing({ Plain: { 'Fn::GetAtt': ['D', 'Arn'] } }),
    });
    const changeSet = predict(template(resources('1')), template(resources('2')));
    expect(replacementOf(changeSet)).toEqual({ A: 'True', C: 'Conditional', R: 'True', D: 'True', E: 'False' });
    expect(lines(changeSet, 'D')).toEqual(['Properties/Create/Always/Dynamic/ResourceReference/C', 'Properties/Create/Always/Static/ResourceReference/R']);
    expect(lines(changeSet, 'E')).toEqual(['Properties/Plain/Never/Static/ResourceAttribute/D.Arn']);
  });

  test('GIVEN a resource updated in place WHEN propagated THEN GetAtt dependents get a Dynamic detail of their own recreation, Ref dependents nothing', () => {
    const resources = (v: string) => ({
      A: thing({ Plain: v }),
      ByAtt: thing({ Plain: { 'Fn::GetAtt': ['A', 'Arn'] } }),
      BySub: thing({ Create: { 'Fn::Sub': '${A.Arn}' } }),
      ByRef: thing({ Create: { Ref: 'A' } }),
    });
    const changeSet = predict(template(resources('1')), template(resources('2')));
    expect(replacementOf(changeSet)).toEqual({ A: 'False', ByAtt: 'False', BySub: 'Conditional' });
    expect(lines(changeSet, 'BySub')).toEqual(['Properties/Create/Always/Dynamic/ResourceAttribute/A.Arn']);
  });

  test.each([
    ['only its tags', { Tags: [{ Key: 'k', Value: '2' }] }, {}],
    ['a property and its metadata', { Plain: '2' }, { Metadata: { v: '2' } }],
  ])('GIVEN a resource updated in place through %s WHEN propagated THEN its GetAtt dependents get a Dynamic detail', (_, properties, attributes) => {
    const before = template({ A: thing({ Tags: [{ Key: 'k', Value: '1' }], Plain: '1' }), B: thing({ Plain: { 'Fn::GetAtt': ['A', 'Arn'] } }) });
    const after = template({ A: { ...thing({ Tags: [{ Key: 'k', Value: '1' }], Plain: '1', ...properties }), ...attributes }, B: thing({ Plain: { 'Fn::GetAtt': ['A', 'Arn'] } }) });
    expect(lines(predict(before, after), 'B')).toEqual(['Properties/Plain/Never/Dynamic/ResourceAttribute/A.Arn']);
  });

  test.each([
    ['a metadata change', { Metadata: { v: '2' } }],
    ['a deletion policy change', { DeletionPolicy: 'Retain' }],
  ])('GIVEN a resource whose only change is %s WHEN propagated THEN its GetAtt dependents get nothing (no attribute changes)', (_, attributes) => {
    const before = template({ A: thing({}), B: thing({ Plain: { 'Fn::GetAtt': ['A', 'Arn'] } }) });
    const after = template({ A: { ...thing({}), ...attributes }, B: thing({ Plain: { 'Fn::GetAtt': ['A', 'Arn'] } }) });
    expect(replacementOf(predict(before, after))).toEqual({ A: 'False' });
  });

  test('GIVEN metadata referencing a replaced resource WHEN propagated THEN it gets a Metadata detail that never replaces', () => {
    const resources = (v: string) => ({ A: thing({ Create: v }), B: { ...thing({}), Metadata: { source: { Ref: 'A' } } } });
    const changeSet = predict(template(resources('1')), template(resources('2')));
    expect(lines(changeSet, 'B')).toEqual(['Metadata/-/Never/Static/ResourceReference/A']);
    expect(replacementOf(changeSet).B).toBe('False');
  });

  test.each([
    ['certain', 'Create', ['Properties/Create/Always/Dynamic/DirectModification/-', 'Properties/Create/Always/Static/ResourceReference/A'], 'True'],
    ['conditional', 'Maybe', ['Properties/Create/Always/Dynamic/DirectModification/-', 'Properties/Create/Always/Dynamic/ResourceReference/A'], 'Conditional'],
    ['in place', 'Plain', undefined, undefined],
  ])('GIVEN a %s replacement WHEN described with property values THEN its dependent gets the direct and reference pair', (_, property, expected, replacement) => {
    const resources = (v: string) => ({ A: thing({ [property]: v }), B: thing({ Create: { Ref: 'A' } }), C: thing({ Plain: { 'Fn::GetAtt': ['A', 'Arn'] } }) });
    const changeSet = predict(template(resources('1')), template(resources('2')), { includePropertyValues: true });
    expect(lines(changeSet, 'B')).toEqual(expected);
    expect(replacementOf(changeSet).B).toBe(replacement);
    expect(lines(changeSet, 'C')).toEqual(expected === undefined ? undefined : ['Properties/Plain/Never/Dynamic/DirectModification/-', `Properties/Plain/Never/${property === 'Create' ? 'Static' : 'Dynamic'}/ResourceAttribute/A.Arn`]);
  });

  test('GIVEN a parameter added by the update WHEN a property references it THEN the pair replaces the direct change, in Metadata too', () => {
    const before = template({ A: { ...thing({ Plain: 'x' }), Metadata: { m: 'x' } } });
    const after = template({ A: { ...thing({ Plain: { Ref: 'New' } }), Metadata: { m: { Ref: 'New' } } } }, { Parameters: { New: { Type: 'String', Default: 'x' } } });
    expect(lines(predict(before, after), 'A')).toEqual([
      'Properties/Plain/Never/Dynamic/DirectModification/-',
      'Metadata/-/Never/Dynamic/DirectModification/-',
      'Properties/Plain/Never/Static/ParameterReference/New',
      'Metadata/-/Never/Static/ParameterReference/New',
    ]);
  });
});


describe('a reference to a certainly replaced resource under an Fn::If whose condition is not known offline', () => {
  // Test::Thing: Create Always. Mode has no value, so the condition On is unknown offline; Known has a default.
  const conditions = {
    Parameters: { Mode: { Type: 'String' }, Known: { Type: 'String', Default: 'on' } },
    Conditions: { On: { 'Fn::Equals': [{ Ref: 'Mode' }, 'on'] }, KnownOn: { 'Fn::Equals': [{ Ref: 'Known' }, 'on'] } },
  };
  const resources = (v: string) => ({
    A: thing({ Create: v }),
    Unknown: thing({ Create: { 'Fn::If': ['On', { Ref: 'A' }, 'fixed'] } }),
    BothBranches: thing({ Create: { 'Fn::If': ['On', { Ref: 'A' }, { 'Fn::Sub': '${A}-b' }] } }),
    Known: thing({ Create: { 'Fn::If': ['KnownOn', { Ref: 'A' }, 'fixed'] } }),
    Next: thing({ Create: { Ref: 'Unknown' } }),
  });
  const line = (changeSet: ReturnType<typeof predict>, id: string) => changeSet.changes.find((c) => c.logicalResourceId === id)!.details
    .map((d) => `${d.name}/${d.requiresRecreation}/${d.evaluation}/${d.changeSource}/${d.causingEntity ?? '-'}`);

  test('GIVEN the reference in one branch WHEN propagated THEN its detail is Dynamic and the dependent only may be replaced, and so may its own dependent', () => {
    const changeSet = predict(template(resources('1'), conditions), template(resources('2'), conditions));
    expect(replacementOf(changeSet)).toEqual({ A: 'True', Unknown: 'Conditional', BothBranches: 'True', Known: 'True', Next: 'Conditional' });
    expect(line(changeSet, 'Unknown')).toEqual(['Create/Always/Dynamic/ResourceReference/A']);
    expect(line(changeSet, 'BothBranches')).toEqual(['Create/Always/Static/ResourceReference/A']);
    expect(line(changeSet, 'Known')).toEqual(['Create/Always/Static/ResourceReference/A']);
  });

  test('GIVEN the same WHEN described with property values THEN the reference detail beside the dependent\'s Dynamic direct change is Dynamic too', () => {
    const changeSet = predict(template(resources('1'), conditions), template(resources('2'), conditions), { includePropertyValues: true });
    expect(line(changeSet, 'Unknown')).toEqual(['Create/Always/Dynamic/DirectModification/-', 'Create/Always/Dynamic/ResourceReference/A']);
    expect(line(changeSet, 'Known')).toEqual(['Create/Always/Dynamic/DirectModification/-', 'Create/Always/Static/ResourceReference/A']);
  });
});

describe('a GetAtt of the physical id of a resource updated in place (issue 34 item 5: KEPT_IN_PLACE)', () => {
  const group = (ports: number[], description = 'database') => ({
    Type: 'AWS::EC2::SecurityGroup',
    Properties: { GroupDescription: description, VpcId: 'vpc-1', SecurityGroupIngress: ports.map((port) => ({ IpProtocol: 'tcp', FromPort: port, ToPort: port, CidrIp: '10.0.0.0/16' })) },
  });
  const rule = (attribute: string) => ({ Type: 'AWS::EC2::SecurityGroupIngress', Properties: { GroupId: { 'Fn::GetAtt': ['Database', attribute] }, IpProtocol: 'tcp', FromPort: 5432, ToPort: 5432, SourceSecurityGroupId: 'sg-app' } });
  // The real replacement table (the other tests here use the test spec's Test::Thing).
  const realOutcome = (before: unknown, after: unknown) => outcome(ChangeSetPredictor.predict(before, after));
  const stack = (ports: number[], attribute = 'GroupId', description?: string) => template({ Database: group(ports, description), FromApp: rule(attribute) });

  test('GIVEN an ingress rule added inline to a group WHEN predicted THEN the separate rule reading its GroupId gets nothing: the group keeps its id', () => {
    expect(realOutcome(stack([5432]), stack([5432, 443]))).toEqual({ Database: 'False' });
  });

  test('GIVEN the same group replaced (a new description) WHEN predicted THEN the separate rule reading its GroupId is replaced, as before', () => {
    expect(realOutcome(stack([5432]), stack([5432], 'GroupId', 'db'))).toEqual({ Database: 'True', FromApp: 'True' });
  });

  test('GIVEN a GetAtt of an attribute the table does not list (the group\'s VpcId) WHEN the group is updated in place THEN it keeps CloudFormation\'s Dynamic detail', () => {
    expect(realOutcome(stack([5432], 'VpcId'), stack([5432, 443], 'VpcId'))).toEqual({ Database: 'False', FromApp: 'Conditional' });
  });
});
