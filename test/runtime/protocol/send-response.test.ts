import * as https from 'node:https';
import * as net from 'node:net';
import { checkResponseUrl, createNodePut, DEFAULT_RETRY_POLICY, nodePut, PutFunction, redactUrl, RetryPolicy, sendResponse, SendDependencies } from '../../../src/runtime/protocol/send-response';
import { ResponseServer, testCertificate } from '../../helpers/response-server';

// Generous per-attempt limits: a loaded machine must not turn one slow loopback PUT into two.
const policy: RetryPolicy = { baseDelayMs: 10, maxDelayMs: 40, attemptTimeoutMs: 4000, lastAttemptMs: 50 };
const realDeps = (put: PutFunction = nodePut): SendDependencies => ({
  put, now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), random: Math.random,
});
const trusting = () => createNodePut(new https.Agent({ ca: testCertificate().cert }));

describe('sendResponse against a loopback server', () => {
  let server: ResponseServer;
  afterEach(() => server?.close());

  test('GIVEN a body with multi-byte characters WHEN sent THEN content-type is empty and content-length counts bytes', async () => {
    server = await ResponseServer.start();
    const body = JSON.stringify({ Reason: 'héllo €' });
    const outcome = await sendResponse(new URL(server.url()), body, Date.now() + 5000, realDeps(), policy);
    expect(outcome).toEqual({ delivered: true, attempts: 1, status: 200 });
    expect(server.puts[0].method).toBe('PUT');
    expect(server.puts[0].headers['content-type']).toBe('');
    expect(server.puts[0].headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(server.puts[0].rawBody.toString('utf8')).toBe(body);
  });

  test('GIVEN an https server with a certificate the agent trusts WHEN sent THEN it is delivered over TLS', async () => {
    server = await ResponseServer.start({ tls: true });
    expect(server.url()).toMatch(/^https:\/\/127\.0\.0\.1:/);
    const outcome = await sendResponse(new URL(server.url()), '{"ok":1}', Date.now() + 5000, realDeps(trusting()), policy);
    expect(outcome).toEqual({ delivered: true, attempts: 1, status: 200 });
    expect(server.puts[0].body).toEqual({ ok: 1 });
  });

  test('GIVEN an https server and the default agent WHEN sent THEN the unknown certificate is refused', async () => {
    server = await ResponseServer.start({ tls: true });
    const outcome = await sendResponse(new URL(server.url()), '{}', Date.now() + 300, realDeps(), policy);
    expect(outcome.delivered).toBe(false);
    expect(outcome.error).toMatch(/self-signed certificate/);
    expect(server.puts).toHaveLength(0);
  });

  test('GIVEN an http URL and a put made with an https agent WHEN sent THEN the agent is not used for http', async () => {
    server = await ResponseServer.start();
    expect(await sendResponse(new URL(server.url()), '{}', Date.now() + 5000, realDeps(trusting()), policy)).toMatchObject({ delivered: true });
  });

  test('GIVEN two 5xx answers WHEN sent THEN it retries and succeeds on the third attempt', async () => {
    server = await ResponseServer.start([500, 503]);
    const outcome = await sendResponse(new URL(server.url()), '{}', Date.now() + 5000, realDeps(), policy);
    expect(outcome).toMatchObject({ delivered: true, attempts: 3 });
    expect(server.puts).toHaveLength(3);
  });

  test('GIVEN an expired URL (403) WHEN sent THEN it is not retried', async () => {
    server = await ResponseServer.start([403, 403, 403]);
    const outcome = await sendResponse(new URL(server.url()), '{}', Date.now() + 5000, realDeps(), policy);
    expect(outcome).toEqual({ delivered: false, attempts: 1, status: 403, error: 'HTTP 403: the response URL expired or was altered' });
    expect(server.puts).toHaveLength(1);
  });

  test('GIVEN a port where nothing listens WHEN sent THEN network errors are retried until the deadline and no longer', async () => {
    const port = await closedPort();
    const started = Date.now();
    const outcome = await sendResponse(new URL(`http://127.0.0.1:${port}/x`), '{}', started + 600, realDeps(), policy);
    expect(outcome.delivered).toBe(false);
    expect(outcome.attempts).toBeGreaterThan(2);
    expect(outcome.error).toMatch(/^deadline reached after \d+ attempt\(s\); last error: Error: connect ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('the real PUT has a total time limit per attempt', () => {
  let server: ResponseServer;
  afterEach(() => server?.close());

  test('GIVEN a server that sends 200 and then trickles its body WHEN put THEN the status is the answer, at once', async () => {
    server = await ResponseServer.start({ tls: true, trickle: 'body' });
    const started = Date.now();
    await expect(trusting()(new URL(server.url()), '{}', {}, 5000)).resolves.toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test('GIVEN a server that trickles its headers a byte every 300 ms WHEN put with 800 ms THEN the attempt is destroyed at 800 ms', async () => {
    server = await ResponseServer.start({ tls: true, trickle: 'headers' });
    const started = Date.now();
    await expect(trusting()(new URL(server.url()), '{}', {}, 800.4)).rejects.toThrow('no answer within 800 ms');
    expect(Date.now() - started).toBeGreaterThanOrEqual(795);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('retries with a fake clock', () => {
  function clocked(answers: Array<number | Error>, random = 0.999) {
    let clock = 0;
    const delays: number[] = [];
    const attempts: Array<{ at: number; timeoutMs: number }> = [];
    const deps: SendDependencies = {
      put: async (_url, _body, _headers, timeoutMs) => {
        attempts.push({ at: clock, timeoutMs });
        const answer = answers.length > 1 ? answers.shift()! : answers[0];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      now: () => clock,
      sleep: async (ms) => { delays.push(ms); clock += ms; },
      random: () => random,
    };
    return { deps, delays, attempts, clock: () => clock };
  }
  const url = new URL('https://example.invalid/x');

  test('GIVEN failing attempts WHEN retried THEN delays grow exponentially with full jitter up to the cap, and a last attempt is made before the deadline', async () => {
    const run = clocked([502]);
    const outcome = await sendResponse(url, '{}', 2000, run.deps, { baseDelayMs: 100, maxDelayMs: 800, attemptTimeoutMs: 100, lastAttemptMs: 100 });
    // 99+199+399+799 = 1496 ms; a full fifth wait of 799 ms would pass 1,900 (2,000 less the last attempt's 100 ms), so it is shortened to 404 ms.
    expect(run.delays).toEqual([99, 199, 399, 799, 404]);
    expect(run.attempts.map((a) => a.at)).toEqual([0, 99, 298, 697, 1496, 1900]);
    expect(outcome).toEqual({ delivered: false, attempts: 6, status: 502, error: 'deadline reached after 6 attempt(s); last error: HTTP 502' });
  });

  test('GIVEN a wait that reaches the last-attempt start WHEN retried THEN the attempt there is the last', async () => {
    const run = clocked([500]);
    // The last attempt may start at 1,000 - 900 = 100 ms: waits of 99 and then 1 ms lead there.
    const outcome = await sendResponse(url, '{}', 1000, run.deps, { baseDelayMs: 100, maxDelayMs: 100, attemptTimeoutMs: 50, lastAttemptMs: 900 });
    expect(run.delays).toEqual([99, 1]);
    expect(run.attempts.map((a) => a.at)).toEqual([0, 99, 100]);
    expect(outcome.attempts).toBe(3);
  });

  test('GIVEN a first attempt that ends past the last-attempt start WHEN it fails THEN there is no other', async () => {
    const run = clocked([500]);
    const slowPut: PutFunction = async () => { await run.deps.sleep(950); return 500; };
    const outcome = await sendResponse(url, '{}', 1000, { ...run.deps, put: slowPut }, { ...policy, lastAttemptMs: 100 });
    expect(outcome.attempts).toBe(1);
  });

  test('GIVEN the time left and the attempt limit WHEN attempting THEN each attempt gets the smaller of the two', async () => {
    const run = clocked([503, 503, 200]);
    await sendResponse(url, '{}', 10_000, run.deps, { baseDelayMs: 4000, maxDelayMs: 8000, attemptTimeoutMs: 3000, lastAttemptMs: 2000 });
    // Attempts at 0, 3,996 (0.999 of 4,000) and 8,000 ms (the last start): 10,000 - 8,000 = 2,000 ms are left for the third.
    expect(run.attempts.map((a) => [a.at, a.timeoutMs])).toEqual([[0, 3000], [3996, 3000], [8000, 2000]]);
  });

  test.each([
    [200, { delivered: true, attempts: 1, status: 200 }],
    [204, { delivered: true, attempts: 1, status: 204 }],
    [299, { delivered: true, attempts: 1, status: 299 }],
    [199, { delivered: false, attempts: 1, status: 199, error: 'HTTP 199' }],
    [300, { delivered: false, attempts: 1, status: 300, error: 'HTTP 300' }],
    [404, { delivered: false, attempts: 1, status: 404, error: 'HTTP 404' }],
    [499, { delivered: false, attempts: 1, status: 499, error: 'HTTP 499' }],
  ])('GIVEN an answer %p WHEN sent THEN the outcome is final', async (status, expected) => {
    expect(await sendResponse(url, '{}', 10_000, clocked([status]).deps, policy)).toEqual(expected);
  });

  test('GIVEN a 500 and then a thrown non-error WHEN sent THEN both are retried and the last error is described', async () => {
    const run = clocked([500]);
    const outcome = await sendResponse(url, '{}', 200, { ...run.deps, put: async () => { throw 'weird'; } }, policy);
    expect(outcome.error).toMatch(/; last error: weird$/);
  });

  test('GIVEN a PUT that throws an Error every time WHEN sent THEN it is retried to the deadline and the error is named', async () => {
    const run = clocked([Object.assign(new Error('socket hang up'), { name: 'ECONNRESET' })]);
    const outcome = await sendResponse(url, '{}', 1000, run.deps, { ...policy, lastAttemptMs: 100 });
    expect(outcome.delivered).toBe(false);
    expect(outcome.attempts).toBeGreaterThan(1);
    expect(outcome.error).toBe(`deadline reached after ${outcome.attempts} attempt(s); last error: ECONNRESET: socket hang up`);
  });

  test('GIVEN no time left (a ServiceTimeout too short for the margins) WHEN asked to send THEN one attempt is made all the same, with a second to go, and no more', async () => {
    const put = jest.fn(async () => 200);
    expect(await sendResponse(url, '{}', 10, { put, now: () => 10, sleep: async () => undefined, random: () => 0 })).toEqual({ delivered: true, attempts: 1, status: 200 });
    expect(put).toHaveBeenCalledWith(url, '{}', expect.anything(), 1000);
    const failing = jest.fn(async () => 503);
    const outcome = await sendResponse(url, '{}', 10, { put: failing, now: () => 10, sleep: async () => undefined, random: () => 0 });
    expect(outcome).toEqual({ delivered: false, attempts: 1, status: 503, error: 'deadline reached after 1 attempt(s); last error: HTTP 503' });
  });

  test('GIVEN the default policy THEN it keeps 500 ms for a last attempt and limits each attempt to 15 s', () => {
    expect(DEFAULT_RETRY_POLICY).toEqual({ baseDelayMs: 250, maxDelayMs: 5000, attemptTimeoutMs: 15_000, lastAttemptMs: 500 });
  });
});

describe('which URLs are contacted (checked as a function of the URL; nothing is sent)', () => {
  test.each([
    ['https://cloudformation-custom-resource-response-useast1.s3.amazonaws.com/x?sig=1', true],
    ['https://example.com/x', true],
    ['http://127.0.0.1:8080/x', true],
    ['http://127.1.2.3/x', true],
    ['http://localhost/x', true],
    ['HTTP://LOCALHOST/x', true],
    ['http://[::1]:9000/x', true],
    ['http://example.com/x', false],
    ['http://10.0.0.1/x', false],
    ['http://169.254.169.254/latest', false],
    ['http://127.0.0.1.example.com/x', false],
    ['http://a127.0.0.1/x', false],
    ['http://127.0.0.10/x', true],
    ['http://127.10.200.255:8080/x', true],
    ['http://localhost.example.com/x', false],
    ['http://[::2]/x', false],
    ['ftp://127.0.0.1/x', false],
    ['ws://localhost/x', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s → allowed: %s', (url, allowed) => {
    expect(checkResponseUrl(url).url !== undefined).toBe(allowed);
  });

  test.each([
    ['not a url', 'ResponseURL is not a valid URL'],
    ['http://example.com/x', 'ResponseURL must use https (or http to a loopback address), got http://example.com'],
    ['ftp://127.0.0.1/x', 'ResponseURL must use https (or http to a loopback address), got ftp://127.0.0.1'],
  ])('GIVEN %s WHEN checked THEN the problem is %p', (url, problem) => {
    expect(checkResponseUrl(url)).toEqual({ problem });
  });

  test('redactUrl drops the signature', () => {
    expect(redactUrl(new URL('https://b.s3.amazonaws.com:8443/p/q?X-Amz-Signature=abc'))).toBe('https://b.s3.amazonaws.com:8443/p/q');
  });
});

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
