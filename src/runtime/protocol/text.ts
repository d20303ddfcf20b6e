/**
 * Text that reaches CloudFormation (Reasons) or a log line: cleaned of terminal escapes,
 * control and bidirectional characters, and clipped with work bounded by the clip length,
 * never by the length of the input (a handler may throw a 50 MB message).
 */

/** How a Reason about the handler's result begins. */
export const RETURNED = 'HandlerResultError: the handler returned ';

/** How a Reason about a handler that took its thread down begins. */
export const CRASHED = 'HandlerCrashError: ';

/** Longest Reason kept before fitting, in code points: more can never fit 4,096 bytes. */
export const MAX_REASON_CODE_POINTS = 4096;

// CSI sequences (ESC [ ... final byte), OSC sequences (ESC ] ... BEL or ESC \), other ESC pairs.
const ANSI_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;
// C0 and C1 control characters except the whitespace handled below.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// Bidirectional marks, embeddings, overrides and isolates: they can make a Reason read backwards.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Removes ANSI escapes, control and bidirectional characters; newlines and tabs become spaces. */
export function sanitizeText(text: string): string {
  return text
    .replace(ANSI_ESCAPES, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROL_CHARACTERS, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
}

const ELLIPSIS = ' [...] ';

/**
 * UTF-16 length of the first (or, `fromEnd`, the last) `count` code points of `text`; reads at
 * most 2 x count units. From the end, a surrogate pair ends the remaining text when a code point
 * above U+FFFF starts two units before its end.
 */
function codePointUnits(text: string, count: number, fromEnd?: boolean): number {
  let units = 0;
  for (let i = 0; i < count && units < text.length; i++) units += text.codePointAt(fromEnd ? text.length - units - 2 : units)! > 0xffff ? 2 : 1;
  return units;
}

/**
 * Keeps the head (60%) and the tail of `text` in at most `maxCodePoints` code points, joined
 * by ` [...] `. Surrogate pairs are never split. The work done is proportional to
 * `maxCodePoints`, whatever the length of `text`.
 */
export function clipMiddle(text: string, maxCodePoints: number): string {
  const max = Math.max(0, Math.floor(maxCodePoints));
  // A code point takes one or two UTF-16 units: a string this short cannot be too long.
  if (text.length <= max) return text;
  // Fits exactly when the first max code points are the whole string.
  if (codePointUnits(text, max) === text.length) return text;
  const room = max - ELLIPSIS.length;
  if (room <= 0) return text.slice(0, codePointUnits(text, max));
  const head = Math.ceil(room * 0.6);
  const tail = room - head;
  return text.slice(0, codePointUnits(text, head)) + ELLIPSIS + text.slice(text.length - codePointUnits(text, tail, true));
}

/** A Reason ready to fit: clipped to MAX_REASON_CODE_POINTS first, then sanitized. */
export function boundedReason(text: string): string {
  return sanitizeText(clipMiddle(text, MAX_REASON_CODE_POINTS));
}
