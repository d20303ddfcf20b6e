/**
 * Worker isolation with real worker threads, started from the runtime bundle
 * (assets/runtime/index.js, built by bundle:runtime before the tests), calling handler
 * modules written to a temporary folder.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { IsolationCall, OutputStream } from '../../../src/runtime/isolation/isolation';
import { WorkerIsolation, workerIsolation, WorkerIsolationOptions } from '../../../src/runtime/isolation/worker-isolation';

const ENTRY = path.join(__dirname, '..', '..', '..', 'assets', 'runtime', 'index.js');
const POLLING_ENTRY = path.join(__dirname, '..', '..', '..', 'assets', 'runtime-polling', 'index.js');
const SCRIPTED = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'scripted', 'index.js');
const MODULES: Record<string, string> = {
  'fresh.js': `
    console.log('module loading');
    let calls = 0;
    exports.onEvent = async (event) => {
      calls++;
      globalThis.visits = (globalThis.visits ?? 0) + 1;
      console.log('called with', event.RequestType);
      console.error('a warning');
      event.RequestType = 'Mutated';
      return { Data: { calls: String(calls), visits: String(globalThis.visits) } };
    };
    exports.isComplete = async () => ({ Data: { export: 'isComplete' } });`,
  'esm-tla.mjs': 'await new Promise((r) => setTimeout(r, 10)); export const onEvent = async () => ({ Data: { kind: "esm" } });',
  'throws-on-load.js': 'throw new TypeError("broken at load");',
  'needs-missing.js': 'require("./not-there");',
  'crashes-while-waiting.js': 'setTimeout(() => { throw new Error("module timer"); }, 20); exports.onEvent = async () => ({});',
  'forges.js': `
    const { parentPort } = require('node:worker_threads');
    parentPort.postMessage({ t: 'outcome', outcome: { ok: true, result: { PhysicalResourceId: 'forged-before-the-call' } } });
    parentPort.postMessage({ t: 'bogus' });
    parentPort.postMessage('not even an object');
    exports.onEvent = async () => ({ PhysicalResourceId: 'real' });
    exports.failsOddly = async () => { parentPort.postMessage({ t: 'failed', error: 42 }); return new Promise(() => undefined); };
    exports.outcomeOddly = async () => { parentPort.postMessage({ t: 'outcome', outcome: 'nonsense' }); return new Promise(() => undefined); };`,
  'ticks.js': `
    exports.onEvent = async (event) => {
      let n = 0;
      setInterval(() => console.log('tick ' + ++n), 10);
      return event.hang ? new Promise(() => undefined) : { Data: { ok: 'yes' } };
    };
    exports.exitsLater = async () => { setTimeout(() => { console.log('going down'); process.exit(3); }, 20); return { Data: { ok: 'yes' } }; };
    exports.throwsLater = async () => { setTimeout(() => { console.log('going down'); throw new Error('late'); }, 20); return { Data: { ok: 'yes' } }; };`,
  'ticks-from-load.js': `
    setInterval(() => console.log('tick'), 10);
    exports.onEvent = async () => ({});`,
  'prints-a-lot.js': `
    console.log('before' + 'x'.repeat(40000));
    for (let i = 0; i < 150; i++) console.log('load line ' + i);
    exports.onEvent = async () => { process.stdout.write('no newline at the end'); return {}; };`,
};

let root: string;
const isolations: WorkerIsolation[] = [];
const event = { RequestType: 'Create', RequestId: 'r-1', ResourceProperties: { a: 1 } };

beforeAll(() => {
  expect(fs.existsSync(ENTRY)).toBe(true);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-isolation-'));
  for (const [name, source] of Object.entries(MODULES)) fs.writeFileSync(path.join(root, name), source);
});

// Worker threads' console streams keep the test process alive: every isolation is closed.
afterAll(() => Promise.all(isolations.map((i) => i.close())));

function isolated(options: WorkerIsolationOptions): WorkerIsolation {
  const isolation = workerIsolation(options);
  isolations.push(isolation);
  return isolation;
}

function isolationOf(moduleName: string, options: Partial<WorkerIsolationOptions> = {}) {
  return isolated({ entry: ENTRY, modulePath: path.join(root, moduleName), moduleName, ...options });
}

/** A call collecting the handler's output lines. */
function callOf(overrides: Partial<IsolationCall> = {}) {
  const lines: Array<[string, OutputStream]> = [];
  const call: IsolationCall = { exportName: 'onEvent', event, deadline: Date.now() + 10_000, output: (line, stream) => lines.push([line, stream]), ...overrides };
  return { call, lines };
}

