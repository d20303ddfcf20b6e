/** Where a stack is "deployed" during a local run: its environment, else the stand-ins. */
import { AssemblyStack } from '../../../src/assembly/read-assembly';
import { deploymentOf, LOCAL_ACCOUNT, LOCAL_REGION, nameSuffix, stableUuid } from '../../../src/local/stack/deployment';

const stack = (environment: { account?: string; region?: string }) => ({ name: 'S', ...environment } as AssemblyStack);

test.each([
  ['an environment-agnostic stack', {}, LOCAL_ACCOUNT, LOCAL_REGION, 'aws', 'amazonaws.com'],
  ['a stack in eu-west-1', { account: '111122223333', region: 'eu-west-1' }, '111122223333', 'eu-west-1', 'aws', 'amazonaws.com'],
  ['a stack in China', { region: 'cn-north-1' }, LOCAL_ACCOUNT, 'cn-north-1', 'aws-cn', 'amazonaws.com.cn'],
  ['a stack in GovCloud', { region: 'us-gov-west-1' }, LOCAL_ACCOUNT, 'us-gov-west-1', 'aws-us-gov', 'amazonaws.com'],
])('GIVEN %s WHEN deployed locally THEN account, region, partition and URL suffix follow', (_, environment, account, region, partition, urlSuffix) => {
  const deployment = deploymentOf(stack(environment));

  expect(deployment).toEqual({ account, region, partition, urlSuffix, stackName: 'S', stackId: expect.stringMatching(new RegExp(`^arn:${partition}:cloudformation:${region}:${account}:stack/S/[0-9a-f-]{36}$`)) });
  expect(deploymentOf(stack(environment)).stackId).toBe(deployment.stackId);
});

test('GIVEN texts WHEN turned into ids THEN they are UUID-shaped, stable, and differ between texts', () => {
  expect(stableUuid('a')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(stableUuid('a')).toBe(stableUuid('a'));
  expect(stableUuid('a')).not.toBe(stableUuid('b'));
  expect(nameSuffix('a')).toMatch(/^[0-9A-F]{12}$/);
  expect(nameSuffix('a', 4)).toBe(nameSuffix('a').slice(0, 4));
});
