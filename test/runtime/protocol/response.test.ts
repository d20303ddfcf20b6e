import { dataTooLargeReason, fitResponse, jsonBytes, MAX_BODY_BYTES, measureData, ResponseBody } from '../../../src/runtime/protocol/response';

const base: ResponseBody = {
  Status: 'SUCCESS',
  PhysicalResourceId: 'phys-1',
  StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
  RequestId: 'req-1',
  LogicalResourceId: 'Res',
};

/** The bytes a body takes without a Reason, so tests can aim at the 4,096-byte edge. */
const room = (body: ResponseBody) => MAX_BODY_BYTES - jsonBytes({ ...body, Reason: '' });

describe('fitResponse', () => {
  test('GIVEN a small body WHEN fitted THEN it is returned unchanged', () => {
    const body = { ...base, Data: { a: '1' } };
    expect(fitResponse(body)).toEqual(body);
  });

  test('GIVEN a Reason exactly at the limit WHEN fitted THEN it is kept whole; one byte more and it is clipped', () => {
    const failed: ResponseBody = { ...base, Status: 'FAILED' };
    const exact = 'r'.repeat(room(failed));
    expect(fitResponse({ ...failed, Reason: exact })!.Reason).toBe(exact);
    const over = fitResponse({ ...failed, Reason: `${exact}r` })!;
    expect(over.Reason).toMatch(/^r+ \[\.\.\.\] r+$/);
    expect(jsonBytes(over)).toBe(MAX_BODY_BYTES);
  });

  test('GIVEN a Reason of multi-byte characters WHEN fitted THEN the body is at most 4,096 UTF-8 bytes and keeps head and tail', () => {
    const reason = `HEAD${'é€😀'.repeat(3000)}TAIL`;
    const fitted = fitResponse({ ...base, Status: 'FAILED', Reason: reason })!;
    expect(jsonBytes(fitted)).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(jsonBytes(fitted)).toBeGreaterThan(MAX_BODY_BYTES - 16);
    expect(fitted.Reason!.startsWith('HEAD')).toBe(true);
    expect(fitted.Reason!.endsWith('TAIL')).toBe(true);
    expect(fitted.Reason).not.toMatch(/\uFFFD/);
  });

  test('GIVEN a 50 MB Reason WHEN fitted THEN it keeps head and tail and fills the body', () => {
    const fitted = fitResponse({ ...base, Status: 'FAILED', Reason: `HEAD${'w'.repeat(50_000_000)}TAIL` })!;
    expect(fitted.Reason).toMatch(/^HEADw+ \[\.\.\.\] w+TAIL$/);
    expect(jsonBytes(fitted)).toBe(MAX_BODY_BYTES);
  });

  test('GIVEN a Reason with ANSI escapes and control characters WHEN fitted THEN they are removed', () => {
    const fitted = fitResponse({ ...base, Status: 'FAILED', Reason: '\u001b[31mred\u001b[0m\u0000bell\u0007\nline' })!;
    expect(fitted.Reason).toBe('redbell line');
  });

  test('GIVEN copied fields that alone exceed the limit WHEN fitted THEN there is no valid answer', () => {
    expect(fitResponse({ ...base, StackId: 'x'.repeat(5000), Status: 'FAILED', Reason: 'r' })).toBeUndefined();
  });

  test('GIVEN copied fields that leave room for no Reason at all WHEN fitted THEN the Reason is empty', () => {
    const failed: ResponseBody = { ...base, Status: 'FAILED', Reason: '' };
    const stackId = 'x'.repeat(base.StackId.length + room(failed));
    const fitted = fitResponse({ ...failed, StackId: stackId, Reason: 'too long' })!;
    expect(fitted.Reason).toBe('');
    expect(jsonBytes(fitted)).toBe(MAX_BODY_BYTES);
  });
});

describe('jsonBytes', () => {
  test.each([
    [undefined, 0],
    [() => 1, 0],
    ['é', 4],
    [{ a: 1 }, 7],
  ])('jsonBytes(%p) is %p', (value, bytes) => {
    expect(jsonBytes(value)).toBe(bytes);
  });
});

test('GIVEN a body without a Reason whose copied fields exceed the limit WHEN fitted THEN there is no valid answer', () => {
  expect(fitResponse({ ...base, StackId: 's'.repeat(5000) })).toBeUndefined();
});

describe('measureData', () => {
  test('GIVEN Data WHEN measured THEN the total is its serialized size and entries count key, colon and value', () => {
    const data = { a: '1', bb: [1, 2], c: { d: null }, skipped: undefined, fn: () => 1 };
    expect(measureData(data)).toEqual({
      bytes: jsonBytes(data),
      largest: [{ key: 'c', bytes: 14 }, { key: 'bb', bytes: 10 }, { key: 'a', bytes: 7 }],
    });
  });

  test('GIVEN empty Data WHEN measured THEN two bytes and no keys', () => {
    expect(measureData({})).toEqual({ bytes: 2, largest: [] });
  });

  test('GIVEN eight keys WHEN measured THEN the five largest are kept, largest first', () => {
    const data = Object.fromEntries(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'].map((k, i) => [k, 'v'.repeat([3, 9, 1, 7, 5, 8, 2, 6][i])]));
    expect(measureData(data).largest.map((e) => e.key)).toEqual(['k2', 'k6', 'k4', 'k8', 'k5']);
    expect(measureData(data).bytes).toBe(jsonBytes(data));
  });

  test('GIVEN a 100-character key with escapes WHEN measured THEN it is clipped in the middle to 64 code points, then cleaned', () => {
    const key = `\u001b[1m${'k'.repeat(100)}\n`;
    const [entry] = measureData({ [key]: 'v' }).largest;
    expect(entry.key).toBe(`${'k'.repeat(31)} [...] ${'k'.repeat(21)}`);
  });
});

describe('dataTooLargeReason', () => {
  const size = { bytes: 9000, largest: [{ key: 'b', bytes: 15 }, { key: 'a', bytes: 6 }] };

  test('GIVEN sizes WHEN described THEN keys are listed largest first', () => {
    expect(dataTooLargeReason(size, false)).toBe('HandlerResultError: the handler returned Data of 9000 bytes, which does not fit the 4096-byte response. Largest keys: b (15 bytes), a (6 bytes). Return less Data (store large values elsewhere).');
  });

  test('GIVEN sizes that are lower bounds WHEN described THEN they say "at least"', () => {
    expect(dataTooLargeReason({ ...size, atLeast: true }, false)).toMatch(/^HandlerResultError: the handler returned Data of at least 9000 bytes, .* Largest keys: b \(at least 15 bytes\), a \(at least 6 bytes\)\./);
  });

  test('GIVEN NoEcho WHEN described THEN no key is named', () => {
    expect(dataTooLargeReason(size, true)).toBe('HandlerResultError: the handler returned Data of 9000 bytes, which does not fit the 4096-byte response. Largest keys (not shown: NoEcho is set). Return less Data (store large values elsewhere).');
  });
});

test('GIVEN a value JSON leaves out WHEN measured THEN it takes no bytes', () => {
  expect(jsonBytes(undefined)).toBe(0);
  expect(jsonBytes(() => 1)).toBe(0);
});
