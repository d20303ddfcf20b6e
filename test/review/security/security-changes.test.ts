/**
 * Security changes of template pairs synthesized by the real aws-cdk-lib (the IAM and security
 * group shapes CDK apps deploy), and broadening checked against the CDK CLI's own rule
 * (@aws-cdk/cloudformation-diff's `permissionsBroadened`) on the same pairs.
 */
import { fullDiff } from '@aws-cdk/cloudformation-diff';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { securityChanges, statementText } from '../../../src/review/security/security-changes';

/** The template of a stack built by `build`, given a variant. */
function synth(build: (stack: Stack) => void): any {
  const stack = new Stack(new App(), 'App', { env: { account: '123456789012', region: 'eu-west-1' } });
  build(stack);
  return Template.fromStack(stack).toJSON();
}

const fn = (stack: Stack) => new lambda.Function(stack, 'Fn', { runtime: lambda.Runtime.NODEJS_20_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler = async () => {}') });

/** Pairs of app variants: [name, before, after, broadening as the CDK CLI sees it]. */
const PAIRS: Array<[string, (stack: Stack) => void, (stack: Stack) => void]> = [
  ['grantRead becomes grantReadWrite on a bucket', (stack) => new s3.Bucket(stack, 'B').grantRead(fn(stack)), (stack) => new s3.Bucket(stack, 'B').grantReadWrite(fn(stack))],
  ['a policy goes from s3:GetObject to *', (stack) => fn(stack).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] })), (stack) => fn(stack).addToRolePolicy(new iam.PolicyStatement({ actions: ['*'], resources: ['*'] }))],
  ['grantReadWrite narrowed to grantRead', (stack) => new s3.Bucket(stack, 'B').grantReadWrite(fn(stack)), (stack) => new s3.Bucket(stack, 'B').grantRead(fn(stack))],
  ['a managed policy attached', (stack) => new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }), (stack) => new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess')] })],
  ['the assume-role principal opened to an account root', (stack) => new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }), (stack) => new iam.Role(stack, 'R', { assumedBy: new iam.CompositePrincipal(new iam.ServicePrincipal('lambda.amazonaws.com'), new iam.AccountPrincipal('210987654321')) })],
  ['a queue granted to a topic (queue policy)', (stack) => new sqs.Queue(stack, 'Q'), (stack) => new sqs.Queue(stack, 'Q').grantSendMessages(new iam.ServicePrincipal('sns.amazonaws.com'))],
  ['a topic policy allowing any principal', (stack) => new sns.Topic(stack, 'T'), (stack) => new sns.Topic(stack, 'T').addToResourcePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], principals: [new iam.AnyPrincipal()], resources: ['*'] }))],
  ['a key granted to a role', (stack) => new kms.Key(stack, 'K'), (stack) => new kms.Key(stack, 'K').grantDecrypt(new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }))],
  ['a Lambda invoke permission for S3', (stack) => fn(stack), (stack) => fn(stack).addPermission('S3', { principal: new iam.ServicePrincipal('s3.amazonaws.com'), sourceAccount: '123456789012' })],
  ['a security group opened on 22 to the internet', (stack) => new ec2.SecurityGroup(stack, 'Sg', { vpc: ec2.Vpc.fromVpcAttributes(stack, 'V', { vpcId: 'vpc-1', availabilityZones: ['eu-west-1a'] }) }), (stack) => new ec2.SecurityGroup(stack, 'Sg', { vpc: ec2.Vpc.fromVpcAttributes(stack, 'V', { vpcId: 'vpc-1', availabilityZones: ['eu-west-1a'] }) }).addIngressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(22))],
  ['an IPv6 ingress rule removed', (stack) => new ec2.SecurityGroup(stack, 'Sg', { vpc: ec2.Vpc.fromVpcAttributes(stack, 'V', { vpcId: 'vpc-1', availabilityZones: ['eu-west-1a'] }) }).addIngressRule(ec2.Peer.anyIpv6(), ec2.Port.tcp(443)), (stack) => new ec2.SecurityGroup(stack, 'Sg', { vpc: ec2.Vpc.fromVpcAttributes(stack, 'V', { vpcId: 'vpc-1', availabilityZones: ['eu-west-1a'] }) })],
  ['only a tag changes', (stack) => new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }), (stack) => { const role = new iam.Role(stack, 'R', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }); (role.node.defaultChild as iam.CfnRole).tags.setTag('team', 'b'); }],
  ['a deny statement removed', (stack) => fn(stack).addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:DeleteObject'], resources: ['*'] })), (stack) => fn(stack).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] }))],
];

