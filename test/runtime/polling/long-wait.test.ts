import { continueWait, LongWaitDependencies, waitInThisInvocation, WaitPart } from '../../../src/runtime/polling/long-wait';
import { POLL_KEY } from '../../../src/runtime/polling/poll-message';
import { SsmOperations, WaitStore } from '../../../src/runtime/polling/wait-store';
import { HandlerOutcome } from '../../../src/runtime/protocol/handler-result';
import { createLogger } from '../../../src/runtime/protocol/logger';
import { ResponseBody } from '../../../src/runtime/protocol/response';
import { LifecycleIsCompleteEvent } from '../../../src/runtime/types';

/** SSM's semantics for the calls the store makes, in memory (errors named as the SDK names them). */
class MemorySsm implements SsmOperations {
  public readonly parameters = new Map<string, { value: string; type: string; tier?: string; policies?: string }>();
  public async putParameter(input: { Name: string; Value: string; Type: string; Overwrite: boolean; Tier?: string; Policies?: string }) {
    if (this.parameters.has(input.Name) && !input.Overwrite) throw Object.assign(new Error('exists'), { name: 'ParameterAlreadyExists' });
    this.parameters.set(input.Name, { value: input.Value, type: input.Type, tier: input.Tier, policies: input.Policies });
    return {};
  }
  public async getParameter(input: { Name: string }) {
    const p = this.parameters.get(input.Name);
    if (!p) throw Object.assign(new Error('not found'), { name: 'ParameterNotFound' });
    return { Parameter: { Value: p.value } };
  }
  public async deleteParameters(input: { Names: string[] }) {
    if (input.Names.length > 10) throw new Error('at most 10 names');
    input.Names.forEach((n) => this.parameters.delete(n));
    return {};
  }
}

const URL = 'https://cloudformation-custom-resource-response.s3.amazonaws.com/abc?X-Amz-Signature=SECRET';
const REQUEST = {
  RequestType: 'Create' as const,
  StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
  RequestId: 'req-1',
  LogicalResourceId: 'Cluster',
  ResourceType: 'Custom::Cluster',
  ResourceProperties: { ServiceToken: 'arn', ServiceTimeout: '600', size: 'large' },
};

/** isComplete's answers: not done three times, then done. */
const NOT_DONE: HandlerOutcome = { ok: true, result: {}, answer: { IsComplete: false } };
const doneOnFourthCall = (): HandlerOutcome[] => [NOT_DONE, NOT_DONE, NOT_DONE, { ok: true, result: {}, answer: { IsComplete: true } }];

function setup(answers: HandlerOutcome[]) {
  let now = 1_000_000;
  const ssm = new MemorySsm();
  const invoked: string[] = [];
  const seen: LifecycleIsCompleteEvent[] = [];
  const lines: string[] = [];
  const deps: LongWaitDependencies = {
    schedule: { firstDelayMs: 5_000, intervalMs: 10_000, backoffRate: 1, maxIntervalMs: 10_000 },
    store: new WaitStore(ssm, 'provider-fn'),
    selfInvoke: async (_fn, payload) => { invoked.push(payload); },
    functionName: 'provider-fn',
    isComplete: async (event) => { seen.push(event); now += 50; return answers.shift() ?? { ok: true, result: {}, answer: { IsComplete: false } }; },
    now: () => now,
    sleep: async (ms) => { now += ms; },
  };
  const logger = createLogger((l) => lines.push(l));
  const part = (overrides: Partial<WaitPart> = {}): WaitPart => ({
    request: REQUEST,
    result: { PhysicalResourceId: 'cluster-1', Data: { Arn: 'arn:cluster' } },
    arrivedAt: 1_000_000,
    attempt: 0,
    due: 1_005_000,
    hop: 0,
    invocationEnd: 1_000_000 + 60_000,
    logger,
    logLocation: 'the logs',
    ...overrides,
  });
  return { deps, ssm, invoked, seen, lines, part, clock: { now: () => now, set: (t: number) => { now = t; } } };
}

test('GIVEN isComplete done on the third call WHEN waited in the same invocation THEN SUCCESS merges its Data over onEvent\'s and nothing is stored', async () => {
  const { deps, ssm, seen, part } = setup([{ ok: true, result: {}, answer: { IsComplete: false } }, { ok: true, result: {}, answer: { IsComplete: false } }, { ok: true, result: {}, answer: { IsComplete: true, Data: { Endpoint: 'e' } } }]);
  const end = await waitInThisInvocation(deps, part(), 'unused', URL);
  expect(end).toEqual({ kind: 'answer', body: { Status: 'SUCCESS', PhysicalResourceId: 'cluster-1', StackId: REQUEST.StackId, RequestId: 'req-1', LogicalResourceId: 'Cluster', Data: { Arn: 'arn:cluster', Endpoint: 'e' } } });
  expect(seen.map((e) => [e.RequestType, e.PhysicalResourceId, e.Attempt, e.ResourceProperties])).toEqual([0, 1, 2].map((a) => ['Create', 'cluster-1', a, { size: 'large' }]));
  expect(ssm.parameters.size).toBe(0);
});

