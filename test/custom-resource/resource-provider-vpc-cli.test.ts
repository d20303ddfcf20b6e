/**
 * The VPC warning through the real `cdk synth` on a multi-stack app with a Stage
 * (test/fixtures/apps/vpc-provider-app.ts): printed with the provider's construct path,
 * failing `--strict`, gone once the endpoint exists, and not printed where acknowledged.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FindingId } from '../../src';

const ROOT = path.join(__dirname, '..', '..');
const CDK = path.join(ROOT, 'node_modules', '.bin', 'cdk');

function synth(extra: string[] = []) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-vpc-cli-'));
  const result = spawnSync(CDK, ['synth', '--no-notices', '--quiet', '--app', 'npx ts-node --transpile-only test/fixtures/apps/vpc-provider-app.ts', '--output', outdir, ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', CI: 'true' },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('GIVEN an isolated VPC with an S3 gateway endpoint only WHEN cdk synth runs THEN it prints the warning for SSM at the provider, not for the acknowledged one', () => {
  const { status, output } = synth();
  expect(status).toBe(0);
  expect(output).toContain('Service/DbUsers: the provider function cannot reach every AWS service its runtime calls');
  expect(output).toContain('It cannot reach SSM from Network/Vpc/DataSubnet1, Network/Vpc/DataSubnet2');
  expect(output).toContain('Service/DbUsers/Function');
  expect(output).toContain(FindingId.PROVIDER_CANNOT_REACH_AWS);
  expect(output).not.toContain('cannot reach S3');
  expect(output).not.toContain('Prod/Inner/Quiet');
}, 240_000);

test('GIVEN the same app WHEN cdk synth --strict runs THEN it fails; WHEN the SSM endpoint is added THEN it passes strict', () => {
  expect(synth(['--strict']).status).not.toBe(0);
  const fixed = synth(['--strict', '-c', 'ssmEndpoint=true']);
  expect(fixed.output).not.toContain(FindingId.PROVIDER_CANNOT_REACH_AWS);
  expect(fixed.status).toBe(0);
}, 360_000);
