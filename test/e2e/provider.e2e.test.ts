/**
 * End to end: synthesize a stack through the public API, load the provider function's
 * bundled asset from the cloud assembly exactly as it would be deployed, run it in its own
 * process, and answer a real HTTP server on 127.0.0.1 standing in for the pre-signed URL.
 * Properties reach the function as CloudFormation delivers them (every scalar a string).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { ProvidedResource, ResourceProvider, ServiceTokenType } from '../../src';
import { FAILED_CREATE_MARKER } from '../../src/runtime/contract';
import { LocalCloudFormation } from '../../src/testing';
import { appWithAssetMetadata, functionAssetDirs } from '../helpers/assembly';
import { cfnStringify, makeEvent, snsEnvelope } from '../helpers/events';
import { invoke, LocalFunction, localFunction, stopLocalSsm, withLocalSsm } from '../helpers/local-lambda';
import { ResponseServer, SIGNATURE } from '../helpers/response-server';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');
const FUNCTION_ARN = 'arn:aws:lambda:us-east-1:123456789012:function:provider';

let assembly: CloudAssembly;
let template: any;
let fns: Record<string, LocalFunction>;
let server: ResponseServer;
let outdir: string;

beforeAll(async () => {
  outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-e2e-'));
  const app = appWithAssetMetadata(outdir);
  const stack = new Stack(app, 'E2E');
  const inFunction = new ResourceProvider(stack, 'Direct', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', timeout: Duration.seconds(6) });
  new ProvidedResource(stack, 'Thing', {
    provider: inFunction,
    resourceType: 'Custom::Thing',
    properties: { count: 5, enabled: true, nested: { list: [1, 'two', false] }, region: 'eu-west-1', mode: 'normal' },
    replaceOnChange: ['region'],
  });
  new ResourceProvider(stack, 'ViaSns', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', serviceTokenType: ServiceTokenType.SNS_TOPIC });
  const userFn = new lambda.Function(stack, 'PythonHandler', { runtime: lambda.Runtime.PYTHON_3_13, handler: 'index.handler', code: lambda.Code.fromInline('def handler(event, context):\n  return {}') });
  new ResourceProvider(stack, 'Framework', { onEventFunction: userFn });
  assembly = app.synth();
  template = assembly.getStackByName('E2E').template;
  const dirs = functionAssetDirs(assembly, 'E2E');
  fns = {};
  for (const [id, dir] of Object.entries(dirs)) {
    fns[id.replace(/Function[0-9A-F]{8}$/, '')] = await withLocalSsm(localFunction(dir, template.Resources[id], { CDK_LIFECYCLE_ON_EVENT_FUNCTION: 'arn:aws:lambda:us-east-1:123456789012:function:python-handler' }));
  }
  server = await ResponseServer.start();
  expect(Object.keys(fns).sort()).toEqual(['Direct', 'Framework', 'ViaSns']);
});
afterAll(async () => { await server.close(); await stopLocalSsm(); });

/** A request for the template's `Thing`, with its properties as CloudFormation delivers them. */
function thingRequest(requestType: string, overrides: Record<string, unknown> = {}, changes: Record<string, unknown> = {}) {
  const { ServiceToken: _token, ...props } = template.Resources.Thing.Properties;
  const delivered = cfnStringify({ ServiceToken: FUNCTION_ARN, ...props, ...changes });
  return makeEvent(server.url(), { RequestType: requestType, LogicalResourceId: 'Thing', ResourceType: 'Custom::Thing', ResourceProperties: delivered, ...overrides });
}

async function send(fn: LocalFunction, event: Record<string, unknown>) {
  const before = server.puts.length;
  const invocation = await invoke(fn, event);
  expect(invocation.error).toBeUndefined();
  expect(invocation.timedOut).toBe(false);
  return { invocation, responses: server.bodies.slice(before), puts: server.puts.slice(before) };
}

