/**
 * The globs of review rules (`resourceType: AWS::RDS::*`, `stack: prod-*`): `*` matches any
 * characters, `/` and `::` included; everything else is literal. Matched by minimatch 11,
 * whose matcher walks the value once with every state of the pattern at a time (a Thompson
 * NFA) instead of compiling a backtracking regular expression, so a hostile rules file or a
 * long stack name cannot make the review run away (docs/decisions/0006-rules-globs-without-backtracking.md).
 */
import type { Minimatch, MinimatchOptions } from 'minimatch';

/** Only `*` is special: no braces, extglobs, negation, comments or `**`, and the same on every platform. */
const OPTIONS: MinimatchOptions = { dot: true, nobrace: true, noext: true, nonegate: true, nocomment: true, noglobstar: true, platform: 'linux' };

/** Matchers by pattern: a rules file has few patterns, a review many values. */
const matchers = new Map<string, Minimatch>();

/** Whether the value matches the glob. */
export function globMatches(pattern: string, value: string): boolean {
  // minimatch never matches an empty string; a glob of stars alone matches it here.
  if (value === '') return [...pattern].every((char) => char === '*');
  let matcher = matchers.get(pattern);
  if (matcher === undefined) {
    // minimatch is loaded when a rule with a glob is first matched, not at start.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { escape, Minimatch: Matcher } = require('minimatch') as typeof import('minimatch');
    matcher = new Matcher(pattern.split('*').map((part) => escape(withoutSlashes(part))).join('*'), OPTIONS);
    matchers.set(pattern, matcher);
  }
  return matcher.match(withoutSlashes(value));
}

const SLASH = '\uE000';
const ESCAPE = '\uE001';
const BITS = ['\uE002', '\uE003'];

/**
 * The text with no `/`, so minimatch sees one path portion and `*` matches across what were
 * slashes: `/` becomes U+E000, and U+E000 to U+E003 themselves become U+E001 and two of
 * U+E002/U+E003. Applied to the pattern's literal parts and to the value alike, a literal
 * matches a part of the value exactly when it did before: U+E002/U+E003 never start a
 * character's code, so no literal can match half of one.
 */
function withoutSlashes(text: string): string {
  return text.replace(/[/\uE000-\uE003]/g, (char) => {
    if (char === '/') return SLASH;
    const code = char.charCodeAt(0) - 0xe000;
    return ESCAPE + BITS[Math.floor(code / 2)] + BITS[code % 2];
  });
}
