/**
 * The run's simulated clock (`fastClock`): it jumps over the sleeps of the functions it runs
 * once every invocation in flight sleeps, never while one works, and its own timers (a
 * function's timeout) fall where they would. Measured in the run's time, not the machine's.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AssemblyStack } from '../../../src/assembly/read-assembly';
import { Template } from '../../../src/change-set/input/read-template';
import { FunctionPool } from '../../../src/local/lambda/function-pool';
import { LocalClock } from '../../../src/local/lambda/local-clock';
import { FunctionRegistry } from '../../../src/local/stack/lambda-functions';

const TEN_MINUTES = 600_000;

/** A handler that sleeps as cdk-lifecycle's runtime does (node:timers/promises), or works on the machine's clock. */
const SOURCE = `
const { setTimeout: sleep } = require('node:timers/promises');
exports.handler = async (event, context) => {
  const start = Date.now();
  const remainingBefore = context.getRemainingTimeInMillis();
  if (event.sleepMs) await sleep(event.sleepMs);
  if (event.workMs) await new Promise((resolve) => setTimeout(resolve, event.workMs));
  return { elapsed: Date.now() - start, newDate: new Date().getTime() - start, remainingBefore, remainingAfter: context.getRemainingTimeInMillis() };
};`;

function registry(timeoutSeconds: number): FunctionRegistry {
  const template = { Resources: { Sleeper: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'sleeper', Runtime: 'nodejs22.x', Handler: 'index.handler', Timeout: timeoutSeconds, Code: { ZipFile: SOURCE } } } } };
  const stack: AssemblyStack = { name: 'Clock', artifactId: 'Clock', displayName: 'Clock', nestedTemplates: new Map(), directory: '/tmp', shown: '/tmp', assets: new Map(), template: template as unknown as Template };
  return new FunctionRegistry([stack]);
}

let workDir: string;
let pool: FunctionPool | undefined;
beforeEach(() => { workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-clock-')); });
afterEach(() => {
  pool?.close();
  pool = undefined;
  fs.rmSync(workDir, { recursive: true, force: true });
});

function start(timeoutSeconds: number, clock: LocalClock): { pool: FunctionPool; fn: ReturnType<FunctionRegistry['all']>[number] } {
  const functions = registry(timeoutSeconds);
  pool = new FunctionPool(functions, { workDir, clock, environment: (_fn, taskRoot) => ({ PATH: process.env.PATH ?? '', LAMBDA_TASK_ROOT: taskRoot, _HANDLER: 'index.handler' }) });
  return { pool, fn: functions.all()[0] };
}

const answer = (payload: string) => JSON.parse(payload) as { elapsed: number; newDate: number; remainingBefore: number; remainingAfter: number };

test('GIVEN a simulated clock WHEN a timer is set and the clock jumps past it THEN it fires then, not on the machine\'s time; a machine clock never jumps', async () => {
  const clock = new LocalClock(true);
  const fired: number[] = [];
  clock.setTimer(() => fired.push(clock.now()), TEN_MINUTES);
  const target = clock.now() + TEN_MINUTES;
  expect(clock.nextDue()).toBeGreaterThanOrEqual(target - 1000);
  clock.advanceTo(target + 1);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(fired).toHaveLength(1);
  expect(fired[0]).toBeGreaterThan(target);
  expect(clock.nextDue()).toBeUndefined();

  const machine = new LocalClock();
  machine.advanceTo(Date.now() + TEN_MINUTES);
  expect(machine.offsetMs).toBe(0);
});

test('GIVEN a simulated clock WHEN a function sleeps ten minutes in a 15-minute function THEN the sleep plays in the run\'s time: Date, new Date() and the remaining time all moved ten minutes, and so did the duration', async () => {
  const { pool: p, fn } = start(900, new LocalClock(true));
  const result = await p.invokeSync(fn, JSON.stringify({ sleepMs: TEN_MINUTES }));

  expect(result.functionError).toBeUndefined();
  const seen = answer(result.payload);
  expect(seen.elapsed).toBeGreaterThanOrEqual(TEN_MINUTES);
  expect(seen.newDate).toBeGreaterThanOrEqual(TEN_MINUTES);
  expect(seen.remainingBefore - seen.remainingAfter).toBeGreaterThanOrEqual(TEN_MINUTES);
  expect(p.records[0].durationMs).toBeGreaterThanOrEqual(TEN_MINUTES);
  expect(p.clock.offsetMs).toBeGreaterThan(TEN_MINUTES - 60_000);
}, 60_000);

test('GIVEN a simulated clock WHEN a function sleeps past its 60 s timeout THEN the clock stops at the timeout, where Lambda stops the invocation', async () => {
  const { pool: p, fn } = start(60, new LocalClock(true));
  const result = await p.invokeSync(fn, JSON.stringify({ sleepMs: TEN_MINUTES }));

  expect(result.functionError).toBe('Unhandled');
  expect(p.records[0].end).toEqual({ kind: 'timeout', seconds: 60 });
  expect(p.clock.offsetMs).toBeLessThan(TEN_MINUTES);
}, 60_000);

test('GIVEN a simulated clock WHEN one invocation sleeps while another works THEN the clock does not jump during the work: the worker sees its own time only', async () => {
  const { pool: p, fn } = start(900, new LocalClock(true));
  const [sleeper, worker] = await Promise.all([
    p.invokeSync(fn, JSON.stringify({ sleepMs: TEN_MINUTES })),
    p.invokeSync(fn, JSON.stringify({ workMs: 300 })),
  ]);

  expect(answer(sleeper.payload).elapsed).toBeGreaterThanOrEqual(TEN_MINUTES);
  expect(answer(worker.payload).elapsed).toBeLessThan(TEN_MINUTES);
}, 60_000);

test('GIVEN the machine\'s clock (no fastClock) WHEN a function sleeps THEN nothing is patched: a 300 ms sleep takes 300 ms of the one clock', async () => {
  const { pool: p, fn } = start(10, new LocalClock());
  const result = await p.invokeSync(fn, JSON.stringify({ sleepMs: 300 }));

  expect(answer(result.payload).elapsed).toBeGreaterThanOrEqual(300);
  expect(answer(result.payload).elapsed).toBeLessThan(TEN_MINUTES);
  expect(p.clock.offsetMs).toBe(0);
});
