/**
 * The generator's catalog: real resource types with real properties and real update
 * behaviours (Always, Conditionally, Never, nested create-only paths), the references each
 * kind makes to earlier resources, and the property mutations the new template may apply.
 * A data table: one entry per resource type.
 */
import { Random } from './random';

/** The reference forms dependents use. */
export const REFERENCE_FORMS = [
  'Ref', 'GetAttArray', 'GetAttString', 'Sub', 'SubAttribute', 'SubVariables', 'Join', 'If', 'Select', 'Split',
  'Base64', 'FindInMap', 'ImportValue', 'ToJsonString', 'Cidr',
] as const;

/** A resource's properties while they are built. */
export type Properties = Record<string, any>;

/** A change to one property of a resource in the new template. */
export interface PropertyMutation {
  readonly label: string;
  readonly path: readonly string[];
  apply(properties: Properties, random: Random): void;
}

/** One resource type of the catalog. */
export interface Kind {
  readonly type: string;
  /** Types of resources this kind references; it is only built when one of each exists. */
  readonly needs: readonly string[];
  readonly mutations: readonly PropertyMutation[];
  build(context: BuildContext): { properties: Properties; metadata?: Properties };
}

/** What a kind may use while it builds a resource. */
export interface BuildContext {
  readonly random: Random;
  readonly index: number;
  /** A logical id of an existing resource of the type. */
  existing(type: string): string;
  /** A reference to an existing resource (any type), in a random form. */
  anyReference(): unknown;
}

/** A value referencing `target` in the given form. */
export function referenceIn(form: typeof REFERENCE_FORMS[number], target: string, attribute = 'Arn'): unknown {
  switch (form) {
    case 'Ref': return { Ref: target };
    case 'GetAttArray': return { 'Fn::GetAtt': [target, attribute] };
    case 'GetAttString': return { 'Fn::GetAtt': `${target}.${attribute}` };
    case 'Sub': return { 'Fn::Sub': `prefix-\${${target}}` };
    case 'SubAttribute': return { 'Fn::Sub': `\${${target}.${attribute}}/suffix` };
    case 'SubVariables': return { 'Fn::Sub': ['${Value}-x', { Value: { Ref: target } }] };
    case 'Join': return { 'Fn::Join': [':', ['a', { Ref: target }]] };
    case 'If': return { 'Fn::If': ['IsProd', { Ref: target }, 'none'] };
    case 'Select': return { 'Fn::Select': [0, [{ 'Fn::GetAtt': [target, attribute] }, 'b']] };
    case 'Split': return { 'Fn::Join': ['', { 'Fn::Split': ['-', { Ref: target }] }] };
    case 'Base64': return { 'Fn::Base64': { 'Fn::Sub': `\${${target}}` } };
    case 'FindInMap': return { 'Fn::FindInMap': ['Labels', { Ref: target }, 'Label'] };
    case 'ImportValue': return { 'Fn::ImportValue': { 'Fn::Sub': `\${${target}}-export` } };
    case 'ToJsonString': return { 'Fn::ToJsonString': { id: { Ref: target } } };
    case 'Cidr': return { 'Fn::Select': [0, { 'Fn::Cidr': [{ 'Fn::GetAtt': [target, 'CidrBlock'] }, 4, 8] }] };
  }
}

const setIn = (properties: Properties, path: readonly string[], value: unknown): void => {
  let node = properties;
  for (const key of path.slice(0, -1)) node = node[key] ??= {};
  node[path[path.length - 1]] = value;
};

const change = (label: string, path: readonly string[], value: (random: Random) => unknown): PropertyMutation => ({
  label, path, apply: (properties, random) => setIn(properties, path, value(random)),
});

const subnetIds = (random: Random): string[] => [`subnet-${random.int(100, 999)}`, `subnet-${random.int(100, 999)}`];

