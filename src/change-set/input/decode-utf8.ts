/**
 * Bytes to text, as UTF-8 or not at all. Decoding with replacement characters would make two
 * files that differ only in invalid bytes read the same (both U+FFFD), and a comparison of
 * them say "no differences": an invalid byte is an error naming the file and where it is.
 * CloudFormation's API carries a template body as UTF-8 text (the AWS CLI reads a
 * `file://` template as UTF-8), JSON exchanged between systems must be UTF-8 (RFC 8259,
 * section 8.1), and the cdk writes UTF-8.
 */
import { TemplateReadError } from './template-read-error';

/**
 * The text of UTF-8 bytes, without a leading byte order mark.
 *
 * @param shown the file as the user should see it in messages
 * @throws TemplateReadError naming the first byte that is not valid UTF-8, its offset and line
 */
export function decodeUtf8(bytes: Uint8Array, shown: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const offset = firstInvalidByte(bytes);
    const line = bytes.subarray(0, offset).reduce((count, byte) => count + (byte === 0x0a ? 1 : 0), 1);
    const hex = bytes[offset].toString(16).padStart(2, '0');
    throw new TemplateReadError(
      `${shown} is not UTF-8: the byte 0x${hex} at byte offset ${offset} (line ${line}) is not valid UTF-8`,
      'save the file as UTF-8: CloudFormation, the cdk and cdk-lifecycle read templates as UTF-8',
    );
  }
}

/**
 * Where decoding first fails: the shortest prefix a streaming decoder rejects (a prefix that
 * only ends inside a character is not rejected) ends with the offending byte. A binary search
 * over prefixes, so the decoder does the UTF-8 work: about 20 decodes for a 1 MB file. When
 * no prefix is rejected, the file ends inside a character: the offending byte is where that
 * character starts (the last byte that is not a continuation byte, 10xxxxxx).
 */
function firstInvalidByte(bytes: Uint8Array): number {
  if (decodes(bytes)) {
    let start = bytes.length - 1;
    while (start > 0 && bytes[start] >= 0x80 && bytes[start] < 0xc0) start--;
    return start;
  }
  let good = 0;
  let bad = bytes.length;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (decodes(bytes.subarray(0, middle))) good = middle;
    else bad = middle;
  }
  return bad - 1;
}

/** Whether a streaming decoder accepts the bytes (it waits for the rest of a character cut at the end). */
function decodes(prefix: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(prefix, { stream: true });
    return true;
  } catch {
    return false;
  }
}
