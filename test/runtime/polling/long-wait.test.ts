import { finishWait, waitInThisInvocation } from '../../../src/runtime/polling/long-wait';
import { POLL_KEY } from '../../../src/runtime/polling/poll-message';
import { ResponseBody } from '../../../src/runtime/protocol/response';
import { longWaitFixture, NOT_DONE, PARAMETER, REQUEST, RESPONSE_URL, START } from '../../helpers/long-wait-fixture';

test('GIVEN isComplete done on the third call WHEN waited in the same invocation THEN SUCCESS merges its Data over onEvent\'s and nothing is stored', async () => {
  const { deps, ssm, seen, part } = longWaitFixture({ answers: [NOT_DONE, NOT_DONE, { ok: true, result: {}, answer: { IsComplete: true, Data: { Endpoint: 'e' } } }] });
  const end = await waitInThisInvocation(deps, part(), 'unused', RESPONSE_URL);
  expect(end).toEqual({ kind: 'answer', body: { Status: 'SUCCESS', PhysicalResourceId: 'cluster-1', StackId: REQUEST.StackId, RequestId: 'req-1', LogicalResourceId: 'Cluster', Data: { Arn: 'arn:cluster', Endpoint: 'e' } } });
  expect(seen.map((e) => [e.RequestType, e.PhysicalResourceId, e.Attempt, e.ResourceProperties])).toEqual([0, 1, 2].map((a) => ['Create', 'cluster-1', a, { size: 'large' }]));
  expect(ssm.parameters.size).toBe(0);
});

test('GIVEN a wait longer than the invocation WHEN it ends THEN the URL is kept encrypted in SSM and the next invocation gets only a reference, its bound and the signing time', async () => {
  const { deps, ssm, lambda, part } = longWaitFixture();
  const end = await waitInThisInvocation(deps, part({ remainingMs: 33_000, maxHop: 42, sentAt: START - 3_000 }), PARAMETER, RESPONSE_URL);
  expect(end).toEqual({ kind: 'handed-off' });
  const kept = ssm.parameters.get(PARAMETER)!;
  expect(kept.type).toBe('SecureString');
  expect(JSON.parse(kept.value)).toMatchObject({ responseUrl: RESPONSE_URL, result: { PhysicalResourceId: 'cluster-1', Data: { Arn: 'arn:cluster' } } });
  expect(JSON.parse(kept.policies!)[0]).toMatchObject({ Type: 'Expiration' });
  expect(lambda.invoked).toHaveLength(1);
  expect(lambda.invoked[0]).not.toContain('SECRET');
  expect(lambda.invoked[0]).not.toContain('s3.amazonaws.com');
  const state = JSON.parse(lambda.invoked[0])[POLL_KEY];
  expect(state).toMatchObject({ v: 1, parameter: PARAMETER, hop: 1, maxHop: 42, sentAt: START - 3_000, request: REQUEST });
});

test('GIVEN Data of onEvent and isComplete that each fit but not together WHEN complete THEN FAILED says so instead of an answer that cannot be sent', async () => {
  const { deps, part } = longWaitFixture({ answers: [{ ok: true, result: {}, answer: { IsComplete: true, Data: { Second: 'y'.repeat(2_500) } } }] });
  const end = await waitInThisInvocation(deps, part({ result: { PhysicalResourceId: 'cluster-1', Data: { First: 'x'.repeat(2_500) } } }), 'unused', RESPONSE_URL);
  expect(end).toMatchObject({ kind: 'answer', body: { Status: 'FAILED', PhysicalResourceId: 'cluster-1', Reason: expect.stringContaining("(onEvent's Data and isComplete's together)") } });
  expect((end as { body: ResponseBody }).body.Reason).toMatch(/Second|First/);
});

test('GIVEN a request sent 6 s before this invocation WHEN isComplete never completes THEN the wait times out by the ServiceTimeout counted from the signing time', async () => {
  const { deps, part, clock } = longWaitFixture();
  const end = await waitInThisInvocation(deps, part({ remainingMs: 900_000, sentAt: START - 6_000 }), 'unused', RESPONSE_URL);
  expect(end).toMatchObject({ kind: 'answer', body: { Status: 'FAILED', Reason: expect.stringMatching(/^isComplete did not report completion within 600 s/) } });
  // 600 s less the 30 s margin, counted from the signing time.
  expect(clock.now()).toBeLessThanOrEqual(START - 6_000 + 570_000);
});

describe('finishWait', () => {
  test('GIVEN a continued wait that ends WHEN finished THEN the answer goes first, then the kept wait and every claim are removed', async () => {
    const { deps, ssm, part } = longWaitFixture();
    for (const name of [PARAMETER, `${PARAMETER}/claim-1`, `${PARAMETER}/claim-2`]) ssm.parameters.set(name, { value: 'x', type: 'String' });
    const order: string[] = [];
    const body = { Status: 'SUCCESS', PhysicalResourceId: 'p', StackId: 's', RequestId: 'r', LogicalResourceId: 'l' } as const;
    const result = await finishWait(deps, part({ hop: 2 }), PARAMETER, { kind: 'answer', body, stored: 2 }, async (b, deadline) => {
      order.push(`answer ${b.Status} ${ssm.parameters.size}`);
      return deadline;
    });
    expect(order).toEqual(['answer SUCCESS 3']);
    expect(ssm.parameters.size).toBe(0);
    // Due by the polling deadline (600 s less 30 s) or before the invocation's last share, whichever is first.
    expect(result).toBeLessThanOrEqual(START + 60_000 - 500);
  });

  test('GIVEN nothing stored WHEN finished THEN SSM is not called', async () => {
    const { deps, ssm, part } = longWaitFixture();
    const body = { Status: 'SUCCESS', PhysicalResourceId: 'p', StackId: 's', RequestId: 'r', LogicalResourceId: 'l' } as const;
    await finishWait(deps, part(), PARAMETER, { kind: 'answer', body }, async () => undefined);
    expect(ssm.calls).toEqual([]);
  });
});
