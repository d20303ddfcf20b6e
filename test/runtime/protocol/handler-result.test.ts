import { FAILED_CREATE_MARKER } from '../../../src/runtime/contract';
import { failure, readOutcome, settleIsComplete, settleResult, validateResult } from '../../../src/runtime/protocol/handler-result';

const EXPECTED = '; expected nothing or an object with PhysicalResourceId, Data, NoEcho';

describe('settleResult', () => {
  test.each([
    ['nothing', undefined],
    ['null', null],
  ])('GIVEN %s WHEN settled THEN an empty result', (_name, raw) => {
    expect(settleResult(raw)).toEqual({ ok: true, result: {} });
  });

  test('GIVEN a result with the protocol fields WHEN settled THEN they are kept, as plain data', () => {
    const data = { list: 'one', n: 2 };
    const outcome = settleResult({ PhysicalResourceId: 'p', Data: data, NoEcho: false });
    expect(outcome).toEqual({ ok: true, result: { PhysicalResourceId: 'p', Data: data, NoEcho: false } });
    expect(outcome.ok && outcome.result.Data).not.toBe(data);
  });

  test('GIVEN getters and toJSON WHEN settled THEN each is read exactly once', () => {
    const reads = { id: 0, data: 0 };
    const raw = { get PhysicalResourceId() { reads.id++; return 'p'; }, Data: { toJSON() { reads.data++; return { v: 'once' }; } } };
    expect(settleResult(raw)).toEqual({ ok: true, result: { PhysicalResourceId: 'p', Data: { v: 'once' } } });
    expect(reads).toEqual({ id: 1, data: 1 });
  });

  test('GIVEN a result whose own toJSON gives the answer WHEN settled THEN that is the result', () => {
    expect(settleResult({ toJSON: () => ({ PhysicalResourceId: 'from-tojson' }) })).toEqual({ ok: true, result: { PhysicalResourceId: 'from-tojson' } });
  });

  test.each([
    ['an Error', new Error('nope'), 'HandlerResultError: the handler returned an error instead of throwing it: Error: nope'],
    ['an Error subclass', new (class MyError extends Error { public name = 'MyError'; })('sub'), 'HandlerResultError: the handler returned an error instead of throwing it: MyError: sub'],
    ['a function', () => 1, `HandlerResultError: the handler returned a function${EXPECTED}`],
    ['a symbol', Symbol('s'), `HandlerResultError: the handler returned a symbol${EXPECTED}`],
    ['a BigInt', BigInt(5), 'HandlerResultError: the handler returned a result that cannot be written as JSON (TypeError: Do not know how to serialize a BigInt)'],
    ['a string', 'hello', `HandlerResultError: the handler returned string "hello"${EXPECTED}`],
    ['a number', 3, `HandlerResultError: the handler returned number 3${EXPECTED}`],
    ['an array', [1], `HandlerResultError: the handler returned an array of 1${EXPECTED}`],
    ['an object whose toJSON throws', { toJSON() { throw new RangeError('inside toJSON'); } }, 'HandlerResultError: the handler returned a result that cannot be written as JSON (RangeError: inside toJSON)'],
  ])('GIVEN %s WHEN settled THEN the failure says what was returned', (_name, raw, error) => {
    expect(settleResult(raw)).toEqual({ ok: false, error });
  });

  test.each([
    ['NoEcho true', { NoEcho: true }],
    ['NoEcho as a string', { NoEcho: 'yes' }],
    ['a NoEcho getter that throws', { get NoEcho() { throw new Error('no'); } }],
  ])('GIVEN %s and a result that cannot be serialized WHEN settled THEN the serializer message is not shown', (_name, extra) => {
    const raw: Record<string, unknown> = { Data: { keyName: BigInt(1) } };
    Object.defineProperties(raw, Object.getOwnPropertyDescriptors(extra));
    expect(settleResult(raw)).toEqual({ ok: false, error: 'HandlerResultError: the handler returned a result that cannot be written as JSON (not shown: NoEcho is set)' });
  });

  test('GIVEN NoEcho false and a result that cannot be serialized WHEN settled THEN the serializer message is shown', () => {
    expect(settleResult({ NoEcho: false, Data: { n: BigInt(1) } })).toEqual({ ok: false, error: 'HandlerResultError: the handler returned a result that cannot be written as JSON (TypeError: Do not know how to serialize a BigInt)' });
  });
});

