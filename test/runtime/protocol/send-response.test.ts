import * as net from 'node:net';
import { checkResponseUrl, nodePut, redactUrl, sendResponse, SendDependencies } from '../../../src/runtime/protocol/send-response';
import { ResponseServer } from '../../helpers/response-server';

const policy = { baseDelayMs: 10, maxDelayMs: 40, attemptTimeoutMs: 1000 };
const realDeps = (): SendDependencies => ({ put: nodePut, now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), random: Math.random });

describe('sendResponse against a loopback server', () => {
  let server: ResponseServer;
  afterEach(() => server?.close());

  test('GIVEN a body with multi-byte characters WHEN sent THEN content-type is empty and content-length counts bytes', async () => {
    server = await ResponseServer.start();
    const body = JSON.stringify({ Reason: 'héllo €' });
    const outcome = await sendResponse(new URL(server.url()), body, Date.now() + 5000, realDeps(), policy);
    expect(outcome).toMatchObject({ delivered: true, attempts: 1, status: 200 });
    expect(server.puts[0].method).toBe('PUT');
    expect(server.puts[0].headers['content-type']).toBe('');
    expect(server.puts[0].headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(server.puts[0].rawBody.toString('utf8')).toBe(body);
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
    expect(outcome).toMatchObject({ delivered: false, attempts: 1, status: 403 });
    expect(outcome.error).toMatch(/expired/);
    expect(server.puts).toHaveLength(1);
  });

  test('GIVEN a port where nothing listens WHEN sent THEN network errors are retried until the deadline and no longer', async () => {
    const port = await closedPort();
    const started = Date.now();
    const outcome = await sendResponse(new URL(`http://127.0.0.1:${port}/x`), '{}', started + 600, realDeps(), policy);
    expect(outcome.delivered).toBe(false);
    expect(outcome.attempts).toBeGreaterThan(2);
    expect(outcome.error).toMatch(/deadline reached after \d+ attempt\(s\); last error: Error: connect ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('backoff', () => {
  test('GIVEN failing attempts WHEN retried THEN delays grow exponentially with full jitter up to the cap', async () => {
    let clock = 0;
    const delays: number[] = [];
    const deps: SendDependencies = {
      put: async () => 502,
      now: () => clock,
      sleep: async (ms) => { delays.push(ms); clock += ms; },
      random: () => 0.999,
    };
    const outcome = await sendResponse(new URL('https://example.invalid/x'), '{}', 2000, deps, { baseDelayMs: 100, maxDelayMs: 800, attemptTimeoutMs: 100 });
    expect(delays).toEqual([99, 199, 399, 799]); // a fifth wait of 799 ms would pass the deadline
    expect(outcome.delivered).toBe(false);
    expect(clock).toBeLessThanOrEqual(2000);
  });

  test('GIVEN no time left WHEN asked to send THEN nothing is sent', async () => {
    const put = jest.fn(async () => 200);
    const outcome = await sendResponse(new URL('https://example.invalid/x'), '{}', 10, { put, now: () => 10, sleep: async () => undefined, random: () => 0 });
    expect(put).not.toHaveBeenCalled();
    expect(outcome.delivered).toBe(false);
  });
});

describe('which URLs are contacted', () => {
  test.each([
    ['https://cloudformation-custom-resource-response-useast1.s3.amazonaws.com/x?sig=1', true],
    ['http://127.0.0.1:8080/x', true],
    ['http://localhost/x', true],
    ['http://[::1]:9000/x', true],
    ['http://example.com/x', false],
    ['http://10.0.0.1/x', false],
    ['file:///etc/passwd', false],
    ['not a url', false],
  ])('%s → allowed: %s', (url, allowed) => {
    expect(checkResponseUrl(url).url !== undefined).toBe(allowed);
  });

  test('redactUrl drops the signature', () => {
    expect(redactUrl(new URL('https://b.s3.amazonaws.com/p/q?X-Amz-Signature=abc'))).toBe('https://b.s3.amazonaws.com/p/q');
  });
});

async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}
