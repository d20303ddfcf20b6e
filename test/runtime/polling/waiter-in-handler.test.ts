/**
 * The runtime's handler with a waiter (a polling provider): a real loopback response server,
 * the handler in-thread, an in-memory stand-in for SSM and a recording self-invoke.
 */
import { createHandler } from '../../../src/runtime/create-handler';
import { POLL_KEY } from '../../../src/runtime/polling/poll-message';
import { WaitStore } from '../../../src/runtime/polling/wait-store';
import { createWaiter } from '../../../src/runtime/polling/waiter';
import { HandlerOutcome } from '../../../src/runtime/protocol/handler-result';
import { nodePut } from '../../../src/runtime/protocol/send-response';
import type { LifecycleEvent } from '../../../src/runtime/types';
import { inThreadInvoker, lambdaContext, makeEvent, signedAt } from '../../helpers/events';
import { MemorySsm } from '../../helpers/hostile-aws';
import { ResponseServer, SIGNATURE } from '../../helpers/response-server';

const realClock = { now: Date.now, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)), random: Math.random };

let server: ResponseServer;
beforeEach(async () => { server = await ResponseServer.start(); });
afterEach(() => server.close());

function polling(answers: HandlerOutcome[], onEvent: (e: LifecycleEvent) => unknown = () => ({ PhysicalResourceId: 'db-1', Data: { Port: 5432 } })) {
  const ssm = new MemorySsm();
  const invocations: string[] = [];
  const lines: string[] = [];
  const onEventCalls: string[] = [];
  const waiter = createWaiter({
    schedule: { firstDelayMs: 20, intervalMs: 20, backoffRate: 1, maxIntervalMs: 20 },
    store: new WaitStore(ssm, 'provider-fn', realClock),
    selfInvoke: async (_fn, payload) => { invocations.push(payload); },
    functionName: 'provider-fn',
    isComplete: async () => answers.shift() ?? { ok: true, result: {}, answer: { IsComplete: false } },
    now: Date.now,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
  const handler = createHandler({
    invoke: inThreadInvoker((e) => { onEventCalls.push(e.RequestType); return onEvent(e); }),
    put: nodePut,
    log: (l) => lines.push(l),
    waiter,
  });
  return { handler, ssm, invocations, lines, onEventCalls };
}

test('GIVEN a polling provider WHEN isComplete reports completion THEN one SUCCESS carries both Datas, after onEvent ran once', async () => {
  const { handler, onEventCalls } = polling([
    { ok: true, result: {}, answer: { IsComplete: false } },
    { ok: true, result: {}, answer: { IsComplete: true, Data: { Endpoint: 'db.example' } } },
  ]);
  await handler(makeEvent(server.url()), lambdaContext(10_000));
  expect(onEventCalls).toEqual(['Create']);
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'db-1', Data: { Port: 5432, Endpoint: 'db.example' } })]);
});

test('GIVEN onEvent fails WHEN polling THEN isComplete is never called and FAILED is answered at once', async () => {
  const answers: HandlerOutcome[] = [];
  const { handler } = polling(answers, () => { throw new Error('quota'); });
  await handler(makeEvent(server.url()), lambdaContext(10_000));
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'FAILED', Reason: expect.stringMatching(/^Error: quota/) })]);
});

test('GIVEN the Delete of a failed Create WHEN polling THEN it succeeds without onEvent or isComplete', async () => {
  const { handler, onEventCalls, invocations } = polling([]);
  await handler(makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: 'cdk-lifecycle:create-failed:MyResource-0123456789abcdef' }), lambdaContext(10_000));
  expect(onEventCalls).toEqual([]);
  expect(invocations).toEqual([]);
  expect(server.bodies[0]).toMatchObject({ Status: 'SUCCESS' });
});

