/**
 * The polling waiter's wiring: its sleep gets the next isComplete call ready, with real worker
 * threads started from the polling runtime bundle (built by bundle:runtime before the tests).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isolatedInvoker } from '../../../src/runtime/isolation/isolation';
import { workerIsolation } from '../../../src/runtime/isolation/worker-isolation';
import { sleepPreparing, waiterFromEnvironment } from '../../../src/runtime/polling/waiter-from-environment';
import type { Invoker } from '../../../src/runtime/protocol/lifecycle';
import { createLogger } from '../../../src/runtime/protocol/logger';
import type { LifecycleEvent } from '../../../src/runtime/types';

const POLLING_ENTRY = path.join(__dirname, '..', '..', '..', 'assets', 'runtime-polling', 'index.js');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('GIVEN no polling schedule in the environment WHEN the waiter is built THEN there is none', () => {
  expect(waiterFromEnvironment({}, undefined)).toBeUndefined();
});

describe('sleepPreparing', () => {
  test('GIVEN an invoker that prepares WHEN sleeping 80 ms THEN prepare is asked at once to be done by the end of the sleep, and the sleep does not wait for it', async () => {
    const asked: number[] = [];
    const invoker: Invoker = {
      call: async () => ({ ok: true, result: {} }),
      prepare: (until) => {
        asked.push(until);
        return new Promise(() => undefined);
      },
    };
    const started = Date.now();
    const sleeping = sleepPreparing(invoker, () => 1_000)(80);
    // Asked before the sleep has even begun to wait.
    expect(asked).toEqual([1_080]);
    // The sleep ends although prepare never does.
    await sleeping;
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    expect(asked).toHaveLength(1);
  });

  test.each([
    ['an invoker without a prepare step (isComplete in another function)', { call: async () => ({ ok: true as const, result: {} }) }],
    ['no isComplete at all', undefined],
  ])('GIVEN %s WHEN sleeping THEN it only sleeps', async (_name, invoker) => {
    const started = Date.now();
    await sleepPreparing(invoker)(60);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });

  test('GIVEN onEvent answered in a worker that left an interval running WHEN the waiter sleeps THEN that worker is stopped during the sleep', async () => {
    expect(fs.existsSync(POLLING_ENTRY)).toBe(true);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-sleep-'));
    fs.writeFileSync(path.join(dir, 'ticks.js'), `
      exports.onEvent = async () => { setInterval(() => console.log('tick'), 10); return {}; };
      exports.isComplete = async () => ({ IsComplete: true });`);
    const isolation = workerIsolation({ entry: POLLING_ENTRY, modulePath: path.join(dir, 'ticks.js'), moduleName: 'ticks' });
    try {
      const lines: string[] = [];
      const logger = createLogger((line) => lines.push(line));
      const onEvent = isolatedInvoker(isolation, 'onEvent');
      const isComplete = isolatedInvoker(isolation, 'isComplete', 'isComplete');
      const event = { RequestType: 'Create' } as LifecycleEvent;
      expect(await onEvent.call(event, { deadline: Date.now() + 10_000, logger })).toEqual({ ok: true, result: {} });
      const ticks = () => lines.filter((l) => l.includes('"line":"tick"')).length;
      // Ticking while the answer would be sent (no wait has started yet).
      for (let waited = 0; ticks() < 3 && waited < 3_000; waited += 20) await sleep(20);
      expect(ticks()).toBeGreaterThanOrEqual(3);
      await sleepPreparing(isComplete)(1_000);
      const afterSleep = ticks();
      await sleep(150);
      expect(ticks()).toBe(afterSleep);
      expect(await isComplete.call(event, { deadline: Date.now() + 10_000, logger })).toMatchObject({ ok: true, answer: { IsComplete: true } });
    } finally {
      await isolation.close();
    }
  });
});