describe('each call runs in a fresh worker', () => {
  test('GIVEN three calls through one isolation WHEN each handler counts its calls and visits THEN each starts from nothing', async () => {
    const isolation = isolationOf('fresh.js');
    for (let i = 0; i < 3; i++) {
      expect(await isolation.call(callOf().call)).toEqual({ ok: true, result: { Data: { calls: '1', visits: '1' } } });
    }
  });

  test('GIVEN a standby worker WHEN prepared THEN it has loaded the module before the call, and its load output goes to that call', async () => {
    const isolation = isolationOf('fresh.js');
    isolation.prestart();
    await isolation.prepare(Date.now() + 10_000);
    const { call, lines } = callOf();
    expect((await isolation.call(call)).ok).toBe(true);
    await isolation.prepare(Date.now() + 10_000);
    expect(lines).toEqual([['module loading', 'stdout'], ['called with Create', 'stdout'], ['a warning', 'stderr']]);
  });

  test('GIVEN warm requests (prepare between calls, as the runtime does) WHEN called in turn THEN each gets a new worker, never the one used before', async () => {
    const isolation = isolationOf('fresh.js');
    isolation.prestart();
    for (let i = 0; i < 3; i++) {
      await isolation.prepare(Date.now() + 10_000);
      expect(await isolation.call(callOf({ deadline: Date.now() + 3_000 }).call)).toEqual({ ok: true, result: { Data: { calls: '1', visits: '1' } } });
    }
  });

  test('GIVEN a handler that mutates its event WHEN called THEN the caller\'s event is untouched', async () => {
    const mine = { RequestType: 'Update', ResourceProperties: {} };
    await isolationOf('fresh.js').call(callOf({ event: mine }).call);
    expect(mine.RequestType).toBe('Update');
  });

  test('GIVEN another export of the same module WHEN called THEN that export answers (the isComplete path)', async () => {
    expect(await isolationOf('fresh.js').call(callOf({ exportName: 'isComplete' }).call)).toEqual({ ok: true, result: { Data: { export: 'isComplete' } } });
  });

  test('GIVEN the polling runtime and an isComplete call WHEN called THEN the worker settles isComplete\'s whole answer', async () => {
    const isolation = isolated({ entry: POLLING_ENTRY, modulePath: path.join(root, 'fresh.js'), moduleName: 'fresh.js' });
    expect(await isolation.call(callOf({ exportName: 'isComplete', shape: 'isComplete' }).call)).toEqual({ ok: true, result: {}, answer: { Data: { export: 'isComplete' } } });
  });

  test('GIVEN an ES module with top-level await WHEN called THEN it is loaded with import()', async () => {
    expect(await isolationOf('esm-tla.mjs').call(callOf().call)).toEqual({ ok: true, result: { Data: { kind: 'esm' } } });
  });

  test('GIVEN a module printing a 40,000-character line and 150 lines while loading WHEN called THEN lines are clipped, the first 100 kept, the last partial line kept', async () => {
    const isolation = isolationOf('prints-a-lot.js');
    isolation.prestart();
    await isolation.prepare(Date.now() + 10_000);
    // The module's output reaches the runtime shortly after its ready message.
    await new Promise((r) => setTimeout(r, 300));
    const { call, lines } = callOf();
    await isolation.call(call);
    await isolation.prepare(Date.now() + 10_000);
    expect(lines[0][0]).toHaveLength(16_384 + ' [line clipped]'.length);
    expect(lines[0][0].endsWith('x [line clipped]')).toBe(true);
    expect(lines[1][0]).toBe('load line 0');
    expect(lines[99][0]).toBe('load line 98');
    expect(lines.at(-1)).toEqual(['no newline at the end', 'stdout']);
    expect(lines).toHaveLength(101);
  });
});

