import { lineSplitter, MAX_OUTPUT_LINE } from '../../../src/runtime/isolation/output-lines';

function split(chunks: string[], maxLine?: number): string[] {
  const lines: string[] = [];
  const splitter = lineSplitter((l) => lines.push(l), maxLine);
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return lines;
}

test.each([
  ['one line', ['a\n'], ['a']],
  ['lines across chunks', ['ab', 'c\nd', 'e\nf'], ['abc', 'de', 'f']],
  ['CRLF endings', ['a\r\nb\r\n'], ['a', 'b']],
  ['CRLF endings of longer lines', ['abc\r\nde\r', '\n'], ['abc', 'de']],
  ['empty lines', ['\n\nx\n'], ['', '', 'x']],
  ['no trailing newline', ['tail'], ['tail']],
  ['nothing', [], []],
  ['a lone carriage return mid-line', ['a\rb\n'], ['a\rb']],
])('GIVEN %s WHEN split THEN the lines come out whole', (_name, chunks, expected) => {
  expect(split(chunks)).toEqual(expected);
});

test.each([
  ['exactly the bound', ['12345\n'], ['12345']],
  ['one over the bound', ['123456\n'], ['12345 [line clipped]']],
  ['a long line over chunks, then a short one', ['1234', '5678', '9\nok\n'], ['12345 [line clipped]', 'ok']],
  ['a long line without newline at the end', ['123456789'], ['12345 [line clipped]']],
  ['a long line whose newline comes in the next chunk', ['123456', '\n'], ['12345 [line clipped]']],
])('GIVEN %s WHEN split with a bound of 5 THEN long lines are clipped', (_name, chunks, expected) => {
  expect(split(chunks, 5)).toEqual(expected);
});

test('the default bound is 16,384 units', () => {
  expect(MAX_OUTPUT_LINE).toBe(16_384);
  expect(split(['x'.repeat(16_384)])).toEqual(['x'.repeat(16_384)]);
  expect(split(['x'.repeat(16_385)])[0]).toBe(`${'x'.repeat(16_384)} [line clipped]`);
});
