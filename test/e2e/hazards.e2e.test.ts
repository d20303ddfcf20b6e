/**
 * End to end, one hazard at a time: a handler that harms the process it runs in, or the
 * objects it was given, or a response URL that misbehaves. Each runs in its own sandbox (a
 * child process loading the synthesized asset, with a Lambda-like context) answering an https
 * server on 127.0.0.1 with a throwaway certificate, as CloudFormation's URLs are https.
 *
 * For each: exactly one valid response, its status and Reason, when it arrived against the
 * deadline, and a second request in the same (warm) sandbox, answered in a fresh environment.
 *
 * Timing of a 5-second function: the handler must finish by 3,750 ms (5,000 less a 250 ms
 * safety margin and a 1,000 ms reserve), the response by 4,750 ms; Lambda kills it at 5,000.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ResourceProvider } from '../../src';
import { FAILED_CREATE_MARKER } from '../../src/runtime/contract';
import { appWithAssetMetadata, functionAssetDirs } from '../helpers/assembly';
import { makeEvent } from '../helpers/events';
import { Container, Invocation, LocalFunction, localFunction, stopLocalSsm, withLocalSsm } from '../helpers/local-lambda';
import { RecordedPut, ResponseServer, SIGNATURE, testCertificate } from '../helpers/response-server';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'hostile');
const HANDLER_DEADLINE_MS = 3750;
const RESPONSE_DEADLINE_MS = 4750;
const LAMBDA_TIMEOUT_MS = 5000;

let fns: Record<string, LocalFunction>;
let server: ResponseServer;
const containers: Container[] = [];

beforeAll(async () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-hazards-'));
  const app = appWithAssetMetadata(outdir);
  const stack = new Stack(app, 'Hazards');
  const code = lambda.Code.fromAsset(HANDLER_DIR);
  new ResourceProvider(stack, 'Isolated', { code, handler: 'index.onEvent', timeout: Duration.seconds(5) });
  new ResourceProvider(stack, 'InThread', { code, handler: 'index.onEvent', timeout: Duration.seconds(5), isolateHandler: false });
  const assembly = app.synth();
  const template = assembly.getStackByName('Hazards').template;
  fns = {};
  for (const [id, dir] of Object.entries(functionAssetDirs(assembly, 'Hazards'))) {
    fns[id.replace(/Function[0-9A-F]{8}$/, '')] = await withLocalSsm(localFunction(dir, template.Resources[id]));
  }
  expect(Object.keys(fns).sort()).toEqual(['InThread', 'Isolated']);
  expect(fns.Isolated.memorySize).toBe(256);
  server = await ResponseServer.start({ tls: true });
});
afterAll(async () => {
  await Promise.all(containers.map((c) => c.close()));
  await server.close();
  await stopLocalSsm();
});

/** A warm sandbox of `fn` trusting the server's certificate. */
function sandbox(fn: LocalFunction, env: Record<string, string> = {}, taskRoot?: string): Container {
  const container = new Container(fn, { env: { NODE_EXTRA_CA_CERTS: testCertificate().caFile, ...env }, taskRoot });
  containers.push(container);
  return container;
}

