/**
 * No false alarms, and no false all-clear (issue 34 item 5), through the CLI on a real
 * synthesized two-stack app in a Stage: `Data` holds a named table and a security group whose
 * rules are inline, with a rule from `Api`'s group written as a separate
 * `AWS::EC2::SecurityGroupIngress` that reads `GetAtt GroupId`; `Api` imports the table's name
 * and ARN (CDK writes the exports). The traps:
 * - the table's partition key changed under its fixed name: the replacement itself fails; the
 *   exports of its `Ref` and ARN keep their value (the name does), so no export fails;
 * - an ingress rule added inline: the group is updated in place, its id stays, so the separate
 *   ingress rule is not "may be replaced" and `--fail-on replacement` passes;
 * - the Data stack in `UPDATE_ROLLBACK_FAILED` (a snapshot): CloudFormation refuses any update,
 *   so every change to it is a certain failure, in every output.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Stack, Stage } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { run, synthesizeBeforeAll } from './helpers';
import { sarifProblems } from '../helpers/sarif-schema';

interface Version {
  readonly partitionKey?: string;
  /** Adds an inline ingress rule to the data group. */
  readonly openHttps?: boolean;
}

function synth(outdir: string, version: Version): void {
  const app = new App({ outdir });
  const stage = new Stage(app, 'Prod', { env: { account: '123456789012', region: 'eu-west-1' } });
  const data = new Stack(stage, 'Data');
  const table = new dynamodb.Table(data, 'Orders', { tableName: 'orders', partitionKey: { name: version.partitionKey ?? 'pk', type: dynamodb.AttributeType.STRING } });
  const vpc = new ec2.Vpc(data, 'Vpc', { maxAzs: 2, natGateways: 0 });
  const databaseGroup = new ec2.SecurityGroup(data, 'Database', { vpc, description: 'database' });
  const appGroup = new ec2.SecurityGroup(data, 'App', { vpc, description: 'app' });
  databaseGroup.addIngressRule(ec2.Peer.ipv4('10.0.0.0/16'), ec2.Port.tcp(5432), 'from the VPC');
  if (version.openHttps) databaseGroup.addIngressRule(ec2.Peer.ipv4('10.1.0.0/16'), ec2.Port.tcp(443), 'from the peered VPC');
  // A rule from another group: CDK writes it as a separate AWS::EC2::SecurityGroupIngress reading GetAtt GroupId.
  databaseGroup.connections.allowFrom(appGroup, ec2.Port.tcp(5432), 'from the app');
  const api = new Stack(stage, 'Api');
  new lambda.Function(api, 'Handler', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => {};'),
    environment: { TABLE: table.tableName, TABLE_ARN: table.tableArn },
  });
  app.synth();
}

const tmp = synthesizeBeforeAll('cdk-lifecycle-false-alarms-', (folder) => {
  synth(path.join(folder, 'deployed'), {});
  synth(path.join(folder, 'new-key'), { partitionKey: 'id' });
  synth(path.join(folder, 'open-https'), { openHttps: true });
});

const failuresOf = (json: any) => Object.entries<any>(json).flatMap(([stack, { Changes, Outputs }]) => [
  ...(Outputs ?? []).filter((output: any) => output.Failure !== undefined).map((output: any) => ({ stack, id: output.OutputKey, ...output.Failure })),
  ...Changes.map((change: any) => change.ResourceChange)
    .filter((change: any) => change.Failure !== undefined)
    .map((change: any) => ({ stack, id: change.LogicalResourceId, ...change.Failure })),
]);

describe('a replacement that keeps its name keeps its exports\' values', () => {
  test('GIVEN the named table\'s partition key changed while Api imports its name and ARN WHEN diffed THEN the replacement is the one failure, and its exports say they keep their value', async () => {
    const { code, stdout } = await run(['diff', '--json', 'deployed', 'new-key'], { cwd: tmp() });
    const json = JSON.parse(stdout);

    expect(code).toBe(1);
    expect(failuresOf(json)).toEqual([
      expect.objectContaining({ stack: 'Prod-Data', id: expect.stringMatching(/^Orders/), Certainty: 'Certain', Reason: expect.stringContaining('TableName "orders" stays the same while the resource is replaced') }),
    ]);
    const kept = json['Prod-Data'].Outputs.filter((output: any) => /ExportsOutput(Ref|FnGetAtt)Orders/.test(output.OutputKey));
    expect(kept).toHaveLength(2);
    for (const output of kept) {
      expect(output).toMatchObject({ Action: 'None', ValueChange: 'None' });
      expect(output.Notes).toEqual([expect.stringMatching(/^it reads Orders\w+( \(Ref\)|\.Arn), which is replaced under the same TableName "orders": (Ref|Arn) derives from it and keeps its value \(the replacement itself fails: the name is taken\)$/)]);
    }
  });

  test('GIVEN the same WHEN diffed as text THEN the summary counts one certain failure and the Outputs section says why the exports keep their value', async () => {
    const { stdout } = await run(['diff', 'deployed', 'new-key'], { cwd: tmp() });

    expect(stdout).toMatch(/Summary: .*1 certain failure\b.*1 data verdict \(0 deleting data\)\n/);
    expect(stdout).not.toMatch(/Cannot update export/);
    expect(stdout).toMatch(/\[=\] ExportsOutputRefOrders\w+ export Prod-Data:\S+\n {4}note: it reads Orders\w+ \(Ref\), which is replaced under the same TableName "orders"/);
  });
});

