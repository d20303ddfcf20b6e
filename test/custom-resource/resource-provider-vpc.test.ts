/**
 * A ResourceProvider in a VPC: the function's VPC settings and its role's network-interface
 * permissions in the synthesized template, and the synth warning when its subnets cannot reach
 * what the runtime calls (S3 for every answer, SSM for exactlyOnce and long waits, Lambda for
 * framework mode and long waits).
 */
import * as path from 'node:path';
import { App, Annotations as CoreAnnotations, Duration, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as rds from 'aws-cdk-lib/aws-rds';
import { FindingId, ResourceProvider, ResourceProviderProps } from '../../src';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');
const POLLING_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'polling');
const VPC_ACCESS = 'service-role/AWSLambdaVPCAccessExecutionRole';

const newStack = (app = new App(), id = 'Test') => new Stack(app, id, { env: { account: '123456789012', region: 'us-east-1' } });
const code = (): Pick<ResourceProviderProps, 'code' | 'handler'> => ({ code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });

/** A VPC of isolated subnets only: no NAT gateway, no internet gateway. */
const isolatedVpc = (stack: Stack) => new ec2.Vpc(stack, 'Vpc', { maxAzs: 2, natGateways: 0, subnetConfiguration: [{ name: 'Data', subnetType: ec2.SubnetType.PRIVATE_ISOLATED }] });
const addS3Gateway = (vpc: ec2.Vpc) => vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });
const addSsmInterface = (vpc: ec2.Vpc, options: Partial<ec2.InterfaceVpcEndpointOptions> = {}) => vpc.addInterfaceEndpoint('Ssm', { service: ec2.InterfaceVpcEndpointAwsService.SSM, ...options });

const networkWarnings = (stack: Stack) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(FindingId.PROVIDER_CANNOT_REACH_AWS));
const warningText = (stack: Stack) => networkWarnings(stack).map((w) => String(w.entry.data)).join('\n');
const managedPolicyNames = (role: any) => JSON.stringify(role.Properties.ManagedPolicyArns ?? []);

describe('GIVEN a provider in the private subnets (with a NAT gateway) of a VPC', () => {
  const stack = newStack();
  const vpc = new ec2.Vpc(stack, 'Vpc', { maxAzs: 2, natGateways: 1 });
  const provider = new ResourceProvider(stack, 'Provider', { ...code(), vpc });
  const db = new ec2.SecurityGroup(stack, 'Db', { vpc });
  db.connections.allowFrom(provider, ec2.Port.tcp(5432));
  const template = Template.fromStack(stack);
  const fn = Object.values<any>(template.findResources('AWS::Lambda::Function'))[0];

  test('WHEN synthesized THEN the function runs in the private subnets with a security group of its own', () => {
    const privateIds = vpc.privateSubnets.map((s) => stack.resolve(s.subnetId));
    expect(fn.Properties.VpcConfig.SubnetIds).toEqual(privateIds);
    expect(fn.Properties.VpcConfig.SecurityGroupIds).toEqual([{ 'Fn::GetAtt': [expect.stringMatching(/^ProviderFunctionSecurityGroup/), 'GroupId'] }]);
    template.hasResourceProperties('AWS::EC2::SecurityGroup', {
      GroupDescription: Match.stringLikeRegexp('Lambda Function TestProviderFunction'),
      SecurityGroupEgress: [Match.objectLike({ CidrIp: '0.0.0.0/0', IpProtocol: '-1' })],
    });
  });

  test('THEN its role has the network-interface permissions Lambda needs (AWSLambdaVPCAccessExecutionRole, as lambda.Function adds it)', () => {
    const role = Object.values<any>(template.findResources('AWS::IAM::Role'))[0];
    expect(managedPolicyNames(role)).toContain(VPC_ACCESS);
    expect(fn.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^ProviderRole/)]));
  });

  test('THEN the function is created after the NAT routes (as lambda.Function orders it) and no warning is given', () => {
    expect(fn.DependsOn.some((id: string) => /^VpcPrivateSubnet1DefaultRoute/.test(id))).toBe(true);
    expect(networkWarnings(stack)).toEqual([]);
  });

  test('THEN its connections are the function\'s: a database can let it in on its port', () => {
    expect(provider.connections.securityGroups).toHaveLength(1);
    template.hasResourceProperties('AWS::EC2::SecurityGroupIngress', {
      FromPort: 5432,
      SourceSecurityGroupId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ProviderFunctionSecurityGroup'), 'GroupId'] },
    });
  });
});

