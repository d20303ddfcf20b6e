/**
 * The network of a provider function in a VPC, read from templates synthesized with real
 * aws-cdk-lib (ec2.Vpc with isolated, private and public subnets, gateway and interface
 * endpoints, a VPC in another stack, an imported one): what its subnets cannot reach is a
 * `vpc-network` violation naming the subnets, why, what the deployment does and what to add;
 * what the templates do not tell is a note.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, CfnParameter, Duration, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ResourceProvider, ResourceProviderProps } from '../../../src';
import { readAssembly } from '../../../src/assembly/read-assembly';
import { networkVerdict, RUNTIME_VARIABLES } from '../../../src/local/rules/vpc-network';
import { FunctionRegistry } from '../../../src/local/stack/lambda-functions';
import * as contract from '../../../src/runtime/contract';

const HANDLERS = path.join(__dirname, '..', '..', 'fixtures', 'providers', 'runtime-handlers');
const POLLING_ENTRY = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'long-running', 'handler.ts');

/** The logical id of each stack's provider function. */
const providerFunctions = new Map<string, string>();

/** Puts a provider's function in subnets of a VPC through the CloudFormation escape hatch (VpcConfig). */
function inVpc(provider: ResourceProvider, subnetIds: string[], vpc: ec2.IVpc): void {
  const group = new ec2.SecurityGroup(provider, 'Group', { vpc });
  const fn = provider.providerFunction.node.defaultChild as lambda.CfnFunction;
  fn.addPropertyOverride('VpcConfig', { SubnetIds: subnetIds, SecurityGroupIds: [group.securityGroupId] });
  providerFunctions.set(Stack.of(provider).stackName, Stack.of(provider).getLogicalId(fn));
}

type Scenario = (stack: Stack, provider: (props?: Partial<ResourceProviderProps>) => ResourceProvider) => void;

const isolated = (stack: Stack) => new ec2.Vpc(stack, 'Network', { maxAzs: 2, natGateways: 0, subnetConfiguration: [{ name: 'Isolated', subnetType: ec2.SubnetType.PRIVATE_ISOLATED }] });
const isolatedSubnets = (vpc: ec2.IVpc) => vpc.selectSubnets({ subnetType: ec2.SubnetType.PRIVATE_ISOLATED }).subnetIds;

const SCENARIOS: Record<string, Scenario> = {
  Isolated: (stack, provider) => {
    const vpc = isolated(stack);
    inVpc(provider(), isolatedSubnets(vpc), vpc);
  },
  WithNat: (stack, provider) => {
    const vpc = new ec2.Vpc(stack, 'Network', { maxAzs: 2, natGateways: 1 });
    inVpc(provider(), vpc.selectSubnets({ subnetType: ec2.SubnetType.PRIVATE_WITH_EGRESS }).subnetIds, vpc);
  },
  WithEndpoints: (stack, provider) => {
    const vpc = isolated(stack);
    vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });
    vpc.addInterfaceEndpoint('Ssm', { service: ec2.InterfaceVpcEndpointAwsService.SSM });
    inVpc(provider(), isolatedSubnets(vpc), vpc);
  },
  S3Only: (stack, provider) => {
    const vpc = isolated(stack);
    vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });
    inVpc(provider(), isolatedSubnets(vpc), vpc);
  },
  S3OnlyNoClaim: (stack, provider) => {
    const vpc = isolated(stack);
    vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });
    inVpc(provider({ exactlyOnce: false }), isolatedSubnets(vpc), vpc);
  },
  SsmWithoutPrivateDns: (stack, provider) => {
    const vpc = isolated(stack);
    vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });
    vpc.addInterfaceEndpoint('Ssm', { service: ec2.InterfaceVpcEndpointAwsService.SSM, privateDnsEnabled: false });
    inVpc(provider(), isolatedSubnets(vpc), vpc);
  },
  Public: (stack, provider) => {
    const vpc = new ec2.Vpc(stack, 'Network', { maxAzs: 1, natGateways: 0, subnetConfiguration: [{ name: 'Public', subnetType: ec2.SubnetType.PUBLIC }] });
    inVpc(provider(), vpc.publicSubnets.map((subnet) => subnet.subnetId), vpc);
  },
  Polling: (stack, provider) => {
    const vpc = isolated(stack);
    vpc.addGatewayEndpoint('S3', { service: ec2.GatewayVpcEndpointAwsService.S3 });
    vpc.addInterfaceEndpoint('Ssm', { service: ec2.InterfaceVpcEndpointAwsService.SSM });
    inVpc(provider({ code: undefined, handler: undefined, entry: POLLING_ENTRY, isCompleteHandler: 'isComplete' }), isolatedSubnets(vpc), vpc);
  },
  FromParameter: (stack, provider) => {
    const subnets = new CfnParameter(stack, 'Subnets', { type: 'List<AWS::EC2::Subnet::Id>' });
    const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Network', { vpcId: 'vpc-0123', availabilityZones: ['us-east-1a'] });
    inVpc(provider({ exactlyOnce: false }), subnets.valueAsList, vpc);
  },
  Imported: (stack, provider) => {
    const vpc = ec2.Vpc.fromVpcAttributes(stack, 'Network', { vpcId: 'vpc-0123', availabilityZones: ['us-east-1a'], privateSubnetIds: ['subnet-0abc'] });
    inVpc(provider(), ['subnet-0abc'], vpc);
  },
};

