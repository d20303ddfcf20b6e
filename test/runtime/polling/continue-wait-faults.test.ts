/**
 * An invocation that continues a wait (claim its hop, read the kept wait, poll, answer, remove
 * what was stored) when SSM throttles or stops answering, or the response URL misbehaves: the
 * real handler, a real loopback response server and the real clock. Whatever fails, the hop
 * ends before its invocation does, the answer (when one is sent) has the right status, and
 * nothing is left stored, or, where SSM refuses even the removal, only what expires on its own.
 */
import type { FaultKind } from '../../helpers/hostile-aws';
import { pollingProvider } from '../../helpers/polling-provider';
import { ResponseServer } from '../../helpers/response-server';

const CLAIM_1 = /claim-1$/;
const KEPT = /\/[0-9a-f]{32}$/;

/** DeleteParameters failing: how, for how many calls, and whether everything is removed in the end. */
const DELETE_FAULTS: Array<[string, FaultKind, number | undefined, boolean]> = [
  ['throttled on every attempt', 'throttle', undefined, false],
  ['never answering', 'hang', undefined, false],
  ['throttled twice', 'throttle', 2, true],
];

let server: ResponseServer;
afterEach(() => server.close());

/** A provider whose first invocation has handed the wait on (the next one will find isComplete done). */
async function handedOff(options: number[] | Parameters<typeof ResponseServer.start>[0] = {}) {
  server = await ResponseServer.start(options);
  const provider = pollingProvider(server);
  const first = await provider.create();
  expect(first.summary).toMatchObject({ requests: [{ status: 'WAITING' }] });
  provider.complete();
  return provider;
}

