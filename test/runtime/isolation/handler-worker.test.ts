/**
 * The worker side of isolation, run in-thread with a fake port and process: what it sends
 * for each way a module or handler can behave.
 */
import { EventEmitter } from 'node:events';
import { isHandlerWorkerData, runHandlerWorker } from '../../../src/runtime/isolation/handler-worker';
import type { WorkerMessage } from '../../../src/runtime/isolation/worker-messages';

function harness(mod: Record<string, unknown> | Error) {
  const sent: WorkerMessage[] = [];
  const inbox = new EventEmitter();
  const writes: unknown[] = [];
  const stream = () => ({ write: (chunk: string | Uint8Array, ..._rest: unknown[]) => writes.push(chunk) > 0 });
  const proc = Object.assign(new EventEmitter(), { stdout: stream(), stderr: stream() });
  const port = { postMessage: (m: WorkerMessage) => sent.push(m), on: (event: 'message', listener: (m: unknown) => void) => inbox.on(event, listener) };
  const loads: string[] = [];
  const load = async (p: string) => {
    loads.push(p);
    if (mod instanceof Error) throw mod;
    return mod;
  };
  const started = runHandlerWorker({ cdkLifecycleHandlerWorker: true, modulePath: '/code/index', moduleName: 'index' }, port, proc, load);
  const settle = () => new Promise((r) => setTimeout(r, 10));
  return { sent, inbox, proc, loads, started, settle, writes };
}

test('GIVEN a module that loads WHEN a call arrives THEN ready, then the settled outcome of the named export', async () => {
  const h = harness({ onEvent: async (e: { n: number }) => ({ Data: { n: String(e.n) } }) });
  await h.started;
  expect(h.loads).toEqual(['/code/index']);
  expect(h.sent).toEqual([{ t: 'ready' }]);
  h.inbox.emit('message', { t: 'call', exportName: 'onEvent', event: { n: 7 } });
  await h.settle();
  expect(h.sent[1]).toEqual({ t: 'outcome', outcome: { ok: true, result: { Data: { n: '7' } } } });
});

test('GIVEN a second call WHEN it arrives THEN it is ignored (one call per worker)', async () => {
  let calls = 0;
  const h = harness({ onEvent: () => { calls++; return undefined; } });
  await h.started;
  h.inbox.emit('message', { t: 'call', exportName: 'onEvent', event: {} });
  h.inbox.emit('message', { t: 'call', exportName: 'onEvent', event: {} });
  await h.settle();
  expect(calls).toBe(1);
  expect(h.sent.filter((m) => m.t === 'outcome')).toHaveLength(1);
});

test.each([
  ['a missing export', { t: 'call', exportName: 'nope', event: {} }, 'HandlerLoadError: module "index" has no exported function "nope" (exports: onEvent)'],
  ['a message without an export name', 'garbage', 'HandlerLoadError: module "index" has no exported function "" (exports: onEvent)'],
])('GIVEN %s WHEN called THEN the outcome says the export is missing', async (_name, message, error) => {
  const h = harness({ onEvent: () => undefined });
  await h.started;
  h.inbox.emit('message', message);
  await h.settle();
  expect(h.sent[1]).toEqual({ t: 'outcome', outcome: { ok: false, error } });
});

test('GIVEN a module that fails to load WHEN started THEN failed, never ready', async () => {
  const h = harness(new SyntaxError('unexpected token'));
  await h.started;
  expect(h.sent).toEqual([{ t: 'failed', error: 'HandlerLoadError: could not load handler module "index" from the function code: SyntaxError: unexpected token' }]);
});

test.each([
  ['uncaughtException', new Error('from a timer'), 'HandlerCrashError: uncaught exception: Error: from a timer'],
  ['unhandledRejection', 'plain reason', 'HandlerCrashError: unhandled promise rejection: thrown value: string "plain reason"'],
])('GIVEN the process reports %s WHEN it happens THEN failed names it', async (event, error, text) => {
  const h = harness({ onEvent: () => undefined });
  await h.started;
  h.proc.emit(event, error);
  expect(h.sent.at(-1)).toEqual({ t: 'failed', error: text });
});

test('isHandlerWorkerData recognises only the runtime\'s own workers', () => {
  expect(isHandlerWorkerData({ cdkLifecycleHandlerWorker: true, modulePath: '/x', moduleName: 'x' })).toBe(true);
  expect([undefined, null, {}, { cdkLifecycleHandlerWorker: 'true' }, [true]].map(isHandlerWorkerData)).toEqual([false, false, false, false, false]);
});

test('GIVEN a running worker WHEN the handler writes to its console THEN each write is posted as text, in order, and callbacks run', async () => {
  const h = harness({ onEvent: () => undefined });
  await h.started;
  const done: string[] = [];
  h.proc.stdout.write('line one\n');
  h.proc.stderr.write(Buffer.from('bytes é\n'), () => done.push('stderr'));
  h.proc.stdout.write('encoded', 'utf8', () => done.push('stdout'));
  await h.settle();
  expect(h.sent.slice(1)).toEqual([
    { t: 'out', stream: 'stdout', text: 'line one\n' },
    { t: 'out', stream: 'stderr', text: 'bytes é\n' },
    { t: 'out', stream: 'stdout', text: 'encoded' },
  ]);
  expect(done).toEqual(['stderr', 'stdout']);
  expect(h.writes).toEqual([]);
});
