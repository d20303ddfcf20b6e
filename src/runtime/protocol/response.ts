/**
 * The response body CloudFormation reads from the pre-signed URL, and the rules that keep it
 * valid: required fields, a non-empty PhysicalResourceId of at most 1 KB, NoEcho and Data
 * only on Create and Update, and a whole body of at most 4,096 UTF-8 bytes.
 */

/** Largest response body CloudFormation accepts, in UTF-8 bytes. */
export const MAX_BODY_BYTES = 4096;
/** Largest PhysicalResourceId CloudFormation accepts, in UTF-8 bytes. */
export const MAX_PHYSICAL_ID_BYTES = 1024;

/** The response object of the custom-resource protocol. */
export interface ResponseBody {
  readonly Status: 'SUCCESS' | 'FAILED';
  readonly Reason?: string;
  readonly PhysicalResourceId: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly NoEcho?: boolean;
  readonly Data?: Record<string, unknown>;
}

/** UTF-8 size of a value serialized as JSON (0 for values JSON leaves out, such as functions). */
export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
}

// CSI sequences (ESC [ ... final byte), OSC sequences (ESC ] ... BEL or ESC \), other ESC pairs.
const ANSI_ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-_]/g;
// C0 and C1 control characters except whitespace handled below.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Removes ANSI escapes and control characters; newlines and tabs become spaces. */
export function sanitizeText(text: string): string {
  return text
    .replace(ANSI_ESCAPES, '')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(CONTROL_CHARACTERS, '')
    .trim();
}

const ELLIPSIS = ' [...] ';

/** Keeps the head and the tail of `text` in at most `maxCodePoints` code points. */
export function clipMiddle(text: string, maxCodePoints: number): string {
  const chars = Array.from(text);
  if (chars.length <= maxCodePoints) return text;
  const room = maxCodePoints - ELLIPSIS.length;
  if (room <= 0) return chars.slice(0, Math.max(0, maxCodePoints)).join('');
  const head = Math.ceil(room * 0.6);
  const tail = room - head;
  return chars.slice(0, head).join('') + ELLIPSIS + (tail > 0 ? chars.slice(chars.length - tail).join('') : '');
}

/**
 * Returns a body that fits in MAX_BODY_BYTES, or undefined when even the verbatim copied
 * fields do not fit (no valid answer exists; CloudFormation never sends such requests).
 *
 * - Data too big: the answer becomes FAILED and the Reason names the largest keys.
 * - Reason too long: it is clipped in the middle, keeping its head and tail.
 */
export function fitResponse(body: ResponseBody): ResponseBody | undefined {
  let fitted: ResponseBody = body.Reason === undefined ? body : { ...body, Reason: sanitizeText(body.Reason) };
  if (jsonBytes(fitted) <= MAX_BODY_BYTES) return fitted;

  if (fitted.Data !== undefined) {
    const { Data, NoEcho, ...rest } = fitted;
    fitted = {
      ...rest,
      Status: 'FAILED',
      Reason: `${dataTooLargeReason(Data)}${rest.Reason ? ` ${rest.Reason}` : ''}`,
    };
    if (jsonBytes(fitted) <= MAX_BODY_BYTES) return fitted;
  }
  return clipReason(fitted);
}

function clipReason(body: ResponseBody): ResponseBody | undefined {
  const reason = body.Reason ?? '';
  if (jsonBytes({ ...body, Reason: '' }) > MAX_BODY_BYTES) return undefined;
  // Largest number of code points whose serialized body fits: binary search.
  let low = 0;
  let high = Array.from(reason).length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (jsonBytes({ ...body, Reason: clipMiddle(reason, mid) }) <= MAX_BODY_BYTES) low = mid;
    else high = mid - 1;
  }
  return { ...body, Reason: clipMiddle(reason, low) };
}

/** The Reason for Data that does not fit: its size and its largest keys. */
export function dataTooLargeReason(data: Record<string, unknown>): string {
  const sizes = Object.entries(data)
    .map(([key, value]) => ({ key, bytes: jsonBytes(key) + jsonBytes(value ?? null) }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = sizes.slice(0, 5).map((s) => `${s.key} (${s.bytes} bytes)`).join(', ');
  return `The handler returned Data of ${jsonBytes(data)} bytes, but the whole response may not exceed ${MAX_BODY_BYTES} bytes. Largest keys: ${largest}. Return less Data (store large values elsewhere and return a reference).`;
}