describe('claiming the hop', () => {
  test('GIVEN an SSM client that takes 800 ms to load in the new invocation (a cold sandbox) WHEN the hop claims THEN the loading is charged to no call\'s budget: SUCCESS', async () => {
    const provider = await handedOff();
    provider.ssm.coldStart(800);
    const hop = await provider.hop(0);
    expect(provider.inTime(hop)).toBe(true);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test.each([
    ['throttled on every attempt', 'throttle' as const, /^could not claim hop 1 of the wait for isComplete: ThrottlingException: SSM PutParameter \(claiming hop 1\) gave up after \d+ attempt\(s\) in \d+ ms: Rate exceeded(; the last attempt: no answer within \d+ ms)? \(see /],
    ['never answering', 'hang' as const, /^could not claim hop 1 of the wait for isComplete: TimeoutError: SSM PutParameter \(claiming hop 1\) gave up after \d+ attempt\(s\) in \d+ ms: no answer within \d+ ms \(see /],
  ])('GIVEN the claim %s WHEN the hop starts THEN it answers FAILED naming the claim, in time, and removes the kept wait', async (_name, kind, reason) => {
    const provider = await handedOff();
    provider.ssm.arm({ op: 'putParameter', kind, names: CLAIM_1 });
    const hop = await provider.hop(0);
    expect(server.bodies).toEqual([expect.objectContaining({ Status: 'FAILED', PhysicalResourceId: 'job-1', Reason: expect.stringMatching(reason) })]);
    expect(provider.inTime(hop)).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the claim throttled twice WHEN the hop starts THEN it is retried and the wait ends with SUCCESS, nothing left', async () => {
    const provider = await handedOff();
    provider.ssm.arm({ op: 'putParameter', kind: 'throttle', names: CLAIM_1, times: 2 });
    const hop = await provider.hop(0);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect(provider.inTime(hop)).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });
});

describe('reading the kept wait', () => {
  test.each<[string, FaultKind]>([
    ['throttled on every attempt', 'throttle'],
    ['never answering', 'hang'],
  ])('GIVEN the read %s WHEN the hop starts THEN the wait goes on as hop 2 (a fresh claim), which answers SUCCESS once SSM recovers, nothing left', async (_name, kind) => {
    const provider = await handedOff();
    provider.ssm.arm({ op: 'getParameter', kind, names: KEPT });
    const hop1 = await provider.hop(0);
    expect(provider.inTime(hop1)).toBe(true);
    expect(server.bodies).toEqual([]);
    expect(provider.lambda.invoked).toHaveLength(2);
    expect(JSON.parse(provider.lambda.invoked[1]).cdkLifecyclePoll).toMatchObject({ hop: 2 });
    provider.ssm.heal();
    const hop2 = await provider.hop(1);
    expect(provider.inTime(hop2)).toBe(true);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the read throttled twice WHEN the hop starts THEN it is retried and this hop answers SUCCESS, nothing left', async () => {
    const provider = await handedOff();
    provider.ssm.arm({ op: 'getParameter', kind: 'throttle', names: KEPT, times: 2 });
    const hop = await provider.hop(0);
    expect(provider.inTime(hop)).toBe(true);
    expect(provider.lambda.invoked).toHaveLength(1);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });
});

describe('removing what the wait stored, after the answer', () => {
  test.each(DELETE_FAULTS)('GIVEN DeleteParameters %s WHEN the wait ends THEN SUCCESS is answered in time and what is left expires on its own', async (_name, kind, times, removed) => {
    const provider = await handedOff();
    provider.ssm.arm({ op: 'deleteParameters', kind, times });
    const hop = await provider.hop(0);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect(provider.inTime(hop)).toBe(true);
    expect(provider.ssm.unexpiring).toEqual([]);
    expect(provider.ssm.parameters.size === 0).toBe(removed);
  });
});

describe('releasing the claim of a late delivery', () => {
  test.each(DELETE_FAULTS)('GIVEN DeleteParameters %s WHEN a hop arrives after the answer THEN it ends in time, answers nothing, and its claim is released or expires', async (_name, kind, times, released) => {
    const provider = await handedOff();
    await provider.hop(0);
    expect(provider.ssm.parameters.size).toBe(0);
    provider.ssm.arm({ op: 'deleteParameters', kind, times });
    const late = await provider.hop(0);
    expect(provider.inTime(late)).toBe(true);
    expect(server.bodies.map((b) => b.Status)).toEqual(['SUCCESS']);
    expect(provider.lines.some((l) => l.includes('answered already'))).toBe(true);
    expect(provider.ssm.unexpiring).toEqual([]);
    expect(provider.ssm.parameters.size === 0).toBe(released);
  });
});

describe('the answer after a wait (PUT to the response URL)', () => {
  test('GIVEN the URL answers 503 twice WHEN the wait ends THEN the PUT is retried, SUCCESS delivered, nothing left', async () => {
    const provider = await handedOff([503, 503]);
    const hop = await provider.hop(0);
    expect(server.puts.map((p) => p.body.Status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    expect(provider.inTime(hop)).toBe(true);
    expect(provider.lines.some((l) => l.includes('response delivered'))).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the URL answers 503 to every attempt WHEN the wait ends THEN the PUT gives up before the invocation ends, says so, and removes what was stored', async () => {
    const provider = await handedOff({ otherwise: 503 });
    const hop = await provider.hop(0);
    expect(server.puts.length).toBeGreaterThan(1);
    expect(provider.inTime(hop)).toBe(true);
    expect(provider.lines.some((l) => l.includes('response not delivered'))).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a URL whose answer never comes (headers trickled forever) WHEN the wait ends THEN the hop ends in time and removes what was stored', async () => {
    const provider = await handedOff({ trickle: 'headers' });
    const hop = await provider.hop(0);
    expect(server.puts.map((p) => p.body.Status)).toContain('SUCCESS');
    expect(provider.inTime(hop)).toBe(true);
    expect(provider.lines.some((l) => l.includes('response not delivered'))).toBe(true);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
  });
});

describe('a kept wait that is not one', () => {
  test.each([
    ['garbage', 'not json at all'],
    ['JSON of another shape', JSON.stringify({ responseUrl: 5 })],
  ])('GIVEN the kept wait overwritten with %s between hops WHEN the next hop reads it THEN the chain ends at once, hands nothing on, and removes what the wait stored', async (_name, value) => {
    const provider = await handedOff();
    const [kept] = [...provider.ssm.parameters.keys()].filter((name) => KEPT.test(name));
    provider.ssm.parameters.set(kept, { value, type: 'SecureString' });
    const handOffs = provider.lambda.invoked.length;
    const hop = await provider.hop(0);

    expect(provider.inTime(hop)).toBe(true);
    expect(hop.elapsed).toBeLessThan(1_000);
    expect(provider.lambda.invoked).toHaveLength(handOffs);
    expect(server.bodies).toEqual([]);
    expect([...provider.ssm.parameters.keys()]).toEqual([]);
    expect(provider.lines.some((line) => line.includes('the kept wait is unreadable'))).toBe(true);
  });
});
