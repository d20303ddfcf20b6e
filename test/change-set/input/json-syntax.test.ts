/**
 * The scanner that says where and why a text is not JSON (it runs after JSON.parse has
 * refused the text): every valid form passes, and each error is found at its first offending
 * character with its reason.
 */
import { findJsonSyntaxError } from '../../../src/change-set/input/json-syntax';

describe('findJsonSyntaxError', () => {
  test.each([
    ['white space of every kind around a value', '\t\r\n [1]'],
    ['white space around every token of an object', '{ "a" : 1 , "b" : [ ] }'],
    ['white space around array items', '[ 1 ,2 ]'],
    ['empty containers, nested', '[[],{}]'],
    ['every one-character escape', '"\\"\\\\\\/\\b\\f\\n\\r\\t"'],
    ['unicode escapes in either case', '"\\u00E9\\uabcd"'],
    ['a space and U+2028 in a string', '" \u2028"'],
    ['the literals', '[true,false,null]'],
    ['zero, negative zero, fractions and exponents', '[0,-0,1.5,1e5,1E-5,-12.34e+56,9,1.25]'],
    ['1,001 levels of nesting (the most the scanner follows)', `${'['.repeat(1_001)}${']'.repeat(1_001)}`],
  ])('GIVEN %s WHEN scanned THEN no error is found', (_, text) => {
    expect(() => JSON.parse(text)).not.toThrow();
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  test.each([
    ['a non-breaking space (not JSON white space)', ' \u00a0[1]', 1, 'unexpected character "\u00a0"'],
    ['a bad unicode escape', '"\\uZZZZ"', 1, '\\u must be followed by four hexadecimal digits'],
    ['a short unicode escape before the closing quote', '{"\\u00"}', 2, '\\u must be followed by four hexadecimal digits'],
    ['a backslash at the end', '"\\', 1, 'invalid escape \\'],
    ['a control character in a string', '"a\u001fb"', 2, 'a string cannot hold the control character "\\u001f"; write it escaped'],
    ['a control character between tokens', '{"a":1\u0001}', 6, 'expected "," or "}" after a property value, found "\\u0001"'],
    ['a number with a dot and no digits', '1.', 1, 'unexpected text after the JSON value'],
    ['a number starting with a dot', '.5', 0, 'unexpected character "."'],
    ['a number with a plus sign', '+1', 0, 'unexpected character "+"'],
    ['an exponent without digits', '[1e]', 2, 'expected "," or "]" after an array item, found "e"'],
    ['a minus sign alone', '-', 0, 'invalid number'],
    ['a minus sign before a letter', '-a', 0, 'invalid number'],
    ['a minus sign before a letter and a digit', '-a1', 0, 'invalid number'],
    ['a cut literal', 'nul', 0, 'unexpected character "n"'],
    ['a cut literal in an object', '{"a":tru}', 5, 'unexpected character "t"'],
    ['two literals', 'truefalse', 4, 'unexpected text after the JSON value'],
    ['an array cut after a comma', '[1,', 3, 'unexpected end of the text'],
    ['an object cut after a colon', '{"a":', 5, 'unexpected end of the text'],
    ['an object cut after a name', '{"a"', 4, 'unexpected end of the text'],
    ['an object cut after its brace', '{', 1, 'unexpected end of the text'],
    ['an array cut after its bracket', '[', 1, 'unexpected end of the text'],
    ['a string never closed', '"abc', 4, 'unexpected end of the text'],
    ['a trailing comma in an object', '{"a":1,}', 7, 'expected a double-quoted property name, found "}"'],
    ['a bracket too many', '[1]]', 3, 'unexpected text after the JSON value'],
    ['a brace too many', '{"a":1}}', 7, 'unexpected text after the JSON value'],
    ['text after blank lines', '\n\n  x', 4, 'unexpected character "x"'],
  ])('GIVEN %s (%j) WHEN scanned THEN the error is at offset %i: %s', (_, text, offset, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(findJsonSyntaxError(text)).toEqual({ offset, reason });
  });

  test('GIVEN 1,002 levels of nesting WHEN scanned THEN the error is where the scanner stopped', () => {
    expect(findJsonSyntaxError(`${'['.repeat(1_002)}${']'.repeat(1_002)}`)).toEqual({ offset: 1_001, reason: 'nested too deeply' });
    expect(findJsonSyntaxError(`${'{"a":'.repeat(1_002)}1${'}'.repeat(1_002)}`)).toEqual({ offset: 5_005, reason: 'nested too deeply' });
  });
});