let tmp: string;
let registry: FunctionRegistry;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-vpc-'));
  const app = new App({ outdir: tmp });
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    const stack = new Stack(app, name);
    scenario(stack, (props = {}) => new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent', timeout: Duration.seconds(30), ...props } as ResourceProviderProps));
  }
  // The VPC in one stack, the provider in another: the subnets arrive through Fn::ImportValue.
  const network = new Stack(app, 'Network');
  const vpc = isolated(network);
  const user = new Stack(app, 'Users');
  inVpc(new ResourceProvider(user, 'Provider', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent', exactlyOnce: false }), isolatedSubnets(vpc), vpc);
  app.synth();
  registry = new FunctionRegistry(readAssembly(tmp));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function verdictOf(stackName: string) {
  const fn = registry.all().find((candidate) => candidate.stack.name === stackName && candidate.logicalId === providerFunctions.get(stackName));
  return networkVerdict([fn!]);
}

test('GIVEN a provider in isolated subnets without endpoints WHEN judged THEN one violation names the subnets, why, what the deployment does (no answer; no claim) and what to add', () => {
  const { violations, notes } = verdictOf('Isolated');

  expect(notes).toEqual([]);
  expect(violations).toHaveLength(1);
  expect(violations[0].rule).toBe('vpc-network');
  expect(violations[0].message).toMatch(/^function ProviderFunction[0-9A-F]{8} runs in a VPC whose subnets cannot reach S3 or SSM \(NetworkIsolatedSubnet1Subnet[0-9A-F]{8}: its route table has no route to 0\.0\.0\.0\/0 \(an isolated subnet\); NetworkIsolatedSubnet2Subnet[0-9A-F]{8}: its route table has no route to 0\.0\.0\.0\/0 \(an isolated subnet\)\), so deployed its answers \(a PUT to CloudFormation's pre-signed S3 URL\) never arrive: CloudFormation waits until the resource's ServiceTimeout, then fails it; and each request's claim \(exactlyOnce\) fails, and the request is answered FAILED without running onEvent\. Route the subnets to a NAT gateway, or add an S3 gateway endpoint on the subnets' route tables \(ec2\.GatewayVpcEndpointAwsService\.S3\) and an SSM interface endpoint with private DNS in the VPC \(ec2\.InterfaceVpcEndpointAwsService\.SSM\); without SSM, set exactlyOnce: false/);
});

test.each([
  ['private subnets with a NAT gateway', 'WithNat'],
  ['isolated subnets with an S3 gateway endpoint and an SSM interface endpoint', 'WithEndpoints'],
  ['isolated subnets with an S3 gateway endpoint, and exactlyOnce: false (no SSM call)', 'S3OnlyNoClaim'],
])('GIVEN a provider in %s WHEN judged THEN nothing is reported', (_, stack) => {
  expect(verdictOf(stack)).toEqual({ violations: [], notes: [] });
});

test.each([
  ['an S3 gateway endpoint only (the claim needs SSM)', 'S3Only', /cannot reach SSM \(.*: its route table has no route to 0\.0\.0\.0\/0 \(an isolated subnet\)\), so deployed each request's claim \(exactlyOnce\) fails.*without SSM, set exactlyOnce: false \(a repeated delivery then runs onEvent again\)$/],
  ['an SSM endpoint without private DNS', 'SsmWithoutPrivateDns', /cannot reach SSM \(.*: the interface endpoint NetworkSsm[0-9A-F]{8} in its VPC has no private DNS \(PrivateDnsEnabled is not true\), so the AWS SDK's regional endpoint name does not lead to it\)/],
  ['public subnets (an internet gateway gives a Lambda function no internet)', 'Public', /cannot reach S3 or SSM \(.*: its route to 0\.0\.0\.0\/0 goes to the internet gateway NetworkIGW[0-9A-F]{8}, but Lambda gives a function's network interfaces no public IP address/],
  ['a polling provider without a Lambda endpoint (its wait continues in a new invocation)', 'Polling', /cannot reach the Lambda API \(.*\), so deployed a wait longer than one invocation cannot continue in a new one, and is answered FAILED\. Route the subnets to a NAT gateway, or add a Lambda interface endpoint with private DNS in the VPC \(ec2\.InterfaceVpcEndpointAwsService\.LAMBDA\)$/],
  ['the VPC of another stack (subnets through Fn::ImportValue)', 'Users', /cannot reach S3 \(NetworkIsolatedSubnet1Subnet[0-9A-F]{8} \(stack Network\): its route table has no route to 0\.0\.0\.0\/0/],
])('GIVEN a provider with %s WHEN judged THEN the violation says what is missing and why', (_, stack, message) => {
  const { violations, notes } = verdictOf(stack);

  expect(notes).toEqual([]);
  expect(violations.map((violation) => violation.rule)).toEqual(['vpc-network']);
  expect(violations[0].message).toMatch(message);
});

test('GIVEN a provider in subnets of an imported VPC WHEN judged THEN nothing is guessed: a note says the templates cannot tell, for each service it calls', () => {
  const { violations, notes } = verdictOf('Imported');

  expect(violations).toEqual([]);
  expect(notes).toEqual([
    expect.stringMatching(/^cannot tell from the templates whether function ProviderFunction[0-9A-F]{8} reaches S3 from subnet-0abc: it is not a subnet of the template \(an imported VPC: Vpc\.fromLookup, fromVpcAttributes\); deployed, without a way to S3, its answers/),
    expect.stringMatching(/^cannot tell from the templates whether function ProviderFunction[0-9A-F]{8} reaches SSM from subnet-0abc/),
  ]);
});

test('GIVEN a provider whose subnets are a parameter WHEN judged THEN a note says the template does not list them', () => {
  expect(verdictOf('FromParameter')).toEqual({
    violations: [],
    notes: [expect.stringMatching(/^cannot tell from the templates whether function ProviderFunction[0-9A-F]{8} reaches S3 from its SubnetIds: the template does not list them \(they come from a parameter or a function of the template\)/)],
  });
});

test('GIVEN the runtime\'s contract WHEN compared THEN the variables the runner reads have the same names', () => {
  expect(RUNTIME_VARIABLES).toEqual({
    claimPath: contract.ENV_CLAIM_PATH,
    polling: contract.ENV_POLLING,
    onEventFunction: contract.ENV_ON_EVENT_FUNCTION,
    isCompleteFunction: contract.ENV_IS_COMPLETE_FUNCTION,
  });
});
