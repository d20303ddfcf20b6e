/**
 * Template pairs synthesized by the real aws-cdk-lib (the shapes CDK apps deploy), each with
 * whether it broadens permissions as the CDK CLI judges it (`@aws-cdk/cloudformation-diff`'s
 * `permissionsBroadened`, which `cdk deploy --require-approval broadening` asks about) and as
 * this review judges it, and why the two differ where they do. docs/review.md lists the rows
 * that differ; a test keeps the two in step.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecr from 'aws-cdk-lib/aws-ecr';
import * as efs from 'aws-cdk-lib/aws-efs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';

type Build = (stack: Stack) => void;

/** The template of a stack built by `build`. */
export function synth(build: Build): any {
  const stack = new Stack(new App(), 'App', { env: { account: '123456789012', region: 'eu-west-1' } });
  build(stack);
  return Template.fromStack(stack).toJSON();
}

/** One pair: its name, the two app variants, and the two verdicts. */
export interface SecurityPair {
  readonly name: string;
  readonly before: Build;
  readonly after: Build;
  /** `fullDiff(before, after).permissionsBroadened`. */
  readonly cdkCli: boolean;
  /** This review's verdict (`--fail-on security` exits 1 when true). */
  readonly ours: boolean;
  /** Why the CDK CLI is wrong, for a pair where the two differ. */
  readonly why?: string;
}

