/**
 * Errors as bounded text. A thrown value is read once, its name and message clipped, and
 * never kept: only this text crosses from the handler's worker to the runtime.
 */
import { describe, isPlainObject } from './request';
import { clipMiddle, MAX_REASON_CODE_POINTS } from './text';

/** Longest error name kept, in code points. */
const MAX_NAME_CODE_POINTS = 100;

/** `Name: message` of any thrown value, clipped; never throws itself (getters on errors may). */
export function errorText(e: unknown): string {
  try {
    if (isPlainObject(e)) {
      const message = e.message;
      if (typeof message === 'string') {
        const name = e.name;
        return `${typeof name === 'string' && name ? clipMiddle(name, MAX_NAME_CODE_POINTS) : 'Error'}: ${clipMiddle(message, MAX_REASON_CODE_POINTS)}`;
      }
      // Framework mode: what a Lambda function's error payload holds.
      const errorType = e.errorType;
      if (typeof errorType === 'string') {
        const errorMessage = e.errorMessage;
        const text = typeof errorMessage === 'string' ? errorMessage : '';
        return `${clipMiddle(errorType, MAX_NAME_CODE_POINTS)}: ${clipMiddle(text, MAX_REASON_CODE_POINTS)}`;
      }
    }
    return `thrown value: ${describe(e)}`;
  } catch {
    return 'an error whose name or message could not be read';
  }
}
