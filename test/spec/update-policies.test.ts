/**
 * What an UpdatePolicy changes about replacement, read from the policy as a template writes it.
 */
import { lookupResourceType, requiresRecreation } from '../../src/spec/replacement-spec';
import { policySwitch, UPDATE_POLICY_EFFECTS, updatePolicyRecreation } from '../../src/spec/update-policies';

describe('policySwitch', () => {
  test.each([
    ['true', { A: { B: true } }, true],
    ['"true"', { A: { B: 'true' } }, true],
    ['false', { A: { B: false } }, false],
    ['"false"', { A: { B: 'false' } }, false],
    ['null', { A: { B: null } }, false],
    ['absent', { A: {} }, false],
    ['an absent parent', {}, false],
    ['a parent that is not an object', { A: 'x' }, false],
    ['a parent that is an array', { A: [true] }, false],
    ['no policy', undefined, false],
    ['an intrinsic', { A: { B: { Ref: 'P' } } }, undefined],
    ['a number', { A: { B: 1 } }, false],
  ])('GIVEN a switch that is %s WHEN read THEN it is %s', (_, policy, expected) => {
    expect(policySwitch(policy, ['A', 'B'])).toBe(expected);
  });
});

describe('updatePolicyRecreation', () => {
  const replacing = { AutoScalingReplacingUpdate: { WillReplace: true } };
  test.each([
    ['WillReplace on the launch template', 'AWS::AutoScaling::AutoScalingGroup', replacing, 'LaunchTemplate', 'Always'],
    ['WillReplace on the desired capacity', 'AWS::AutoScaling::AutoScalingGroup', replacing, 'DesiredCapacity', undefined],
    ['WillReplace on another type', 'AWS::EC2::Instance', replacing, 'LaunchTemplate', undefined],
    ['WillReplace from a parameter', 'AWS::AutoScaling::AutoScalingGroup', { AutoScalingReplacingUpdate: { WillReplace: { Ref: 'P' } } }, 'VPCZoneIdentifier', 'Conditionally'],
    ['EnableVersionUpgrade', 'AWS::Elasticsearch::Domain', { EnableVersionUpgrade: true }, 'ElasticsearchVersion', 'Never'],
    ['EnableVersionUpgrade from a parameter', 'AWS::Elasticsearch::Domain', { EnableVersionUpgrade: { Ref: 'P' } }, 'ElasticsearchVersion', 'Conditionally'],
    ['EnableVersionUpgrade on an OpenSearch domain', 'AWS::OpenSearchService::Domain', { EnableVersionUpgrade: true }, 'EngineVersion', 'Never'],
    ['EnableVersionUpgrade from a parameter on an OpenSearch domain', 'AWS::OpenSearchService::Domain', { EnableVersionUpgrade: { Ref: 'P' } }, 'EngineVersion', 'Conditionally'],
    ['EnableVersionUpgrade off on an OpenSearch domain', 'AWS::OpenSearchService::Domain', { EnableVersionUpgrade: false }, 'EngineVersion', undefined],
    ['EnableVersionUpgrade on another property of an OpenSearch domain', 'AWS::OpenSearchService::Domain', { EnableVersionUpgrade: true }, 'EngineMode', undefined],
    ['UseOnlineResharding', 'AWS::ElastiCache::ReplicationGroup', { UseOnlineResharding: true }, 'NodeGroupConfiguration', 'Never'],
    ['no policy', 'AWS::AutoScaling::AutoScalingGroup', undefined, 'LaunchTemplate', undefined],
  ])('GIVEN %s WHEN asked THEN the recreation is %s', (_, type, policy, property, expected) => {
    expect(updatePolicyRecreation(type, policy, property)).toBe(expected);
  });

  test('GIVEN every effect WHEN compared with the table THEN each covers real properties of a real type and changes what the table says: an Always effect a property that does not always replace, a Never effect one that does replace', () => {
    for (const effect of UPDATE_POLICY_EFFECTS) {
      expect(lookupResourceType(effect.resourceType)).toBeDefined();
      for (const property of effect.properties) {
        const table = requiresRecreation(effect.resourceType, [property]);
        expect([effect.resourceType, property, effect.recreation === 'Always' ? table !== 'Always' : table !== 'Never']).toEqual([effect.resourceType, property, true]);
      }
    }
  });

  test('GIVEN the OpenSearch domain WHEN its engine version changes without an update policy THEN the table says it is replaced, as its reference page does', () => {
    expect(requiresRecreation('AWS::OpenSearchService::Domain', ['EngineVersion'])).toBe('Always');
  });
});
