/**
 * `cdk-lifecycle/testing` on stacks synthesized in-process with cdk-lifecycle's own
 * `ResourceProvider` (the bundled runtime in front of the handler): a handler that throws, an
 * SNS-backed provider, framework mode with a Node.js and with a Python `onEventFunction`, typed
 * properties, and the change set between two versions of an app. The assemblies are
 * synthesized without asset metadata, so the runner finds the code through the asset manifest.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, CfnResource, Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider, ServiceTokenType } from '../../src';
import { LocalCloudFormation, LocalSetupError, playOk, StepResult, TemplateRejectedError } from '../../src/testing';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'providers');
const HANDLERS = path.join(FIXTURES, 'runtime-handlers');

let tmp: string;
let cfn: LocalCloudFormation;

/** The app of the change-set test, at one of its two versions. */
function evolvingApp(outdir: string, version: 1 | 2): void {
  const app = new App({ outdir });
  const stack = new Stack(app, 'Evolving');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent', timeout: Duration.seconds(10) });
  new ProvidedResource(stack, 'Item', { provider, properties: { name: 'item', region: version === 1 ? 'eu-west-1' : 'us-east-1', count: version }, replaceOnChange: ['region'] });
  new ProvidedResource(stack, version === 1 ? 'Gone' : 'New', { provider, properties: { name: version === 1 ? 'gone' : 'new' } });
  app.synth();
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-testing-'));
  const app = new App({ outdir: path.join(tmp, 'main') });
  const stack = new Stack(app, 'Providers');
  const direct = new ResourceProvider(stack, 'Direct', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent', timeout: Duration.seconds(10) });
  new ProvidedResource(stack, 'Refuses', { provider: direct, properties: { name: 'refuses', mode: 'throw' } });
  new ProvidedResource(stack, 'Typed', { provider: direct, properties: { name: 'typed', count: 3, enabled: true, nothing: null }, replaceOnChange: ['name'] });
  const viaSns = new ResourceProvider(stack, 'ViaSns', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent', serviceTokenType: ServiceTokenType.SNS_TOPIC });
  new ProvidedResource(stack, 'Notified', { provider: viaSns, properties: { name: 'notified' } });
  const nodeFunction = new lambda.Function(stack, 'NodeHandler', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code: lambda.Code.fromAsset(path.join(FIXTURES, 'framework-handler')) });
  new ProvidedResource(stack, 'Framed', { provider: new ResourceProvider(stack, 'Framework', { onEventFunction: nodeFunction }), properties: { name: 'framed', count: 2 } });
  const pythonFunction = new lambda.Function(stack, 'PythonHandler', { runtime: lambda.Runtime.PYTHON_3_13, handler: 'index.handler', code: lambda.Code.fromInline('def handler(event, context):\n  return {}') });
  new ProvidedResource(stack, 'Pythonic', { provider: new ResourceProvider(stack, 'PythonFramework', { onEventFunction: pythonFunction }) });
  app.synth();
  evolvingApp(path.join(tmp, 'v1'), 1);
  evolvingApp(path.join(tmp, 'v2'), 2);
  cfn = await LocalCloudFormation.open(path.join(tmp, 'main'));
});

