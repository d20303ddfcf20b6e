/**
 * One local Lambda sandbox: warm across invocations, frozen between them (a timer the handler
 * left runs only when the next invocation thaws it), killed at the function's timeout.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Container } from '../../../src/local/lambda/container';

const HANDLER = `
let count = 0;
exports.handler = async (event, context) => {
  count++;
  if (event.leaveTimer) setInterval(() => console.log('tick'), 20);
  if (event.hang) await new Promise(() => {});
  if (event.fail) throw new TypeError('bad input');
  return { count, remaining: context.getRemainingTimeInMillis(), requestId: context.awsRequestId, region: process.env.AWS_REGION };
};
exports.notAFunction = 1;
`;

let root: string;
const containers: Container[] = [];
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'container-'));
  fs.writeFileSync(path.join(root, 'index.js'), HANDLER);
  // Loading takes 1.5 s (a large bundle, a slow machine): Lambda's Init phase, not the invocation.
  fs.writeFileSync(path.join(root, 'slow-init.js'), `const end = Date.now() + 1500; while (Date.now() < end) {}
exports.handler = async (event, context) => ({ remaining: context.getRemainingTimeInMillis() });`);
});
afterEach(() => containers.splice(0).forEach((container) => container.stop()));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function start(handler = 'index.handler', timeoutSeconds = 2, onLog?: (line: string) => void): Container {
  const container = new Container({ taskRoot: root, env: { PATH: process.env.PATH ?? '', LAMBDA_TASK_ROOT: root, _HANDLER: handler, AWS_REGION: 'eu-west-1' }, memoryMb: 128, timeoutSeconds }, onLog);
  containers.push(container);
  return container;
}

test('GIVEN a warm container WHEN invoked twice THEN module state survives, the context counts down from the timeout, and only the first is a cold start', async () => {
  const container = start();
  const first = await container.invoke('{}', 'req-1');
  const second = await container.invoke('{}', 'req-2');

  expect([first.cold, second.cold]).toEqual([true, false]);
  expect(first.end).toEqual({ kind: 'returned', payload: expect.any(String) });
  const answers = [first, second].map((outcome) => JSON.parse((outcome.end as { payload: string }).payload));
  expect(answers.map((answer) => [answer.count, answer.requestId, answer.region])).toEqual([[1, 'req-1', 'eu-west-1'], [2, 'req-2', 'eu-west-1']]);
  // Each invocation counts down from the function's 2 s timeout (how much is left depends on how busy the machine is).
  for (const answer of answers) {
    expect(answer.remaining).toBeGreaterThan(0);
    expect(answer.remaining).toBeLessThanOrEqual(2000);
  }
});

test('GIVEN a handler that leaves a timer WHEN the invocation ends THEN the container is frozen until the next invocation thaws it', async () => {
  const lines: string[] = [];
  const container = start('index.handler', 2, (line) => lines.push(line));
  await container.invoke('{"leaveTimer":true}', 'req-1');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = lines.length;
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect(lines.length - before).toBeLessThanOrEqual(process.platform === 'win32' ? Infinity : 1);
  const next = await container.invoke('{}', 'req-2');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(next.end.kind).toBe('returned');
});

test.each([
  ['a handler that throws', 'index.handler', '{"fail":true}', { kind: 'error', errorType: 'TypeError', errorMessage: 'bad input' }],
  ['a module that is not there', 'missing.handler', '{}', { kind: 'error', errorType: 'Runtime.ImportModuleError', errorMessage: "Error: Cannot find module 'missing'" }],
  ['an export that is not a function', 'index.notAFunction', '{}', { kind: 'error', errorType: 'Runtime.HandlerNotFound', errorMessage: 'index.notAFunction is undefined or not exported' }],
])('GIVEN %s WHEN invoked THEN the invocation ends in the error Lambda reports, and the container stays usable', async (_, handler, payload, end) => {
  const container = start(handler);
  const outcome = await container.invoke(payload, 'req');

  expect(outcome.end).toMatchObject(end);
  expect(container.dead).toBe(false);
});

test('GIVEN a module that takes longer to load than the function\'s 1-second timeout WHEN invoked THEN loading does not count against the timeout (Lambda\'s Init phase), and the handler gets the whole second', async () => {
  const container = start('slow-init.handler', 1);
  const outcome = await container.invoke('{}', 'req');

  expect(outcome.end.kind).toBe('returned');
  const { remaining } = JSON.parse((outcome.end as { payload: string }).payload);
  expect(remaining).toBeGreaterThan(0);
  expect(remaining).toBeLessThanOrEqual(1000);
  expect(outcome.cold).toBe(true);
});

test('GIVEN a handler that hangs WHEN the function\'s 1-second timeout passes THEN the process is killed, the invocation ends as a timeout, and the container is dead at once (no retry can reach it)', async () => {
  const container = start('index.handler', 1);
  const outcome = await container.invoke('{"hang":true}', 'req');

  expect(outcome.end).toEqual({ kind: 'timeout', seconds: 1 });
  expect(outcome.durationMs).toBeGreaterThanOrEqual(1000);
  expect(container.dead).toBe(true);
  expect(container.idle).toBe(false);
  expect(() => container.invoke('{}', 'retry')).toThrow('one invocation at a time');
});