test('GIVEN the synthesized asset WHEN inspected THEN it holds the user handler and the bundled runtime, and the runtime stays under its size bound', () => {
  const dir = fns.Direct.assetDir;
  expect(fs.existsSync(path.join(dir, 'index.js'))).toBe(true);
  const runtimeDir = path.join(dir, 'cdk-lifecycle-runtime');
  expect(fs.readdirSync(runtimeDir)).toEqual(['index.js']);
  const bytes = fs.readdirSync(runtimeDir).reduce((sum, f) => sum + fs.statSync(path.join(runtimeDir, f)).size, 0);
  // 20 KB before the claim of each request (exactlyOnce): its SigV4-signed SSM calls, the
  // type shapes and the result's contract checks add about 9 KB (docs/custom-resource-protocol.md).
  expect(bytes).toBeLessThanOrEqual(30 * 1024);
});

test('GIVEN the bundled runtime WHEN Lambda loads it THEN it loads only node:path and node:util (crypto, https and worker threads wait until needed)', () => {
  // What the runtime requires while it loads, in a fresh process that exits right after.
  const probe = [
    "const Module = require('node:module');",
    'const seen = [];',
    'const original = Module.prototype.require;',
    'const runtime = process.argv[1];',
    'Module.prototype.require = function (id) { if (id !== runtime) seen.push(id); return original.apply(this, arguments); };',
    'require(runtime);',
    'process.stdout.write(JSON.stringify(seen));',
    'process.exit(0);',
  ].join('\n');
  const runtime = path.join(fns.Direct.assetDir, 'cdk-lifecycle-runtime', 'index.js');
  const env = { PATH: process.env.PATH, CDK_LIFECYCLE_USER_HANDLER: 'index.onEvent', AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '256' };
  const out = spawnSync(process.execPath, ['-e', probe, runtime], { env, encoding: 'utf8' });
  expect(out.stderr).toBe('');
  expect([...new Set(JSON.parse(out.stdout))].sort()).toEqual(['node:path', 'node:util']);
});

test('GIVEN a deployed provider WHEN CloudFormation sends Create, Update, a replacing Update and the Delete of the old id THEN each is answered correctly', async () => {
  const create = await send(fns.Direct, thingRequest('Create'));
  expect(create.responses).toHaveLength(1);
  const created = create.responses[0];
  expect(created.Status).toBe('SUCCESS');
  expect(created.PhysicalResourceId).toMatch(/^Thing-[0-9a-f]{16}$/);
  const echo = JSON.parse(created.Data.echo);
  expect(echo).toEqual({ type: 'Create', props: { count: 5, enabled: true, nested: { list: [1, 'two', false] }, region: 'eu-west-1', mode: 'normal' } });

  const oldProps = cfnStringify({ ...template.Resources.Thing.Properties, ServiceToken: FUNCTION_ARN });
  const update = await send(fns.Direct, thingRequest('Update', { PhysicalResourceId: created.PhysicalResourceId, OldResourceProperties: oldProps }, { count: 6 }));
  expect(update.responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: created.PhysicalResourceId });
  expect(JSON.parse(update.responses[0].Data.echo)).toMatchObject({ type: 'Update', props: { count: 6 } });

  const replace = await send(fns.Direct, thingRequest('Update', { PhysicalResourceId: created.PhysicalResourceId, OldResourceProperties: oldProps }, { region: 'us-east-1' }));
  const replaced = replace.responses[0];
  expect(replaced.Status).toBe('SUCCESS');
  expect(replaced.PhysicalResourceId).not.toBe(created.PhysicalResourceId);
  expect(JSON.parse(replaced.Data.echo)).toMatchObject({ type: 'Create', replacing: { PhysicalResourceId: created.PhysicalResourceId, ChangedProperties: ['region'] } });

  const deleteOld = await send(fns.Direct, thingRequest('Delete', { PhysicalResourceId: created.PhysicalResourceId }));
  expect(deleteOld.responses[0]).toEqual({ Status: 'SUCCESS', PhysicalResourceId: created.PhysicalResourceId, StackId: expect.any(String), RequestId: expect.any(String), LogicalResourceId: 'Thing' });
  // The handler's console output is logged under the request, one JSON line per line it printed.
  const output = deleteOld.invocation.logs.map((l) => JSON.parse(l)).filter((l) => l.message === 'handler output');
  expect(output.map((l) => ({ RequestId: l.RequestId, saw: JSON.parse(l.line).handlerSaw }))).toEqual([{ RequestId: deleteOld.responses[0].RequestId, saw: 'Delete' }]);
});

