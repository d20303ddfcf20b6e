import { SDK_CLIENT_OPTIONS, SsmOperations, WaitStore } from '../../../src/runtime/polling/wait-store';
import { MemorySsm } from '../../helpers/hostile-aws';

/** A fake clock: sleeps only move it. */
const clock = () => {
  let now = 0;
  return { now: () => now, sleep: async (ms: number) => { now += ms; }, random: () => 0.5 };
};
const FAR = 60_000;

/** An SSM that holds one parameter with the given value and refuses to create it again. */
function ssmHolding(value: string): SsmOperations {
  return {
    putParameter: async () => { throw Object.assign(new Error('exists'), { name: 'ParameterAlreadyExists' }); },
    getParameter: async () => ({ Parameter: { Value: value } }),
    deleteParameters: async () => ({}),
  };
}

const WAIT = { responseUrl: 'https://s3/response?X-Amz-Signature=SECRET', result: { PhysicalResourceId: 'id' } };

test('GIVEN the wait is kept already WHEN kept again THEN keep says false instead of throwing', async () => {
  expect(await new WaitStore(ssmHolding(JSON.stringify(WAIT)), 'fn', clock()).keep('/cdk-lifecycle/fn/a', WAIT, 0, FAR)).toBe(false);
});

test('GIVEN a parameter that is not JSON WHEN read THEN the error names the parameter and does not quote its value (a signed URL)', async () => {
  const store = new WaitStore(ssmHolding('{"responseUrl":"https://s3/response?X-Amz-Signature=SECRET"'), 'fn', clock());
  const error = await store.read('/cdk-lifecycle/fn/a', FAR).catch((e: Error) => e);
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).toBe('the parameter /cdk-lifecycle/fn/a does not hold a kept wait');
  expect((error as Error).message).not.toContain('SECRET');
});

test('GIVEN an SSM error other than ParameterAlreadyExists WHEN keeping THEN it is thrown', async () => {
  const ssm: SsmOperations = { ...ssmHolding(''), putParameter: async () => { throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' }); } };
  await expect(new WaitStore(ssm, 'fn', clock()).keep('/p', WAIT, 0, FAR)).rejects.toThrow('denied');
});

test('GIVEN a kept wait and claims WHEN stored THEN each is created once, Advanced, with an expiration an hour after the deadline', async () => {
  const ssm = new MemorySsm();
  const store = new WaitStore(ssm, 'fn', clock());
  expect(await store.keep('/p', WAIT, Date.UTC(2026, 10, 30, 12), FAR)).toBe(true);
  expect(await store.claim('/p', 1, Date.UTC(2026, 10, 30, 12), FAR)).toBe(true);
  expect(await store.claim('/p', 1, Date.UTC(2026, 10, 30, 12), FAR)).toBe(false);
  for (const name of ['/p', '/p/claim-1']) {
    expect(ssm.parameters.get(name)).toMatchObject({ tier: 'Advanced' });
    expect(JSON.parse(ssm.parameters.get(name)!.policies!)).toEqual([{ Type: 'Expiration', Version: '1.0', Attributes: { Timestamp: '2026-11-30T13:00:00.000Z' } }]);
  }
  expect(await store.read('/p', FAR)).toEqual(WAIT);
});

test('GIVEN a keep whose first attempt was applied but timed out WHEN retried and told "exists" THEN the value read back is its own: kept, not someone else\'s', async () => {
  const ssm = new MemorySsm([{ op: 'putParameter', kind: 'applied-then-hang', times: 1 }]);
  const store = new WaitStore(ssm, 'fn', { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), random: Math.random });
  expect(await store.keep('/p', WAIT, 0, Date.now() + 600)).toBe(true);
  // Told "exists" by a second attempt, or out of time for one: either way the value was read back.
  expect(ssm.calls[0]).toBe('putParameter /p');
  expect(ssm.calls[ssm.calls.length - 1]).toBe('getParameter /p');
});

test('GIVEN a claim whose only attempt was applied but never answered WHEN no time is left for another THEN the value read back tells it is its own', async () => {
  const ssm = new MemorySsm([{ op: 'putParameter', kind: 'applied-then-hang', times: 1 }]);
  const store = new WaitStore(ssm, 'fn', { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), random: Math.random });
  expect(await store.claim('/p', 1, 0, Date.now() + 300)).toBe(true);
  expect(ssm.calls).toEqual(['putParameter /p/claim-1', 'getParameter /p/claim-1']);
});

test('GIVEN a claim that never answers and was not applied WHEN its time is up THEN it fails (nothing to read back)', async () => {
  const ssm = new MemorySsm([{ op: 'putParameter', kind: 'hang' }]);
  const store = new WaitStore(ssm, 'fn', { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), random: Math.random });
  await expect(store.claim('/p', 1, 0, Date.now() + 300)).rejects.toMatchObject({ name: 'TimeoutError' });
});

test('GIVEN another invocation\'s claim WHEN an attempt of this claim timed out first THEN "exists" still means it is not this one\'s', async () => {
  const ssm = new MemorySsm([{ op: 'putParameter', kind: 'hang', times: 1 }]);
  ssm.parameters.set('/p/claim-2', { value: '2 someone-else', type: 'String' });
  const store = new WaitStore(ssm, 'fn', { now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)), random: Math.random });
  expect(await store.claim('/p', 2, 0, Date.now() + 600)).toBe(false);
});

test('GIVEN more than 10 names to remove WHEN removing THEN they go in batches of 10 (DeleteParameters\' limit)', async () => {
  const ssm = new MemorySsm();
  const store = new WaitStore(ssm, 'fn', clock());
  for (let hop = 1; hop <= 12; hop++) await store.claim('/p', hop, 0, FAR);
  await store.remove('/p', 12, FAR);
  expect(ssm.parameters.size).toBe(0);
  expect(ssm.calls.filter((c) => c.startsWith('deleteParameters')).map((c) => c.split(' ').length - 1)).toEqual([10, 3]);
});

test('the SDK clients make one attempt per call: the store retries within each call\'s own deadline', () => {
  expect(SDK_CLIENT_OPTIONS.maxAttempts).toBe(1);
});
