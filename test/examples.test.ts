/**
 * The example app synthesizes with the real `cdk` CLI (offline, no credentials), as the
 * README's `npm run example` does.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './cli/helpers';
import { cfnStringify, makeEvent } from './helpers/events';
import { invoke, localFunction, stopLocalSsm, withLocalSsm } from './helpers/local-lambda';
import { ResponseServer } from './helpers/response-server';

const ROOT = path.join(__dirname, '..');
const CDK = path.join(ROOT, 'node_modules', '.bin', 'cdk');

/** Runs `cdk synth` on examples/ into a fresh folder; returns the CLI's result and the folder. */
export function synthExample(extraArgs: string[] = []) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-example-'));
  const result = spawnSync(CDK, ['synth', '--no-notices', '--quiet', '--app', 'npx ts-node --transpile-only app.ts', '--output', outdir, ...extraArgs], {
    cwd: path.join(ROOT, 'examples'),
    encoding: 'utf8',
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', CI: 'true' },
    timeout: 120_000,
  });
  return { result, outdir };
}

let synthesized: ReturnType<typeof synthExample>;
beforeAll(() => { synthesized = synthExample(); });

test('GIVEN the example app WHEN synthesized with the cdk CLI THEN the template holds the custom resource, its typed properties and its provider', () => {
  const { result, outdir } = synthesized;
  expect(result.status).toBe(0);
  const template = JSON.parse(fs.readFileSync(path.join(outdir, 'LifecycleExample.template.json'), 'utf8'));
  const resource = template.Resources.MySeleniumTest;
  expect(resource.Type).toBe('Custom::SeleniumTester');
  expect(resource.Properties).toMatchObject({
    ServiceTimeout: 600,
    frequencyOfTestsPerHour: 3,
    CdkLifecycle: { v: '2', t: { frequencyOfTestsPerHour: 'n' }, replaceOnChange: ['region'] },
  });
  const providerFunction = Object.values<any>(template.Resources).find((r) => r.Type === 'AWS::Lambda::Function');
  expect(providerFunction.Properties.Handler).toBe('cdk-lifecycle-runtime/index.handler');
  expect(resource.Properties.ServiceToken['Fn::GetAtt'][0]).toBe(Object.keys(template.Resources).find((k) => template.Resources[k] === providerFunction));
});

test('GIVEN the example app with a named table WHEN synthesized with the cdk CLI THEN the guard warns, and the acknowledged queue is silent', () => {
  const { result } = synthesized;
  expect(result.status).toBe(0);
  const output = `${result.stdout}${result.stderr}`;
  expect(output).toMatch(/WARNING AWS::DynamoDB::Table \w+ has an explicit name \(TableName = "lifecycle-example-reports"\)[^\n]*\n\s+LifecycleExample\/Reports\/Resource/);
  expect(output).toContain("Acknowledge with 'Annotation::cdk-lifecycle:named-resource-replacement'");
  expect(output).not.toContain('lifecycle-example-jobs');
});

test('GIVEN the example app WHEN synthesized with cdk synth --strict THEN the warning fails the synthesis', () => {
  const { result } = synthExample(['--strict']);
  expect(result.status).not.toBe(0);
  expect(`${result.stdout}${result.stderr}`).toContain('cdk-lifecycle:named-resource-replacement');
});

test('GIVEN the example provider as synthesized by the cdk CLI WHEN CloudFormation creates, replaces (region changed) and deletes the resource THEN the README handler gives the replacement a new id', async () => {
  const { outdir } = synthesized;
  const template = JSON.parse(fs.readFileSync(path.join(outdir, 'LifecycleExample.template.json'), 'utf8'));
  const [fnId, fnResource] = Object.entries<any>(template.Resources).find(([, r]) => r.Type === 'AWS::Lambda::Function')!;
  // The runtime claims each request in SSM: a loopback stand-in of it.
  const fn = await withLocalSsm(localFunction(path.join(outdir, fnResource.Metadata['aws:asset:path']), template.Resources[fnId]));
  const { ServiceToken: _token, ...props } = template.Resources.MySeleniumTest.Properties;
  const delivered = (changes: Record<string, unknown> = {}) => cfnStringify({ ServiceToken: 'arn', ...props, ...changes });
  const request = (fields: Record<string, unknown>) => makeEvent(server.url(), { LogicalResourceId: 'MySeleniumTest', ResourceType: 'Custom::SeleniumTester', ...fields });

  const server = await ResponseServer.start();
  try {
    await invoke(fn, request({ RequestType: 'Create', ResourceProperties: delivered() }));
    const created = server.bodies[0];
    expect(created).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: expect.stringMatching(/^selenium-eu-west-1-/) });
    expect(created.Data.resultsPage).toBe(`https://example.com/results/${created.PhysicalResourceId}`);

    await invoke(fn, request({ RequestType: 'Update', PhysicalResourceId: created.PhysicalResourceId, ResourceProperties: delivered({ region: 'us-east-1' }), OldResourceProperties: delivered() }));
    const replaced = server.bodies[1];
    expect(replaced).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: expect.stringMatching(/^selenium-us-east-1-/) });
    expect(replaced.PhysicalResourceId).not.toBe(created.PhysicalResourceId);

    await invoke(fn, request({ RequestType: 'Delete', PhysicalResourceId: created.PhysicalResourceId, ResourceProperties: delivered() }));
    expect(server.bodies[2]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: created.PhysicalResourceId });
  } finally {
    await server.close();
    await stopLocalSsm();
  }
});

test('GIVEN the example app with its exported queue replaced WHEN compared with cdk-lifecycle diff THEN the export the second stack imports is a certain failure (npm run example:exports)', async () => {
  const { result, outdir: after } = synthExample(['-c', 'newQueueName=true']);
  expect(result.status).toBe(0);

  const { code, stdout } = await run(['diff', synthesized.outdir, after], { cwd: ROOT });

  expect(code).toBe(1);
  expect(stdout).toMatch(/^Certain failures: CloudFormation will fail to apply these changes\n\[!\] Output ExportsOutputRefJobs\w+ \(export LifecycleExample:ExportsOutputRefJobs\w+\) \(stack LifecycleExample\)\n {4}Cannot update export LifecycleExample:ExportsOutputRefJobs\w+ as it is in use by LifecycleExampleConsumers: it reads Jobs\w+, and Jobs\w+ is replaced/);
});
