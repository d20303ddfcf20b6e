/**
 * The order in which worker isolation stops and starts its workers, with the threads stood in
 * for (the real threads are exercised in worker-isolation.test.ts): a worker's end is then in
 * the test's hands.
 */
import { IsolatedWorker, startWorker } from '../../../src/runtime/isolation/isolated-worker';
import { workerIsolation } from '../../../src/runtime/isolation/worker-isolation';

jest.mock('../../../src/runtime/isolation/isolated-worker', () => ({ startWorker: jest.fn() }));

const events: string[] = [];
const ends = new Map<string, () => void>();

/** A worker that answers at once and ends only when the test says so. */
function fakeWorker(name: string): IsolatedWorker {
  events.push(`start ${name}`);
  let end: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (end = resolve));
  ends.set(name, () => {
    events.push(`ended ${name}`);
    end();
  });
  return { loaded: Promise.resolve(), stopped, stop: () => events.push(`stop ${name}`), run: async () => ({ ok: true, result: {} }) };
}

beforeEach(() => {
  events.length = 0;
  ends.clear();
  const names = ['A', 'B', 'C'];
  jest.mocked(startWorker).mockReset().mockImplementation(() => fakeWorker(names.shift()!));
});

const options = { entry: '/runtime.js', modulePath: '/index.js', moduleName: 'index' };
const flush = () => new Promise((r) => setImmediate(r));

test('GIVEN a used worker WHEN prepared THEN it is stopped, and the next worker starts only once it has ended', async () => {
  const isolation = workerIsolation(options);
  await isolation.call({ exportName: 'onEvent', event: {}, deadline: Date.now() + 5000 });
  const prepared = isolation.prepare(Date.now() + 5000);
  await flush();
  expect(events).toEqual(['start A', 'stop A']);
  ends.get('A')!();
  await prepared;
  expect(events).toEqual(['start A', 'stop A', 'ended A', 'start B']);
});

test('GIVEN a used worker that takes longer to end than prepare may wait WHEN prepared THEN prepare resolves on time and the next worker starts once it has ended', async () => {
  const isolation = workerIsolation(options);
  await isolation.call({ exportName: 'onEvent', event: {}, deadline: Date.now() + 5000 });
  const started = Date.now();
  await isolation.prepare(started + 100);
  expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  expect(events).toEqual(['start A', 'stop A']);
  ends.get('A')!();
  await flush();
  expect(events).toEqual(['start A', 'stop A', 'ended A', 'start B']);
  // The standby made then serves the next call.
  await isolation.call({ exportName: 'onEvent', event: {}, deadline: Date.now() + 5000 });
  expect(events.filter((e) => e.startsWith('start'))).toEqual(['start A', 'start B']);
});

test('GIVEN workers that have ended WHEN prepared again THEN they are not stopped again (the isolation forgets them)', async () => {
  const isolation = workerIsolation(options);
  await isolation.call({ exportName: 'onEvent', event: {}, deadline: Date.now() + 5000 });
  const prepared = isolation.prepare(Date.now() + 5000);
  await flush();
  ends.get('A')!();
  await prepared;
  await isolation.prepare(Date.now() + 5000);
  expect(events.filter((e) => e === 'stop A')).toHaveLength(1);
});
