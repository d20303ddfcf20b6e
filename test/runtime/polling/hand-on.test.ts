import { handOn } from '../../../src/runtime/polling/hand-on';
import { POLL_KEY } from '../../../src/runtime/polling/poll-message';
import { longWaitFixture, PARAMETER, RESPONSE_URL, START } from '../../helpers/long-wait-fixture';

/** The first hand-off of a 33 s invocation (polling until START + 29.7 s), the next call due then. */
const DUE = START + 29_700;

test('GIVEN CloudFormation\'s request delivered twice WHEN the second invocation would keep the wait THEN it leaves the wait to the first and answers nothing', async () => {
  const { deps, ssm, lambda, part } = longWaitFixture();
  await handOn(deps, part({ remainingMs: 33_000 }), PARAMETER, RESPONSE_URL, 2, DUE);
  const kept = ssm.parameters.get(PARAMETER)!.value;
  const second = await handOn(deps, part({ remainingMs: 33_000 }), PARAMETER, RESPONSE_URL, 2, DUE);
  expect(second).toEqual({ kind: 'handed-off' });
  expect(lambda.invoked).toHaveLength(1);
  expect(ssm.parameters.get(PARAMETER)!.value).toBe(kept);
});

test('GIVEN the first hand-off is refused WHEN nothing started THEN FAILED is answered, naming the call, and the kept wait and the claim are to be removed', async () => {
  const { deps, ssm, part } = longWaitFixture({ lambdaFaults: [{ op: 'invoke', kind: 'denied' }] });
  const end = await handOn(deps, part({ remainingMs: 33_000 }), PARAMETER, RESPONSE_URL, 2, DUE);
  expect(end).toMatchObject({ kind: 'answer', stored: 1, body: { Status: 'FAILED', Reason: expect.stringContaining('could not continue waiting for isComplete in a new invocation: AccessDeniedException') } });
  expect([...ssm.parameters.keys()].sort()).toEqual([PARAMETER, `${PARAMETER}/claim-1`]);
});

test.each([
  ['throttled on every attempt', [{ op: 'invoke' as const, kind: 'throttle' as const }], 'answer'],
  ['throttled twice, then accepted', [{ op: 'invoke' as const, kind: 'throttle' as const, times: 2 }], 'handed-off'],
])('GIVEN the self-invoke %s WHEN handing on THEN it is retried within its budget: %s', async (_name, lambdaFaults, kind) => {
  const { deps, lambda, part, clock } = longWaitFixture({ lambdaFaults });
  const end = await handOn(deps, part({ remainingMs: 33_000 }), PARAMETER, RESPONSE_URL, 2, DUE);
  expect(end.kind).toBe(kind);
  expect(lambda.calls).toBeGreaterThanOrEqual(3);
  // Within a quarter of the 3.3 s reserve after the hand-off began, however it ended.
  expect(clock.now() - DUE).toBeLessThanOrEqual(3_300 / 2);
  if (kind === 'answer') expect(end).toMatchObject({ body: { Reason: expect.stringMatching(/TooManyRequestsException: Lambda Invoke of provider-fn gave up after \d+ attempt\(s\) in \d+ ms: Rate Exceeded/) } });
});

test('GIVEN keeping the wait is throttled on every attempt WHEN handing on THEN FAILED names it, nothing is invoked, and the parameter is to be removed', async () => {
  const { deps, lambda, part } = longWaitFixture({ ssmFaults: [{ op: 'putParameter', kind: 'throttle' }] });
  const end = await handOn(deps, part({ remainingMs: 33_000 }), PARAMETER, RESPONSE_URL, 2, DUE);
  expect(end).toMatchObject({ kind: 'answer', stored: 0, body: { Status: 'FAILED', Reason: expect.stringMatching(/^could not keep the wait for a new invocation: ThrottlingException: SSM PutParameter \(keeping the wait\) gave up/) } });
  expect(lambda.calls).toBe(0);
});

test('GIVEN a wait whose bound allows no hand-off (a function too short for a call in a new invocation) WHEN it would hand on THEN FAILED says why, at once, storing nothing', async () => {
  const { deps, ssm, lambda, part, clock } = longWaitFixture();
  const end = await handOn(deps, part({ remainingMs: 3_000, maxHop: 0 }), PARAMETER, RESPONSE_URL, 0, START + 5_000);
  expect(end).toEqual({ kind: 'answer', body: expect.objectContaining({ Status: 'FAILED', Reason: 'a new invocation of this 3 s function has no time for a call of isComplete (it keeps 2 s to hand on and a call needs at least 1 s): give the provider a longer timeout (see the logs)' }) });
  expect(ssm.calls).toEqual([]);
  expect(lambda.calls).toBe(0);
  expect(clock.now()).toBe(START);
});

test('GIVEN a hand-off WHEN the next invocation starts THEN its state carries the bound, the next hop and the signing time', async () => {
  const { deps, lambda, part } = longWaitFixture();
  await handOn(deps, part({ remainingMs: 33_000, maxHop: 9, sentAt: START - 500 }), PARAMETER, RESPONSE_URL, 2, DUE);
  expect(JSON.parse(lambda.invoked[0])[POLL_KEY]).toMatchObject({ hop: 1, maxHop: 9, attempt: 2, sentAt: START - 500, due: DUE });
});