test('GIVEN a handler whose Create fails WHEN CloudFormation then deletes the marker id THEN the Delete succeeds without the handler', async () => {
  const create = await send(fns.Direct, thingRequest('Create', {}, { mode: 'fail-create' }));
  expect(create.responses[0].Status).toBe('FAILED');
  expect(create.responses[0].Reason).toMatch(/Error: could not create the thing \(see CloudWatch Logs: log group \/aws\/lambda\/provider/);
  const marker = create.responses[0].PhysicalResourceId;
  expect(marker.startsWith(FAILED_CREATE_MARKER)).toBe(true);
  const del = await send(fns.Direct, thingRequest('Delete', { PhysicalResourceId: marker }, { mode: 'fail-create' }));
  expect(del.responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: marker });
  expect(del.invocation.logs.some((l) => l.includes('handlerSaw'))).toBe(false);
});

describe('played as CloudFormation would, with cdk-lifecycle/testing', () => {
  async function lifecycle(properties: Record<string, unknown>) {
    const cfn = await LocalCloudFormation.open(outdir);
    try {
      return (await cfn.lifecycle({ stack: 'E2E', resource: 'Thing', properties })).steps;
    } finally {
      await cfn.close();
    }
  }

  test('GIVEN a change of a replaceOnChange property WHEN the lifecycle is played THEN the replacing Create gets a new id and the old id is deleted', async () => {
    const steps = await lifecycle({ region: 'us-east-1' });

    const [create, replace, deleteOld, deleteNew] = steps;
    expect(steps.map((s) => [s.requestType, s.status, s.violations])).toEqual([
      ['Create', 'SUCCESS', []], ['Update', 'SUCCESS', []], ['Delete', 'SUCCESS', []], ['Delete', 'SUCCESS', []],
    ]);
    expect(JSON.parse(String((replace.response?.Data as any).echo))).toMatchObject({ type: 'Create', replacing: { PhysicalResourceId: create.physicalResourceId, ChangedProperties: ['region'] } });
    expect(replace.physicalResourceId).not.toBe(create.physicalResourceId);
    expect([deleteOld.physicalResourceId, deleteNew.physicalResourceId]).toEqual([create.physicalResourceId, replace.physicalResourceId]);
  });

  test('GIVEN a healthy lifecycle, then a Create that fails WHEN its marker id is deleted THEN the Delete succeeds without the handler', async () => {
    const cfn = await LocalCloudFormation.open(outdir);
    try {
      const { steps } = await cfn.lifecycle({ stack: 'E2E', resource: 'Thing' });
      expect(steps.map((s) => s.status)).toEqual(['SUCCESS', 'SUCCESS']);
      const failed = await cfn.create({ stack: 'E2E', resource: 'Thing', properties: { mode: 'fail-create' } });
      expect(failed).toMatchObject({ status: 'FAILED', violations: [] });
      expect(failed.physicalResourceId?.startsWith(FAILED_CREATE_MARKER)).toBe(true);
      const del = await cfn.delete({ stack: 'E2E', resource: 'Thing', physicalResourceId: failed.physicalResourceId!, properties: { mode: 'fail-create' } });
      expect(del).toMatchObject({ status: 'SUCCESS', physicalResourceId: failed.physicalResourceId });
      expect(del.logs.some((l) => l.includes('handlerSaw'))).toBe(false);
    } finally {
      await cfn.close();
    }
  });
});

test('GIVEN an SNS-backed provider WHEN a request arrives in an SNS notification THEN it is unwrapped and answered', async () => {
  const request = thingRequest('Create');
  const result = await send(fns.ViaSns, snsEnvelope(request));
  expect(result.responses).toHaveLength(1);
  expect(result.responses[0]).toMatchObject({ Status: 'SUCCESS', RequestId: request.RequestId, StackId: request.StackId, LogicalResourceId: 'Thing' });
});

test('GIVEN a handler that hangs WHEN the 6-second function runs THEN FAILED is answered before Lambda would kill it', async () => {
  const result = await send(fns.Direct, thingRequest('Create', {}, { mode: 'hang' }));
  expect(result.responses[0].Status).toBe('FAILED');
  expect(result.responses[0].Reason).toMatch(/DeadlineExceededError/);
  expect(result.invocation.durationMs).toBeLessThan(6000);
});

