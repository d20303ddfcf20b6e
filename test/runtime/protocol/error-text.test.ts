import { errorText } from '../../../src/runtime/protocol/error-text';

describe('errorText', () => {
  test.each([
    ['an Error', new TypeError('bad'), 'TypeError: bad'],
    ['an error-like object', { name: 'Custom', message: 'm' }, 'Custom: m'],
    ['an error without a name', { message: 'm' }, 'Error: m'],
    ['an error with an empty name', { name: '', message: 'm' }, 'Error: m'],
    ['an error whose name is not a string', { name: 5, message: 'm' }, 'Error: m'],
    ['a Lambda error payload', { errorType: 'KeyError', errorMessage: "'bucket'" }, "KeyError: 'bucket'"],
    ['a Lambda error payload without a message', { errorType: 'Timeout', errorMessage: 3 }, 'Timeout: '],
    ['a string', 'oops', 'thrown value: string "oops"'],
    ['undefined', undefined, 'thrown value: nothing'],
    ['an object without a message', { code: 1 }, 'thrown value: an object'],
  ])('GIVEN %s WHEN described THEN %p', (_name, value, text) => {
    expect(errorText(value)).toBe(text);
  });

  test('GIVEN a 4 MB message and a 1,000-character name WHEN described THEN both are clipped', () => {
    const text = errorText({ name: 'N'.repeat(1000), message: `${'m'.repeat(4_000_000)}END` });
    expect(text).toMatch(/^N{56} \[\.\.\.\] N{37}: m{2454} \[\.\.\.\] m{1632}END$/);
  });

  test('GIVEN an error whose message getter throws WHEN described THEN a fixed text', () => {
    const e = new Error('x');
    Object.defineProperty(e, 'message', { get() { throw new Error('getter'); } });
    expect(errorText(e)).toBe('an error whose name or message could not be read');
  });

  test('GIVEN a message getter that changes WHEN described THEN it is read once', () => {
    let reads = 0;
    expect(errorText({ get message() { reads++; return reads === 1 ? 'first' : 42; } })).toBe('Error: first');
    expect(reads).toBe(1);
  });
});
