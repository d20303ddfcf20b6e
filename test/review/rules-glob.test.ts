/**
 * The globs of review rules: `*` matches any characters (`/` and `::` included), everything
 * else is literal, and matching takes time in proportion to the value, whatever the pattern.
 */
import * as fc from 'fast-check';
import { globMatches } from '../../src/review/rules-glob';

describe('globMatches', () => {
  test.each<[string, string, boolean]>([
    ['AWS::S3::*', 'AWS::S3::Bucket', true],
    ['AWS::S3::*', 'AWS::S3Vectors::Index', false],
    ['*::Bucket', 'AWS::S3::Bucket', true],
    ['prod-*', 'prod-eu/Nested', true],
    ['*', 'Prod/Api', true],
    ['Prod/*/Db', 'Prod/Api/Nested/Db', true],
    ['AWS::S3::Bucket', 'AWS::S3::BucketPolicy', false],
    ['a.b', 'aXb', false],
    ['a?b', 'axb', false],
    ['a?b', 'a?b', true],
    ['[x]', 'x', false],
    ['[x]', '[x]', true],
    ['{a,b}', 'a', false],
    ['!a', 'b', false],
    ['!a', '!a', true],
    ['#a', '#a', true],
    ['a\\b', 'a\\b', true],
    ['*', '.hidden', true],
    ['*', '', true],
    ['**', '', true],
    ['a*', '', false],
    ['x/\uE000', 'x/\uE000', true],
    ['*/', '\uE000', false],
    ['*\uE002', '\uE000', false],
  ])('GIVEN the glob %j WHEN matched against %j THEN %s', (pattern, value, expected) => {
    expect(globMatches(pattern, value)).toBe(expected);
  });

  test('GIVEN 30 stars against a 10,000-character name WHEN matched THEN it finishes with the right answer (a backtracking matcher runs for hours)', () => {
    const name = 'a'.repeat(10_000);
    expect(globMatches(`${'a*'.repeat(30)}b`, name)).toBe(false);
    expect(globMatches(`${'*a'.repeat(30)}*`, name)).toBe(true);
    expect(globMatches(`${'*a'.repeat(30)}*b`, `${name}/b`)).toBe(true);
  });

  test('GIVEN any pattern and value over a small alphabet WHEN matched THEN the answer is that of "* is any characters, the rest literal"', () => {
    // The reference: the literal parts between the stars found in order, the first at the
    // start and the last at the end (the greedy algorithm, right for `*` alone).
    const reference = (pattern: string, value: string): boolean => {
      const parts = pattern.split('*');
      if (parts.length === 1) return pattern === value;
      const first = parts[0];
      const last = parts[parts.length - 1];
      if (value.length < first.length + last.length || !value.startsWith(first) || !value.endsWith(last)) return false;
      let at = first.length;
      const end = value.length - last.length;
      for (const part of parts.slice(1, -1)) {
        const found = value.indexOf(part, at);
        if (found === -1 || found + part.length > end) return false;
        at = found + part.length;
      }
      return true;
    };
    const alphabet = fc.constantFrom('a', 'b', '/', '*', '.', '?', '[', ']', '\\', '!', '\uE000', '\uE001', '\uE002');
    fc.assert(fc.property(fc.string({ unit: alphabet, maxLength: 8 }), fc.string({ unit: alphabet, maxLength: 10 }), (pattern, value) => {
      expect(globMatches(pattern, value)).toBe(reference(pattern, value));
    }), { numRuns: 2_000 });
  });
});
