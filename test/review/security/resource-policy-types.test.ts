/**
 * The resource policies the review reads: every type and property the CDK CLI's database
 * (`@aws-cdk/aws-service-spec`, which `@aws-cdk/cloudformation-diff` reads) marks for its
 * security table is read here or left out with a reason, and a public statement in each type's
 * policy broadens permissions, as the CDK CLI says too.
 */
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import { fullDiff } from '@aws-cdk/cloudformation-diff';
import { NOT_ACCESS_POLICIES, POLICY_SETTINGS, RESOURCE_POLICY_TYPES, ResourcePolicyType } from '../../../src/review/security/resource-policy-types';
import { securityChanges } from '../../../src/review/security/security-changes';

/** Types whose identity policies, permissions, rules and assignments read-security.ts reads itself (not through the tables). */
const READ_BY_TYPE = [
  'AWS::IAM::Role.Policies', 'AWS::IAM::Role.ManagedPolicyArns', 'AWS::IAM::User.Policies', 'AWS::IAM::User.ManagedPolicyArns',
  'AWS::IAM::Group.Policies', 'AWS::IAM::Group.ManagedPolicyArns', 'AWS::IAM::Policy', 'AWS::IAM::ManagedPolicy', 'AWS::IAM::RolePolicy',
  'AWS::IAM::UserPolicy', 'AWS::IAM::GroupPolicy', 'AWS::Lambda::Permission', 'AWS::SSO::PermissionSet', 'AWS::SSO::PermissionSet.InlinePolicy',
  'AWS::SSO::PermissionSet.ManagedPolicies', 'AWS::SSO::Assignment', 'AWS::EC2::SecurityGroup.SecurityGroupIngress',
  'AWS::EC2::SecurityGroup.SecurityGroupEgress', 'AWS::EC2::SecurityGroupIngress', 'AWS::EC2::SecurityGroupEgress',
];

test('GIVEN the CDK CLI\'s database WHEN every resource and property it scrutinises is listed THEN each is read here or left out with a reason', () => {
  const db = loadAwsServiceSpecSync();
  const scrutinised = db.all('resource').flatMap((resource) => [
    ...(resource.scrutinizable !== undefined && String(resource.scrutinizable) !== 'None' ? [resource.cloudFormationType] : []),
    ...Object.entries(resource.properties).filter(([, property]) => property.scrutinizable !== undefined && String(property.scrutinizable) !== 'None')
      .map(([name]) => `${resource.cloudFormationType}.${name}`),
  ]);
  const known = new Set([
    ...READ_BY_TYPE,
    ...RESOURCE_POLICY_TYPES.flatMap((entry) => [entry.type, `${entry.type}.${entry.document}`]),
    ...POLICY_SETTINGS.flatMap((entry) => [entry.type, `${entry.type}.${entry.property}`]),
    ...NOT_ACCESS_POLICIES.map((entry) => `${entry.type}.${entry.property}`),
  ]);
  expect(scrutinised.length).toBeGreaterThan(50);
  expect(scrutinised.filter((name) => !known.has(name))).toEqual([]);
});

/** A template with one resource of the entry's type whose policy allows `s3:GetObject` to anyone (no policy for `undefined`). */
function withPolicy(entry: ResourcePolicyType, document: unknown): unknown {
  const target = entry.target.kind === 'properties' ? Object.fromEntries(entry.target.properties.map((key) => [key, key === 'Topics' || key === 'Queues' ? [{ Ref: 'Target' }] : { 'Fn::GetAtt': ['Target', 'Arn'] }])) : {};
  const properties = { ...target, ...(document === undefined ? {} : { [entry.document]: document }) };
  return { Resources: { Holder: { Type: entry.type, Properties: properties } } };
}
const PUBLIC = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: '*' }] };

describe.each(RESOURCE_POLICY_TYPES.map((entry) => [`${entry.type}.${entry.document}`, entry] as const))('GIVEN %s', (_name, entry) => {
  test('WHEN its policy goes from no statement to one allowing anyone THEN it broadens, as the CDK CLI says too', () => {
    const before = withPolicy(entry, { Version: '2012-10-17', Statement: [] });
    const after = withPolicy(entry, PUBLIC);
    const ours = securityChanges(before, after).byResource.get('Holder')?.broadening === true;
    expect({ ours, cdkCli: fullDiff(before as any, after as any).permissionsBroadened }).toEqual({ ours: true, cdkCli: true });
  });

  test('WHEN the policy is written as a JSON string THEN it is read alike', () => {
    const rows = securityChanges(undefined, withPolicy(entry, JSON.stringify(PUBLIC))).statements;
    expect(rows.map(({ item }) => [item.effect, item.actions.join(','), item.principals.join(',')])).toEqual([['Allow', 's3:GetObject', '*']]);
  });
});

test.each(RESOURCE_POLICY_TYPES.filter((entry) => entry.absentAllows !== undefined).map((entry) => [entry.type, entry] as const))(
  'GIVEN a %s whose default is open WHEN a narrower policy is added THEN it does not broaden; WHEN the policy is removed THEN it does', (_name, entry) => {
    const narrow = { Statement: [{ Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111111111111:root' }, Action: entry.absentAllows!.actions[0], Resource: '*' }] };
    expect(securityChanges(withPolicy(entry, undefined), withPolicy(entry, narrow)).byResource.get('Holder')?.broadening).toBe(false);
    expect(securityChanges(withPolicy(entry, narrow), withPolicy(entry, undefined)).byResource.get('Holder')?.broadening).toBe(true);
  });

test.each(POLICY_SETTINGS.map((entry) => [`${entry.type}.${entry.property}`, entry] as const))('GIVEN %s (a %s read as a whole) THEN a limit broadens when removed, a grant when added', (_name, entry) => {
  const properties = (value?: unknown) => (value === undefined ? {} : { [entry.property]: value });
  const template = (value?: unknown) => ({ Resources: { Holder: { Type: entry.type, Properties: properties(value) } } });
  const added = securityChanges(template(), template({ any: 'document' })).byResource.get('Holder')?.broadening;
  const removed = securityChanges(template({ any: 'document' }), template()).byResource.get('Holder')?.broadening;
  expect({ added, removed }).toEqual(entry.role === 'limit' ? { added: false, removed: true } : { added: true, removed: false });
});
