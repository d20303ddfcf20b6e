/**
 * Values in Markdown as GitHub renders it (CommonMark with GitHub's extensions, in a pull-request
 * comment or a job summary): shown as written, never as markup. No value closes a code span, opens
 * raw HTML, a link, an image or emphasis, breaks a table's row, or reads as a mention (`@name`,
 * which notifies people) or a reference (`#1`, `GH-1`) or a link GitHub makes of bare text
 * (`www.`, `http://`, an e-mail address).
 *
 * @see https://spec.commonmark.org/0.31.2/#code-spans
 * @see https://github.github.com/gfm/#tables-extension-
 */
import { visible } from './plain-text';

/**
 * Punctuation CommonMark reads as markup inside a line: backslash escapes, code spans, emphasis,
 * links and images, strikethrough, tables, math. Each is written backslash-escaped, which any
 * ASCII punctuation may be; but an `_` between two letters or digits, which can neither open nor
 * close emphasis (`UPDATE_ROLLBACK_FAILED` stays as it is).
 */
const MARKUP = /[\\`*[\]~|$]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** Characters whose entity stops raw HTML and character references. */
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/**
 * What GitHub links in text: mentions and references (`@name`, `@org/team`, `#1`, `GH-1`,
 * `name@sha`), e-mail addresses, `http://` and `www.` links. A zero-width space after the
 * character that starts one breaks it (as bots that quote release notes do), and shows nothing.
 */
const LINKED = /[@#]|(?<=\bGH)-(?=\d)|(?<=:)(?=\/\/)|(?<=\bwww)(?=\.)/gi;
const ZERO_WIDTH_SPACE = '&#8203;';

/** Text shown as written: in a table cell, a list item or a paragraph. */
export function markdownText(value: string): string {
  return visible(value)
    .replace(/[&<>]/g, (character) => ENTITY[character])
    .replace(MARKUP, '\\$&')
    .replace(LINKED, (found) => `${found}${ZERO_WIDTH_SPACE}`);
}

/**
 * A code span holding `value` whole. Its fence is one backtick longer than the longest run of
 * backticks inside, and it is padded with a space where the value starts or ends with a backtick
 * or a space (CommonMark strips one space from each end). In a table a pipe is written `\|`,
 * which GitHub's tables read as a pipe inside code spans too. A value with a backslash right
 * before a pipe is written as text there instead: GitHub (cmark-gfm) and micromark disagree on
 * whether `\\|` in a code span ends the cell, but agree on escaped text.
 */
export function markdownCode(value: string, inTable = true): string {
  if (inTable && /\\\|/.test(visible(value))) return markdownText(value);
  const text = inTable ? visible(value).replace(/\|/g, '\\|') : visible(value);
  if (text === '') return '` `';
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^ +$/.test(text) || !/^[` ]|[` ]$/.test(text) ? '' : ' ';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** A fenced code block of `lines`, its fence longer than any run of backticks in them, so no line closes it. */
export function markdownCodeBlock(lines: readonly string[], info: string): string[] {
  const shown = lines.map(visible);
  const longest = Math.max(0, ...shown.flatMap((line) => line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...shown, fence];
}