describe('GIVEN a provider in isolated subnets', () => {
  test('WHEN the VPC has no endpoints THEN synth warns that S3 and SSM cannot be reached, naming the subnets and what to add', () => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { ...code(), vpc: isolatedVpc(stack) });
    expect(networkWarnings(stack)).toHaveLength(1);
    const text = warningText(stack);
    expect(text).toContain('Test/Vpc/DataSubnet1, Test/Vpc/DataSubnet2');
    expect(text).toContain('S3 (the runtime PUTs every answer to CloudFormation\'s pre-signed S3 URL');
    expect(text).toContain('a gateway endpoint for S3 on these subnets\' route tables (ec2.GatewayVpcEndpointAwsService.S3)');
    expect(text).toContain('SSM (exactlyOnce claims each request in SSM before onEvent runs');
    expect(text).toContain('an interface endpoint for SSM with private DNS (ec2.InterfaceVpcEndpointAwsService.SSM), or exactlyOnce: false');
    expect(text).toContain('onEventFunction');
    expect(text).toContain(`acknowledgeWarning('${FindingId.PROVIDER_CANNOT_REACH_AWS}'`);
  });

  test('WHEN the warning is acknowledged on the provider or a scope above it THEN it is gone', () => {
    for (const where of ['provider', 'stack'] as const) {
      const stack = newStack();
      const provider = new ResourceProvider(stack, 'Provider', { ...code(), vpc: isolatedVpc(stack) });
      CoreAnnotations.of(where === 'provider' ? provider : stack).acknowledgeWarning(FindingId.PROVIDER_CANNOT_REACH_AWS, 'endpoints are shared from the network account');
      expect(networkWarnings(stack)).toEqual([]);
    }
  });

  test('WHEN the VPC has an S3 gateway endpoint and an SSM interface endpoint THEN there is no warning and the function waits for both endpoints', () => {
    const stack = newStack();
    const vpc = isolatedVpc(stack);
    // Endpoints added after the provider count too: the check runs at synth.
    new ResourceProvider(stack, 'Provider', { ...code(), vpc });
    addS3Gateway(vpc);
    addSsmInterface(vpc);
    expect(networkWarnings(stack)).toEqual([]);
    const template = Template.fromStack(stack);
    const fn = Object.values<any>(template.findResources('AWS::Lambda::Function'))[0];
    expect(fn.DependsOn).toEqual(expect.arrayContaining([expect.stringMatching(/^VpcS3/), expect.stringMatching(/^VpcSsm[0-9A-F]{8}$/)]));
    const role = Object.values<any>(template.findResources('AWS::IAM::Role'))[0];
    expect(managedPolicyNames(role)).toContain(VPC_ACCESS);
  });

  test('WHEN only the S3 gateway endpoint exists THEN the warning names SSM only; with exactlyOnce: false there is none', () => {
    const stack = newStack();
    const vpc = isolatedVpc(stack);
    addS3Gateway(vpc);
    new ResourceProvider(stack, 'Provider', { ...code(), vpc });
    expect(warningText(stack)).toMatch(/cannot reach SSM from/);
    expect(warningText(stack)).not.toContain('S3 (');

    const relaxed = newStack();
    const relaxedVpc = isolatedVpc(relaxed);
    addS3Gateway(relaxedVpc);
    new ResourceProvider(relaxed, 'Provider', { ...code(), vpc: relaxedVpc, exactlyOnce: false });
    expect(networkWarnings(relaxed)).toEqual([]);
  });

  test('WHEN the S3 gateway endpoint serves other route tables only THEN the subnets without it are named', () => {
    const stack = newStack();
    const vpc = new ec2.Vpc(stack, 'Vpc', {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [
        { name: 'Data', subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
        { name: 'Jobs', subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
      ],
    });
    vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3, subnets: [{ subnetGroupName: 'Jobs' }] });
    addSsmInterface(vpc);
    new ResourceProvider(stack, 'Provider', { ...code(), vpc, vpcSubnets: { subnetGroupName: 'Data' } });
    expect(warningText(stack)).toContain('cannot reach S3 from Test/Vpc/DataSubnet1, Test/Vpc/DataSubnet2');
  });

  test('WHEN the SSM interface endpoint has no private DNS THEN the warning says that is why', () => {
    const stack = newStack();
    const vpc = isolatedVpc(stack);
    addS3Gateway(vpc);
    addSsmInterface(vpc, { privateDnsEnabled: false });
    new ResourceProvider(stack, 'Provider', { ...code(), vpc });
    expect(warningText(stack)).toContain('the VPC\'s interface endpoint for SSM has private DNS off');
  });

  test('WHEN the provider polls THEN Lambda is needed too (a long wait goes on in a new invocation); with its endpoint there is no warning', () => {
    const polling = (stack: Stack, vpc: ec2.IVpc) => new ResourceProvider(stack, 'Provider', {
      entry: path.join(POLLING_DIR, 'handler.ts'), isCompleteHandler: 'isComplete', timeout: Duration.minutes(1), vpc,
    });
    const stack = newStack();
    const vpc = isolatedVpc(stack);
    addS3Gateway(vpc);
    addSsmInterface(vpc);
    polling(stack, vpc);
    expect(warningText(stack)).toContain('cannot reach Lambda from');
    expect(warningText(stack)).toContain('an interface endpoint for Lambda with private DNS (ec2.InterfaceVpcEndpointAwsService.LAMBDA)');

    const served = newStack();
    const servedVpc = isolatedVpc(served);
    addS3Gateway(servedVpc);
    addSsmInterface(servedVpc);
    servedVpc.addInterfaceEndpoint('Lambda', { service: ec2.InterfaceVpcEndpointAwsService.LAMBDA });
    polling(served, servedVpc);
    expect(networkWarnings(served)).toEqual([]);
  });

  test('WHEN the provider calls an onEventFunction from isolated subnets THEN Lambda is needed (and SSM is not, with exactlyOnce: false)', () => {
    const stack = newStack();
    const vpc = isolatedVpc(stack);
    addS3Gateway(vpc);
    const handler = new lambda.Function(stack, 'Handler', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler = async () => ({})') });
    new ResourceProvider(stack, 'Provider', { onEventFunction: handler, vpc, exactlyOnce: false });
    expect(warningText(stack)).toContain('cannot reach Lambda from Test/Vpc/DataSubnet1, Test/Vpc/DataSubnet2');
    expect(warningText(stack)).not.toContain('SSM (');
  });
});

