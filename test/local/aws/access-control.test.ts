/**
 * IAM for the functions' calls: the caller found by the access key of its signature, its
 * role's policies (inline, attached policies, managed policies of the template, and the ones
 * that cannot be read), counted only when they exist at the moment of the call.
 */
import { Template } from '../../../src/change-set/input/read-template';
import { AccessControl } from '../../../src/local/aws/access-control';
import { HttpExchange } from '../../../src/local/aws/loopback-server';
import { FunctionRegistry, LambdaFunctionSpec } from '../../../src/local/stack/lambda-functions';

const PARAMETER = 'arn:aws:ssm:us-east-1:123456789012:parameter/jobs/1';
const ALLOW_SSM = { Statement: [{ Effect: 'Allow', Action: 'ssm:*', Resource: 'arn:aws:ssm:*:*:parameter/jobs/*' }] };

/** The function `Fn` of a stack made of `resources`, with its role `Role`. */
function functionOf(resources: Record<string, unknown>, role: unknown = { 'Fn::GetAtt': ['Role', 'Arn'] }): LambdaFunctionSpec {
  const template: Template = { Resources: { Fn: { Type: 'AWS::Lambda::Function', Properties: { Role: role, Runtime: 'nodejs22.x', Handler: 'index.handler', Code: { ZipFile: '' } } }, ...resources } };
  const stack = { name: 'S', artifactId: 'S', displayName: 'S', template, nestedTemplates: new Map(), directory: '/tmp', shown: '/tmp', assets: new Map() };
  return new FunctionRegistry([stack]).all()[0];
}

function signedBy(key: string | undefined): HttpExchange {
  return { method: 'POST', url: '/', body: Buffer.alloc(0), headers: key === undefined ? {} : { authorization: `AWS4-HMAC-SHA256 Credential=${key}/20261201/us-east-1/ssm/aws4_request, SignedHeaders=host, Signature=abc` } };
}

test.each([
  ['an inline policy of the role', { Role: { Type: 'AWS::IAM::Role', Properties: { Policies: [{ PolicyName: 'p', PolicyDocument: ALLOW_SSM }] } } }],
  ['an AWS::IAM::Policy attached to it', { Role: { Type: 'AWS::IAM::Role' }, Policy: { Type: 'AWS::IAM::Policy', Properties: { Roles: [{ Ref: 'Role' }], PolicyDocument: ALLOW_SSM } } }],
  ['a managed policy of the template it lists', { Role: { Type: 'AWS::IAM::Role', Properties: { ManagedPolicyArns: [{ Ref: 'Managed' }] } }, Managed: { Type: 'AWS::IAM::ManagedPolicy', Properties: { PolicyDocument: ALLOW_SSM } } }],
  ['a managed policy of the template attached to it', { Role: { Type: 'AWS::IAM::Role', Properties: { RoleName: 'named' } }, Managed: { Type: 'AWS::IAM::ManagedPolicy', Properties: { Roles: ['named'], PolicyDocument: ALLOW_SSM } } }],
])('GIVEN a call allowed by %s WHEN checked THEN it is allowed, without a note', (_, resources) => {
  const access = new AccessControl();
  const fn = functionOf(resources);

  expect(access.check(signedBy(access.keyFor(fn)), 'ssm:PutParameter', PARAMETER)).toBeUndefined();
  expect(access.check(signedBy(access.keyFor(fn)), 'ssm:PutParameter', 'arn:aws:ssm:us-east-1:123456789012:parameter/other')).toMatch(/^User: arn:aws:sts::123456789012:assumed-role\/(S-Role|named)\/S-Fn-[0-9A-F]{12} is not authorized to perform: ssm:PutParameter on resource: arn:aws:ssm:us-east-1:123456789012:parameter\/other because no identity-based policy allows the ssm:PutParameter action$/);
  expect(access.denied.map((call) => call.rule)).toEqual(['iam-permission']);
  expect(access.notes).toEqual([]);
});