describe('settleResult reads a bounded amount of any result', () => {
  test('GIVEN 50 MB of Data WHEN settled THEN it fails on a lower bound of its size, without serializing it', () => {
    const outcome = settleResult({ Data: { blob: 'd'.repeat(50_000_000), small: 'ok' } });
    expect(outcome).toEqual({ ok: false, error: 'HandlerResultError: the handler returned Data of at least 50000011 bytes, which does not fit the 4096-byte response. Largest keys: blob (at least 50000009 bytes). Return less Data (store large values elsewhere).' });
  });

  test('GIVEN Data of 100,000 small keys WHEN settled THEN reading stops at the budget and the largest keys read are named', () => {
    const data = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i === 3 ? 'x'.repeat(100) : 'v']));
    const outcome = settleResult({ Data: data, NoEcho: false });
    expect(outcome.ok ? '' : outcome.error).toMatch(/^HandlerResultError: the handler returned Data of at least 8\d{3} bytes, which does not fit the 4096-byte response\. Largest keys: k3 \(at least 107 bytes\), k100 \(at least 10 bytes\), /);
  });

  test('GIVEN a huge array in Data WHEN settled THEN it fails the same way', () => {
    const outcome = settleResult({ Data: { list: new Array(5_000_000).fill(1) } });
    expect(outcome.ok ? '' : outcome.error).toMatch(/^HandlerResultError: the handler returned Data of at least 8\d{3} bytes, .* Largest keys: list \(at least 8\d{3} bytes\)/);
  });

  test('GIVEN NoEcho and huge Data WHEN settled THEN the keys stay hidden', () => {
    const outcome = settleResult({ NoEcho: true, Data: { 'secret-key': 's'.repeat(10_000) } });
    expect(outcome.ok ? '' : outcome.error).toMatch(/Largest keys \(not shown: NoEcho is set\)\./);
    expect(JSON.stringify(outcome)).not.toContain('secret-key');
  });

  test('GIVEN a 10 MB PhysicalResourceId WHEN settled THEN the result is too large, whatever Data holds', () => {
    expect(settleResult({ PhysicalResourceId: 'p'.repeat(10_000_000), Data: { a: '1' } })).toEqual({ ok: false, error: 'HandlerResultError: the handler returned a result of more than 8192 bytes; expected at most 4096' });
  });

  test('GIVEN fields outside the protocol, however large WHEN settled THEN they are not read, only named', () => {
    const outcome = settleResult({ PhysicalResourceId: 'p', Debug: 'd'.repeat(10_000_000), Nested: { deep: [1, 2, 3] } });
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/^HandlerResultError: the handler returned fields outside the contract, which would be lost: Debug, Nested;/) });
  });

  test('GIVEN Data values JSON leaves out WHEN settled THEN they count for nothing', () => {
    const data: Record<string, unknown> = { keep: 'k'.repeat(4000) };
    for (let i = 0; i < 2000; i++) data[`fn${i}`] = () => i;
    expect(settleResult({ Data: data })).toEqual({ ok: true, result: { Data: { keep: 'k'.repeat(4000) } } });
  });

  test.each([
    // {"Data":{"a":"x…"}}: the root (4) + "Data" (8) + "a":"x…" (n + 6) = n + 18 characters read.
    ['8,192 characters read exactly', 8174, true],
    ['one more', 8175, false],
  ])('GIVEN a result of %s WHEN settled THEN the budget decides', (_name, n, ok) => {
    expect(settleResult({ Data: { a: 'x'.repeat(n as number) } }).ok).toBe(ok);
  });

  test('GIVEN an ASCII string in Data past the budget WHEN settled THEN the lower bound is the exact size', () => {
    // {"a":"x…"} is 2 + 4 + 9,002 = 9,008 bytes; its entry "a":"x…" 9,006.
    expect(settleResult({ Data: { a: 'x'.repeat(9000) } })).toEqual({ ok: false, error: expect.stringMatching(/Data of at least 9008 bytes, .* Largest keys: a \(at least 9006 bytes\)\./) });
  });

  test('GIVEN nested arrays and objects in Data WHEN counted THEN array indexes add no bytes, keys add their quotes and colon', () => {
    // "l":[ (5) + "x…" (9,002) = 9,007; "o":{ (5) + "k":"v" (7) = 12; {"a":… first: "a":1 (5).
    const outcome = settleResult({ Data: { a: 1, o: { k: 'v' }, l: ['x'.repeat(9000)] } });
    expect(outcome).toEqual({ ok: false, error: expect.stringMatching(/Data of at least 9026 bytes, .* Largest keys: l \(at least 9007 bytes\), o \(at least 12 bytes\), a \(at least 5 bytes\)\./) });
  });

  test.each([
    ['Data holding exactly 4,096 bytes of what was read', 4090, 'HandlerResultError: the handler returned a result of more than 8192 bytes; expected at most 4096'],
    ['Data holding 4,097', 4091, 'HandlerResultError: the handler returned Data of at least 4099 bytes, which does not fit the 4096-byte response. Largest keys: a (at least 4097 bytes). Return less Data (store large values elsewhere).'],
  ])('GIVEN an overflow after %s WHEN settled THEN Data is blamed only when it alone is too large', (_name, n, error) => {
    expect(settleResult({ Data: { a: 'x'.repeat(n as number) }, PhysicalResourceId: 'p'.repeat(9000) })).toEqual({ ok: false, error });
  });

  test('GIVEN Data values JSON leaves out (undefined, functions, symbols) WHEN counted THEN they add nothing', () => {
    const data: Record<string, unknown> = { keep: 'k'.repeat(8000) };
    for (let i = 0; i < 100; i++) Object.assign(data, { [`u${i}`]: undefined, [`f${i}`]: () => i, [`s${i}`]: Symbol(String(i)) });
    expect(settleResult({ Data: data })).toEqual({ ok: true, result: { Data: { keep: 'k'.repeat(8000) } } });
  });

  test('GIVEN the result of a Delete WHEN settled THEN Data and NoEcho are not read at all', () => {
    let reads = 0;
    const raw = { PhysicalResourceId: 'p', get Data() { reads++; return { big: 'b'.repeat(9000) }; }, NoEcho: 'not even a boolean' };
    expect(settleResult(raw, true)).toEqual({ ok: true, result: { PhysicalResourceId: 'p' } });
    expect(settleResult({ Data: 'x'.repeat(10_000_000) }, false)).toMatchObject({ ok: false });
    expect(reads).toBe(1);
  });

  test('GIVEN an array result WHEN settled THEN it is still described as an array', () => {
    expect(settleResult([1, 2])).toEqual({ ok: false, error: `HandlerResultError: the handler returned an array of 2${EXPECTED}` });
  });
});

