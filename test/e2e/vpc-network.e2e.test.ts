/**
 * End to end: a provider whose function runs in a VPC (set with aws-cdk-lib's escape hatch on
 * a real ec2.Vpc), played by `cdk-lifecycle invoke` and `cdk-lifecycle/testing`. Locally its
 * answers reach the runner; deployed, from isolated subnets, they would not: each request
 * reports `vpc-network` and the command exits 1. The same provider in private subnets with a
 * NAT gateway plays clean.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const HANDLERS = path.join(__dirname, '..', 'fixtures', 'providers', 'runtime-handlers');
const ROOT = path.join(__dirname, '..', '..');

let assembly: string;

beforeAll(() => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-vpc-network-'));
  const app = appWithAssetMetadata(assembly);
  for (const [name, subnetType, natGateways] of [['Isolated', ec2.SubnetType.PRIVATE_ISOLATED, 0], ['Private', ec2.SubnetType.PRIVATE_WITH_EGRESS, 1]] as const) {
    const stack = new Stack(app, name);
    const vpc = new ec2.Vpc(stack, 'Network', { maxAzs: 2, natGateways });
    const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent', timeout: Duration.seconds(30) });
    const group = new ec2.SecurityGroup(stack, 'ProviderGroup', { vpc });
    (provider.providerFunction.node.defaultChild as lambda.CfnFunction).addPropertyOverride('VpcConfig', {
      SubnetIds: vpc.selectSubnets({ subnetType }).subnetIds,
      SecurityGroupIds: [group.securityGroupId],
    });
    new ProvidedResource(stack, 'Thing', { provider, properties: { name: 'thing' } });
  }
  app.synth();
});

afterAll(() => fs.rmSync(assembly, { recursive: true, force: true }));

test('GIVEN a provider in isolated subnets WHEN LocalCloudFormation plays its lifecycle THEN each request is answered locally but reports vpc-network, and the Create counts as failed (rolled back)', async () => {
  const cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT] });
  try {
    const play = await cfn.lifecycle({ stack: 'Isolated', resource: 'Thing' });

    expect(play.steps.map((step) => [step.label, step.status, step.violations.map((violation) => violation.rule)])).toEqual([
      ['Create', 'SUCCESS', ['vpc-network']],
      ['Delete (rollback)', 'SUCCESS', ['vpc-network']],
    ]);
    expect(play.steps[0].violations[0].message).toMatch(/cannot reach S3 or SSM .* so deployed its answers \(a PUT to CloudFormation's pre-signed S3 URL\) never arrive/);
  } finally {
    await cfn.close();
  }
});

test('GIVEN a provider in isolated subnets WHEN cdk-lifecycle invoke plays it THEN it exits 1 and explains the violation', async () => {
  const result = await run(['invoke', assembly, '--stack', 'Isolated'], { cwd: ROOT });

  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(/- function ProviderFunction[0-9A-F]{8} runs in a VPC whose subnets cannot reach S3 or SSM .* \[vpc-network\]/);
  expect(result.stdout).toMatch(/\nResult: 2 requests, 0 succeeded, 2 failed, 2 protocol violations\n$/);
});

test('GIVEN the same provider in private subnets with a NAT gateway WHEN invoked THEN it exits 0 with no violation', async () => {
  const result = await run(['invoke', assembly, '--stack', 'Private'], { cwd: ROOT });

  expect(result.stdout).toMatch(/\nResult: 2 requests, 2 succeeded, 0 failed, 0 protocol violations\n$/);
  expect(result.code).toBe(0);
});