test('GIVEN the policy that allows a call WHEN it does not exist at that moment THEN the call is denied as dependency-order, naming it; once all exist, it is allowed', () => {
  const access = new AccessControl();
  const fn = functionOf({ Role: { Type: 'AWS::IAM::Role' }, Policy: { Type: 'AWS::IAM::Policy', Properties: { Roles: [{ Ref: 'Role' }], PolicyDocument: ALLOW_SSM } } });
  const key = access.keyFor(fn);
  access.existing = { stackName: 'S', logicalId: 'Custom', during: 'Delete', ids: new Set(['Custom', 'Fn', 'Role']) };

  expect(access.check(signedBy(key), 'ssm:GetParameter', PARAMETER)).toMatch(/is not authorized to perform: ssm:GetParameter/);
  expect(access.denied).toEqual([expect.objectContaining({ rule: 'dependency-order', missing: ['Policy'], existing: access.existing })]);
  access.existing = { stackName: 'Another', logicalId: 'Custom', during: 'Delete', ids: new Set() };
  expect(access.check(signedBy(key), 'ssm:GetParameter', PARAMETER)).toBeUndefined();
  access.existing = undefined;
  expect(access.check(signedBy(key), 'ssm:GetParameter', PARAMETER)).toBeUndefined();
});

test('GIVEN an explicit deny WHEN checked THEN the call is denied whatever allows it', () => {
  const access = new AccessControl();
  const fn = functionOf({ Role: { Type: 'AWS::IAM::Role', Properties: { Policies: [{ PolicyDocument: ALLOW_SSM }, { PolicyDocument: { Statement: { Effect: 'Deny', Action: 'ssm:Delete*', Resource: '*' } } }] } } });

  expect(access.check(signedBy(access.keyFor(fn)), 'ssm:DeleteParameter', PARAMETER)).toMatch(/with an explicit deny in an identity-based policy$/);
});

test.each([
  ['a role that is not in the template', functionOf({}, 'arn:aws:iam::123456789012:role/elsewhere'), /^IAM is not checked for function Fn: its role arn:aws:iam::123456789012:role\/elsewhere is not a resource of stack S$/],
  ['managed policies that cannot be read', functionOf({ Role: { Type: 'AWS::IAM::Role', Properties: { ManagedPolicyArns: ['arn:aws:iam::aws:policy/PowerUserAccess'] } } }), /^ssm:PutParameter by function Fn is allowed without a check: only managed policies the runner cannot read could allow it \(arn:aws:iam::aws:policy\/PowerUserAccess\)$/],
])('GIVEN %s WHEN a call is checked THEN it is allowed, with a note', (_, fn, note) => {
  const access = new AccessControl();

  expect(access.check(signedBy(access.keyFor(fn)), 'ssm:PutParameter', PARAMETER)).toBeUndefined();
  expect(access.notes).toEqual([expect.stringMatching(note)]);
});

test('GIVEN calls without a signature or with an unknown key WHEN checked THEN they are allowed, with a note each', () => {
  const access = new AccessControl();

  expect(access.check(signedBy(undefined), 'ssm:PutParameter', PARAMETER)).toBeUndefined();
  expect(access.check(signedBy('AKIAOTHER'), 'ssm:PutParameter', PARAMETER)).toBeUndefined();
  expect(access.notes).toEqual([
    'a call of ssm:PutParameter without an AWS signature was not checked against IAM',
    'a call of ssm:PutParameter signed with an access key no function of the assembly has (AKIAOTHER) was not checked against IAM',
  ]);
});

test('GIVEN two functions WHEN their keys are asked for THEN each has its own, the same every time', () => {
  const access = new AccessControl();
  const [a, b] = [functionOf({}), functionOf({})];

  expect(access.keyFor(a)).toBe(access.keyFor(a));
  expect(access.keyFor(a)).not.toBe(access.keyFor(b));
  expect(access.keyFor(a)).toMatch(/^ASIA[A-Z0-9]{16}$/);
});
