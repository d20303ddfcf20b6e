import { callHandler, findExport, loadErrorText, missingExport } from '../../../src/runtime/isolation/call-handler';

test.each([
  ['returns a result', async () => ({ PhysicalResourceId: 'p' }), { ok: true, result: { PhysicalResourceId: 'p' } }],
  ['returns synchronously', () => undefined, { ok: true, result: {} }],
  ['throws', () => { throw new TypeError('t'); }, { ok: false, error: 'TypeError: t' }],
  ['rejects', async () => { throw new RangeError('r'); }, { ok: false, error: 'RangeError: r' }],
  ['returns a thenable that rejects', () => ({ then: (_: unknown, reject: (e: Error) => void) => reject(new Error('thenable')) }), { ok: false, error: 'Error: thenable' }],
])('GIVEN a handler that %s WHEN called THEN the outcome is settled', async (_name, fn, expected) => {
  expect(await callHandler(fn, {})).toEqual(expected);
});

test('GIVEN a Delete event WHEN the handler returns huge Data and rewrites the event THEN Data is ignored', async () => {
  const event = { RequestType: 'Delete' };
  const outcome = await callHandler((e) => { (e as { RequestType: string }).RequestType = 'Create'; return { Data: { big: 'b'.repeat(100_000) } }; }, event);
  expect(outcome).toEqual({ ok: true, result: {} });
});

test('GIVEN an event WHEN called THEN the handler receives it', async () => {
  const event = { a: 1 };
  let seen: unknown;
  await callHandler((e) => { seen = e; }, event);
  expect(seen).toBe(event);
});

test('findExport looks at the module, then at its default export', () => {
  const direct = () => 1;
  const nested = () => 2;
  expect(findExport({ onEvent: direct, default: { onEvent: nested } }, 'onEvent')).toBe(direct);
  expect(findExport({ default: { onEvent: nested } }, 'onEvent')).toBe(nested);
  expect(findExport({ onEvent: 'not a function', default: { onEvent: 3 } }, 'onEvent')).toBeUndefined();
  expect(findExport({ default: [() => 1] }, '0')).toBeUndefined();
});

test('the load texts name the module', () => {
  expect(missingExport('lib/x', 'go', { a: 1 })).toEqual({ ok: false, error: 'HandlerLoadError: module "lib/x" has no exported function "go" (exports: a)' });
  expect(loadErrorText('lib/x', new Error('gone'))).toBe('HandlerLoadError: could not load handler module "lib/x" from the function code: Error: gone');
});

test('GIVEN an isComplete export WHEN called with its shape THEN its answer comes back as plain data, not validated as onEvent\'s result', async () => {
  const answer = { IsComplete: false, Data: { Progress: 40 } };
  expect(await callHandler(() => answer, { RequestType: 'Create' }, 'isComplete')).toEqual({ ok: true, result: {}, answer });
  // Read as onEvent's result, IsComplete (outside its contract) fails it, naming the field.
  expect(await callHandler(() => answer, { RequestType: 'Create' })).toMatchObject({ ok: false, error: expect.stringContaining('outside the contract, which would be lost: IsComplete') });
});

test('GIVEN an event that is null WHEN called THEN the handler\'s outcome is settled all the same', async () => {
  expect(await callHandler(() => ({ PhysicalResourceId: 'p' }), null)).toEqual({ ok: true, result: { PhysicalResourceId: 'p' } });
});