test('GIVEN a wait longer than the invocation WHEN it ends THEN the URL is kept encrypted in SSM and the next invocation gets only a reference', async () => {
  const { deps, ssm, invoked, part } = setup([]);
  const end = await waitInThisInvocation(deps, part({ invocationEnd: 1_030_000 }), '/cdk-lifecycle/provider-fn/abc', URL);
  expect(end).toEqual({ kind: 'handed-off' });
  const kept = ssm.parameters.get('/cdk-lifecycle/provider-fn/abc')!;
  expect(kept.type).toBe('SecureString');
  expect(JSON.parse(kept.value)).toEqual({ responseUrl: URL, result: { PhysicalResourceId: 'cluster-1', Data: { Arn: 'arn:cluster' } } });
  expect(JSON.parse(kept.policies!)[0]).toMatchObject({ Type: 'Expiration' });
  expect(invoked).toHaveLength(1);
  expect(invoked[0]).not.toContain('SECRET');
  expect(invoked[0]).not.toContain('s3.amazonaws.com');
  expect(JSON.parse(invoked[0])[POLL_KEY]).toMatchObject({ v: 1, parameter: '/cdk-lifecycle/provider-fn/abc', hop: 1, arrivedAt: 1_000_000, request: REQUEST });
});

describe('continuing in a new invocation', () => {
  async function handedOff(answers: HandlerOutcome[]) {
    const ctx = setup(answers);
    await waitInThisInvocation(ctx.deps, ctx.part({ invocationEnd: 1_030_000 }), '/cdk-lifecycle/provider-fn/abc', URL);
    const answered: Array<{ body: ResponseBody; url: string }> = [];
    const run = {
      invocationStart: ctx.clock.now(),
      remainingMs: 120_000,
      logger: createLogger((l) => ctx.lines.push(l)),
      logLocation: () => 'the logs',
      answer: async (body: ResponseBody, url: string) => { answered.push({ body, url }); },
    };
    return { ...ctx, event: JSON.parse(ctx.invoked[0]), answered, run };
  }

  test('GIVEN the poll event WHEN the new invocation completes THEN it answers the kept URL once and removes the parameter and its claim', async () => {
    const { deps, ssm, event, answered, run } = await handedOff(doneOnFourthCall());
    await continueWait(deps, event, run);
    expect(answered).toHaveLength(1);
    expect(answered[0].url).toBe(URL);
    expect(answered[0].body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'cluster-1', Data: { Arn: 'arn:cluster' } });
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the same poll event delivered twice WHEN both run THEN only one continues and one answer is sent', async () => {
    const { deps, event, answered, run, lines } = await handedOff(doneOnFourthCall());
    await Promise.all([continueWait(deps, event, run), continueWait(deps, event, run)]);
    expect(answered).toHaveLength(1);
    expect(lines.some((l) => l.includes('handled by another invocation'))).toBe(true);
  });

  test('GIVEN a poll event delivered late, after the answer WHEN it runs THEN it does nothing and leaves nothing behind', async () => {
    const { deps, ssm, event, answered, run, lines } = await handedOff(doneOnFourthCall());
    await continueWait(deps, event, run);
    await continueWait(deps, event, run);
    expect(answered).toHaveLength(1);
    expect(lines.some((l) => l.includes('answered already'))).toBe(true);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN isComplete throws in the new invocation WHEN answered THEN FAILED keeps the created id so the Delete reaches the handler', async () => {
    const { deps, event, answered, run } = await handedOff([{ ok: true, result: {}, answer: { IsComplete: false } }, { ok: true, result: {}, answer: { IsComplete: false } }, { ok: true, result: {}, answer: { IsComplete: false } }, { ok: false, error: 'Error: cluster broke' }]);
    await continueWait(deps, event, run);
    expect(answered[0].body).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'cluster-1', Reason: 'isComplete failed: Error: cluster broke (see the logs)' });
  });

  test('GIVEN a wait that never completes WHEN the ServiceTimeout nears THEN FAILED says so, before the deadline', async () => {
    const { deps, event, answered, run, clock } = await handedOff([]);
    await continueWait(deps, event, { ...run, remainingMs: 900_000 });
    expect(answered[0].body.Reason).toMatch(/^isComplete did not report completion within 600 s \(ServiceTimeout\) after \d+ call\(s\) \(see the logs\)$/);
    // 600 s less the 30 s margin, counted from the arrival at 1,000,000.
    expect(clock.now()).toBeLessThanOrEqual(1_000_000 + 570_000);
  });

  test('GIVEN the kept wait cannot be read WHEN the hop starts THEN its claim is released and the same hop starts again in a new invocation', async () => {
    const { deps, ssm, event, answered, run, invoked, lines } = await handedOff(doneOnFourthCall());
    const getParameter = ssm.getParameter.bind(ssm);
    ssm.getParameter = async () => { throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }); };
    await continueWait(deps, event, run);
    expect(answered).toEqual([]);
    expect(ssm.parameters.has('/cdk-lifecycle/provider-fn/abc/claim-1')).toBe(false);
    expect(invoked).toHaveLength(2);
    expect(JSON.parse(invoked[1])).toEqual(event);
    expect(lines.some((l) => l.includes('could not read the kept wait') && l.includes('Rate exceeded'))).toBe(true);

    // The second try reads it and answers.
    ssm.getParameter = getParameter;
    await continueWait(deps, JSON.parse(invoked[1]), run);
    expect(answered).toHaveLength(1);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a continued wait whose next hand-off fails WHEN nobody else claimed the next hop THEN it answers FAILED and removes everything, the next claim too', async () => {
    const { deps, ssm, event, answered, run } = await handedOff([]);
    const failing = { ...deps, selfInvoke: async () => { throw new Error('TooManyRequestsException'); } };
    await continueWait(failing, event, { ...run, remainingMs: 20_000 });
    expect(answered).toHaveLength(1);
    expect(answered[0].body).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('could not continue waiting for isComplete in a new invocation: Error: TooManyRequestsException') });
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a hand-off reported failed that went through all the same WHEN the next hop already claimed THEN this invocation answers nothing', async () => {
    const { deps, ssm, event, answered, run } = await handedOff([]);
    const failing = { ...deps, selfInvoke: async () => { await ssm.putParameter({ Name: '/cdk-lifecycle/provider-fn/abc/claim-2', Value: '2', Type: 'String', Overwrite: false }); throw new Error('socket hang up'); } };
    await continueWait(failing, event, { ...run, remainingMs: 20_000 });
    expect(answered).toEqual([]);
    expect(ssm.parameters.has('/cdk-lifecycle/provider-fn/abc')).toBe(true);
  });

  test('GIVEN a malformed poll event WHEN it arrives THEN it is logged and nothing else happens', async () => {
    const { deps, answered, run, lines } = await handedOff([]);
    await continueWait(deps, { [POLL_KEY]: { v: 2 } }, run);
    expect(answered).toEqual([]);
    expect(lines.some((l) => l.includes('poll event is malformed'))).toBe(true);
  });
});

