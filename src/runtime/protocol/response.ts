/**
 * The response body CloudFormation reads from the pre-signed URL, and the rules that keep it
 * valid: required fields, a non-empty PhysicalResourceId of at most 1 KB, NoEcho and Data
 * only on Create and Update, and a whole body of at most 4,096 UTF-8 bytes.
 */
import { boundedReason, clipMiddle, MAX_REASON_CODE_POINTS, RETURNED, sanitizeText } from './text';

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

/** Size of Data as the response would carry it, and its largest keys (sanitized, clipped). */
export interface DataSize {
  /** UTF-8 bytes of Data serialized as JSON. */
  readonly bytes: number;
  /** True when `bytes` and the sizes of the keys are lower bounds (reading stopped early). */
  readonly atLeast?: boolean;
  /** The five largest entries, largest first; each size counts the key, the colon and the value. */
  readonly largest: ReadonlyArray<{ readonly key: string; readonly bytes: number }>;
}

/** What replaces any part of Data in a text when NoEcho is set. */
export const NOT_SHOWN = ' (not shown: NoEcho is set)';

/** Longest key name shown in a Reason, in code points. */
const MAX_KEY_CODE_POINTS = 64;

/** Measures Data entry by entry: one serialization per value, no copy of the whole. */
export function measureData(data: Record<string, unknown>): DataSize {
  const entries: Array<[string, number]> = [];
  let bytes = 1;
  for (const key of Object.keys(data)) {
    const value = JSON.stringify(data[key]);
    if (value === undefined) continue;
    const size = jsonBytes(key) + 1 + Buffer.byteLength(value, 'utf8');
    bytes += size + 1;
    entries.push([key, size]);
  }
  return dataSize(entries, entries.length > 0 ? bytes : 2);
}

/** The size of Data from the sizes of its entries: the five largest are kept, largest first. */
export function dataSize(entries: Array<[string, number]>, bytes: number, atLeast?: boolean): DataSize {
  const largest = entries.sort((a, b) => b[1] - a[1]).slice(0, 5)
    .map(([key, size]) => ({ key: sanitizeText(clipMiddle(key, MAX_KEY_CODE_POINTS)), bytes: size }));
  return { bytes, largest, atLeast };
}

/**
 * The Reason for Data that does not fit: its size and its largest keys. With NoEcho set the
 * key names stay hidden too (they are part of Data).
 */
export function dataTooLargeReason(size: DataSize, hideKeys: boolean): string {
  const least = size.atLeast ? 'at least ' : '';
  const keys = hideKeys
    ? `Largest keys${NOT_SHOWN}`
    : `Largest keys: ${size.largest.map((s) => `${s.key} (${least}${s.bytes} bytes)`).join(', ')}`;
  return `${RETURNED}Data of ${least}${size.bytes} bytes, which does not fit the ${MAX_BODY_BYTES}-byte response. ${keys}. Return less Data (store large values elsewhere).`;
}

/**
 * Returns a body that fits in MAX_BODY_BYTES, or undefined when even the verbatim copied
 * fields do not fit (no valid answer exists; CloudFormation never sends such requests). The
 * Reason is clipped to MAX_REASON_CODE_POINTS first (bounded work whatever its length), then
 * in the middle to the largest length that fits, keeping head and tail. Data that does not
 * fit never gets here: runLifecycle answers FAILED instead.
 */
export function fitResponse(body: ResponseBody): ResponseBody | undefined {
  const fitted = body.Reason === undefined ? body : { ...body, Reason: boundedReason(body.Reason) };
  return jsonBytes(fitted) <= MAX_BODY_BYTES ? fitted : clipReason(fitted);
}

function clipReason(body: ResponseBody): ResponseBody | undefined {
  const reason = body.Reason ?? '';
  if (jsonBytes({ ...body, Reason: '' }) > MAX_BODY_BYTES) return undefined;
  // Largest number of code points whose serialized body fits: a binary search over a
  // Reason already clipped to MAX_REASON_CODE_POINTS, so each step is small.
  let low = 0;
  let high = MAX_REASON_CODE_POINTS;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (jsonBytes({ ...body, Reason: clipMiddle(reason, mid) }) <= MAX_BODY_BYTES) low = mid;
    else high = mid - 1;
  }
  return { ...body, Reason: clipMiddle(reason, low) };
}
