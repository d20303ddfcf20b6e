/**
 * What users configure on a Lambda function, on the provider function: its role (the runtime's
 * permissions added to a role the user brings, or named at synth when they cannot be), its name,
 * environment key, runtime, architecture, layers and log group.
 */
import * as path from 'node:path';
import { App, Annotations as CoreAnnotations, Duration, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { FindingId, ResourceProvider, ResourceProviderProps } from '../../src';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');
const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'typescript', 'handler.ts');
const POLLING_ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'polling', 'handler.ts');

const newStack = () => new Stack(new App(), 'Test', { env: { account: '123456789012', region: 'us-east-1' } });
const code = (): Pick<ResourceProviderProps, 'code' | 'handler'> => ({ code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
const functionOf = (template: Template) => Object.values<any>(template.findResources('AWS::Lambda::Function'))[0];
const actionsIn = (resources: Record<string, any>) => Object.values(resources)
  .flatMap((r: any) => [...(r.Properties.Policies ?? []).map((p: any) => p.PolicyDocument), r.Properties.PolicyDocument].filter(Boolean))
  .flatMap((doc: any) => doc.Statement).flatMap((s: any) => [s.Action].flat()).sort();
const roleWarnings = (stack: Stack) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(FindingId.PROVIDER_ROLE_NOT_UPDATED));
const isolatedVpc = (stack: Stack) => new ec2.Vpc(stack, 'Vpc', { maxAzs: 1, natGateways: 0, subnetConfiguration: [{ name: 'Data', subnetType: ec2.SubnetType.PRIVATE_ISOLATED }] });

describe('GIVEN a role of the app', () => {
  const stack = newStack();
  const role = new iam.Role(stack, 'Mine', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  const provider = new ResourceProvider(stack, 'Provider', { entry: POLLING_ENTRY, isCompleteHandler: 'isComplete', timeout: Duration.minutes(1), role, vpc: isolatedVpc(stack) });
  const template = Template.fromStack(stack);

  test('WHEN synthesized THEN the function uses it and no other role is made', () => {
    template.resourceCountIs('AWS::IAM::Role', 1);
    expect(functionOf(template).Properties.Role).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Mine/), 'Arn'] });
    expect(provider.role).toBe(role);
    expect(provider.grantPrincipal).toBe(role);
  });

  test('THEN the role gets what the runtime needs: its logs, the claims, the long wait\'s self-invoke and parameters, and the VPC access policy', () => {
    expect(JSON.stringify(Object.values<any>(template.findResources('AWS::IAM::Role'))[0].Properties.ManagedPolicyArns)).toContain('service-role/AWSLambdaVPCAccessExecutionRole');
    expect(actionsIn(template.findResources('AWS::IAM::Policy'))).toEqual([
      'lambda:InvokeFunction', 'logs:CreateLogStream', 'logs:PutLogEvents',
      'ssm:DeleteParameter', 'ssm:DeleteParameters', 'ssm:GetParameter', 'ssm:GetParameter', 'ssm:PutParameter', 'ssm:PutParameter',
    ]);
    expect(roleWarnings(stack)).toEqual([]);
  });

  test('THEN the function is created only once the runtime\'s own permissions are attached', () => {
    const policyIds = Object.keys(template.findResources('AWS::IAM::Policy', { Properties: { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Sid: 'WriteOwnLogs' })]) } } }));
    expect(policyIds).toHaveLength(1);
    expect(functionOf(template).DependsOn).toEqual(expect.arrayContaining(policyIds));
  });
});

describe('GIVEN a role imported by ARN', () => {
  test('WHEN it is mutable (the default) THEN the runtime\'s statements and the network-interface permissions are added in policies of this stack', () => {
    const stack = newStack();
    const role = iam.Role.fromRoleArn(stack, 'Imported', 'arn:aws:iam::123456789012:role/provider-role');
    new ResourceProvider(stack, 'Provider', { ...code(), role, vpc: isolatedVpc(stack) });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::IAM::Role', 0);
    const policies = template.findResources('AWS::IAM::Policy');
    expect(Object.values<any>(policies).every((p) => JSON.stringify(p.Properties.Roles) === '["provider-role"]')).toBe(true);
    expect(actionsIn(policies)).toEqual(expect.arrayContaining(['ec2:CreateNetworkInterface', 'ec2:DeleteNetworkInterface', 'ec2:DescribeNetworkInterfaces', 'logs:PutLogEvents', 'ssm:PutParameter']));
    expect(roleWarnings(stack)).toEqual([]);
  });

  test('WHEN it is immutable THEN nothing is attached to it and synth names every statement the role must allow', () => {
    const stack = newStack();
    const role = iam.Role.fromRoleArn(stack, 'Imported', 'arn:aws:iam::123456789012:role/provider-role', { mutable: false });
    new ResourceProvider(stack, 'Provider', { entry: POLLING_ENTRY, isCompleteHandler: 'isComplete', timeout: Duration.minutes(1), role, vpc: isolatedVpc(stack) });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::IAM::Policy', 0);
    template.resourceCountIs('AWS::IAM::Role', 0);
    const warnings = roleWarnings(stack);
    expect(warnings).toHaveLength(1);
    const text = String(warnings[0].entry.data);
    expect(text).toContain('Test/Provider: the role arn:aws:iam::123456789012:role/provider-role cannot be changed by this app');
    expect(text).toContain('logs:CreateLogStream, logs:PutLogEvents on the log group');
    expect(text).toContain('ssm:PutParameter, ssm:GetParameter on arn:${AWS::Partition}:ssm:us-east-1:123456789012:parameter/cdk-lifecycle/Test/');
    expect(text).toContain('lambda:InvokeFunction on the provider function itself');
    expect(text).toContain('ec2:CreateNetworkInterface');
    expect(text).toContain(`acknowledgeWarning('${FindingId.PROVIDER_ROLE_NOT_UPDATED}'`);
  });

  test('WHEN the immutable role\'s warning is acknowledged THEN it is gone', () => {
    const stack = newStack();
    const role = iam.Role.fromRoleArn(stack, 'Imported', 'arn:aws:iam::123456789012:role/provider-role', { mutable: false });
    const provider = new ResourceProvider(stack, 'Provider', { ...code(), role });
    CoreAnnotations.of(provider).acknowledgeWarning(FindingId.PROVIDER_ROLE_NOT_UPDATED, 'the platform team grants these');
    expect(roleWarnings(stack)).toEqual([]);
  });
});

