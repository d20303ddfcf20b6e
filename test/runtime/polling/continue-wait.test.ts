import { continueWait } from '../../../src/runtime/polling/continue-wait';
import { waitInThisInvocation } from '../../../src/runtime/polling/long-wait';
import { POLL_KEY } from '../../../src/runtime/polling/poll-message';
import type { HandlerOutcome } from '../../../src/runtime/protocol/handler-result';
import { Fault, MemoryLambda } from '../../helpers/hostile-aws';
import { doneOnFourthCall, FixtureOptions, lastPoll, longWaitFixture, NOT_DONE, PARAMETER, RESPONSE_URL, START } from '../../helpers/long-wait-fixture';

/** A wait handed off by the invocation that ran onEvent (33 s long: one call there). */
async function handedOff(answers: HandlerOutcome[], options: Omit<FixtureOptions, 'answers'> = {}) {
  const ctx = longWaitFixture({ ...options, answers });
  await waitInThisInvocation(ctx.deps, ctx.part({ remainingMs: 33_000 }), PARAMETER, RESPONSE_URL);
  return { ...ctx, event: lastPoll(ctx.lambda) as Record<string, any> };
}

test('GIVEN the poll event WHEN the new invocation completes THEN it answers the kept URL once and removes the parameter and its claim', async () => {
  const { deps, ssm, event, answered, run } = await handedOff(doneOnFourthCall());
  await continueWait(deps, event, run());
  expect(answered).toHaveLength(1);
  expect(answered[0].url).toBe(RESPONSE_URL);
  expect(answered[0].body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'cluster-1', Data: { Arn: 'arn:cluster' } });
  expect([...ssm.parameters.keys()]).toEqual([]);
});

test('GIVEN the same poll event delivered twice WHEN both run THEN only one continues and one answer is sent', async () => {
  const { deps, event, answered, run, lines } = await handedOff(doneOnFourthCall());
  await Promise.all([continueWait(deps, event, run()), continueWait(deps, event, run())]);
  expect(answered).toHaveLength(1);
  expect(lines.some((l) => l.includes('handled by another invocation'))).toBe(true);
});

test('GIVEN a poll event delivered late, after the answer WHEN it runs THEN it does nothing and leaves nothing behind', async () => {
  const { deps, ssm, event, answered, run, lines } = await handedOff(doneOnFourthCall());
  await continueWait(deps, event, run());
  await continueWait(deps, event, run());
  expect(answered).toHaveLength(1);
  expect(lines.some((l) => l.includes('answered already'))).toBe(true);
  expect([...ssm.parameters.keys()]).toEqual([]);
});

test('GIVEN isComplete throws in the new invocation WHEN answered THEN FAILED keeps the created id so the Delete reaches the handler', async () => {
  const { deps, event, answered, run } = await handedOff([NOT_DONE, NOT_DONE, NOT_DONE, { ok: false, error: 'Error: cluster broke' }]);
  await continueWait(deps, event, run());
  expect(answered[0].body).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'cluster-1', Reason: 'isComplete failed: Error: cluster broke (see the logs)' });
});

test('GIVEN a wait that never completes WHEN the ServiceTimeout nears THEN FAILED says so, before the deadline counted from the signing time', async () => {
  const { deps, event, answered, run, clock } = await handedOff([]);
  await continueWait(deps, event, run(900_000));
  expect(answered[0].body.Reason).toMatch(/^isComplete did not report completion within 600 s \(ServiceTimeout\) after \d+ call\(s\) \(see the logs\)$/);
  // 600 s less the 30 s margin, counted from the signing time (START).
  expect(clock.now()).toBeLessThanOrEqual(START + 570_000);
  expect(answered[0].deadline).toBeLessThanOrEqual(START + 570_000);
});

test('GIVEN a poll state written before the bound and the signing time existed WHEN it arrives THEN it is continued, its arrival read as the anchor', async () => {
  const { deps, event, answered, run } = await handedOff(doneOnFourthCall());
  const { sentAt, maxHop: _bound, ...legacy } = event[POLL_KEY];
  await continueWait(deps, { [POLL_KEY]: { ...legacy, arrivedAt: sentAt } }, run());
  expect(answered.map((a) => a.body.Status)).toEqual(['SUCCESS']);
});

