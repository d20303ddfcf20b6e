/**
 * `diff --deployed` and `diff <snapshot> <cdk.out>` on a real CDK app (aws-cdk-lib, a Stage,
 * a nested stack, a cross-stack reference, a NoEcho parameter) deployed into the loopback
 * CloudFormation stand-in: version 1 deployed, one stack in UPDATE_ROLLBACK_COMPLETE, one not
 * created yet, an export imported by a stack outside the app; version 2 compared with it. The
 * prediction must be the one two assemblies give, whichever way the deployed side arrives.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { awsTestEnv, OutboundRequests, staticKeys, withAwsEnv } from './aws-env';
import { ACCOUNT, deployAssembly, REGION, synthApp } from './cdk-app';
import { FakeAws } from './fake-aws';
import { readSide } from '../../../src/cli/input/stack-pairs';
import { run, RunResult } from '../helpers';

const LOOKUP_ROLE = `arn:aws:iam::${ACCOUNT}:role/cdk-hnb659fds-lookup-role-${ACCOUNT}-${REGION}`;
const ROLLBACK_REASON = 'The following resource(s) failed to update: [OrdersB2C5F4C1].';

let tmp: string;
const outbound = new OutboundRequests();

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-deployed-'));
  for (const kind of ['plain', 'metadata'] as const) {
    synthApp(path.join(tmp, `${kind}-v1`), 1, kind === 'metadata');
    synthApp(path.join(tmp, `${kind}-v2`), 2, kind === 'metadata');
  }
  outbound.start();
});

afterAll(() => {
  outbound.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface World {
  readonly aws: FakeAws;
  readonly env: Record<string, string>;
}

/** The stand-in with version 1 deployed as the file's description says, the lookup role trusting the user. */
async function deployedWorld(kind: string, parameters?: Record<string, Record<string, string>>): Promise<World> {
  const aws = new FakeAws();
  const url = await aws.start();
  aws.addUser('AKIDDEVELOPER', ACCOUNT, 'developer');
  aws.roles.set(LOOKUP_ROLE, { account: ACCOUNT, trusts: (caller) => caller === `arn:aws:iam::${ACCOUNT}:user/developer` });
  deployAssembly(aws, path.join(tmp, `${kind}-v1`), { ...(parameters === undefined ? {} : { parameters }) });
  const shared = aws.stacks.find((stack) => stack.name === 'Prod-Shared')!;
  shared.status = 'UPDATE_ROLLBACK_COMPLETE';
  shared.statusReason = ROLLBACK_REASON;
  const exportName = exportOf(shared.body);
  aws.deploy({ account: ACCOUNT, region: REGION, name: 'Billing', template: { Resources: { Url: { Type: 'AWS::SSM::Parameter', Properties: { Type: 'String', Value: { 'Fn::ImportValue': exportName } } } } } });
  return { aws, env: awsTestEnv(url, staticKeys('AKIDDEVELOPER')) };
}

function exportOf(body: string): string {
  const outputs = Object.values(JSON.parse(body).Outputs as Record<string, { Export: { Name: string } }>);
  return outputs[0].Export.Name;
}

async function cli(env: Record<string, string>, argv: string[]): Promise<RunResult> {
  return withAwsEnv(env, () => run(argv, { cwd: tmp, env }));
}

/** `--json` output without what only a deployed side has. */
function changesOnly(stdout: string): Record<string, unknown> {
  const json = JSON.parse(stdout) as Record<string, { Changes: unknown }>;
  return Object.fromEntries(Object.entries(json).map(([name, entry]) => [name, entry.Changes]));
}