describe('GIVEN the function settings of lambda.Function', () => {
  const stack = newStack();
  const key = new kms.Key(stack, 'Key');
  const layer = new lambda.LayerVersion(stack, 'Layer', { code: lambda.Code.fromAsset(HANDLER_DIR) });
  const logGroup = new logs.LogGroup(stack, 'Logs', { retention: logs.RetentionDays.ONE_WEEK });
  const provider = new ResourceProvider(stack, 'Provider', {
    ...code(),
    functionName: 'db-users-provider',
    environmentEncryption: key,
    runtime: lambda.Runtime.NODEJS_22_X,
    architecture: lambda.Architecture.ARM_64,
    layers: [layer],
    logGroup,
  });
  const template = Template.fromStack(stack);
  const fn = functionOf(template);

  test('WHEN synthesized THEN the function has them', () => {
    expect(fn.Properties).toMatchObject({
      FunctionName: 'db-users-provider',
      KmsKeyArn: { 'Fn::GetAtt': [expect.stringMatching(/^Key/), 'Arn'] },
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      Layers: [{ Ref: expect.stringMatching(/^Layer/) }],
      LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/^Logs/) } },
    });
  });

  test('THEN the given log group is the provider\'s, no other is made, and the role may write to it', () => {
    template.resourceCountIs('AWS::Logs::LogGroup', 1);
    expect(provider.logGroup).toBe(logGroup);
    const statements = Object.values<any>(template.findResources('AWS::IAM::Role'))[0].Properties.Policies[0].PolicyDocument.Statement;
    expect(statements.find((s: any) => s.Sid === 'WriteOwnLogs').Resource).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Logs/), 'Arn'] });
  });

  test('THEN a provider with an entry runs on the runtime given too', () => {
    const other = newStack();
    new ResourceProvider(other, 'Provider', { entry: ENTRY, runtime: lambda.Runtime.NODEJS_22_X });
    expect(functionOf(Template.fromStack(other)).Properties.Runtime).toBe('nodejs22.x');
  });

  test('WHEN NODEJS_LATEST is given THEN it is accepted', () => {
    const other = newStack();
    new ResourceProvider(other, 'Provider', { ...code(), runtime: lambda.Runtime.NODEJS_LATEST });
    expect(functionOf(Template.fromStack(other)).Properties.Runtime).toMatch(/^nodejs\d+\.x$/);
  });
});

describe('GIVEN a runtime the provider cannot run on', () => {
  test.each([
    ['python3.13', lambda.Runtime.PYTHON_3_13, 'must be a Node.js runtime (the provider\'s runtime is JavaScript), got "python3.13"'],
    ['provided.al2023', lambda.Runtime.PROVIDED_AL2023, 'must be a Node.js runtime (the provider\'s runtime is JavaScript), got "provided.al2023"'],
    ['nodejs20.x', lambda.Runtime.NODEJS_20_X, 'must be nodejs22.x or later, got "nodejs20.x": Lambda deprecated nodejs20.x on 2026-04-30 and no longer creates functions on it'],
    ['nodejs18.x', lambda.Runtime.NODEJS_18_X, 'must be nodejs22.x or later, got "nodejs18.x": Lambda deprecated nodejs18.x on 2025-09-01 and no longer creates functions on it'],
    ['nodejs16.x', lambda.Runtime.NODEJS_16_X, 'must be nodejs22.x or later, got "nodejs16.x": Lambda deprecated nodejs16.x on 2024-06-12 and no longer creates functions on it'],
    ['nodejs12.x', lambda.Runtime.NODEJS_12_X, 'must be nodejs22.x or later, got "nodejs12.x": the provider\'s runtime is built for Node.js 22'],
  ])('WHEN runtime is %s THEN synth fails naming the construct, the property and the value', (_name, runtime, message) => {
    const stack = newStack();
    expect(() => new ResourceProvider(stack, 'Provider', { ...code(), runtime })).toThrow(`Test/Provider: runtime ${message}`);
  });

  test('WHEN logRetention is given with logGroup THEN synth says to set the retention on the group', () => {
    const stack = newStack();
    expect(() => new ResourceProvider(stack, 'Provider', { ...code(), logGroup: new logs.LogGroup(stack, 'Logs'), logRetention: logs.RetentionDays.ONE_DAY }))
      .toThrow('Test/Provider: logRetention applies to the log group the provider creates: with logGroup, set the retention on that group');
  });
});
