/** Following replaced resources and changed parameters through references. */
import { deepFreeze } from './helpers';
import { diffResources } from '../../src/change-set/diff-resources';
import { normalize } from '../../src/change-set/normalize';
import { propagateParameters } from '../../src/change-set/propagate-parameters';
import { propagateReplacements } from '../../src/change-set/propagate-replacements';
import { buildReferenceIndex } from '../../src/change-set/reference-index';
import { GENERATED_SPEC, SpecLookup } from '../../src/change-set/replacement-spec-lookup';
import { ResourceRules } from '../../src/change-set/resource-rules';

describe('propagateReplacements', () => {
  test('GIVEN direct changes that are frozen WHEN replacements propagate THEN new details go to copies and the given changes stay as they were', () => {
    const thing = (create: unknown, plain?: unknown) => ({ Type: 'AWS::EC2::VPC', Properties: { CidrBlock: create, ...(plain === undefined ? {} : { Tag: plain }) } });
    const before = normalize({ Resources: { A: thing('10.0.0.0/16'), B: thing({ 'Fn::Sub': '${A}' }, 'x') } });
    const after = normalize({ Resources: { A: thing('10.1.0.0/16'), B: thing({ 'Fn::Sub': '${A}' }, 'y') } });
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
    const template = normalize({ Parameters: { P1: { Type: 'String' }, P2: { Type: 'String' } }, Resources: { T: bucket } });
    const rules = new ResourceRules(new SpecLookup(GENERATED_SPEC));
    const parameters = new Map([['P1', 'Static' as const], ['P2', 'Static' as const]]);
    const propagated = propagateParameters(new Map(), buildReferenceIndex(template, template), parameters, template, rules);
    expect(propagated.get('T')!.details.map((d) => `${d.changeSource}/${d.evaluation}/${d.causingEntity ?? '-'}`)).toEqual([
      'DirectModification/Dynamic/-',
      'ParameterReference/Static/P1',
      'ParameterReference/Static/P2',
    ]);
  });
});