describe('whatever the handler does, the call resolves once, naming what happened', () => {
  test.each([
    ['throws', [['throw-error', 'plain failure']], /^Error: plain failure$/],
    ['rejects', [['reject', 'rejected']], /^TypeError: rejected$/],
    ['throws from a timer', [['timer-throw', 'late boom']], /^HandlerCrashError: uncaught exception: Error: late boom$/],
    ['leaves a rejection unhandled', [['unhandled', 'nobody']], /^HandlerCrashError: unhandled promise rejection: Error: nobody$/],
    ['calls process.exit', [['log', 'bye'], ['exit', 4]], /^HandlerCrashError: the handler called process\.exit\(4\)$/],
    ['returns an Error', [['return-error', 'returned']], /^HandlerResultError: the handler returned an error instead of throwing it: RangeError: returned$/],
  ])('GIVEN a handler that %s WHEN called THEN the failure says so', async (_name, script, error) => {
    const { call } = callOf({ event: { ResourceProperties: { script } } });
    const outcome = await isolated({ entry: ENTRY, modulePath: SCRIPTED, moduleName: 'index' }).call(call);
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? '' : outcome.error).toMatch(error);
  });

  test('GIVEN a handler that spins WHEN its deadline comes THEN the worker is stopped and the call resolves', async () => {
    const hostile = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'hostile', 'index.js');
    const started = Date.now();
    const outcome = await isolated({ entry: ENTRY, modulePath: hostile, moduleName: 'index' }).call(callOf({ event: { ResourceProperties: { mode: 'spin' } }, deadline: Date.now() + 600 }).call);
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^DeadlineExceededError: the handler did not finish within \d+ ms; its worker thread was stopped$/) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test('GIVEN a heap limit WHEN the handler exhausts its heap THEN the failure names the limit', async () => {
    const hostile = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'hostile', 'index.js');
    const outcome = await isolated({ entry: ENTRY, modulePath: hostile, moduleName: 'index', heapLimitMb: 48 }).call(callOf({ event: { ResourceProperties: { mode: 'exhaust-heap' } } }).call);
    expect(outcome).toEqual({ ok: false, error: 'HandlerCrashError: the handler ran out of memory (limit 48 MB of heap)' });
  });

  test.each([
    ['throws-on-load.js', /^HandlerLoadError: could not load handler module "throws-on-load\.js" from the function code: TypeError: broken at load \(before the handler was called\)$/],
    ['needs-missing.js', /^HandlerLoadError: could not load handler module "needs-missing\.js" from the function code: Error: Cannot find module '\.\/not-there'/],
    ['does-not-exist', /^HandlerLoadError: could not load handler module "does-not-exist" from the function code: Error: Cannot find module/],
    ['crashes-while-waiting.js', /^HandlerCrashError: uncaught exception: Error: module timer \(before the handler was called\)$/],
  ])('GIVEN the module %s WHEN called THEN the failure says why it cannot serve', async (moduleName, error) => {
    const isolation = isolationOf(moduleName);
    isolation.prestart();
    // Loaded (or failed), then time for a timer set while loading to fire.
    await isolation.prepare(Date.now() + 10_000);
    await new Promise((r) => setTimeout(r, 300));
    const outcome = await isolation.call(callOf().call);
    expect(outcome.ok ? '' : outcome.error).toMatch(error);
  });

  test('GIVEN a module without the export WHEN called THEN the failure lists what it exports', async () => {
    expect(await isolationOf('fresh.js').call(callOf({ exportName: 'nope' }).call)).toEqual({ ok: false, error: 'HandlerLoadError: module "fresh.js" has no exported function "nope" (exports: onEvent, isComplete)' });
  });

  test('GIVEN a worker script that does not exist WHEN called THEN the failure says so instead of hanging', async () => {
    const outcome = await isolated({ entry: path.join(root, 'no-such-runtime.js'), modulePath: path.join(root, 'fresh.js'), moduleName: 'fresh' }).call(callOf().call);
    expect(outcome.ok ? '' : outcome.error).toMatch(/^HandlerCrashError: uncaught exception: Error: Cannot find module/);
  });

  test('GIVEN a worker that cannot even be constructed WHEN prestarted and called THEN prestart is quiet and the call fails, saying why', async () => {
    const isolation = isolated({ entry: 'not-an-absolute-path.js', modulePath: path.join(root, 'fresh.js'), moduleName: 'fresh' });
    expect(() => isolation.prestart()).not.toThrow();
    const outcome = await isolation.call(callOf().call);
    expect(outcome.ok ? '' : outcome.error).toMatch(/^HandlerCrashError: could not start a worker thread: TypeError: The worker script or module filename must be an absolute path/);
  });

  test('GIVEN an event that cannot be cloned WHEN called THEN the failure says so', async () => {
    const outcome = await isolationOf('fresh.js').call(callOf({ event: { fn: () => 1 } }).call);
    expect(outcome.ok ? '' : outcome.error).toMatch(/^HandlerCrashError: the event could not be sent to the worker: DataCloneError/);
  });
});

