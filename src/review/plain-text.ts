/**
 * Values in plain text (the text report, standard error, JUnit's text): every character that a
 * terminal or a CI log would act on, or that hides or reorders text, is shown as an escape, and
 * no line reads as a CI system's command. Values come from templates, assemblies, rules files
 * and CloudFormation's answers, all of which a pull request from a fork may control.
 */

/**
 * Shown as escapes: Unicode's controls (`Cc`: C0, DEL, C1, so ESC, BEL, CR, LF, NEL), format
 * characters (`Cf`: bidi embeddings, overrides and isolates U+202A-202E and U+2066-2069, marks,
 * zero-width spaces, tags) except the joiners U+200C and U+200D that scripts and emoji need,
 * line and paragraph separators (`Zl`, `Zp`), and lone surrogates (`Cs`).
 */
const HIDDEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * GitHub Actions reads a line as a workflow command when it starts with `::` after white space;
 * its older form `##[command]`, Azure Pipelines' `##vso[command]` and TeamCity's
 * `##teamcity[message]` are read anywhere in a line.
 */
const LINE_COMMAND = /^(\s*(?:\u001b\[[0-9;]*m)*)::/;
const INLINE_COMMAND = /##(?=[A-Za-z]*\[)/g;

/** A line with nothing to escape (most of a report): no hidden character, no `#` pair, no leading `::`. */
const ORDINARY = /^(?!\s*::)(?:(?!##)[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]|[\u200C\u200D])*$/u;

/** `value` with its hidden characters as escapes (`\n`, `\r`, `\t`, `\x1b`, `\u202e`, `\u{e0041}`). */
export function visible(value: string): string {
  return value.replace(HIDDEN, escapeOf);
}

/**
 * A line that no CI system reads as a command: the character that would start one is shown as
 * its escape (`\x3a:error::...`, `\x23#vso[...]`). Lines that are not commands stay as they are.
 */
export function withoutCiCommands(line: string): string {
  return line.replace(INLINE_COMMAND, '\\x23#').replace(LINE_COMMAND, '$1\\x3a:');
}

/**
 * Lines of a report as they may be printed: each with its hidden characters as escapes (a value's
 * line break cannot start a line of its own), and none a CI command. `keep` matches the escape
 * sequences the report itself writes (its colours), which stay.
 */
export function plainLines(lines: readonly string[], keep?: RegExp): string[] {
  return lines.map((line) => (ORDINARY.test(line) ? line : withoutCiCommands(keep === undefined ? visible(line) : keepingSequences(line, keep))));
}

/**
 * A message of several lines (standard error): its line breaks stay, every other hidden
 * character is shown as an escape, and no line is a CI command.
 */
export function plainMessage(text: string): string {
  return text.split('\n').map((line) => withoutCiCommands(visible(line))).join('\n');
}

/** `visible`, except for the sequences `keep` matches. */
function keepingSequences(line: string, keep: RegExp): string {
  const global = new RegExp(keep.source, keep.flags.includes('g') ? keep.flags : `${keep.flags}g`);
  let out = '';
  let from = 0;
  for (const match of line.matchAll(global)) {
    out += visible(line.slice(from, match.index)) + match[0];
    from = match.index + match[0].length;
  }
  return out + visible(line.slice(from));
}

function escapeOf(character: string): string {
  const named = NAMED[character];
  if (named !== undefined) return named;
  const code = character.codePointAt(0)!;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\u{${code.toString(16)}}`;
}
