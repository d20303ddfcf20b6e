import { boundedReason, clipMiddle, MAX_REASON_CODE_POINTS, sanitizeText } from '../../../src/runtime/protocol/text';

describe('clipMiddle', () => {
  test.each([
    ['abcdef', 10, 'abcdef'],
    ['abcdef', 6, 'abcdef'],
    ['a'.repeat(50), 20, `${'a'.repeat(8)} [...] ${'a'.repeat(5)}`],
    ['abcdefghijklmnop', 8, 'a [...] '],
    ['abcdefghijklmnop', 9, 'ab [...] '],
    ['abcdefghijklmnop', 10, 'ab [...] p'],
    ['abcdefghijklmnop', 7, 'abcdefg'],
    ['abcdefghijklmnop', 3, 'abc'],
    ['abcdef', 0, ''],
    ['abcdef', -3, ''],
    ['abcdefghijklmnop', 10.9, 'ab [...] p'],
  ])('clipMiddle(%p, %p) is %p', (text, max, expected) => {
    expect(clipMiddle(text, max)).toBe(expected);
  });

  test('GIVEN astral characters (two UTF-16 units each) WHEN they fit in code points THEN nothing is clipped', () => {
    const text = '😀'.repeat(10);
    expect(text.length).toBe(20);
    expect(clipMiddle(text, 10)).toBe(text);
    expect(clipMiddle(text, 9)).toBe('😀😀 [...] ');
  });

  test('GIVEN astral characters at both ends WHEN clipped THEN no surrogate pair is split', () => {
    const text = `${'😀'.repeat(30)}${'😎'.repeat(30)}`;
    const clipped = clipMiddle(text, 27);
    expect(clipped).toBe(`${'😀'.repeat(12)} [...] ${'😎'.repeat(8)}`);
    expect(clipped).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  test('GIVEN U+FFFF, the last one-unit code point WHEN clipped THEN each counts as one', () => {
    // 20 code points: 13 of text and the 7 of the ellipsis, the head 8 of them and the tail 5.
    expect(clipMiddle('\uffff'.repeat(30), 20)).toBe(`${'\uffff'.repeat(8)} [...] ${'\uffff'.repeat(5)}`);
  });

  test('GIVEN a lone surrogate WHEN clipped THEN it counts as one code point', () => {
    expect(clipMiddle(`${'x'.repeat(20)}\ud800`, 20)).toBe(`${'x'.repeat(8)} [...] ${'x'.repeat(4)}\ud800`);
    expect(clipMiddle(`\udc00${'x'.repeat(20)}`, 20)).toBe(`\udc00${'x'.repeat(7)} [...] ${'x'.repeat(5)}`);
  });

  test('GIVEN a 50 MB text WHEN clipped THEN the result holds its head and tail in the bound', () => {
    const text = `HEAD${'m'.repeat(50_000_000)}TAIL`;
    const clipped = clipMiddle(text, 100);
    expect(Array.from(clipped)).toHaveLength(100);
    expect(clipped).toMatch(/^HEADm+ \[\.\.\.\] m+TAIL$/);
  });
});

describe('sanitizeText', () => {
  test.each([
    ['ANSI colours', '\u001b[31mred\u001b[0m', 'red'],
    ['OSC title and C1 controls', 'a\u001b]0;title\u0007b\u0085c', 'abc'],
    ['OSC ended by ESC \\', 'a\u001b]8;;http://x\u001b\\b', 'ab'],
    ['other ESC pairs', 'a\u001bMb', 'ab'],
    ['newlines, tabs and returns', 'one\r\n\ttwo\nthree', 'one two three'],
    ['C0 controls and DEL', 'a\u0000b\u0008c\u000bd\u000ce\u000ef\u001fg\u007fh', 'abcdefgh'],
    ['bidirectional controls', 'a\u061cb\u200ec\u200fd\u202ae\u202bf\u202cg\u202dh\u202ei\u2066j\u2067k\u2068l\u2069m', 'abcdefghijklm'],
    ['surrounding whitespace', '  padded  ', 'padded'],
    ['ordinary text', 'plain é 😀 text', 'plain é 😀 text'],
  ])('GIVEN %s WHEN sanitized THEN only readable text is left', (_name, text, expected) => {
    expect(sanitizeText(text)).toBe(expected);
  });
});

describe('boundedReason', () => {
  test('GIVEN a huge Reason with escapes WHEN bounded THEN it is clipped to MAX_REASON_CODE_POINTS first, then cleaned', () => {
    const reason = boundedReason(`\u001b[31m${'e'.repeat(10_000)}\n\u001b[0m`);
    expect(reason).toMatch(/^e+ \[\.\.\.\] e+$/);
    expect(Array.from(reason).length).toBeLessThanOrEqual(MAX_REASON_CODE_POINTS);
    expect(MAX_REASON_CODE_POINTS).toBe(4096);
  });
});