describe('validateResult', () => {
  test.each([
    ['an empty id', { PhysicalResourceId: '' }, 'HandlerResultError: the handler returned an invalid PhysicalResourceId: PhysicalResourceId must not be empty'],
    ['a numeric id', { PhysicalResourceId: 5 }, 'HandlerResultError: the handler returned an invalid PhysicalResourceId: PhysicalResourceId must be a string, got number'],
    ['the failed-Create marker', { PhysicalResourceId: `${FAILED_CREATE_MARKER}x` }, `HandlerResultError: the handler returned PhysicalResourceId string "${FAILED_CREATE_MARKER}x", which starts with the reserved prefix ${FAILED_CREATE_MARKER}`],
    ['NoEcho as a string', { NoEcho: 'yes' }, 'HandlerResultError: the handler returned NoEcho as string "yes"; expected true or false'],
    ['Data as a string', { Data: 'text' }, 'HandlerResultError: the handler returned Data as string "text"; expected an object'],
    ['Data as an array with NoEcho', { Data: ['s'], NoEcho: true }, 'HandlerResultError: the handler returned Data as an array of 1 (not shown: NoEcho is set); expected an object'],
    ['Data as null with NoEcho false', { Data: null, NoEcho: false }, 'HandlerResultError: the handler returned Data as null; expected an object'],
  ])('GIVEN %s WHEN validated THEN it fails, saying why', (_name, value, error) => {
    expect(validateResult(value)).toEqual({ ok: false, error });
  });

  test('GIVEN Data over 4,096 bytes WHEN validated THEN it passes: the whole body is fitted later', () => {
    const data = { big: 'b'.repeat(5000) };
    expect(validateResult({ Data: data })).toEqual({ ok: true, result: { Data: data } });
  });

  test('GIVEN a 1,024-byte id WHEN validated THEN it passes', () => {
    expect(validateResult({ PhysicalResourceId: 'i'.repeat(1024) }).ok).toBe(true);
  });
});