describe('when SSM or Lambda fails', () => {
  const readThrottled: Fault = { op: 'getParameter', kind: 'throttle', names: /abc$/ };

  test('GIVEN the kept wait cannot be read and the claim cannot be released (throttled throughout) WHEN the hop starts THEN the wait goes on as the next hop, which claims afresh, answers and removes every claim', async () => {
    const { deps, ssm, lambda, event, answered, run, lines } = await handedOff(doneOnFourthCall(), {
      ssmFaults: [readThrottled, { op: 'deleteParameters', kind: 'throttle' }],
    });
    await continueWait(deps, event, run());
    expect(answered).toEqual([]);
    expect(lambda.invoked).toHaveLength(2);
    expect(lastPoll(lambda)).toEqual({ [POLL_KEY]: { ...event[POLL_KEY], hop: 2 } });
    expect(lines.some((l) => l.includes('could not read the kept wait') && l.includes('Rate exceeded'))).toBe(true);

    // SSM recovers: the next hop has a key of its own to claim (this hop's claim still stands).
    ssm.heal();
    expect(ssm.parameters.has(`${PARAMETER}/claim-1`)).toBe(true);
    await continueWait(deps, lastPoll(lambda), run());
    expect(answered.map((a) => a.body.Status)).toEqual(['SUCCESS']);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a read throttled twice WHEN the hop starts THEN the read is retried within its budget and the wait goes on here', async () => {
    const { deps, lambda, event, answered, run, ssm } = await handedOff(doneOnFourthCall(), { ssmFaults: [{ ...readThrottled, times: 2 }] });
    await continueWait(deps, event, run());
    expect(answered.map((a) => a.body.Status)).toEqual(['SUCCESS']);
    expect(lambda.invoked).toHaveLength(1);
    expect(ssm.calls.filter((c) => c === `getParameter ${PARAMETER}`)).toHaveLength(3);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the claim is throttled on every attempt WHEN the hop starts THEN it answers FAILED naming the claim, and removes the kept wait', async () => {
    const { deps, ssm, event, answered, run } = await handedOff(doneOnFourthCall(), { ssmFaults: [{ op: 'putParameter', kind: 'throttle', names: /claim-1$/ }] });
    await continueWait(deps, event, run());
    expect(answered).toHaveLength(1);
    expect(answered[0].body).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'cluster-1' });
    expect(answered[0].body.Reason).toMatch(/^could not claim hop 1 of the wait for isComplete: ThrottlingException: SSM PutParameter \(claiming hop 1\) gave up after \d+ attempt\(s\) in \d+ ms: Rate exceeded(; the last attempt: no answer within \d+ ms)? \(see the logs\)$/);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a claim whose first attempt was applied but never answered WHEN retried THEN the claim is recognised as this call\'s own and the wait goes on', async () => {
    const { deps, ssm, event, answered, run } = await handedOff([NOT_DONE, NOT_DONE, { ok: true, result: {}, answer: { IsComplete: true } }], {
      ssmFaults: [{ op: 'putParameter', kind: 'applied-then-hang', names: /claim-1$/, times: 1 }],
    });
    // A 4 s invocation: the hanging attempt is cut by a real timer within a quarter of its 2 s reserve.
    await continueWait(deps, event, run(4_000));
    expect(ssm.calls.filter((c) => /^(put|get)Parameter .*claim-1$/.test(c))).toEqual([`putParameter ${PARAMETER}/claim-1`, `putParameter ${PARAMETER}/claim-1`, `getParameter ${PARAMETER}/claim-1`]);
    expect(answered.map((a) => a.body.Status)).toEqual(['SUCCESS']);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN the next hand-off fails WHEN nobody else claimed the next hop THEN it answers FAILED and removes everything, the next claim too', async () => {
    const { deps, ssm, event, answered, run } = await handedOff([]);
    const refused = new MemoryLambda([{ op: 'invoke', kind: 'denied' }]);
    await continueWait({ ...deps, selfInvoke: refused.invoke }, event, run(20_000));
    expect(answered).toHaveLength(1);
    expect(answered[0].body).toMatchObject({ Status: 'FAILED', Reason: expect.stringContaining('could not continue waiting for isComplete in a new invocation: AccessDeniedException: not authorized') });
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a hand-off reported failed that went through all the same WHEN the next hop already claimed THEN this invocation answers nothing', async () => {
    const { deps, ssm, event, answered, run } = await handedOff([]);
    const failing = { ...deps, selfInvoke: async () => { await ssm.putParameter({ Name: `${PARAMETER}/claim-2`, Value: '2', Type: 'String', Overwrite: false }); throw new Error('socket hang up'); } };
    await continueWait(failing, event, run(20_000));
    expect(answered).toEqual([]);
    expect(ssm.parameters.has(PARAMETER)).toBe(true);
  });
});

describe('the bound on hand-offs', () => {
  test('GIVEN a hop beyond the wait\'s bound WHEN it arrives THEN it answers FAILED naming the bound and why, and removes everything', async () => {
    const { deps, ssm, event, answered, run } = await handedOff(doneOnFourthCall());
    await continueWait(deps, { [POLL_KEY]: { ...event[POLL_KEY], hop: 8, maxHop: 7 } }, run());
    expect(answered).toHaveLength(1);
    expect(answered[0].body).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'cluster-1' });
    expect(answered[0].body.Reason).toMatch(/^the wait reached hand-off 8 to a new invocation, beyond the 7 a 600 s ServiceTimeout can need with 120 s invocations: stopped as a runaway chain \(see the logs\)$/);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });

  test('GIVEN a hop at the bound WHEN the wait needs another THEN it answers FAILED instead of handing on', async () => {
    const { deps, ssm, lambda, event, answered, run } = await handedOff([]);
    await continueWait(deps, { [POLL_KEY]: { ...event[POLL_KEY], maxHop: 1 } }, run(20_000));
    expect(lambda.invoked).toHaveLength(1);
    expect(answered[0].body.Reason).toMatch(/^the wait reached hand-off 2 to a new invocation, beyond the 1 /);
    expect([...ssm.parameters.keys()]).toEqual([]);
  });
});
