/**
 * `--json` as it may be printed into a CI log: the same JSON (the same values once parsed), with
 * the characters a terminal or a log acts on written as `\u` escapes. `JSON.stringify` escapes
 * C0 controls and lone surrogates already; DEL, C1 controls (NEL), format characters (bidi
 * overrides, zero-width) and line or paragraph separators it writes as they are. And `##[` or
 * `##vso[`, which CI systems read as a command anywhere in a line, gets its first `#` as `\u0023`
 * (a `#` is only ever inside a string in JSON). A line of pretty-printed JSON never starts with `::`.
 */

/** As in plain-text.ts, but the newlines between JSON's lines (a string's own are escaped already). */
const HIDDEN = /(?![\n\u200C\u200D])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** `json` with what a log would act on escaped; `JSON.parse` reads the same value from both. */
export function jsonForLogs(json: string): string {
  return json
    .replace(HIDDEN, (character) => [...Array(character.length).keys()].map((index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`).join(''))
    .replace(/##(?=[A-Za-z]*\[)/g, '\\u0023#');
}