describe('messages the handler posts itself', () => {
  test('GIVEN an outcome and junk posted while the module loads WHEN called THEN only the answer to the call counts', async () => {
    const isolation = isolationOf('forges.js');
    isolation.prestart();
    await isolation.prepare(Date.now() + 10_000);
    expect(await isolation.call(callOf().call)).toEqual({ ok: true, result: { PhysicalResourceId: 'real' } });
  });

  test.each([
    ['failsOddly', '42'],
    ['outcomeOddly', 'HandlerCrashError: unreadable outcome from the worker'],
  ])('GIVEN a handler posting a malformed %s message WHEN called THEN the call fails with a fixed text', async (exportName, error) => {
    expect(await isolationOf('forges.js').call(callOf({ exportName }).call)).toEqual({ ok: false, error });
  });
});

describe('close', () => {
  test('GIVEN a standby worker WHEN the isolation is closed THEN the standby is gone: the next call loads the module anew', async () => {
    const loads = path.join(root, 'loads.txt');
    fs.writeFileSync(path.join(root, 'counts-loads.js'), `require('node:fs').appendFileSync(${JSON.stringify(loads)}, 'x'); exports.onEvent = async () => ({});`);
    const isolation = isolationOf('counts-loads.js');
    isolation.prestart();
    await isolation.prepare(Date.now() + 10_000);
    expect(fs.readFileSync(loads, 'utf8')).toBe('x');
    await isolation.close();
    expect((await isolation.call(callOf().call)).ok).toBe(true);
    expect(fs.readFileSync(loads, 'utf8')).toBe('xx');
  });
});