test('GIVEN a wait longer than the invocation WHEN it hands on THEN nothing is answered yet, and the poll invocation answers the stored URL once', async () => {
  const { handler, ssm, invocations, lines } = polling([]);
  const summary = await handler(makeEvent(server.url()), lambdaContext(4_000));
  expect(summary.requests[0]).toMatchObject({ status: 'WAITING', delivered: false });
  expect(server.bodies).toEqual([]);
  expect(invocations).toHaveLength(1);
  expect(invocations[0]).not.toContain(SIGNATURE);
  expect([...ssm.parameters.values()].some((v) => v.value.includes(SIGNATURE))).toBe(true);

  // The next invocation (same SSM), with isComplete now done; onEvent must not run again.
  const shared = createHandler({
    invoke: inThreadInvoker(() => { throw new Error('onEvent must not run again'); }),
    put: nodePut,
    log: (l) => lines.push(l),
    waiter: createWaiter({
      schedule: { firstDelayMs: 20, intervalMs: 20, backoffRate: 1, maxIntervalMs: 20 },
      store: new WaitStore(ssm, 'provider-fn', realClock),
      selfInvoke: async () => undefined,
      functionName: 'provider-fn',
      isComplete: async () => ({ ok: true, result: {}, answer: { IsComplete: true } }),
      now: Date.now,
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    }),
  });
  expect(JSON.parse(invocations[0])[POLL_KEY]).toMatchObject({ hop: 1 });
  await shared(JSON.parse(invocations[0]), lambdaContext(10_000));
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'SUCCESS', PhysicalResourceId: 'db-1', Data: { Port: 5432 } })]);
  expect(ssm.parameters.size).toBe(0);
  expect(lines.join('\n')).not.toContain(SIGNATURE);
});

test('GIVEN a request delivered 6 s after CloudFormation signed it, with a 10 s ServiceTimeout WHEN isComplete never completes THEN FAILED arrives within the ServiceTimeout counted from the signing time', async () => {
  const { handler } = polling([]);
  const sent = Math.floor((Date.now() - 6_000) / 1000) * 1000;
  const event = makeEvent(signedAt(server.url(), sent), { ResourceProperties: { ServiceToken: 'x', ServiceTimeout: '10' } });
  await handler(event, lambdaContext(60_000));
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'FAILED', Reason: expect.stringMatching(/^isComplete did not report completion within 10 s \(ServiceTimeout\) after \d+ call\(s\)/) })]);
  expect(server.puts[0].at).toBeLessThan(sent + 10_000);
});

test('GIVEN isComplete answering NoEcho WHEN it completes THEN the answer is NoEcho, as onEvent\'s NoEcho makes it, and no log line names its Data keys', async () => {
  const { handler, lines } = polling([
    { ok: true, result: {}, answer: { IsComplete: true, Data: { Password: 'hunter2' }, NoEcho: true } },
  ]);
  await handler(makeEvent(server.url()), lambdaContext(10_000));
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'SUCCESS', NoEcho: true, Data: { Port: 5432, Password: 'hunter2' } })]);
  expect(lines.join('\n')).not.toContain('Password');
});

test.each([
  ['NoEcho that is not a boolean', { IsComplete: true, NoEcho: 'yes' }, /^isComplete failed: HandlerResultError: isComplete returned NoEcho as string "yes"; expected an object \{ IsComplete: true \| false, Data\?: \{ \.\.\. \}, NoEcho\?: true \| false \}/],
  ['NoEcho with oversized Data', { IsComplete: true, NoEcho: true, Data: { SecretName: 'x'.repeat(5000) } }, /^(?!.*SecretName).*NoEcho/],
])('GIVEN isComplete answering %s WHEN checked THEN FAILED says so (naming no Data key of a NoEcho answer)', async (_, answer, reason) => {
  const { handler } = polling([{ ok: true, result: {}, answer }]);
  await handler(makeEvent(server.url()), lambdaContext(10_000));
  expect(server.bodies).toEqual([expect.objectContaining({ Status: 'FAILED', Reason: expect.stringMatching(reason) })]);
});
