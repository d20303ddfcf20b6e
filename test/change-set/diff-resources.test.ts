/** The resource-by-resource diff: which changes CloudFormation refuses outright. */
import { template } from './helpers';
import { predict } from './test-spec';

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