describe.each(PAIRS)('GIVEN %s', (_name, before, after) => {
  const old = synth(before);
  const current = synth(after);

  test('WHEN read THEN broadening agrees with the CDK CLI (--require-approval broadening)', () => {
    const ours = [...securityChanges(old, current).byResource.values()].some((resource) => resource.broadening);
    expect(ours).toBe(fullDiff(old, current).permissionsBroadened);
  });
});

test('GIVEN a policy that goes from s3:GetObject to * THEN the statement table has the removed and the added statement, and the reason says it is a wildcard', () => {
  const [, before, after] = PAIRS[1];
  const changes = securityChanges(synth(before), synth(after));
  expect(changes.statements.map(({ change, item }) => [change, item.actions.join(','), item.resources.join(','), item.principals.join(',')])).toEqual([
    ['-', 's3:GetObject', '*', 'AWS:${FnServiceRoleB9001A96}'],
    ['+', '*', '*', 'AWS:${FnServiceRoleB9001A96}'],
  ]);
  const policy = [...changes.byResource.entries()].find(([id]) => id.startsWith('FnServiceRoleDefaultPolicy'))!;
  expect(policy[1].broadening).toBe(true);
  expect(policy[1].reasons[0]).toMatch(/^adds Allow \* on \* for AWS:\$\{FnServiceRoleB9001A96\} \(FnServiceRoleDefaultPolicy\w+ PolicyDocument\): wildcard action \*, every resource$/);
});

test('GIVEN a security group opened on 22 THEN the rule is added and said to be open to every IPv4 address', () => {
  const [, before, after] = PAIRS[9];
  const changes = securityChanges(synth(before), synth(after));
  expect(changes.rules.map(({ change, item }) => [change, item.direction, item.protocol, item.ports, item.peer])).toEqual([['+', 'ingress', 'tcp', '22', '0.0.0.0/0']]);
  expect(changes.byResource.get('Sg6C0C1B2D')?.reasons ?? [...changes.byResource.values()][0].reasons).toEqual([expect.stringMatching(/^adds the ingress rule tcp 22 from 0\.0\.0\.0\/0 \(\$\{Sg\w+\.GroupId\}\) \(open to every IPv4 address\)$/)]);
});

test('GIVEN a stack on one side only THEN its statements are all added or all removed', () => {
  const template = synth(PAIRS[0][2]);
  expect(securityChanges(undefined, template).statements.every(({ change }) => change === '+')).toBe(true);
  expect(securityChanges(template, undefined).statements.every(({ change }) => change === '-')).toBe(true);
  expect(securityChanges(template, template).statements).toEqual([]);
});

test('GIVEN a Lambda permission THEN it reads as an Allow statement with its source as the condition', () => {
  const [, before, after] = PAIRS[8];
  const [added] = securityChanges(synth(before), synth(after)).statements;
  expect(statementText(added.item)).toMatch(/^Allow lambda:InvokeFunction on \$\{Fn\w+\.Arn\} for Service:s3\.amazonaws\.com when SourceAccount 123456789012 \(FnS3\w+ Lambda permission\)$/);
});

test('GIVEN hostile shapes (statements that are not objects, intrinsics as documents, missing properties) THEN nothing throws', () => {
  const hostile = {
    Resources: {
      A: { Type: 'AWS::IAM::Role', Properties: { AssumeRolePolicyDocument: { Statement: 'x' }, Policies: [null, { PolicyDocument: { 'Fn::If': ['c', {}, {}] } }], ManagedPolicyArns: { Ref: 'P' } } },
      B: { Type: 'AWS::IAM::Policy', Properties: { PolicyDocument: { Statement: [1, null, { Action: { 'Fn::Split': [',', 'a,b'] } }] } } },
      C: { Type: 'AWS::EC2::SecurityGroup', Properties: { SecurityGroupIngress: [null, 'x', { IpProtocol: -1, CidrIp: '0.0.0.0/0' }] } },
      D: null,
      E: { Type: 'AWS::Lambda::Permission' },
    },
  };
  expect(() => securityChanges({ Resources: 'x' }, hostile)).not.toThrow();
  expect(securityChanges(undefined, hostile).rules.map(({ item }) => `${item.protocol} ${item.peer}`)).toContain('all traffic 0.0.0.0/0');
});