describe('GetAtt of an attribute an update in place cannot change propagates nothing', () => {
  test('GIVEN an ingress rule added inline to the database group WHEN diffed with --fail-on replacement THEN the separate ingress rule reading its GroupId is untouched and the exit code is 0', async () => {
    const json = JSON.parse((await run(['diff', '--json', 'deployed', 'open-https'], { cwd: tmp() })).stdout);
    const { code } = await run(['diff', 'deployed', 'open-https', '--fail-on', 'replacement'], { cwd: tmp() });

    const changes = json['Prod-Data'].Changes.map((change: any) => change.ResourceChange);
    expect(changes.map((change: any) => `${change.ResourceType} ${change.Replacement}`)).toEqual(['AWS::EC2::SecurityGroup False']);
    expect(code).toBe(0);
  });
});

describe('a stack CloudFormation refuses to update', () => {
  /** A snapshot of the deployed app whose Data stack is in `status`. */
  const snapshot = (name: string, status: string): string => {
    const folder = tmp(name);
    fs.cpSync(tmp('deployed'), folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'cdk-lifecycle.deployed.json'), JSON.stringify({
      version: 1,
      takenAt: '2026-12-01T10:00:00.000Z',
      stacks: {
        'Prod-Data': { status, statusReason: 'The following resource(s) failed to update: [Orders].', parameters: {} },
        'Prod-Api': { status: 'UPDATE_COMPLETE', parameters: {} },
      },
      exports: [],
    }));
    return name;
  };

  test('GIVEN Data in UPDATE_ROLLBACK_FAILED WHEN an ingress rule is added to it THEN the change is a certain failure: counted, in --json, and the exit code is 1', async () => {
    const folder = snapshot('rollback-failed', 'UPDATE_ROLLBACK_FAILED');
    const text = await run(['diff', folder, 'open-https'], { cwd: tmp() });
    const json = JSON.parse((await run(['diff', '--json', folder, 'open-https'], { cwd: tmp() })).stdout);

    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/Summary: .*1 certain failure\b/);
    expect(text.stdout).toMatch(/^ {2}Prod-Data: UPDATE_ROLLBACK_FAILED \(.*\): CloudFormation refuses updates until the rollback is continued .*: compared with its deployed template; any change to it fails$/m);
    expect(text.stdout).toMatch(/\n\nCertain failures: CloudFormation will fail to apply these changes\n\[!\] AWS::EC2::SecurityGroup Database\w+ \(stack Prod-Data\)\n {4}CloudFormation refuses to update Prod-Data while it is UPDATE_ROLLBACK_FAILED: its last update failed and so did the rollback; continue the rollback first/);
    expect(failuresOf(json)).toEqual([expect.objectContaining({
      stack: 'Prod-Data',
      id: expect.stringMatching(/^Database/),
      Certainty: 'Certain',
      Reason: expect.stringMatching(/^CloudFormation refuses to update Prod-Data while it is UPDATE_ROLLBACK_FAILED/),
    })]);
    expect(json['Prod-Api'].Changes).toEqual([]);
  });

  test('GIVEN Data in UPDATE_ROLLBACK_FAILED WHEN written as HTML, Markdown, SARIF and JUnit THEN each has the same certain failure', async () => {
    const folder = snapshot('rollback-failed-outputs', 'UPDATE_ROLLBACK_FAILED');
    await run(['diff', folder, 'open-https', '--html', 'r.html', '--markdown', 'r.md', '--sarif', 'r.sarif', '--junit', 'r.xml'], { cwd: tmp() });

    expect(fs.readFileSync(tmp('r.html'), 'utf8')).toContain('CloudFormation refuses to update Prod-Data while it is UPDATE_ROLLBACK_FAILED');
    expect(fs.readFileSync(tmp('r.md'), 'utf8')).toContain('refuses to update Prod-Data while it is UPDATE_ROLLBACK_FAILED');
    const sarif = JSON.parse(fs.readFileSync(tmp('r.sarif'), 'utf8'));
    expect(sarifProblems(sarif)).toEqual([]);
    expect(sarif.runs[0].results.filter((result: any) => result.level === 'error')).toHaveLength(1);
    expect(fs.readFileSync(tmp('r.xml'), 'utf8')).toMatch(/<failure message="1 change fails the review" type="cdk-lifecycle">FAIL Modify AWS::EC2::SecurityGroup Database\w+: CloudFormation refuses to update Prod-Data while it is UPDATE_ROLLBACK_FAILED/);
  });

  test.each([
    ['UPDATE_IN_PROGRESS', 1],
    ['UPDATE_COMPLETE_CLEANUP_IN_PROGRESS', 1],
    ['DELETE_FAILED', 1],
    ['IMPORT_ROLLBACK_FAILED', 1],
    ['UPDATE_FAILED', 0],
    ['UPDATE_ROLLBACK_COMPLETE', 0],
  ])('GIVEN Data in %s WHEN an ingress rule is added to it THEN the exit code is %d', async (status, exitCode) => {
    const folder = snapshot(`state-${status}`, status);
    expect((await run(['diff', folder, 'open-https'], { cwd: tmp() })).code).toBe(exitCode);
  });

  test('GIVEN Data in UPDATE_ROLLBACK_FAILED WHEN nothing of it changes THEN nothing fails: no update is attempted', async () => {
    const folder = snapshot('rollback-failed-same', 'UPDATE_ROLLBACK_FAILED');
    expect((await run(['diff', folder, 'deployed'], { cwd: tmp() })).code).toBe(0);
  });
});
