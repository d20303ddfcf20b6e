import { clipMiddle, dataTooLargeReason, fitResponse, jsonBytes, MAX_BODY_BYTES, ResponseBody, sanitizeText } from '../../../src/runtime/protocol/response';

const base: ResponseBody = {
  Status: 'SUCCESS',
  PhysicalResourceId: 'phys-1',
  StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
  RequestId: 'req-1',
  LogicalResourceId: 'Res',
};

describe('fitResponse', () => {
  test('GIVEN a small body WHEN fitted THEN it is returned unchanged', () => {
    const body = { ...base, Data: { a: '1' } };
    expect(fitResponse(body)).toEqual(body);
  });

  test('GIVEN Data too big for 4,096 bytes WHEN fitted THEN FAILED with a Reason naming the largest keys', () => {
    const body = { ...base, Data: { small: 'x', huge: 'y'.repeat(5000), medium: 'z'.repeat(100) }, NoEcho: true };
    const fitted = fitResponse(body)!;
    expect(fitted.Status).toBe('FAILED');
    expect(fitted.Data).toBeUndefined();
    expect(fitted.NoEcho).toBeUndefined();
    expect(fitted.Reason).toMatch(/Largest keys: huge \(\d+ bytes\), medium/);
    expect(jsonBytes(fitted)).toBeLessThanOrEqual(MAX_BODY_BYTES);
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

  test('GIVEN a Reason with ANSI escapes and control characters WHEN fitted THEN they are removed', () => {
    const fitted = fitResponse({ ...base, Status: 'FAILED', Reason: '\u001b[31mred\u001b[0m\u0000bell\u0007\nline' })!;
    expect(fitted.Reason).toBe('redbell line');
  });

  test('GIVEN copied fields that alone exceed the limit WHEN fitted THEN there is no valid answer', () => {
    expect(fitResponse({ ...base, StackId: 'x'.repeat(5000), Status: 'FAILED', Reason: 'r' })).toBeUndefined();
  });
});

describe('helpers', () => {
  test.each([
    ['abcdef', 10, 'abcdef'],
    ['a'.repeat(50), 20, `${'a'.repeat(8)} [...] ${'a'.repeat(5)}`],
  ])('clipMiddle(%s, %d)', (text, max, expected) => {
    expect(clipMiddle(text, max)).toBe(expected);
  });

  test('sanitizeText strips OSC sequences and C1 controls', () => {
    expect(sanitizeText('a\u001b]0;title\u0007b\u0085c')).toBe('abc');
  });

  test('dataTooLargeReason orders keys by size', () => {
    expect(dataTooLargeReason({ a: '1', b: '1234567890' })).toMatch(/Largest keys: b \(15 bytes\), a \(6 bytes\)/);
  });
});
