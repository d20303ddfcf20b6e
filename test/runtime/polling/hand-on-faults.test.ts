/**
 * The first hand-off of a wait (keep the wait in SSM, start the next invocation) when SSM or
 * Lambda throttles or stops answering: the real handler, a real loopback response server and
 * the real clock. Whatever fails, CloudFormation gets its answer before the invocation ends,
 * and nothing is left stored.
 */
import { pollingProvider } from '../../helpers/polling-provider';
import { ResponseServer } from '../../helpers/response-server';

let server: ResponseServer;
beforeEach(async () => { server = await ResponseServer.start(); });
afterEach(() => server.close());

const KEEP = /^could not keep the wait for a new invocation: /;
const INVOKE = /^could not continue waiting for isComplete in a new invocation: /;

test.each([
  ['keeping the wait', 'SSM', 'throttled on every attempt', { op: 'putParameter', kind: 'throttle' }, KEEP, /ThrottlingException: SSM PutParameter \(keeping the wait\) gave up after \d+ attempt\(s\) in \d+ ms: Rate exceeded(; the last attempt: no answer within \d+ ms)? \(see /],
  ['keeping the wait', 'SSM', 'never answering', { op: 'putParameter', kind: 'hang' }, KEEP, /TimeoutError: SSM PutParameter \(keeping the wait\) gave up after \d+ attempt\(s\) in \d+ ms: no answer within \d+ ms \(see /],
  ['the next invocation', 'Lambda', 'throttled on every attempt', { op: 'invoke', kind: 'throttle' }, INVOKE, /TooManyRequestsException: Lambda Invoke of provider-fn gave up after \d+ attempt\(s\) in \d+ ms: Rate Exceeded\.(; the last attempt: no answer within \d+ ms)? \(see /],
  ['the next invocation', 'Lambda', 'never answering', { op: 'invoke', kind: 'hang' }, INVOKE, /TimeoutError: Lambda Invoke of provider-fn gave up after \d+ attempt\(s\) in \d+ ms: no answer within \d+ ms \(see /],
] as const)('GIVEN %s failing (%s %s) WHEN the wait would be handed on THEN FAILED names the call, in time, nothing started and nothing left stored', async (_point, service, _how, fault, prefix, cause) => {
  const provider = pollingProvider(server);
  (service === 'SSM' ? provider.ssm : provider.lambda).arm(fault);
  const first = await provider.create();
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'FAILED', PhysicalResourceId: 'job-1', Reason: expect.stringMatching(prefix) })]);
  expect(server.bodies[0].Reason).toMatch(cause);
  expect(provider.inTime(first)).toBe(true);
  expect(provider.lambda.invoked).toEqual([]);
  expect([...provider.ssm.parameters.keys()]).toEqual([]);
});

describe('keeping the wait (SSM PutParameter)', () => {
  test('GIVEN an SSM client that takes 800 ms to load (a cold sandbox) WHEN the wait is handed on in a 3.2 s invocation THEN the loading is charged to no call\'s budget: handed on, then SUCCESS', async () => {
    const provider = pollingProvider(server);
    provider.ssm.coldStart(800);
    const first = await provider.create();
    expect(first.summary).toMatchObject({ requests: [{ status: 'WAITING' }] });
    expect(provider.inTime(first)).toBe(true);
    provider.complete();
    await provider.hop(0);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test.each([
    ['throttled twice', { op: 'putParameter' as const, kind: 'throttle' as const, times: 2 }],
    ['storing it but never answering the first attempt', { op: 'putParameter' as const, kind: 'applied-then-hang' as const, times: 1 }],
  ])('GIVEN SSM %s WHEN the wait is handed on THEN it is retried (and recognised as its own) and the next invocation answers SUCCESS, nothing left', async (_name, fault) => {
    const provider = pollingProvider(server);
    provider.ssm.arm(fault);
    const first = await provider.create();
    expect(first.summary).toMatchObject({ requests: [{ status: 'WAITING' }] });
    expect(provider.inTime(first)).toBe(true);
    provider.complete();
    const hop = await provider.hop(0);
    expect(server.bodies).toEqual([expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'job-1', Data: { Started: 'yes' } })]);
    expect(provider.inTime(hop)).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });
});

describe('starting the next invocation (Lambda Invoke)', () => {
  test('GIVEN Lambda throttled twice WHEN the wait is handed on THEN the invoke is retried and the next invocation answers SUCCESS, nothing left', async () => {
    const provider = pollingProvider(server);
    provider.lambda.arm({ op: 'invoke', kind: 'throttle', times: 2 });
    const first = await provider.create();
    expect(first.summary).toMatchObject({ requests: [{ status: 'WAITING' }] });
    expect(provider.lambda.calls).toBe(3);
    provider.complete();
    await provider.hop(0);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN an invoke that started the next invocation but never answered WHEN retried THEN two invocations continue the wait, and exactly one answers', async () => {
    const provider = pollingProvider(server);
    provider.lambda.arm({ op: 'invoke', kind: 'applied-then-hang', times: 1 });
    const first = await provider.create();
    expect(first.summary).toMatchObject({ requests: [{ status: 'WAITING' }] });
    expect(provider.inTime(first)).toBe(true);
    // The retry started the same hop again: a duplicate delivery, as Lambda may make too.
    expect(provider.lambda.invoked).toHaveLength(2);
    provider.complete();
    await Promise.all([provider.hop(0), provider.hop(1)]);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect(provider.lines.some((l) => l.includes('handled by another invocation'))).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });
});