afterAll(async () => {
  await cfn?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test('GIVEN a ResourceProvider whose handler throws WHEN its lifecycle is played THEN the runtime answers FAILED with the error, and the rollback Delete of its marker id succeeds without the handler', async () => {
  const run = await cfn.lifecycle({ resource: 'Refuses' });

  expect(run.steps.map((step) => [step.label, step.status, step.violations])).toEqual([['Create', 'FAILED', []], ['Delete (rollback)', 'SUCCESS', []]]);
  expect(run.steps[0].response?.Reason).toMatch(/^Error: the handler refuses \(see CloudWatch Logs: log group \/aws\/lambda\/Providers-DirectFunction/);
  expect(run.steps[1].physicalResourceId).toMatch(/^cdk-lifecycle:create-failed:Refuses-/);
  expect(run.steps[1].logs.join('\n')).not.toContain('handler got');
  expect(playOk(run)).toBe(false);
});

test('GIVEN a ProvidedResource with typed properties WHEN created and updated with new ones THEN the handler sees their JSON types, new properties included, and a replaceOnChange property replaces it', async () => {
  const run = await cfn.lifecycle({ resource: 'Typed', properties: { name: 'renamed', ratio: 0.5 } });

  expect(run.steps.map((step) => [step.label, step.status, step.physicalResourceId])).toEqual([
    ['Create', 'SUCCESS', 'made-typed-nowhere'],
    ['Update', 'SUCCESS', 'made-renamed-nowhere'],
    ['Delete (old id)', 'SUCCESS', 'made-typed-nowhere'],
    ['Delete', 'SUCCESS', 'made-renamed-nowhere'],
  ]);
  // CloudFormation takes no null in a template: the request has no `nothing`, the handler gets it back as null.
  expect(run.steps[0].request.ResourceProperties).toMatchObject({ count: '3', enabled: 'true' });
  expect(run.steps[0].request.ResourceProperties).not.toHaveProperty('nothing');
  expect(JSON.parse(String(run.steps[0].response?.Data?.types))).toEqual({ name: 'string', count: 'number', enabled: 'boolean', nothing: 'object' });
  expect(JSON.parse(String(run.steps[1].response?.Data?.types))).toMatchObject({ ratio: 'number', count: 'number' });
  expect(run.steps[1].response!.Data).toMatchObject({ replacing: 'true' });
  expect(run.steps[1].logs.some((line) => line.includes('handler got Create (replacing)'))).toBe(true);
});

test('GIVEN a stack that writes a null property WHEN any of its custom resources is played THEN the runner refuses the template as CloudFormation would, naming the rule and the JSON path, and plays nothing', async () => {
  const app = new App({ outdir: path.join(tmp, 'nulls') });
  const stack = new Stack(app, 'Nulls');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLERS), handler: 'index.onEvent' });
  new CfnResource(stack, 'Raw', { type: 'Custom::Raw', properties: { ServiceToken: provider.serviceToken, nothing: null } });
  app.synth();
  const played: StepResult[] = [];
  const local = await LocalCloudFormation.open(path.join(tmp, 'nulls'), { onStep: (step) => played.push(step) });
  try {
    const error = await local.lifecycle({ resource: 'Raw' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TemplateRejectedError);
    expect((error as TemplateRejectedError).problems).toEqual([{ rule: 'null-value', path: '/Resources/Raw/Properties/nothing', message: "'null' values are not allowed in templates" }]);
    expect((error as Error).message).toContain("[/Resources/Raw/Properties/nothing] 'null' values are not allowed in templates [null-value]");
    expect(played).toEqual([]);
  } finally {
    await local.close();
  }
});

test('GIVEN an SNS-backed ResourceProvider WHEN created THEN the runtime unwraps the notification and answers', async () => {
  const step = await cfn.create({ resource: 'Notified' });

  expect(step.request.ServiceToken).toMatch(/^arn:aws:sns:us-east-1:123456789012:/);
  expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'made-notified-nowhere', violations: [] });
});

test('GIVEN a ResourceProvider in framework mode with a Node.js onEventFunction WHEN created THEN the provider invokes it through the local Lambda API and answers with its result', async () => {
  const step = await cfn.create({ resource: 'Framed' });

  expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'framework-framed', response: { Data: { requestType: 'Create', nameType: 'number' } } });
  expect(step.invocations.map((invocation) => [invocation.function.replace(/[0-9A-F]{8}$/, ''), invocation.type])).toEqual([
    ['NodeHandler', 'RequestResponse'],
    ['FrameworkFunction', 'Event'],
  ]);
});

test('GIVEN a ResourceProvider in framework mode with a Python onEventFunction WHEN played THEN it says clearly that it cannot run locally, and why', async () => {
  const error = await cfn.create({ resource: 'Pythonic' }).catch((e: unknown) => e);

  expect(error).toBeInstanceOf(LocalSetupError);
  expect((error as Error).message).toMatch(/^the provider of Pythonic is function PythonFrameworkFunction[0-9A-F]{8} \(stack Providers\), a cdk-lifecycle provider in framework mode, and its onEventFunction PythonHandler[0-9A-F]{8} runs python3\.13: only Node\.js functions run locally$/);
});

test('GIVEN two versions of an app WHEN their change set is played THEN the deployed resources are created first, then the new one, the Update that replaces, and the cleanup Deletes', async () => {
  const v2 = await LocalCloudFormation.open(path.join(tmp, 'v2'));
  try {
    const run = await v2.changeSet({ before: path.join(tmp, 'v1') });

    expect(run.steps.map((step) => [step.label, step.logicalResourceId, step.status, step.physicalResourceId])).toEqual([
      ['Create (as deployed)', 'Item', 'SUCCESS', 'made-item-eu-west-1'],
      ['Create (as deployed)', 'Gone', 'SUCCESS', 'made-gone-nowhere'],
      ['Update', 'Item', 'SUCCESS', 'made-item-us-east-1'],
      ['Create', 'New', 'SUCCESS', 'made-new-nowhere'],
      ['Delete (old id)', 'Item', 'SUCCESS', 'made-item-eu-west-1'],
      ['Delete (removed)', 'Gone', 'SUCCESS', 'made-gone-nowhere'],
    ]);
    expect(run.steps[2].request).toMatchObject({ OldResourceProperties: { region: 'eu-west-1', count: '1' }, ResourceProperties: { region: 'us-east-1', count: '2' } });
    expect(playOk(run)).toBe(true);
  } finally {
    await v2.close();
  }
});