export const fn = (stack: Stack, id = 'Fn') => new lambda.Function(stack, id, { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler = async () => {}') });
const table = (stack: Stack) => new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
const lambdaRole = (stack: Stack, id = 'Role') => new iam.Role(stack, id, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
const vpc = (stack: Stack) => ec2.Vpc.fromVpcAttributes(stack, 'Vpc', { vpcId: 'vpc-1', availabilityZones: ['eu-west-1a'], privateSubnetIds: ['subnet-1'] });
const group = (stack: Stack) => new ec2.SecurityGroup(stack, 'Sg', { vpc: vpc(stack), allowAllOutbound: false });
const readTable = new iam.PolicyStatement({ actions: ['dynamodb:GetItem', 'dynamodb:Query'], resources: ['arn:aws:dynamodb:eu-west-1:123456789012:table/orders'] });
const policy = (id: string) => (stack: Stack) => new iam.Policy(stack, id, { roles: [lambdaRole(stack)], statements: [readTable] });
const permission = (options: Omit<lambda.Permission, 'principal'> & { principal?: iam.IPrincipal }) => (stack: Stack) =>
  fn(stack).addPermission('Invoke', { principal: new iam.ServicePrincipal('alexa-appkit.amazon.com'), ...options });
const rawPermission = (properties: Partial<lambda.CfnPermissionProps>) => (stack: Stack) =>
  new lambda.CfnPermission(stack, 'Invoke', { action: 'lambda:InvokeFunctionUrl', functionName: fn(stack).functionArn, principal: '*', ...properties });
const ingress = (...peers: string[]) => (stack: Stack) => {
  const sg = group(stack);
  for (const peer of peers) sg.addIngressRule(ec2.Peer.ipv4(peer), ec2.Port.tcp(443));
};
const efsFileSystem = (allowAnonymousAccess: boolean) => (stack: Stack) => new efs.FileSystem(stack, 'Fs', { vpc: vpc(stack), allowAnonymousAccess });
const boundary = (withBoundary: boolean) => (stack: Stack) => {
  const role = lambdaRole(stack);
  if (withBoundary) iam.PermissionsBoundary.of(role).apply(new iam.ManagedPolicy(stack, 'Boundary', { statements: [readTable] }));
};
const managed = (attachBy: 'roles' | 'arn', actions: string[]) => (stack: Stack) => {
  const role = lambdaRole(stack);
  const statements = [new iam.PolicyStatement({ actions, resources: ['arn:aws:dynamodb:eu-west-1:123456789012:table/orders'] })];
  const mp = new iam.ManagedPolicy(stack, 'Orders', { statements, ...(attachBy === 'roles' ? { roles: [role] } : {}) });
  if (attachBy === 'arn') role.addManagedPolicy(mp);
};
const userInGroup = (member: boolean) => (stack: Stack) => {
  const admins = new iam.Group(stack, 'Admins', { managedPolicies: [iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess')] });
  const user = new iam.User(stack, 'Dev');
  if (member) user.addToGroup(admins);
};

export const PAIRS: readonly SecurityPair[] = [
  // Widening: both say so.
  { name: 'grantRead becomes grantReadWrite on a bucket', before: (s) => new s3.Bucket(s, 'B').grantRead(fn(s)), after: (s) => new s3.Bucket(s, 'B').grantReadWrite(fn(s)), cdkCli: true, ours: true },
  { name: 'a policy goes from s3:GetObject to *', before: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] })), after: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ actions: ['*'], resources: ['*'] })), cdkCli: true, ours: true },
  { name: 'a managed policy attached', before: (s) => lambdaRole(s), after: (s) => lambdaRole(s).addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName('AdministratorAccess')), cdkCli: true, ours: true },
  { name: 'the assume-role principal opened to another account', before: (s) => lambdaRole(s), after: (s) => new iam.Role(s, 'Role', { assumedBy: new iam.CompositePrincipal(new iam.ServicePrincipal('lambda.amazonaws.com'), new iam.AccountPrincipal('210987654321')) }), cdkCli: true, ours: true },
  { name: 'a queue granted to a topic (queue policy)', before: (s) => new sqs.Queue(s, 'Q'), after: (s) => new sqs.Queue(s, 'Q').grantSendMessages(new iam.ServicePrincipal('sns.amazonaws.com')), cdkCli: true, ours: true },
  { name: 'a topic policy allowing any principal', before: (s) => new sns.Topic(s, 'T'), after: (s) => new sns.Topic(s, 'T').addToResourcePolicy(new iam.PolicyStatement({ actions: ['sns:Publish'], principals: [new iam.AnyPrincipal()], resources: ['*'] })), cdkCli: true, ours: true },
  { name: 'a key granted to a role', before: (s) => new kms.Key(s, 'K'), after: (s) => new kms.Key(s, 'K').grantDecrypt(lambdaRole(s)), cdkCli: true, ours: true },
  { name: 'a Lambda invoke permission for S3', before: (s) => fn(s), after: (s) => fn(s).addPermission('S3', { principal: new iam.ServicePrincipal('s3.amazonaws.com'), sourceAccount: '123456789012' }), cdkCli: true, ours: true },
  { name: 'a security group opened on 22 to the internet', before: (s) => group(s), after: (s) => group(s).addIngressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(22)), cdkCli: true, ours: true },
  { name: 'a deny statement replaced by an allow', before: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:DeleteObject'], resources: ['*'] })), after: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] })), cdkCli: true, ours: true },
  { name: 'a Lambda permission loses its EventSourceToken', before: permission({ eventSourceToken: 'amzn1.ask.skill.1' }), after: permission({}), cdkCli: true, ours: true },
  { name: 'a Lambda permission\'s SourceArn widened to a wildcard', before: permission({ principal: new iam.ServicePrincipal('s3.amazonaws.com'), sourceArn: 'arn:aws:s3:::uploads' }), after: permission({ principal: new iam.ServicePrincipal('s3.amazonaws.com'), sourceArn: 'arn:aws:s3:::*' }), cdkCli: true, ours: true },
  { name: 'a function URL\'s auth goes from AWS_IAM to NONE', before: (s) => fn(s).addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM }), after: (s) => fn(s).addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE }), cdkCli: true, ours: true },
  { name: 'an ECR repository made public', before: (s) => new ecr.Repository(s, 'Repo'), after: (s) => new ecr.Repository(s, 'Repo').addToResourcePolicy(new iam.PolicyStatement({ principals: [new iam.AnyPrincipal()], actions: ['ecr:BatchGetImage', 'ecr:GetDownloadUrlForLayer'] })), cdkCli: true, ours: true },
  { name: 'a bucket no longer enforces TLS (a Deny removed)', before: (s) => new s3.Bucket(s, 'B', { enforceSSL: true }), after: (s) => new s3.Bucket(s, 'B'), cdkCli: true, ours: true },
  // Neither says so.
  { name: 'only a tag changes', before: (s) => lambdaRole(s), after: (s) => { const role = lambdaRole(s); (role.node.defaultChild as iam.CfnRole).tags.setTag('team', 'b'); }, cdkCli: false, ours: false },
  { name: 'an IPv6 ingress rule removed', before: (s) => group(s).addIngressRule(ec2.Peer.anyIpv6(), ec2.Port.tcp(443)), after: (s) => group(s), cdkCli: false, ours: false },
  { name: 'a deny statement added', before: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:*'], resources: ['*'] })), after: (s) => { const f = fn(s); f.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:*'], resources: ['*'] })); f.addToRolePolicy(new iam.PolicyStatement({ effect: iam.Effect.DENY, actions: ['s3:DeleteBucket'], resources: ['*'] })); }, cdkCli: false, ours: false },
  // A move: the same statements for the same role in a policy with another logical id (the CDK CLI compares statements wherever they are written).
  { name: 'a policy\'s logical id renamed, same statements on the same role', before: policy('ReadOrders'), after: policy('ReadOrdersPolicy'), cdkCli: false, ours: false },
  // The CDK CLI cries wolf: any statement added counts.
  {
    name: 'grantReadWriteData narrowed to grantReadData on a table',
    before: (s) => table(s).grantReadWriteData(fn(s)),
    after: (s) => table(s).grantReadData(fn(s)),
    cdkCli: true,
    ours: false,
    why: 'a narrower statement replaces a wider one: every action it allows was allowed before on the same table to the same role',
  },
  {
    name: 'grantReadWrite narrowed to grantRead on a bucket',
    before: (s) => new s3.Bucket(s, 'B').grantReadWrite(fn(s)),
    after: (s) => new s3.Bucket(s, 'B').grantRead(fn(s)),
    cdkCli: true,
    ours: false,
    why: 'as above: the read actions were all allowed before',
  },
  {
    name: 'a role\'s construct id renamed with its policies',
    before: (s) => lambdaRole(s, 'Worker').addToPolicy(readTable),
    after: (s) => lambdaRole(s, 'WorkerRole').addToPolicy(readTable),
    cdkCli: true,
    ours: false,
    why: 'the new role has the same trust policy and statements as the one it replaces: nobody gains access',
  },
  {
    name: 'a managed policy of the app moved from its Roles to the role\'s ManagedPolicyArns',
    before: managed('roles', ['dynamodb:GetItem']),
    after: managed('arn', ['dynamodb:GetItem']),
    cdkCli: true,
    ours: false,
    why: 'the role is granted the same statements, now by attaching the policy: an attachment counts whatever it grants',
  },
  {
    name: 'a condition added to a grant',
    before: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] })),
    after: (s) => fn(s).addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'], conditions: { StringEquals: { 'aws:ResourceAccount': '123456789012' } } })),
    cdkCli: true,
    ours: false,
    why: 'the same grant with an extra condition allows less',
  },
  {
    name: 'an ingress rule added inside a range already open',
    before: ingress('10.0.0.0/8'),
    after: ingress('10.0.0.0/8', '10.1.0.0/16'),
    cdkCli: true,
    ours: false,
    why: 'the group already allows tcp 443 from 10.0.0.0/8, which holds 10.1.0.0/16',
  },
  {
    name: 'an EFS file system denies anonymous access',
    before: efsFileSystem(true),
    after: efsFileSystem(false),
    cdkCli: true,
    ours: false,
    why: 'a file system without a policy lets every client that reaches it mount, write and act as root; the policy CDK adds allows less',
  },
  // The CDK CLI misses a widening.
  {
    name: 'a Lambda permission loses its PrincipalOrgID',
    before: permission({ principal: new iam.OrganizationPrincipal('o-abcdefghij1') }),
    after: permission({ principal: new iam.AnyPrincipal() }),
    cdkCli: false,
    ours: true,
    why: 'it does not read PrincipalOrgID: the function becomes callable from any account, not only the organization\'s',
  },
  {
    name: 'a Lambda permission\'s FunctionUrlAuthType goes from AWS_IAM to NONE',
    before: rawPermission({ functionUrlAuthType: 'AWS_IAM' }),
    after: rawPermission({ functionUrlAuthType: 'NONE' }),
    cdkCli: false,
    ours: true,
    why: 'it does not read FunctionUrlAuthType: the URL becomes callable without signing',
  },
  {
    name: 'a Lambda permission loses its SourceAccount but keeps its EventSourceToken',
    before: permission({ sourceAccount: '123456789012', eventSourceToken: 'amzn1.ask.skill.1' }),
    after: permission({ eventSourceToken: 'amzn1.ask.skill.1' }),
    cdkCli: false,
    ours: true,
    why: 'it writes both as one StringEquals condition and the token overwrites the account, so the account\'s removal is not seen',
  },
  {
    name: 'a public CloudWatch Logs resource policy',
    before: (s) => fn(s),
    after: (s) => { fn(s); new logs.ResourcePolicy(s, 'Logs', { policyStatements: [new iam.PolicyStatement({ principals: [new iam.AnyPrincipal()], actions: ['logs:PutLogEvents'], resources: ['*'] })] }); },
    cdkCli: false,
    ours: true,
    why: 'aws-cdk-lib writes the document as a JSON string, which it does not parse',
  },
  {
    name: 'a permissions boundary removed',
    before: boundary(true),
    after: boundary(false),
    cdkCli: false,
    ours: true,
    why: 'it does not read PermissionsBoundary: the role may now use everything its policies allow',
  },
  {
    name: 'a managed policy of the app, attached by ARN, widened to dynamodb:*',
    before: managed('arn', ['dynamodb:GetItem']),
    after: managed('arn', ['dynamodb:*']),
    cdkCli: false,
    ours: true,
    why: 'it reads a managed policy\'s statements only for the holders named in the policy itself, not for a role that attaches it',
  },
  {
    name: 'a user added to an admin group',
    before: userInGroup(false),
    after: userInGroup(true),
    cdkCli: false,
    ours: true,
    why: 'it does not read group memberships: the user gains the group\'s AdministratorAccess',
  },
  {
    name: 'an inline role policy (AWS::IAM::RolePolicy) granting everything',
    before: (s) => lambdaRole(s),
    after: (s) => { const role = lambdaRole(s); new iam.CfnRolePolicy(s, 'Admin', { roleName: role.roleName, policyName: 'admin', policyDocument: { Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] } }); },
    cdkCli: false,
    ours: true,
    why: 'it reads the holders of an identity policy from Roles, Users and Groups only, not RoleName',
  },
];
