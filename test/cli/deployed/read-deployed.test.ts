/**
 * Reading deployed stacks through the real SDK clients, against the loopback stand-in: which
 * credentials and roles are used (as the cdk CLI uses them), which Region, what each stack
 * status becomes, pagination, a hundred stacks read a bounded number at a time, throttling
 * bursts, and the errors (no credentials, access denied, no Region) that leave nothing written.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { writeAssembly, queues, BuiltStack } from './assembly-builder';
import { awsTestEnv, OutboundRequests, staticKeys, withAwsEnv } from './aws-env';
import { FakeAws } from './fake-aws';
import { CliError } from '../../../src/cli/cli-error';
import { readDeployed } from '../../../src/cli/deployed/read-deployed';
import { readAssembly } from '../../../src/cli/input/read-assembly';
import { run, RunResult } from '../helpers';

const DEV = '111111111111';
const OTHER = '222222222222';
const lookupRole = (account: string, region: string) => `arn:aws:iam::${account}:role/cdk-hnb659fds-lookup-role-${account}-${region}`;
const deployRole = (account: string, region: string) => `arn:aws:iam::${account}:role/cdk-hnb659fds-deploy-role-${account}-${region}`;

let tmp: string;
let aws: FakeAws;
let url: string;
const outbound = new OutboundRequests();

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-read-'));
  outbound.start();
});
afterAll(() => {
  outbound.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  aws = new FakeAws();
  url = await aws.start();
  aws.addUser('AKIDDEV', DEV, 'dev');
});
afterEach(() => aws.stop());

let apps = 0;
function app(stacks: readonly BuiltStack[]): string {
  return writeAssembly(path.join(tmp, `app-${++apps}`), stacks);
}

async function cli(env: Record<string, string>, argv: string[], io: { stderrIsTTY?: boolean } = {}): Promise<RunResult> {
  return withAwsEnv(env, () => run(argv, { cwd: tmp, env, ...io }));
}

const here = (account = DEV, region = 'eu-west-1') => `aws://${account}/${region}`;

describe('credentials, roles and Regions', () => {
  test('GIVEN --profile naming a profile of the shared files WHEN a snapshot is taken THEN its keys sign every call and its region is the default Region', async () => {
    aws.addUser('AKIDPROFILE', DEV, 'profiled');
    const env = awsTestEnv(url, { AWS_ACCESS_KEY_ID: 'AKIDDEV', AWS_SECRET_ACCESS_KEY: 'secret-AKIDDEV' }, {
      config: '[profile ops]\nregion = eu-central-1\n',
      credentials: '[ops]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = secret-AKIDPROFILE\n',
    });
    aws.deploy({ account: DEV, region: 'eu-central-1', name: 'Agnostic', template: queues('A') });
    const dir = app([{ id: 'Agnostic', template: queues('A', 'B'), roles: false }]);

    const result = await cli(env, ['snapshot', dir, '--out', 'profiled', '--profile', 'ops']);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(new Set(aws.calls.map((call) => call.accessKeyId))).toEqual(new Set(['AKIDPROFILE']));
    expect(new Set(aws.calls.map((call) => call.region))).toEqual(new Set(['eu-central-1']));
    const manifest = JSON.parse(fs.readFileSync(path.join(tmp, 'profiled', 'manifest.json'), 'utf8'));
    expect(manifest.artifacts.Agnostic.environment).toBe(`aws://${DEV}/eu-central-1`);
  });

  test.each([
    ['AWS_REGION', { AWS_REGION: 'ap-southeast-2' }, 'ap-southeast-2'],
    ['AWS_DEFAULT_REGION, as the cdk CLI reads it', { AWS_DEFAULT_REGION: 'sa-east-1' }, 'sa-east-1'],
  ])('GIVEN an environment-agnostic stack and %s WHEN read THEN it is read in that Region, in the credentials\' account', async (_, region, expected) => {
    aws.deploy({ account: DEV, region: expected, name: 'Agnostic', template: queues('A') });
    const env = awsTestEnv(url, { AWS_ACCESS_KEY_ID: 'AKIDDEV', AWS_SECRET_ACCESS_KEY: 'secret-AKIDDEV', ...region });

    const result = await cli(env, ['diff', '--deployed', app([{ id: 'Agnostic', template: queues('A'), roles: false }]), '--json']);

    expect(JSON.parse(result.stdout).Agnostic).toMatchObject({ Changes: [], DeployedStack: { StackStatus: 'CREATE_COMPLETE' } });
    expect(aws.callsOf('DescribeStacks').map((call) => call.region)).toEqual([expected]);
  });

  test('GIVEN an environment-agnostic stack and no Region anywhere WHEN read THEN the error says what was tried and what to do, and nothing is written', async () => {
    const env = awsTestEnv(url, { AWS_ACCESS_KEY_ID: 'AKIDDEV', AWS_SECRET_ACCESS_KEY: 'secret-AKIDDEV' });

    const result = await cli(env, ['snapshot', app([{ id: 'Agnostic', template: queues('A') }]), '--out', 'no-region']);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe([
      'cdk-lifecycle: cannot tell which Region to read stack Agnostic from: it is environment-agnostic and no default Region is set (tried AWS_REGION, AWS_DEFAULT_REGION and the region of profile "default" in the shared config file)',
      '  set AWS_REGION, add a region to the profile, or give the stack an env (account and Region) in the app',
      '',
    ].join('\n'));
    expect(fs.existsSync(path.join(tmp, 'no-region'))).toBe(false);
    expect(aws.calls).toEqual([]);
  });

  test('GIVEN no credentials anywhere WHEN read THEN the error lists where they were looked for and how to go on offline', async () => {
    const env = awsTestEnv(url, { AWS_REGION: 'eu-west-1' });

    const result = await cli(env, ['diff', '--deployed', app([{ id: 'Api', template: queues('A'), environment: here() }])]);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^cdk-lifecycle: no AWS credentials found to read the deployed stacks: tried the environment \(AWS_ACCESS_KEY_ID, AWS_PROFILE, AWS_WEB_IDENTITY_TOKEN_FILE\), the default profile .*: .+\n {2}configure credentials as for the cdk CLI \(aws configure, aws sso login, or --profile\), or compare with a snapshot offline: cdk-lifecycle diff <snapshot dir> <cdk.out>\n$/);
  });

  test('GIVEN keys AWS does not know WHEN read THEN the error says the credentials were rejected', async () => {
    const env = awsTestEnv(url, staticKeys('AKIDUNKNOWN'));

    const result = await cli(env, ['diff', '--deployed', app([{ id: 'Api', template: queues('A'), environment: here() }])]);

    expect(result.stderr).toMatch(/^cdk-lifecycle: AWS rejected the credentials: sts:GetCallerIdentity on Region eu-west-1 with the current credentials: InvalidClientTokenId: The security token included in the request is invalid\.\n {2}renew them/);
  });

  test('GIVEN the lookup role denies the user but the deployment role trusts it WHEN read THEN the deployment role reads, and a note says so', async () => {
    aws.roles.set(deployRole(DEV, 'eu-west-1'), { account: DEV, trusts: () => true });
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Api', template: queues('A') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));

    const result = await cli(env, ['diff', '--deployed', app([{ id: 'Api', template: queues('A'), environment: here() }]), '--json']);

    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`cdk-lifecycle: note: could not assume the lookup role ${lookupRole(DEV, 'eu-west-1')} (access denied) with the current credentials (arn:aws:iam::${DEV}:user/dev): reading account ${DEV}, eu-west-1 with the deployment role ${deployRole(DEV, 'eu-west-1')}, as cdk diff does\n`);
    expect(aws.callsOf('GetTemplate').every((call) => call.callerArn?.includes('assumed-role/cdk-hnb659fds-deploy-role'))).toBe(true);
  });

  test('GIVEN no role can be assumed and the credentials are for the stack\'s account WHEN read THEN they read it, after one note for the environment', async () => {
    for (const name of ['Api', 'Db']) aws.deploy({ account: DEV, region: 'eu-west-1', name, template: queues('A') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const dir = app([{ id: 'Api', template: queues('A'), environment: here() }, { id: 'Db', template: queues('A'), environment: here() }]);

    const result = await cli(env, ['diff', '--deployed', dir, '--json']);

    expect(result.code).toBe(0);
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      `cdk-lifecycle: note: could not assume the lookup role ${lookupRole(DEV, 'eu-west-1')} (access denied) or the deployment role ${deployRole(DEV, 'eu-west-1')} (access denied) with the current credentials (arn:aws:iam::${DEV}:user/dev): reading account ${DEV}, eu-west-1 with the current credentials, as cdk diff does`,
    ]);
    expect(aws.callsOf('AssumeRole')).toHaveLength(2);
    expect(aws.calls.filter((call) => call.service === 'cloudformation').every((call) => call.accessKeyId === 'AKIDDEV')).toBe(true);
  });

  test('GIVEN a stack of another account whose roles cannot be assumed WHEN read THEN the error names both accounts and the roles tried', async () => {
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));

    const result = await cli(env, ['snapshot', app([{ id: 'Prod', template: queues('A'), environment: here(OTHER) }]), '--out', 'other-account']);

    expect(result.code).toBe(2);
    expect(result.stderr).toBe([
      `cdk-lifecycle: cannot read the stacks of account ${OTHER} (eu-west-1): the current credentials (arn:aws:iam::${DEV}:user/dev) are for account ${DEV}, and cdk-lifecycle could not assume the lookup role ${lookupRole(OTHER, 'eu-west-1')} (access denied) or the deployment role ${deployRole(OTHER, 'eu-west-1')} (access denied) with the current credentials (arn:aws:iam::${DEV}:user/dev)`,
      '  use credentials for that account (--profile), or allow them to assume the stack\'s lookup role (cdk bootstrap --trust)',
      '',
    ].join('\n'));
    expect(fs.existsSync(path.join(tmp, 'other-account'))).toBe(false);
  });

  test('GIVEN a stack of another account whose lookup role trusts the user WHEN read THEN the role reads it there', async () => {
    aws.roles.set(lookupRole(OTHER, 'us-east-1'), { account: OTHER, trusts: (caller) => caller.endsWith(':user/dev') });
    aws.deploy({ account: OTHER, region: 'us-east-1', name: 'Prod', template: queues('A') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));

    const result = await cli(env, ['diff', '--deployed', app([{ id: 'Prod', template: queues('A', 'B'), environment: here(OTHER, 'us-east-1') }]), '--json']);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(result.stdout).Prod.Changes.map((change: any) => change.ResourceChange.LogicalResourceId)).toEqual(['B']);
    expect(aws.callsOf('AssumeRole')[0].params).toMatchObject({ RoleArn: lookupRole(OTHER, 'us-east-1'), RoleSessionName: expect.stringMatching(/^cdk-lifecycle/) });
  });

  test('GIVEN the role that reads may not call GetTemplate WHEN read THEN the error names the action, the stack and the role, and no snapshot is written', async () => {
    aws.roles.set(lookupRole(DEV, 'eu-west-1'), { account: DEV, trusts: () => true });
    aws.deny = (caller, action) => caller.includes('lookup-role') && action === 'GetTemplate';
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Api', template: queues('A') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));

    const result = await cli(env, ['snapshot', app([{ id: 'Api', template: queues('A'), environment: here() }]), '--out', 'denied']);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^cdk-lifecycle: access denied: cloudformation:GetTemplate on stack Api in account ${DEV}, eu-west-1 with role ${lookupRole(DEV, 'eu-west-1').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: AccessDenied: User: arn:aws:sts::${DEV}:assumed-role/.* is not authorized to perform: cloudformation:GetTemplate`));
    expect(result.stderr).toContain('\n  allow cloudformation:GetTemplate to that identity');
    expect(fs.existsSync(path.join(tmp, 'denied'))).toBe(false);
    expect(fs.readdirSync(tmp).filter((name) => name.startsWith('.denied'))).toEqual([]);
  });
});

describe('stack states', () => {
  test.each([
    ['ROLLBACK_COMPLETE', 'its creation failed, and CloudFormation cannot update it; a deployment deletes it and creates it again (cdk deploy does): compared as a new stack', 'NewStack'],
    ['REVIEW_IN_PROGRESS', 'created by a change set that was not executed, so it has no resources yet: compared as a new stack', 'NewStack'],
    ['UPDATE_IN_PROGRESS', 'an operation is running; the template compared is the one CloudFormation returned, and may change when it ends; any change to it fails until then', 'DeployedTemplate'],
    ['UPDATE_ROLLBACK_FAILED', 'CloudFormation refuses updates until the rollback is continued (aws cloudformation continue-update-rollback): compared with its deployed template; any change to it fails', 'DeployedTemplate'],
    ['DELETE_FAILED', 'its deletion failed, and CloudFormation can only delete it again: compared with its deployed template; any change to it fails', 'DeployedTemplate'],
    ['UPDATE_FAILED', 'the last operation failed and kept what it provisioned; an update resumes from it: compared with its deployed template', 'DeployedTemplate'],
  ])('GIVEN a stack in %s WHEN diffed --deployed THEN the report says how it is compared', async (status, line, comparedAs) => {
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Api', template: queues('A'), status, statusReason: 'because' });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const dir = app([{ id: 'Api', template: queues('A'), environment: here(), roles: false }]);

    const text = await cli(env, ['diff', '--deployed', dir]);
    const json = JSON.parse((await cli(env, ['diff', '--deployed', dir, '--json'])).stdout);

    expect(text.stdout.split('\n')[1]).toBe(`  Api: ${status} (because): ${line}`);
    expect(json.Api.DeployedStack).toMatchObject({ StackStatus: status, StackStatusReason: 'because', ComparedAs: comparedAs });
    expect(json.Api.Changes.length).toBe(comparedAs === 'NewStack' ? 1 : 0);
    expect(aws.callsOf('GetTemplate')).toHaveLength(comparedAs === 'NewStack' ? 0 : 2);
  });

  test.each([['UPDATE_ROLLBACK_FAILED', 1], ['UPDATE_ROLLBACK_COMPLETE', 0]])('GIVEN a stack in %s WHEN diffed --deployed with a queue added THEN the exit code is %d: CloudFormation refuses any update of the first', async (status, exitCode) => {
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Api', template: queues('A'), status, statusReason: 'because' });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const dir = app([{ id: 'Api', template: queues('A', 'B'), environment: here(), roles: false }]);

    const result = await cli(env, ['diff', '--deployed', dir, '--json']);

    expect(result.code).toBe(exitCode);
    const failure = JSON.parse(result.stdout).Api.Changes[0].ResourceChange.Failure;
    expect(failure).toEqual(exitCode === 0 ? undefined : { Certainty: 'Certain', Reason: expect.stringMatching(/^CloudFormation refuses to update Api while it is UPDATE_ROLLBACK_FAILED: /) });
  });

  test('GIVEN a deployed YAML template WHEN read THEN it is compared as the JSON it means', async () => {
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Api', template: queues('A'), body: '# deployed from YAML\nResources:\n  A:\n    Type: AWS::SQS::Queue\n    Properties: { QueueName: a }\n' });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));

    const result = await cli(env, ['diff', '--deployed', app([{ id: 'Api', template: queues('A'), environment: here(), roles: false }]), '--json']);

    expect(JSON.parse(result.stdout).Api.Changes).toEqual([]);
  });
});

describe('pagination, nesting and exports', () => {
  test('GIVEN pages of two WHEN exports, importers and nested stacks two levels deep are read THEN every page is followed', async () => {
    aws.pageSize = { ListExports: 2, ListImports: 2, ListStackResources: 2 };
    const outputs = Object.fromEntries(['One', 'Two', 'Three'].map((name) => [name, { Value: 'x', Export: { Name: `shared-${name}` } }]));
    const inner = queues('Deep1', 'Deep2');
    const middle = { Resources: { ...queues('Mid').Resources, Inner: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'https://example.com/inner.json' } } } };
    const root = { Resources: { ...queues('R1', 'R2').Resources, Middle: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'https://example.com/middle.json' } } }, Outputs: outputs };
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Shared', template: root, nested: new Map<string, unknown>([['Middle', middle], ['Middle/Inner', inner]]) });
    for (const importer of ['C1', 'C2', 'C3']) {
      aws.deploy({ account: DEV, region: 'eu-west-1', name: importer, template: { Resources: { P: { Type: 'AWS::SSM::Parameter', Properties: { Value: { 'Fn::ImportValue': 'shared-One' } } } } } });
    }
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Elsewhere', template: { Resources: {}, Outputs: { X: { Value: 'y', Export: { Name: 'not-ours' } } } } });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const stacks = readAssembly(app([{ id: 'Shared', template: root, environment: here(), roles: false }]));

    const read = await withAwsEnv(env, () => readDeployed(stacks, { env, notes: [], warnings: [] }));

    expect([...read.stacks[0].nested.keys()].sort()).toEqual(['Middle', 'Middle/Inner']);
    expect(read.stacks[0].nested.get('Middle/Inner')!.template).toEqual(inner);
    expect(read.exports.map((entry) => [entry.name, entry.importers])).toEqual([['shared-One', ['C1', 'C2', 'C3']], ['shared-Three', []], ['shared-Two', []]]);
    expect(aws.callsOf('ListExports').map((call) => call.params.NextToken)).toEqual([undefined, 'page-2']);
    expect(aws.callsOf('ListImports').filter((call) => call.params.ExportName === 'shared-One').map((call) => call.params.NextToken)).toEqual([undefined, 'page-2']);
  });
});

describe('many stacks and throttling', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => `Stack${String(index).padStart(3, '0')}`);

  test('GIVEN 100 stacks WHEN a snapshot is taken on a terminal THEN all are read, a bounded number at a time, with a progress line that is erased at the end', async () => {
    let active = 0;
    let most = 0;
    aws.latencyMs = 20;
    aws.interfere = () => {
      most = Math.max(most, ++active);
      setTimeout(() => active--, 20);
      return undefined;
    };
    for (const name of hundred) aws.deploy({ account: DEV, region: 'eu-west-1', name, template: queues('Q') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const dir = app(hundred.map((id) => ({ id, template: queues('Q'), environment: here(), roles: false })));

    const result = await cli(env, ['snapshot', dir, '--out', 'hundred'], { stderrIsTTY: true });

    expect(result.code).toBe(0);
    expect(Object.keys(JSON.parse(fs.readFileSync(path.join(tmp, 'hundred', 'cdk-lifecycle.deployed.json'), 'utf8')).stacks)).toEqual(hundred);
    expect(aws.callsOf('GetTemplate')).toHaveLength(100);
    expect(most).toBeLessThanOrEqual(8);
    expect(result.stderr).toContain('\r\u001b[2Kreading stacks from CloudFormation: 100/100');
    expect(result.stderr.endsWith('\r\u001b[2K')).toBe(true);
  });

  test('GIVEN four stacks and standard error piped WHEN a snapshot is taken THEN no progress line is drawn', async () => {
    for (const name of hundred.slice(0, 4)) aws.deploy({ account: DEV, region: 'eu-west-1', name, template: queues('Q') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));

    const result = await cli(env, ['snapshot', app(hundred.slice(0, 4).map((id) => ({ id, template: queues('Q'), environment: here(), roles: false }))), '--out', 'piped']);

    expect(result).toMatchObject({ code: 0, stderr: '' });
  });

  test('GIVEN bursts of throttling on every read WHEN a snapshot is taken THEN each throttled call is tried again and the snapshot is the unthrottled one', async () => {
    for (const name of hundred.slice(0, 10)) aws.deploy({ account: DEV, region: 'eu-west-1', name, template: queues('Q') });
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const dir = app(hundred.slice(0, 10).map((id) => ({ id, template: queues('Q', 'New'), environment: here(), roles: false })));
    const calm = await cli(env, ['diff', '--deployed', dir, '--json']);
    const seen = new Map<string, number>();
    let throttled = 0;
    aws.interfere = (call) => {
      const key = `${call.action} ${call.params.StackName ?? ''}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (call.service !== 'cloudformation' || seen.get(key)! > 2) return undefined;
      throttled++;
      return { status: 400, code: 'Throttling', message: 'Rate exceeded' };
    };

    const stormy = await cli(env, ['diff', '--deployed', dir, '--json']);

    expect(throttled).toBeGreaterThanOrEqual(40);
    expect(stormy).toMatchObject({ code: 0, stderr: '' });
    const changes = (stdout: string) => Object.values(JSON.parse(stdout) as Record<string, { Changes: unknown }>).map((entry) => entry.Changes);
    expect(changes(stormy.stdout)).toEqual(changes(calm.stdout));
  });

  test('GIVEN throttling that does not end WHEN the retry budget is spent THEN the read fails with an error saying so', async () => {
    aws.deploy({ account: DEV, region: 'eu-west-1', name: 'Api', template: queues('Q') });
    aws.interfere = (call) => (call.service === 'cloudformation' ? { status: 400, code: 'Throttling', message: 'Rate exceeded' } : undefined);
    const env = awsTestEnv(url, staticKeys('AKIDDEV'));
    const stacks = readAssembly(app([{ id: 'Api', template: queues('Q'), environment: here(), roles: false }]));

    const reading = withAwsEnv(env, () => readDeployed(stacks, { env, notes: [], warnings: [], retry: { budgetMs: 1500 } }));

    await expect(reading).rejects.toThrow(CliError);
    await expect(reading).rejects.toThrow(/^AWS kept throttling the reads: cloudformation:DescribeStacks on stack Api in account 111111111111, eu-west-1 with the current credentials \(arn:aws:iam::111111111111:user\/dev\) was still throttled after \d+ attempts, when the retry budget ran out: Throttling: Rate exceeded$/);
    expect(aws.callsOf('DescribeStacks').length).toBeGreaterThan(1);
  });
});

test('GIVEN every run of this file WHEN the HTTP requests it started are listed THEN they all went to loopback', () => {
  expect(outbound.hosts.length).toBeGreaterThan(0);
  expect(outbound.notLoopback()).toEqual([]);
});