test.each([
  ['big-data', /Largest keys: blob/],
  ['big-error', /^Error: Ex+ \[\.\.\.\] x+END \(see CloudWatch Logs/],
])('GIVEN a handler in mode %s WHEN answered THEN the body fits 4,096 bytes and says what happened', async (mode, reason) => {
  const result = await send(fns.Direct, thingRequest('Create', {}, { mode }));
  expect(result.puts[0].rawBody.length).toBeLessThanOrEqual(4096);
  expect(result.responses[0].Status).toBe('FAILED');
  expect(result.responses[0].Reason).toMatch(reason);
});

test('GIVEN a response URL that fails with 502 twice WHEN answered THEN the PUT is retried until it succeeds', async () => {
  const flaky = await ResponseServer.start([502, 502]);
  try {
    const invocation = await invoke(fns.Direct, { ...thingRequest('Create'), ResponseURL: flaky.url() });
    expect(invocation.error).toBeUndefined();
    expect(flaky.puts).toHaveLength(3);
    expect(flaky.bodies.every((b) => b.Status === 'SUCCESS')).toBe(true);
    expect(invocation.logs.join('\n')).not.toContain(SIGNATURE);
  } finally {
    await flaky.close();
  }
});

test('GIVEN an expired response URL (403) WHEN answered THEN it is tried once and the invocation still succeeds', async () => {
  const expired = await ResponseServer.start([403, 403, 403]);
  try {
    const invocation = await invoke(fns.Direct, { ...thingRequest('Create'), ResponseURL: expired.url() });
    expect(invocation.error).toBeUndefined();
    expect(expired.puts).toHaveLength(1);
    expect(invocation.logs.join('\n')).toMatch(/response not delivered.*HTTP 403/);
  } finally {
    await expired.close();
  }
});

describe('framework mode with the real AWS SDK against a loopback Lambda endpoint', () => {
  let lambdaApi: http.Server;
  let endpoint: string;
  const invocations: any[] = [];
  beforeAll(async () => {
    // Stands in for the Lambda Invoke API: the "Python" function fails on Delete, answers otherwise.
    lambdaApi = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const event = JSON.parse(body);
        invocations.push({ path: req.url, event });
        if (event.RequestType === 'Delete') {
          res.setHeader('X-Amz-Function-Error', 'Unhandled');
          res.end(JSON.stringify({ errorType: 'KeyError', errorMessage: "'bucket'" }));
        } else {
          res.end(JSON.stringify({ PhysicalResourceId: `py-${event.ResourceProperties.count}`, Data: { seen: typeof event.ResourceProperties.count } }));
        }
      });
    });
    await new Promise<void>((r) => lambdaApi.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(lambdaApi.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => lambdaApi.close(() => r())));

  const env = () => ({ AWS_ENDPOINT_URL_LAMBDA: endpoint, AWS_ACCESS_KEY_ID: 'AKIDLOCAL', AWS_SECRET_ACCESS_KEY: 'local', AWS_MAX_ATTEMPTS: '1' });

  test('GIVEN a Create WHEN the provider invokes the user function THEN it sends the typed event without the ResponseURL and answers with its result', async () => {
    const before = server.puts.length;
    const invocation = await invoke(fns.Framework, thingRequest('Create'), env());
    expect(invocation.error).toBeUndefined();
    expect(invocations.at(-1).path).toContain('/functions/arn%3Aaws%3Alambda%3Aus-east-1%3A123456789012%3Afunction%3Apython-handler/invocations');
    expect(invocations.at(-1).event.ResponseURL).toBeUndefined();
    expect(server.bodies.slice(before)).toEqual([expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'py-5', Data: { seen: 'number' } })]);
  });

  test('GIVEN a Delete the user function fails WHEN answered THEN FAILED carries its error type and message', async () => {
    const before = server.puts.length;
    await invoke(fns.Framework, thingRequest('Delete', { PhysicalResourceId: 'py-5' }), env());
    expect(server.bodies.slice(before)[0]).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'py-5', Reason: expect.stringMatching(/^KeyError: 'bucket'/) });
  });
});