describe.each(['plain', 'metadata'])('an app synthesized %s (nested templates found through the asset manifest, or the asset metadata)', (kind) => {
  let world: World;
  let deployed: RunResult;
  let fromFolders: RunResult;
  beforeAll(async () => {
    world = await deployedWorld(kind);
    deployed = await cli(world.env, ['diff', '--deployed', `${kind}-v2`, '--json', '--fail-on', 'none']);
    fromFolders = await cli(world.env, ['diff', `${kind}-v1`, `${kind}-v2`, '--json', '--fail-on', 'none']);
  });
  afterAll(() => world.aws.stop());

  test('GIVEN version 1 deployed WHEN version 2 is diffed --deployed THEN every stack\'s changes are those of the two assemblies, nested stack included', () => {
    expect(deployed.code).toBe(0);
    expect(changesOnly(deployed.stdout)).toEqual(changesOnly(fromFolders.stdout));
    const api = changesOnly(deployed.stdout)['Prod-Api'] as any[];
    const nested = api.map((change) => change.ResourceChange).find((change) => change.ResourceType === 'AWS::CloudFormation::Stack');
    expect(nested.NestedChanges.map((change: any) => change.ResourceChange)).toEqual([expect.objectContaining({ Action: 'Modify', ResourceType: 'AWS::SQS::Queue', Replacement: 'False' })]);
    const shared = (changesOnly(deployed.stdout)['Prod-Shared'] as any[]).map((change) => change.ResourceChange);
    expect(shared).toEqual([expect.objectContaining({ ResourceType: 'AWS::DynamoDB::Table', Replacement: 'True', Failure: expect.objectContaining({ Certainty: 'Certain' }) })]);
  });

  test('GIVEN a stack not created, one in UPDATE_ROLLBACK_COMPLETE WHEN diffed --deployed --json THEN each stack says how it was compared', () => {
    const json = JSON.parse(deployed.stdout);

    expect(Object.keys(json)).toEqual(['Prod-Shared', 'Prod-Api', 'Prod-Audit']);
    expect(json['Prod-Audit'].DeployedStack).toMatchObject({ StackStatus: 'NOT_FOUND', ComparedAs: 'NewStack' });
    expect(json['Prod-Audit'].Changes.map((change: any) => change.ResourceChange.Action)).toEqual(['Add']);
    expect(json['Prod-Shared'].DeployedStack).toMatchObject({ StackStatus: 'UPDATE_ROLLBACK_COMPLETE', StackStatusReason: ROLLBACK_REASON, ComparedAs: 'DeployedTemplate' });
    expect(json['Prod-Api'].DeployedStack).toMatchObject({ StackStatus: 'CREATE_COMPLETE', UnknownParameters: ['Secret'], StackId: expect.stringMatching(/^arn:aws:cloudformation:eu-west-1:111111111111:stack\/Prod-Api\//) });
  });

  test('GIVEN the lookup role trusts the user WHEN diffed --deployed THEN it is assumed with its placeholders resolved and reads every stack, quietly', () => {
    expect(world.aws.callsOf('AssumeRole').map((call) => call.params.RoleArn)).toContain(LOOKUP_ROLE);
    const reads = world.aws.calls.filter((call) => call.service === 'cloudformation');
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((call) => call.accessKeyId.startsWith('ASIA'))).toBe(true);
    expect(world.aws.callsOf('GetTemplate').every((call) => call.params.TemplateStage === 'Original')).toBe(true);
    expect(deployed.stderr).toBe('');
  });

  test('GIVEN a snapshot of the same stacks WHEN it is diffed with version 2 offline THEN the output is the one of diff --deployed', async () => {
    const snapshot = await cli(world.env, ['snapshot', `${kind}-v2`, '--out', `${kind}-snapshot`]);
    const callsBefore = world.aws.calls.length;
    const offline = await run(['diff', `${kind}-snapshot`, `${kind}-v2`, '--json', '--fail-on', 'none'], { cwd: tmp });

    expect(snapshot).toMatchObject({ code: 0, stderr: '' });
    expect(snapshot.stdout).toMatch(/^Snapshot of 3 stacks written to \w+-snapshot \(taken .*\): 2 deployed, 1 new \(nothing to update\); 1 export, 1 imported outside the app\n$/);
    expect(world.aws.calls.length).toBe(callsBefore);
    const withoutTime = (stdout: string) => stdout.replace(/"TakenAt": "[^"]+"/g, '"TakenAt": "-"');
    expect(withoutTime(offline.stdout)).toBe(withoutTime(deployed.stdout));
  });
});

describe('what the snapshot records', () => {
  let world: World;
  beforeAll(async () => {
    world = await deployedWorld('plain', { 'Prod-Api': { Env: 'prod', Secret: 'hunter2' } });
    expect((await cli(world.env, ['snapshot', 'plain-v2', '--out', 'recorded'])).code).toBe(0);
  });
  afterAll(() => world.aws.stop());

  test('GIVEN an export imported in and outside the app WHEN the snapshot is read as a side THEN its deployed state carries the export and both importers', () => {
    const side = readSide('recorded', tmp);

    expect(side.kind === 'assembly' && side.deployed?.exports).toEqual([expect.objectContaining({
      name: expect.stringMatching(/^Prod-Shared:ExportsOutputRefJobs/),
      value: expect.stringMatching(/-value$/),
      exportingStackName: 'Prod-Shared',
      exportingStackId: expect.stringMatching(/:stack\/Prod-Shared\//),
      importers: ['Billing', 'Prod-Api'],
      account: ACCOUNT,
      region: REGION,
    })]);
  });

  test('GIVEN parameters deployed with values, one NoEcho WHEN recorded THEN the values are kept and the NoEcho one is unknown', () => {
    const state = JSON.parse(fs.readFileSync(path.join(tmp, 'recorded', 'cdk-lifecycle.deployed.json'), 'utf8'));

    expect(state.stacks['Prod-Api'].parameters).toEqual({
      BootstrapVersion: { value: '/cdk-bootstrap/hnb659fds/version' },
      Env: { value: 'prod' },
      Secret: { noEcho: true },
    });
    expect(state.stacks['Prod-Audit']).toEqual({ status: 'NOT_FOUND', parameters: {} });
    expect(JSON.stringify(state)).not.toContain('hunter2');
  });

  test('GIVEN deployed parameter values WHEN the update gives the same value THEN nothing that references it changes, unlike against the defaults', async () => {
    const alertsOf = (stdout: string) => (JSON.parse(stdout)['Prod-Api'].Changes as any[]).find((change) => change.ResourceChange.ResourceType === 'AWS::SNS::Topic');
    const kept = await run(['diff', 'recorded', 'plain-v2', '--json', '--stack', 'Prod-Api', '--parameters-after', 'Env=prod'], { cwd: tmp });
    const againstDefaults = await run(['diff', 'plain-v1', 'plain-v2', '--json', '--stack', 'Prod-Api', '--parameters-after', 'Env=prod'], { cwd: tmp });
    const overridden = await run(['diff', 'recorded', 'plain-v2', '--json', '--stack', 'Prod-Api', '--parameters-before', 'Env=staging', '--parameters-after', 'Env=prod'], { cwd: tmp });

    expect(alertsOf(kept.stdout)).toBeUndefined();
    expect(alertsOf(againstDefaults.stdout).ResourceChange.Details).toContainEqual(expect.objectContaining({ ChangeSource: 'ParameterReference', CausingEntity: 'Env' }));
    expect(alertsOf(overridden.stdout).ResourceChange.Details).toContainEqual(expect.objectContaining({ ChangeSource: 'ParameterReference', CausingEntity: 'Env' }));
  });

  test('GIVEN the snapshot WHEN diffed for people THEN the report starts with when it was taken and a line for each stack not simply deployed', async () => {
    const { stdout, code } = await run(['diff', 'recorded', 'plain-v2'], { cwd: tmp });
    const lines = stdout.split('\n');

    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^Deployed: the snapshot recorded \(taken \d{4}-\d{2}-\d{2}T[\d:.]+Z\)$/);
    expect(lines.slice(1, 4)).toEqual([
      `  Prod-Shared: UPDATE_ROLLBACK_COMPLETE (${ROLLBACK_REASON}): its last update failed and was rolled back: compared with the template it rolled back to`,
      '  Prod-Api: parameter Secret is NoEcho: its deployed value is unknown (CloudFormation shows ****); the prediction takes it as kept by the update unless --parameters-after gives one',
      '  Prod-Audit: not deployed yet: compared as a new stack',
    ]);
    expect(lines[4]).toBe('');
    expect(lines[5]).toBe('Certain failures: CloudFormation will fail to apply these changes');
    expect(stdout).toContain('Stack Prod-Audit (Prod/Audit): new stack');
  });
});

test('GIVEN every run of this file WHEN the HTTP requests it started are listed THEN they all went to loopback', () => {
  expect(outbound.hosts.length).toBeGreaterThan(0);
  expect(outbound.notLoopback()).toEqual([]);
});
