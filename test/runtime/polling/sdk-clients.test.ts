/**
 * The real AWS SDK clients a wait uses (Lambda's Node.js runtime provides them), against
 * loopback stand-ins of the SSM and Lambda APIs that throttle or never answer: one attempt
 * per SDK call, aborted through its signal, the retries made by the runtime within each
 * call's deadline.
 */
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { boundedCall } from '../../../src/runtime/polling/bounded-call';
import { sdkSelfInvoke } from '../../../src/runtime/polling/self-invoker';
import { sdkSsmOperations, WaitStore } from '../../../src/runtime/polling/wait-store';

const realClock = { now: Date.now, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), random: Math.random };

/** A reply of a loopback API (`hang`: none, ever). */
type Reply = 'hang' | { status: number; headers?: Record<string, string>; body?: string };

/** A loopback API that answers each request with the next reply of its operation (`hang` once none is left). */
async function api(replies: Reply[] | ((target: string | undefined) => Reply)) {
  const seen: Array<{ target?: string; url?: string; closedEarly: boolean }> = [];
  const server = http.createServer((req, res) => {
    const entry = { target: req.headers['x-amz-target'] as string | undefined, url: req.url, closedEarly: false };
    seen.push(entry);
    req.resume();
    res.on('close', () => { if (!res.writableEnded) entry.closedEarly = true; });
    const reply = typeof replies === 'function' ? replies(entry.target) : replies.shift() ?? 'hang';
    if (reply === 'hang') return;
    res.writeHead(reply.status, { 'content-type': 'application/x-amz-json-1.1', ...reply.headers });
    res.end(reply.body ?? '{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => { server.closeAllConnections(); return new Promise((r) => server.close(r)); } };
}

const saved = { ...process.env };
beforeEach(() => {
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIALOCAL', AWS_SECRET_ACCESS_KEY: 'local', AWS_SESSION_TOKEN: '' });
});
afterEach(() => {
  for (const key of ['AWS_ENDPOINT_URL_SSM', 'AWS_ENDPOINT_URL_LAMBDA', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

const THROTTLED_SSM = { status: 400, body: JSON.stringify({ __type: 'ThrottlingException', message: 'Rate exceeded' }) };

test('GIVEN SSM throttling twice WHEN a hop is claimed through the SDK THEN each SDK call makes one attempt and the runtime retries until the claim is made', async () => {
  const puts = [THROTTLED_SSM, THROTTLED_SSM, { status: 200, body: JSON.stringify({ Version: 1, Tier: 'Advanced' }) }];
  const notFound = { status: 400, body: JSON.stringify({ __type: 'ParameterNotFound', message: 'not found' }) };
  const ssm = await api((target) => (target === 'AmazonSSM.PutParameter' ? puts.shift() ?? 'hang' : notFound));
  process.env.AWS_ENDPOINT_URL_SSM = ssm.url;
  try {
    const store = new WaitStore(sdkSsmOperations(), 'fn', realClock);
    // As a hop does: the client is loaded before the deadline is set.
    store.load();
    expect(await store.claim('/cdk-lifecycle/fn/abc', 1, Date.now(), Date.now() + 5_000)).toBe(true);
    expect(ssm.seen.map((s) => s.target)).toEqual(['AmazonSSM.PutParameter', 'AmazonSSM.PutParameter', 'AmazonSSM.PutParameter']);
  } finally {
    await ssm.close();
  }
});

test('GIVEN SSM never answering WHEN the wait is read through the SDK THEN every attempt is aborted and the read gives up by its deadline', async () => {
  const ssm = await api([]);
  process.env.AWS_ENDPOINT_URL_SSM = ssm.url;
  try {
    const store = new WaitStore(sdkSsmOperations(), 'fn', realClock);
    store.load();
    const started = Date.now();
    const error = await store.read('/cdk-lifecycle/fn/abc', started + 1_500).catch((e: Error) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', message: expect.stringMatching(/^SSM GetParameter \(reading the kept wait\) gave up after [1-9] attempt\(s\) in \d+ ms: no answer within \d+ ms$/) });
    // Every attempt reached the stand-in and was abandoned: its connection closed unanswered.
    await new Promise((r) => setTimeout(r, 100));
    expect(ssm.seen.length).toBeGreaterThanOrEqual(1);
    expect(ssm.seen.every((s) => s.closedEarly)).toBe(true);
  } finally {
    await ssm.close();
  }
});

test('GIVEN Lambda throttling the self-invoke once WHEN the wait is handed on through the SDK THEN the SDK makes one attempt and the runtime retries', async () => {
  const lambda = await api([
    { status: 429, headers: { 'x-amzn-errortype': 'TooManyRequestsException', 'content-type': 'application/json' }, body: JSON.stringify({ Type: 'User', message: 'Rate Exceeded.' }) },
    { status: 202, headers: { 'content-type': 'application/json' }, body: '' },
  ]);
  process.env.AWS_ENDPOINT_URL_LAMBDA = lambda.url;
  try {
    const invoke = sdkSelfInvoke();
    invoke.load?.();
    await boundedCall('Lambda Invoke of provider-fn', Date.now() + 5_000, realClock, (signal) => invoke('provider-fn', '{"cdkLifecyclePoll":{}}', signal));
    expect(lambda.seen.map((s) => s.url)).toEqual(['/2015-03-31/functions/provider-fn/invocations', '/2015-03-31/functions/provider-fn/invocations']);
  } finally {
    await lambda.close();
  }
});
