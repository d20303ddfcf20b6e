/**
 * The repair of quoted scalars continued at their key's indentation, as text: which quote a
 * line leaves open, and exactly which continuation lines are indented (the rest of the text
 * is left as it was).
 */
import { indentContinuationLines, quoteLeftOpen } from '../../../src/change-set/input/quoted-continuations';

describe('quoteLeftOpen', () => {
  test.each([
    ['a quote at the start of the line', "'open", "'"],
    ['a comment line', "# note: 'open", undefined],
    ['a comment at the start of the line after a colon', "#: 'open", undefined],
    ['a comment after a value', "Key: x # see: 'open", undefined],
    ['a # inside a word (not a comment)', "Key: [a#b, 'open", "'"],
    ['a backslash in a single-quoted scalar (no escape there)', "Key: 'a\\'", undefined],
    ['a backslash escaping a quote in a double-quoted scalar', 'Key: "a\\"', '"'],
    ['two double quotes (no escape in a double-quoted scalar)', 'Key: "a""', undefined],
    ['two single quotes (an escaped quote)', "Key: 'a''", "'"],
    ['a quote after a question mark and a space', "? 'open", "'"],
  ])('GIVEN %s WHEN read THEN the quote left open is %j', (_, line, expected) => {
    expect(quoteLeftOpen(line)).toBe(expected);
  });
});

describe('indentContinuationLines', () => {
  test('GIVEN continuation lines at and left of the key WHEN repaired THEN each is indented two past the key, blank lines and later lines as they were', () => {
    const text = "P:\n  D: 'one\n\n two\nthree'\n  E: x\nF: y";
    expect(indentContinuationLines(text, 2)).toBe("P:\n  D: 'one\n\n    two\n    three'\n  E: x\nF: y");
  });

  test('GIVEN continuation lines already indented further WHEN repaired THEN they keep their indentation', () => {
    expect(indentContinuationLines("D: 'one\n      two'", 1)).toBe("D: 'one\n      two'");
  });

  test('GIVEN a double-quoted scalar whose continuation holds an escaped quote WHEN repaired THEN the scalar ends at the real closing quote', () => {
    expect(indentContinuationLines('A: "x\nb \\" c\nd"\nE: y', 1)).toBe('A: "x\n  b \\" c\n  d"\nE: y');
  });

  test('GIVEN a single-quoted scalar whose continuation holds a doubled quote WHEN repaired THEN the scalar ends at the real closing quote', () => {
    expect(indentContinuationLines("A: 'x\nit''s\nd'\nE: y", 1)).toBe("A: 'x\n  it''s\n  d'\nE: y");
  });

  test('GIVEN a single-quoted scalar whose continuation ends in a backslash and a quote WHEN repaired THEN that quote closes it', () => {
    expect(indentContinuationLines("A: 'x\nb\\'\nE: y", 1)).toBe("A: 'x\n  b\\'\nE: y");
  });

  test('GIVEN a scalar that never closes WHEN repaired THEN there is no repair', () => {
    expect(indentContinuationLines("A: 'x\nb\nc", 1)).toBeUndefined();
  });
});
