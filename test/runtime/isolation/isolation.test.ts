import { Isolation, IsolationCall, isolatedInvoker } from '../../../src/runtime/isolation/isolation';
import { createLogger } from '../../../src/runtime/protocol/logger';
import type { LifecycleEvent } from '../../../src/runtime/types';

test('GIVEN an isolation WHEN the invoker calls THEN it passes the export, the event and the deadline, and logs output under the request', async () => {
  const calls: IsolationCall[] = [];
  const prepared: number[] = [];
  const isolation: Isolation = {
    call: async (c) => {
      calls.push(c);
      c.output?.('to stdout', 'stdout');
      c.output?.('to stderr', 'stderr');
      return { ok: true, result: {} };
    },
    prepare: async (until) => { prepared.push(until); },
  };
  const lines: string[] = [];
  const invoker = isolatedInvoker(isolation, 'isComplete');
  const event = { RequestType: 'Create' } as LifecycleEvent;
  expect(await invoker.call(event, { deadline: 1234, logger: createLogger((l) => lines.push(l), { RequestId: 'r-9' }) })).toEqual({ ok: true, result: {} });
  await invoker.prepare!(99);
  expect(calls[0]).toMatchObject({ exportName: 'isComplete', event, deadline: 1234 });
  expect(prepared).toEqual([99]);
  expect(lines.map((l) => JSON.parse(l))).toEqual([
    { level: 'INFO', RequestId: 'r-9', message: 'handler output', stream: 'stdout', line: 'to stdout' },
    { level: 'ERROR', RequestId: 'r-9', message: 'handler output', stream: 'stderr', line: 'to stderr' },
  ]);
});

test('GIVEN an isolation with nothing to prepare WHEN made an invoker THEN the invoker has no prepare step either', () => {
  const isolation: Isolation = { call: async () => ({ ok: true, result: {} }) };
  expect(isolatedInvoker(isolation, 'onEvent').prepare).toBeUndefined();
});

test('GIVEN an isComplete invoker WHEN it calls THEN the isolation is told which answer to expect', async () => {
  const calls: IsolationCall[] = [];
  const isolation: Isolation = { call: async (c) => { calls.push(c); return { ok: true, result: {} }; }, prepare: async () => undefined };
  await isolatedInvoker(isolation, 'isComplete', 'isComplete').call({ RequestType: 'Create' } as LifecycleEvent, { deadline: 1, logger: createLogger(() => undefined) });
  await isolatedInvoker(isolation, 'onEvent').call({ RequestType: 'Create' } as LifecycleEvent, { deadline: 1, logger: createLogger(() => undefined) });
  expect(calls.map((c) => c.shape)).toEqual(['isComplete', undefined]);
});