/** The catalog: real types, real properties, real update behaviours. */
export const KINDS: readonly Kind[] = [
  {
    type: 'AWS::EC2::VPC',
    needs: [],
    build: ({ index }) => ({ properties: { CidrBlock: `10.${index % 250}.0.0/16`, EnableDnsSupport: true, Tags: [{ Key: 'Name', Value: `vpc-${index}` }] } }),
    mutations: [
      change('CidrBlock (Always)', ['CidrBlock'], (r) => `10.${r.int(0, 250)}.128.0/17`),
      change('EnableDnsHostnames (Never)', ['EnableDnsHostnames'], (r) => r.chance(0.5)),
      change('InstanceTenancy (Conditionally)', ['InstanceTenancy'], () => 'dedicated'),
    ],
  },
  {
    type: 'AWS::EC2::Subnet',
    needs: ['AWS::EC2::VPC'],
    build: ({ index, existing }) => ({
      properties: { VpcId: { Ref: existing('AWS::EC2::VPC') }, CidrBlock: `10.0.${index % 250}.0/24`, AvailabilityZone: { 'Fn::Select': [0, { 'Fn::GetAZs': '' }] }, MapPublicIpOnLaunch: false },
    }),
    mutations: [
      change('CidrBlock (Always)', ['CidrBlock'], (r) => `10.1.${r.int(0, 250)}.0/24`),
      change('MapPublicIpOnLaunch (Never)', ['MapPublicIpOnLaunch'], () => true),
    ],
  },
  {
    type: 'AWS::EC2::SecurityGroup',
    needs: ['AWS::EC2::VPC'],
    build: ({ index, existing, random }) => ({
      properties: {
        GroupDescription: `group ${index}`,
        VpcId: random.chance(0.5) ? { Ref: existing('AWS::EC2::VPC') } : { 'Fn::Join': ['', [{ Ref: existing('AWS::EC2::VPC') }]] },
        SecurityGroupIngress: [{ IpProtocol: 'tcp', FromPort: 443, ToPort: 443, CidrIp: '0.0.0.0/0' }],
      },
    }),
    mutations: [
      change('GroupDescription (Always)', ['GroupDescription'], (r) => `changed ${r.int(0, 99)}`),
      change('SecurityGroupIngress (Never)', ['SecurityGroupIngress'], (r) => [{ IpProtocol: 'tcp', FromPort: r.int(1, 9000), ToPort: 9001, CidrIp: '10.0.0.0/8' }]),
    ],
  },
  {
    type: 'AWS::IAM::Role',
    needs: [],
    build: ({ index }) => ({
      properties: {
        AssumeRolePolicyDocument: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' }, Action: 'sts:AssumeRole' }] },
        Path: '/',
        Description: `role ${index}`,
      },
    }),
    mutations: [
      change('Path (Always)', ['Path'], (r) => `/p${r.int(0, 99)}/`),
      change('Description (Never)', ['Description'], (r) => `changed ${r.int(0, 99)}`),
      change('AssumeRolePolicyDocument nested (Never)', ['AssumeRolePolicyDocument', 'Statement'], () => [{ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }]),
    ],
  },
  {
    type: 'AWS::SQS::Queue',
    needs: [],
    build: ({ random }) => ({ properties: { VisibilityTimeout: random.pick([30, 60, 90]), MessageRetentionPeriod: 345600 } }),
    mutations: [
      change('VisibilityTimeout (Never)', ['VisibilityTimeout'], (r) => r.int(100, 900)),
      change('FifoQueue (Always)', ['FifoQueue'], () => true),
    ],
  },
  {
    type: 'AWS::S3::Bucket',
    needs: [],
    build: ({ index }) => ({ properties: { VersioningConfiguration: { Status: 'Enabled' }, Tags: [{ Key: 'bucket', Value: `${index}` }] } }),
    mutations: [
      change('VersioningConfiguration.Status (Never)', ['VersioningConfiguration', 'Status'], () => 'Suspended'),
      change('ObjectLockEnabled (Never: a decision against the spec, see build-tools/replacement-decisions.ts)', ['ObjectLockEnabled'], () => true),
      change('Tags (Never)', ['Tags'], (r) => [{ Key: 'bucket', Value: `t${r.int(0, 99)}` }]),
    ],
  },
  {
    type: 'AWS::DynamoDB::Table',
    needs: [],
    build: () => ({
      properties: { KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST' },
    }),
    mutations: [
      change('KeySchema (Always)', ['KeySchema'], () => [{ AttributeName: 'pk', KeyType: 'HASH' }]),
      change('BillingMode (Never)', ['BillingMode'], () => 'PROVISIONED'),
    ],
  },
  {
    type: 'AWS::Lambda::Function',
    needs: ['AWS::IAM::Role'],
    build: ({ index, existing, random, anyReference }) => ({
      properties: {
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
        Code: { ZipFile: `exports.handler = async () => ${index};` },
        MemorySize: random.pick([128, 256, 512]),
        Role: random.chance(0.5) ? { 'Fn::GetAtt': [existing('AWS::IAM::Role'), 'Arn'] } : { 'Fn::GetAtt': `${existing('AWS::IAM::Role')}.Arn` },
        Environment: { Variables: { DEPENDENCY: anyReference(), STAGE: 'dev' } },
      },
    }),
    mutations: [
      change('MemorySize (Never)', ['MemorySize'], (r) => r.pick([1024, 2048])),
      change('Environment.Variables.STAGE (Never)', ['Environment', 'Variables', 'STAGE'], () => 'prod'),
    ],
  },
  {
    type: 'AWS::EKS::Cluster',
    needs: ['AWS::IAM::Role', 'AWS::EC2::Subnet'],
    build: ({ existing, random }) => ({
      properties: {
        RoleArn: { 'Fn::GetAtt': [existing('AWS::IAM::Role'), 'Arn'] },
        ResourcesVpcConfig: { SubnetIds: [{ Ref: existing('AWS::EC2::Subnet') }, ...subnetIds(random)], EndpointPublicAccess: true },
        Version: '1.31',
      },
    }),
    mutations: [
      { label: 'ResourcesVpcConfig.SubnetIds (nested Always)', path: ['ResourcesVpcConfig', 'SubnetIds'], apply: (p, r) => { p.ResourcesVpcConfig.SubnetIds = [...p.ResourcesVpcConfig.SubnetIds, `subnet-${r.int(1000, 9999)}`]; } },
      change('ResourcesVpcConfig.EndpointPublicAccess (nested Never)', ['ResourcesVpcConfig', 'EndpointPublicAccess'], () => false),
      change('Version (Never)', ['Version'], () => '1.32'),
    ],
  },
  {
    type: 'AWS::RDS::DBInstance',
    needs: [],
    build: () => ({ properties: { Engine: 'postgres', DBInstanceClass: 'db.t3.micro', AllocatedStorage: '20', DBParameterGroupName: 'pg-default' } }),
    mutations: [
      change('DBParameterGroupName (Conditionally)', ['DBParameterGroupName'], (r) => `pg-${r.int(0, 99)}`),
      change('AllocatedStorage (Never)', ['AllocatedStorage'], () => '40'),
    ],
  },
  {
    type: 'AWS::EC2::Instance',
    needs: ['AWS::EC2::Subnet'],
    build: ({ existing }) => ({
      properties: {
        ImageId: 'ami-12345678',
        InstanceType: 't3.micro',
        SubnetId: { Ref: existing('AWS::EC2::Subnet') },
        BlockDeviceMappings: [{ DeviceName: '/dev/xvda', Ebs: { VolumeSize: 8, KmsKeyId: 'key-1' } }],
      },
    }),
    mutations: [
      change('BlockDeviceMappings.Ebs.KmsKeyId (nested Always under Conditionally)', ['BlockDeviceMappings'], (r) => [{ DeviceName: '/dev/xvda', Ebs: { VolumeSize: 8, KmsKeyId: `key-${r.int(2, 99)}` } }]),
      change('InstanceType (Conditionally)', ['InstanceType'], () => 't3.large'),
    ],
  },
  {
    type: 'AWS::SNS::Topic',
    needs: [],
    build: ({ index }) => ({ properties: { DisplayName: `topic ${index}` } }),
    mutations: [
      change('DisplayName (Never)', ['DisplayName'], (r) => `changed ${r.int(0, 99)}`),
      change('FifoTopic (Always)', ['FifoTopic'], () => true),
    ],
  },
  {
    type: 'AWS::SNS::Subscription',
    needs: ['AWS::SNS::Topic', 'AWS::SQS::Queue'],
    build: ({ existing }) => ({ properties: { TopicArn: { Ref: existing('AWS::SNS::Topic') }, Protocol: 'sqs', Endpoint: { 'Fn::GetAtt': [existing('AWS::SQS::Queue'), 'Arn'] } } }),
    mutations: [change('RawMessageDelivery (Never)', ['RawMessageDelivery'], () => true)],
  },
  {
    type: 'AWS::SSM::Parameter',
    needs: [],
    build: ({ anyReference, index }) => ({ properties: { Type: 'String', Value: index % 5 === 0 ? `literal-${index}` : anyReference() } }),
    mutations: [change('Description (Never)', ['Description'], (r) => `changed ${r.int(0, 99)}`)],
  },
  {
    type: 'Custom::Thing',
    needs: ['AWS::Lambda::Function'],
    build: ({ existing, random }) => ({
      properties: { ServiceToken: { 'Fn::GetAtt': [existing('AWS::Lambda::Function'), 'Arn'] }, Setting: 'a', Size: '1' },
      ...(random.chance(0.5) ? { metadata: { 'cdk-lifecycle': { replaceOnChange: ['Size'] } } } : {}),
    }),
    mutations: [
      change('Setting (custom)', ['Setting'], (r) => `s${r.int(0, 99)}`),
      change('Size (custom)', ['Size'], (r) => `${r.int(2, 99)}`),
    ],
  },
];

/** The catalog by resource type. */
export const KIND_BY_TYPE = new Map(KINDS.map((kind) => [kind.type, kind]));