describe('a used worker is stopped once its answer is sent, not while it is sent', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const ticks = (lines: Array<[string, OutputStream]>) => lines.filter(([line]) => line.startsWith('tick')).length;
  /** Waits until `condition` holds; fails after 5 s (a loaded machine may starve a thread for a while). */
  async function until(condition: () => boolean, what: string): Promise<void> {
    for (let waited = 0; !condition(); waited += 20) {
      if (waited > 5000) throw new Error(`timed out waiting until ${what}`);
      await sleep(20);
    }
  }
  /** Resolves with the tick count once it has not grown for 150 ms (the thread has ended); fails after 5 s. */
  async function settledTicks(lines: Array<[string, OutputStream]>): Promise<number> {
    for (let waited = 0; waited < 5000; waited += 150) {
      const before = ticks(lines);
      await sleep(150);
      if (ticks(lines) === before) return before;
    }
    throw new Error('the worker is still printing');
  }
  /** An isolation whose standby has loaded the module (no cold start inside a call's deadline). */
  async function readyIsolationOf(moduleName: string) {
    const isolation = isolationOf(moduleName);
    isolation.prestart();
    await isolation.prepare(Date.now() + 10_000);
    return isolation;
  }

  test('GIVEN a handler that answers and leaves an interval running WHEN the answer is in THEN the worker runs on (its output still goes to that call) until prepare stops it', async () => {
    const isolation = isolationOf('ticks.js');
    const { call, lines } = callOf();
    expect(await isolation.call(call)).toEqual({ ok: true, result: { Data: { ok: 'yes' } } });
    await until(() => ticks(lines) >= 3, 'the used worker has ticked 3 times');
    await isolation.prepare(Date.now() + 10_000);
    // prepare resolved once the thread had ended: nothing more arrives.
    const atPrepare = ticks(lines);
    await sleep(100);
    expect(ticks(lines)).toBe(atPrepare);
  });

  test('GIVEN no prepare between two calls WHEN the second call is made THEN the first call\'s worker is stopped', async () => {
    const isolation = isolationOf('ticks.js');
    const first = callOf();
    expect((await isolation.call(first.call)).ok).toBe(true);
    const second = callOf();
    expect((await isolation.call(second.call)).ok).toBe(true);
    const stoppedAt = await settledTicks(first.lines);
    await sleep(100);
    expect(ticks(first.lines)).toBe(stoppedAt);
    // The second call's worker, answered but not yet prepared past, runs on.
    const secondBefore = ticks(second.lines);
    await until(() => ticks(second.lines) > secondBefore, 'the second worker ticks on');
  });

  test('GIVEN a handler that never answers WHEN its deadline comes THEN its worker is stopped at once, without waiting for prepare', async () => {
    const isolation = await readyIsolationOf('ticks.js');
    const { call, lines } = callOf({ event: { hang: true }, deadline: Date.now() + 1000 });
    expect(await isolation.call(call)).toEqual({ ok: false, error: expect.stringMatching(/^DeadlineExceededError: .*its worker thread was stopped$/) });
    const stoppedAt = await settledTicks(lines);
    expect(stoppedAt).toBeGreaterThan(2);
    await sleep(100);
    expect(ticks(lines)).toBe(stoppedAt);
  });

  test('GIVEN an event that cannot be sent to the worker WHEN the call fails THEN that worker is stopped at once', async () => {
    const isolation = await readyIsolationOf('ticks-from-load.js');
    const { call, lines } = callOf({ event: { fn: () => 1 } });
    expect((await isolation.call(call)).ok).toBe(false);
    const stoppedAt = await settledTicks(lines);
    await sleep(100);
    expect(ticks(lines)).toBe(stoppedAt);
  });

  test('GIVEN a used worker still running WHEN the isolation is closed THEN close stops it and resolves', async () => {
    const isolation = isolationOf('ticks.js');
    const { call, lines } = callOf();
    expect((await isolation.call(call)).ok).toBe(true);
    await isolation.close();
    const atClose = ticks(lines);
    await sleep(100);
    expect(ticks(lines)).toBe(atClose);
  });

  test.each([
    ['exits', 'exitsLater'],
    ['throws from a timer', 'throwsLater'],
  ])('GIVEN a handler that answers, then %s while its worker is kept WHEN that happens THEN the answer stands and the next call is served', async (_name, exportName) => {
    const isolation = isolationOf('ticks.js');
    const { call, lines } = callOf({ exportName });
    expect(await isolation.call(call)).toEqual({ ok: true, result: { Data: { ok: 'yes' } } });
    // The worker was still there when it went down: its last words reached the call.
    await until(() => lines.some(([line]) => line === 'going down'), 'the kept worker has printed its last line');
    await isolation.prepare(Date.now() + 10_000);
    expect(await isolation.call(callOf({ exportName }).call)).toEqual({ ok: true, result: { Data: { ok: 'yes' } } });
  });
});

describe('prepare', () => {
  test('GIVEN a module that takes 2 s to load WHEN prepared until 300 ms from now THEN it stops waiting at 300 ms', async () => {
    fs.writeFileSync(path.join(root, 'slow-load.js'), 'const end = Date.now() + 2000; while (Date.now() < end) {} exports.onEvent = async () => ({});');
    const isolation = isolationOf('slow-load.js');
    const started = Date.now();
    await isolation.prepare(started + 300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