test('GIVEN Data of onEvent and isComplete that each fit but not together WHEN complete THEN FAILED says so instead of an answer that cannot be sent', async () => {
  const { deps, part } = setup([{ ok: true, result: {}, answer: { IsComplete: true, Data: { Second: 'y'.repeat(2_500) } } }]);
  const end = await waitInThisInvocation(deps, part({ result: { PhysicalResourceId: 'cluster-1', Data: { First: 'x'.repeat(2_500) } } }), 'unused', URL);
  expect(end).toMatchObject({ kind: 'answer', body: { Status: 'FAILED', PhysicalResourceId: 'cluster-1', Reason: expect.stringContaining("(onEvent's Data and isComplete's together)") } });
  expect((end as { body: ResponseBody }).body.Reason).toMatch(/Second|First/);
});

test('GIVEN CloudFormation\'s request delivered twice WHEN the second invocation would keep the wait THEN it leaves the wait to the first and answers nothing', async () => {
  const { deps, ssm, invoked, part } = setup([]);
  await waitInThisInvocation(deps, part({ invocationEnd: 1_030_000 }), '/cdk-lifecycle/provider-fn/abc', URL);
  const kept = ssm.parameters.get('/cdk-lifecycle/provider-fn/abc')!.value;
  const second = await waitInThisInvocation(deps, part({ invocationEnd: 1_030_000 }), '/cdk-lifecycle/provider-fn/abc', URL);
  expect(second).toEqual({ kind: 'handed-off' });
  expect(invoked).toHaveLength(1);
  expect(ssm.parameters.get('/cdk-lifecycle/provider-fn/abc')!.value).toBe(kept);
});

test('GIVEN the first hand-off fails WHEN nothing started THEN FAILED is answered and the kept wait is removed', async () => {
  const { deps, ssm, part } = setup([]);
  const end = await waitInThisInvocation({ ...deps, selfInvoke: async () => { throw new Error('AccessDeniedException'); } }, part({ invocationEnd: 1_030_000 }), '/cdk-lifecycle/provider-fn/abc', URL);
  expect(end).toMatchObject({ kind: 'answer', body: { Status: 'FAILED', Reason: expect.stringContaining('AccessDeniedException') } });
  expect([...ssm.parameters.keys()]).toEqual([]);
});
