/** The resource-by-resource diff: which changes CloudFormation refuses outright. */
import { deepFreeze, template } from './helpers';
import { predict } from './test-spec';
import { ChangeSetPredictor } from '../../src/change-set';

describe('a custom resource whose ServiceToken changes', () => {
  const custom = (token: string, other: string) => template({ C: { Type: 'Custom::X', Properties: { ServiceToken: token, Other: other } } });

  test.each([
    ['alone', custom('a', 'x'), custom('b', 'x')],
    ['with another property', custom('a', 'x'), custom('b', 'y')],
  ])('GIVEN the token changing %s WHEN predicted THEN the update is a certain failure', (_, before, after) => {
    const [failure] = predict(before, after).failures;
    expect(failure).toMatchObject({ logicalResourceId: 'C', certainty: 'Certain' });
    expect(failure.reason).toMatch(/^ServiceToken changes: CloudFormation does not allow changing a custom resource's service token/);
  });

  test('GIVEN only another property changing WHEN predicted THEN nothing fails', () => {
    expect(predict(custom('a', 'x'), custom('a', 'y')).failures).toEqual([]);
  });
});

describe('a property whose addition or removal replaces (the real table: a replication group\'s AuthToken)', () => {
  const group = (properties: Record<string, unknown>) => template({ G: { Type: 'AWS::ElastiCache::ReplicationGroup', Properties: { ReplicationGroupDescription: 'g', ...properties } } });
  const recreationOf = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    ChangeSetPredictor.predict(deepFreeze(group(before)), deepFreeze(group(after))).changes[0].details.map((detail) => `${detail.name} ${detail.requiresRecreation}`);

  test.each([
    ['added', {}, { AuthToken: 'a'.repeat(16) }, ['AuthToken Always']],
    ['removed', { AuthToken: 'a'.repeat(16) }, {}, ['AuthToken Always']],
    ['changed', { AuthToken: 'a'.repeat(16) }, { AuthToken: 'b'.repeat(16) }, ['AuthToken Conditionally']],
    ['another property added', {}, { UserGroupIds: ['u'] }, ['UserGroupIds Never']],
  ])('GIVEN AuthToken %s WHEN diffed THEN the detail is %j', (_, before, after, expected) => {
    expect(recreationOf(before, after)).toEqual(expected);
  });
});