describe('readOutcome', () => {
  test.each([
    ['a result', { ok: true, result: { PhysicalResourceId: 'p' } }, { ok: true, result: { PhysicalResourceId: 'p' } }],
    ['a result with a field the worker would not send', { ok: true, result: { PhysicalResourceId: 'p', Extra: 1 } }, { ok: false, error: expect.stringMatching(/outside the contract, which would be lost: Extra;/) }],
    ['a result that breaks the rules', { ok: true, result: { PhysicalResourceId: '' } }, { ok: false, error: expect.stringMatching(/must not be empty/) }],
    ['a failure', { ok: false, error: 'Error: x' }, { ok: false, error: 'Error: x' }],
    ['a failure without text', { ok: false, error: 5 }, { ok: false, error: 'HandlerCrashError: unreadable outcome from the worker' }],
    ['an ok that is not true', { ok: 'true', result: {} }, { ok: false, error: 'HandlerCrashError: unreadable outcome from the worker' }],
    ['not an object', 'ok', { ok: false, error: 'HandlerCrashError: unreadable outcome from the worker' }],
  ])('GIVEN %s from a worker WHEN read THEN it is checked again', (_name, value, expected) => {
    expect(readOutcome(value)).toEqual(expected);
  });

  test('GIVEN a huge error text WHEN read THEN it is clipped', () => {
    const outcome = readOutcome({ ok: false, error: 'e'.repeat(100_000) });
    expect(outcome.ok ? '' : outcome.error).toHaveLength(4096);
  });

  test('failure clips its text', () => {
    expect(failure('f'.repeat(5000))).toEqual({ ok: false, error: expect.stringMatching(/^f+ \[\.\.\.\] f+$/) });
  });
});

describe('isComplete answers and outcomes from the worker', () => {
  test('GIVEN isComplete returned an object WHEN settled THEN the answer is a plain copy, not the object', () => {
    const raw = { IsComplete: true, Data: { At: new Date(0) } };
    const settled = settleIsComplete(raw);
    expect(settled).toEqual({ ok: true, result: {}, answer: { IsComplete: true, Data: { At: '1970-01-01T00:00:00.000Z' } } });
    expect((settled as { answer: unknown }).answer).not.toBe(raw);
  });

  test('GIVEN isComplete returned nothing WHEN settled THEN the answer is undefined (the poller then says what was wrong)', () => {
    expect(settleIsComplete(undefined)).toEqual({ ok: true, result: {}, answer: undefined });
  });

  test('GIVEN an answer that cannot be written as JSON WHEN settled THEN a failure says so', () => {
    const raw = { IsComplete: true, toJSON: () => { throw new RangeError('no'); } };
    expect(settleIsComplete(raw)).toEqual({ ok: false, error: 'HandlerResultError: isComplete returned a result that cannot be written as JSON (RangeError: no)' });
  });

  test('GIVEN an isComplete outcome from the worker WHEN read THEN its answer passes as is, for the poller to check', () => {
    expect(readOutcome({ ok: true, answer: { IsComplete: 'maybe' } }, 'isComplete')).toEqual({ ok: true, result: {}, answer: { IsComplete: 'maybe' } });
    expect(readOutcome({ ok: true, result: { PhysicalResourceId: 'id' }, answer: { IsComplete: true } })).toEqual({ ok: true, result: { PhysicalResourceId: 'id' } });
  });

  test.each([
    ['null', null],
    ['a string', 'ok'],
    ['ok that is not a boolean', { ok: 'no', error: 'E' }],
    ['an error that is not a string', { ok: false, error: 42 }],
  ])('GIVEN %s from the worker WHEN read THEN it is an unreadable outcome', (_what, value) => {
    expect(readOutcome(value)).toEqual({ ok: false, error: 'HandlerCrashError: unreadable outcome from the worker' });
  });

  test('GIVEN a failure from the worker WHEN read THEN its error is kept', () => {
    expect(readOutcome({ ok: false, error: 'Error: boom' })).toEqual({ ok: false, error: 'Error: boom' });
  });
});