function request(mode: string, overrides: Record<string, unknown> = {}, properties: Record<string, unknown> = {}, target = server) {
  return makeEvent(target.url(), { ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:provider', mode, ...properties }, ...overrides });
}

interface Answered {
  readonly invocation: Invocation;
  readonly puts: RecordedPut[];
  /** When each PUT arrived, in ms after the invocation started. */
  readonly arrivals: number[];
}

async function send(container: Container, event: Record<string, unknown>, target = server): Promise<Answered> {
  const before = target.puts.length;
  const invocation = await container.invoke(event);
  const puts = target.puts.slice(before);
  return { invocation, puts, arrivals: puts.map((p) => p.at - invocation.startedAt) };
}

/** Exactly one well-formed response for `event`, within 4,096 bytes; returns it. */
function theResponse(answered: Answered, event: Record<string, unknown>) {
  expect(answered.invocation.timedOut).toBe(false);
  expect(answered.invocation.crashed).toBeUndefined();
  expect(answered.invocation.error).toBeUndefined();
  expect(answered.puts).toHaveLength(1);
  const put = answered.puts[0];
  expect(put.rawBody.length).toBeLessThanOrEqual(4096);
  expect(put.body).toMatchObject({ StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId });
  expect(['SUCCESS', 'FAILED']).toContain(put.body.Status);
  if (put.body.Status === 'FAILED') expect(put.body.Reason).toMatch(/\(see CloudWatch Logs: log group \/aws\/lambda\/provider, stream .*, RequestId /);
  return put.body;
}

/**
 * The sandbox is still alive and answers a normal request; isolated, in a fresh environment
 * (the module loaded anew, no global left by an earlier request).
 */
async function expectHealthy(container: Container, fresh = true) {
  expect(container.alive).toBe(true);
  const event = request('ok');
  const answered = await send(container, event);
  const body = theResponse(answered, event);
  expect(body).toMatchObject({ Status: 'SUCCESS', Data: { mode: 'ok' } });
  if (fresh) expect(body.Data).toEqual({ mode: 'ok', calls: '1', leaked: 'false' });
  return answered;
}

describe('a handler that harms its own thread gets one FAILED answer as soon as it happens, and the sandbox lives on', () => {
  test.each([
    ['throw-from-timer', /^HandlerCrashError: uncaught exception: Error: thrown from a timer/],
    ['unhandled-rejection', /^HandlerCrashError: unhandled promise rejection: Error: a rejection nobody handled/],
    ['exit', /^HandlerCrashError: the handler called process\.exit\(3\)/],
    ['return-error', /^HandlerResultError: the handler returned an error instead of throwing it: Error: returned, not thrown/],
  ])('GIVEN a handler in mode %s WHEN a Create arrives THEN FAILED names what happened, long before the deadline', async (mode, reason) => {
    const container = sandbox(fns.Isolated);
    const event = request(mode);
    const answered = await send(container, event);
    const body = theResponse(answered, event);
    expect(body.Status).toBe('FAILED');
    expect(body.Reason).toMatch(reason);
    expect(body.PhysicalResourceId.startsWith(FAILED_CREATE_MARKER)).toBe(true);
    expect(answered.arrivals[0]).toBeLessThan(2000);
    await expectHealthy(container);
  });

  test('GIVEN a handler that spins the CPU WHEN the deadline comes THEN its worker is stopped and FAILED arrives before Lambda would kill the sandbox', async () => {
    const container = sandbox(fns.Isolated);
    const event = request('spin');
    const answered = await send(container, event);
    const body = theResponse(answered, event);
    expect(body.Reason).toMatch(/^DeadlineExceededError: the handler did not finish within \d+ ms; its worker thread was stopped/);
    expect(answered.arrivals[0]).toBeGreaterThanOrEqual(HANDLER_DEADLINE_MS - 300);
    expect(answered.arrivals[0]).toBeLessThan(RESPONSE_DEADLINE_MS);
    const next = await expectHealthy(container);
    expect(next.arrivals[0]).toBeLessThan(1000);
  });

  test('GIVEN a handler that exhausts its heap WHEN it runs THEN FAILED says so and the sandbox stays within its 256 MB', async () => {
    const container = sandbox(fns.Isolated);
    const event = request('exhaust-heap');
    const answered = await send(container, event);
    const body = theResponse(answered, event);
    expect(body.Reason).toMatch(/^HandlerCrashError: the handler ran out of memory \(limit 128 MB of heap\)/);
    expect(answered.arrivals[0]).toBeLessThan(HANDLER_DEADLINE_MS);
    expect(answered.invocation.maxRssMb).toBeLessThanOrEqual(fns.Isolated.memorySize);
    await expectHealthy(container);
  });

  test('GIVEN a 4 MB error thrown late, near the handler deadline WHEN answered THEN it is clipped and sent before the response deadline', async () => {
    const container = sandbox(fns.Isolated);
    // 2,800 ms into a 3,750 ms handler budget: late, with room for a worker that starts slowly on a loaded machine.
    const event = request('big-error-late', {}, { delayMs: '2800' });
    const answered = await send(container, event);
    const body = theResponse(answered, event);
    expect(body.Reason).toMatch(/^Error: Ex+ \[\.\.\.\] x+END \(see CloudWatch Logs/);
    expect(answered.arrivals[0]).toBeGreaterThanOrEqual(2800);
    expect(answered.arrivals[0]).toBeLessThan(RESPONSE_DEADLINE_MS);
    await expectHealthy(container);
  });

  test('GIVEN a handler returning 50 MB of Data in a 256 MB function WHEN answered THEN FAILED names its size and largest key at once', async () => {
    const container = sandbox(fns.Isolated);
    const event = request('huge-data');
    const answered = await send(container, event);
    const body = theResponse(answered, event);
    // Serializing stops at the blob (its size counted, not its bytes written): a lower bound.
    expect(body.Reason).toMatch(/^HandlerResultError: the handler returned Data of at least 50000011 bytes, which does not fit the 4096-byte response\. Largest keys: blob \(at least 50000009 bytes\)\. Return less Data/);
    expect(answered.arrivals[0]).toBeLessThan(1500);
    await expectHealthy(container);
  });

  test('GIVEN a hung handler that left a timer WHEN the timer fires during the next request THEN that request is untouched', async () => {
    const container = sandbox(fns.Isolated);
    const hung = request('hang-leaving-timer', {}, { timerMs: '4500' });
    const first = theResponse(await send(container, hung), hung);
    expect(first.Reason).toMatch(/^DeadlineExceededError/);
    // Starts at about 3.8 s and runs past 4.5 s, when the earlier request's timer would throw.
    const slow = request('slow', {}, { delayMs: '1500' });
    const second = await send(container, slow);
    expect(theResponse(second, slow)).toMatchObject({ Status: 'SUCCESS', Data: { mode: 'slow', calls: '1', leaked: 'false' } });
    expect(second.invocation.logs.join('\n')).not.toMatch(/left by an earlier/);
    await expectHealthy(container);
  });

  test('GIVEN a handler that prints, then crashes WHEN answered THEN its last lines reach the logs under its RequestId', async () => {
    const container = sandbox(fns.Isolated);
    const event = request('print-then-crash');
    const answered = await send(container, event);
    expect(theResponse(answered, event).Reason).toMatch(/crash after printing/);
    const output = answered.invocation.logs.map((l) => JSON.parse(l)).filter((l) => l.message === 'handler output');
    expect(output).toEqual(expect.arrayContaining([
      expect.objectContaining({ level: 'INFO', RequestId: event.RequestId, stream: 'stdout', line: 'last words on stdout' }),
      expect.objectContaining({ level: 'ERROR', RequestId: event.RequestId, stream: 'stderr', line: 'last words on stderr' }),
    ]));
    await expectHealthy(container);
  });
});

describe.each(['Isolated', 'InThread'])('what the handler does to its objects cannot change the answer (%s)', (provider) => {
  const fresh = provider === 'Isolated';
  test('GIVEN a handler that rewrites its event into a Create WHEN an Update arrives THEN the answer keeps the incoming id', async () => {
    const container = sandbox(fns[provider]);
    const event = request('mutate-event', { RequestType: 'Update', PhysicalResourceId: 'live-id', OldResourceProperties: { mode: 'before' } });
    const body = theResponse(await send(container, event), event);
    expect(body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'live-id' });
    await expectHealthy(container, fresh);
  });

  test.each([
    ['tojson-throws-later', { reads: '1' }],
    ['tojson-grows', { blob: 'g'.repeat(10) }],
  ])('GIVEN Data whose toJSON misbehaves on later calls (%s) WHEN answered THEN it is serialized once', async (mode, data) => {
    const container = sandbox(fns[provider]);
    const event = request(mode);
    expect(theResponse(await send(container, event), event)).toEqual({ Status: 'SUCCESS', PhysicalResourceId: expect.stringMatching(/^MyResource-/), StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: 'MyResource', Data: data });
    await expectHealthy(container, fresh);
  });

  test('GIVEN a PhysicalResourceId getter that changes WHEN answered THEN the first read is the answer', async () => {
    const container = sandbox(fns[provider]);
    const event = request('changing-id-getter');
    expect(theResponse(await send(container, event), event)).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'id-from-first-read' });
    await expectHealthy(container, fresh);
  });

  test('GIVEN NoEcho with Data of the wrong shape WHEN answered THEN no part of Data is in the Reason or the logs', async () => {
    const container = sandbox(fns[provider]);
    const event = request('noecho-malformed-data');
    const answered = await send(container, event);
    const body = theResponse(answered, event);
    expect(body.Reason).toMatch(/^HandlerResultError: the handler returned Data as a string \(not shown: NoEcho is set\)/);
    expect(JSON.stringify(body)).not.toContain('secret-value');
    expect(answered.invocation.logs.join('\n')).not.toContain('secret-value');
    await expectHealthy(container, fresh);
  });

  test('GIVEN a __proto__ property WHEN the handler reads its properties THEN it is a plain own property, not a prototype', async () => {
    const container = sandbox(fns[provider]);
    const properties = JSON.parse('{"ServiceToken":"arn:aws:lambda:us-east-1:123456789012:function:provider","__proto__":{"polluted":"yes"},"mode":"echo-properties"}');
    const event = makeEvent(server.url(), { ResourceProperties: properties });
    expect(theResponse(await send(container, event), event).Data).toEqual({
      keys: '["__proto__","mode"]', plainPrototype: 'true', polluted: 'undefined', protoValue: '{"polluted":"yes"}',
    });
    await expectHealthy(container, fresh);
  });
});

describe('the response PUT', () => {
  test('GIVEN a server that sends its headers, then a body byte every 300 ms WHEN answered THEN the status line is enough and the invocation ends', async () => {
    const trickling = await ResponseServer.start({ tls: true, trickle: 'body' });
    try {
      const container = sandbox(fns.Isolated);
      const event = request('ok', {}, {}, trickling);
      const answered = await send(container, event, trickling);
      expect(answered.puts).toHaveLength(1);
      expect(answered.invocation.durationMs).toBeLessThan(2000);
      expect(answered.invocation.logs.join('\n')).toMatch(/"message":"response delivered".*"httpStatus":200/);
      await expectHealthy(container);
    } finally {
      await trickling.close();
    }
  });

  test('GIVEN a server that trickles its headers forever WHEN answered THEN each attempt is cut off and the invocation ends before Lambda kills it', async () => {
    const trickling = await ResponseServer.start({ tls: true, trickle: 'headers' });
    try {
      const container = sandbox(fns.Isolated);
      const event = request('ok', {}, {}, trickling);
      const answered = await send(container, event, trickling);
      expect(answered.invocation.timedOut).toBe(false);
      expect(answered.invocation.crashed).toBeUndefined();
      expect(answered.invocation.durationMs).toBeLessThan(LAMBDA_TIMEOUT_MS);
      expect(answered.invocation.logs.join('\n')).toMatch(/"message":"response not delivered".*no answer within \d+ ms/);
      expect(answered.invocation.logs.join('\n')).not.toContain(SIGNATURE);
      await expectHealthy(container);
    } finally {
      await trickling.close();
    }
  });

  test('GIVEN a server that answers 500 forever WHEN answered THEN retries go on until a last attempt just before the response deadline', async () => {
    const failing = await ResponseServer.start({ tls: true, otherwise: 500 });
    try {
      const container = sandbox(fns.Isolated);
      const event = request('ok', {}, {}, failing);
      const answered = await send(container, event, failing);
      expect(answered.invocation.timedOut).toBe(false);
      expect(answered.puts.length).toBeGreaterThanOrEqual(3);
      expect(answered.puts.every((p) => p.body.Status === 'SUCCESS')).toBe(true);
      // The last attempt starts 500 ms before the response deadline (4,750 ms).
      expect(answered.arrivals.at(-1)).toBeGreaterThanOrEqual(RESPONSE_DEADLINE_MS - 700);
      expect(answered.arrivals.at(-1)).toBeLessThan(RESPONSE_DEADLINE_MS);
      await expectHealthy(container);
    } finally {
      await failing.close();
    }
  });
});

test('GIVEN a working directory and LAMBDA_TASK_ROOT elsewhere WHEN the runtime loads the handler THEN it finds it beside its own folder', async () => {
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-elsewhere-'));
  const container = sandbox(fns.Isolated, {}, elsewhere);
  await expectHealthy(container);
});