describe('GIVEN the VPC and its endpoints in another stack of the app', () => {
  test('WHEN the provider\'s stack uses the VPC THEN the endpoints are found and there is no warning; without them, there is', () => {
    for (const withEndpoints of [true, false]) {
      const app = new App();
      const network = newStack(app, 'Network');
      const vpc = isolatedVpc(network);
      if (withEndpoints) {
        addS3Gateway(vpc);
        addSsmInterface(vpc);
      }
      const stack = newStack(app, 'Service');
      new ResourceProvider(stack, 'Provider', { ...code(), vpc });
      const fn = Object.values<any>(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0];
      expect(JSON.stringify(fn.Properties.VpcConfig.SubnetIds)).toContain('Fn::ImportValue');
      expect(networkWarnings(stack)).toHaveLength(withEndpoints ? 0 : 1);
    }
  });
});

describe('GIVEN an imported VPC', () => {
  const imported = (stack: Stack, kind: 'isolated' | 'private') => ec2.Vpc.fromVpcAttributes(stack, 'Vpc', {
    vpcId: 'vpc-0a1b2c3d',
    vpcCidrBlock: '10.20.0.0/16',
    availabilityZones: ['us-east-1a', 'us-east-1b'],
    ...(kind === 'isolated' ? { isolatedSubnetIds: ['subnet-11', 'subnet-22'], isolatedSubnetRouteTableIds: ['rtb-11', 'rtb-22'] } : { privateSubnetIds: ['subnet-11', 'subnet-22'], privateSubnetRouteTableIds: ['rtb-11', 'rtb-22'] }),
  });

  test('WHEN its subnets are private (the VPC says they have egress) THEN there is no warning', () => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { ...code(), vpc: imported(stack, 'private') });
    expect(networkWarnings(stack)).toEqual([]);
  });

  test('WHEN its subnets are isolated and this app adds no endpoints THEN synth warns, naming the subnet ids', () => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { ...code(), vpc: imported(stack, 'isolated') });
    expect(warningText(stack)).toContain('subnet-11, subnet-22');
  });

  test('WHEN this app adds the endpoints to the imported VPC THEN there is no warning', () => {
    const stack = newStack();
    const vpc = imported(stack, 'isolated');
    new ec2.GatewayVpcEndpoint(stack, 'S3', { vpc, service: ec2.GatewayVpcEndpointAwsService.S3, subnets: [{ subnetType: ec2.SubnetType.PRIVATE_ISOLATED }] });
    new ec2.InterfaceVpcEndpoint(stack, 'Ssm', { vpc, service: ec2.InterfaceVpcEndpointAwsService.SSM, subnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED } });
    new ResourceProvider(stack, 'Provider', { ...code(), vpc });
    expect(networkWarnings(stack)).toEqual([]);
  });
});

