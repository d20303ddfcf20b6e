import { inThreadIsolation } from '../../../src/runtime/isolation/in-thread-isolation';

const call = (overrides = {}) => ({ exportName: 'onEvent', event: { RequestType: 'Create', nested: { n: 1 } }, deadline: Date.now() + 5000, ...overrides });

test('GIVEN a module WHEN called twice THEN it is loaded once and each call gets its own copy of the event', async () => {
  let loads = 0;
  const seen: unknown[] = [];
  const event = { nested: { n: 1 } };
  const isolation = inThreadIsolation(async () => {
    loads++;
    return { onEvent: (e: { nested: { n: number } }) => { seen.push(e); e.nested.n = 99; return { Data: { ok: 'yes' } }; } };
  }, 'index');
  expect(await isolation.call(call({ event }))).toEqual({ ok: true, result: { Data: { ok: 'yes' } } });
  await isolation.call(call({ event }));
  expect(loads).toBe(1);
  expect(event.nested.n).toBe(1);
  expect(seen[0]).not.toBe(seen[1]);
  // Nothing to get ready between calls: the runtime skips the step.
  expect(isolation.prepare).toBeUndefined();
});

test('GIVEN a module that fails to load once WHEN called again THEN the load is retried', async () => {
  let loads = 0;
  const isolation = inThreadIsolation(async () => {
    loads++;
    if (loads === 1) throw new Error('first load fails');
    return { onEvent: () => undefined };
  }, 'lib/index');
  expect(await isolation.call(call())).toEqual({ ok: false, error: 'HandlerLoadError: could not load handler module "lib/index" from the function code: Error: first load fails' });
  expect(await isolation.call(call())).toEqual({ ok: true, result: {} });
});

test('GIVEN an export found under default (compiled ES module) WHEN called THEN it is used', async () => {
  const isolation = inThreadIsolation(async () => ({ default: { onEvent: () => ({ PhysicalResourceId: 'from-default' }) } }), 'index');
  expect(await isolation.call(call())).toEqual({ ok: true, result: { PhysicalResourceId: 'from-default' } });
});

test('GIVEN a missing export WHEN called THEN the failure lists the exports', async () => {
  expect(await inThreadIsolation(async () => ({ a: 1, b: () => 2 }), 'index').call(call())).toEqual({ ok: false, error: 'HandlerLoadError: module "index" has no exported function "onEvent" (exports: a, b)' });
  expect(await inThreadIsolation(async () => ({}), 'index').call(call())).toEqual({ ok: false, error: 'HandlerLoadError: module "index" has no exported function "onEvent" (exports: none)' });
});

test('GIVEN a handler that never settles WHEN its deadline passes THEN a DeadlineExceededError failure', async () => {
  const outcome = await inThreadIsolation(async () => ({ onEvent: () => new Promise(() => undefined) }), 'index').call(call({ deadline: Date.now() + 50 }));
  expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^DeadlineExceededError: the handler did not finish within \d+ ms/) });
});

test('GIVEN an event that cannot be copied (never a JSON event) WHEN called THEN it rejects and the handler is not called', async () => {
  let called = false;
  await expect(inThreadIsolation(async () => ({ onEvent: () => { called = true; } }), 'index').call(call({ event: { fn: () => 1 } }))).rejects.toThrow(/could not be cloned/);
  expect(called).toBe(false);
});

test('GIVEN a handler that never settles WHEN its deadline passes THEN the call resolves with the deadline error at that time', async () => {
  const isolation = inThreadIsolation(async () => ({ onEvent: () => new Promise(() => undefined) }), 'index');
  const started = Date.now();
  const outcome = await isolation.call(call({ deadline: started + 200 }));
  expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^DeadlineExceededError: the handler did not finish within (19\d|200) ms$/) });
  expect(Date.now() - started).toBeLessThan(1_000);
});