describe('GIVEN a provider whose security group allows no outbound traffic', () => {
  test('WHEN synthesized THEN synth warns that it cannot reach AWS over HTTPS; WHEN HTTPS is opened THEN it does not', () => {
    for (const opened of [false, true]) {
      const stack = newStack();
      const vpc = new ec2.Vpc(stack, 'Vpc', { maxAzs: 2, natGateways: 1 });
      const provider = new ResourceProvider(stack, 'Provider', { ...code(), vpc, allowAllOutbound: false });
      if (opened) provider.connections.allowToAnyIpv4(ec2.Port.tcp(443));
      const text = warningText(stack);
      if (opened) expect(text).toBe('');
      else expect(text).toContain('Its security groups allow no outbound HTTPS (TCP 443)');
    }
  });
});

describe('GIVEN an Aurora cluster and a provider that creates its database users', () => {
  test('WHEN the provider is let in on the cluster\'s port and may read its secret THEN the template says so', () => {
    const stack = newStack();
    const vpc = new ec2.Vpc(stack, 'Vpc', { maxAzs: 2, natGateways: 1 });
    const cluster = new rds.DatabaseCluster(stack, 'Db', {
      engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_4 }),
      writer: rds.ClusterInstance.serverlessV2('Writer'),
      vpc,
    });
    const provider = new ResourceProvider(stack, 'DbUsers', { ...code(), vpc });
    cluster.connections.allowDefaultPortFrom(provider);
    cluster.secret!.grantRead(provider);
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::EC2::SecurityGroupIngress', {
      FromPort: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Db'), 'Endpoint.Port'] },
      SourceSecurityGroupId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^DbUsersFunctionSecurityGroup'), 'GroupId'] },
    });
    const policies = JSON.stringify(template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('secretsmanager:GetSecretValue');
    expect(networkWarnings(stack)).toEqual([]);
  });
});

describe('GIVEN VPC settings without a VPC', () => {
  test.each([
    ['vpcSubnets', { vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED } }],
    ['allowAllOutbound', { allowAllOutbound: false }],
  ])('WHEN %s is given THEN synth says it needs vpc', (property, props) => {
    const stack = newStack();
    expect(() => new ResourceProvider(stack, 'Provider', { ...code(), ...props })).toThrow(`Test/Provider: ${property} is only used with vpc: give the VPC the provider function runs in`);
  });

  test('WHEN securityGroups are given without vpc THEN synth says it needs vpc', () => {
    const stack = newStack();
    const vpc = new ec2.Vpc(stack, 'Vpc', { maxAzs: 1, natGateways: 0, subnetConfiguration: [{ name: 'A', subnetType: ec2.SubnetType.PRIVATE_ISOLATED }] });
    expect(() => new ResourceProvider(stack, 'Provider', { ...code(), securityGroups: [new ec2.SecurityGroup(stack, 'Sg', { vpc })] }))
      .toThrow('Test/Provider: securityGroups is only used with vpc: give the VPC the provider function runs in');
  });

  test('WHEN allowAllOutbound is given with securityGroups THEN synth says to set it on the groups', () => {
    const stack = newStack();
    const vpc = isolatedVpc(stack);
    expect(() => new ResourceProvider(stack, 'Provider', { ...code(), vpc, securityGroups: [new ec2.SecurityGroup(stack, 'Sg', { vpc })], allowAllOutbound: true }))
      .toThrow('Test/Provider: allowAllOutbound applies to the security group the provider creates: with securityGroups, set allowAllOutbound on those groups');
  });

  test('WHEN connections is read on a provider without a VPC THEN it says why there are none', () => {
    const stack = newStack();
    const provider = new ResourceProvider(stack, 'Provider', code());
    expect(() => provider.connections).toThrow('Test/Provider: connections exist only for a provider in a VPC (give vpc)');
  });
});
