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
      // An Error's name and message, or (framework mode) what a Lambda function's error payload holds.
      const message = e.message;
      const isError = typeof message === 'string';
      const name = isError ? e.name : e.errorType;
      if (isError || typeof name === 'string') {
        const text = isError ? message : e.errorMessage;
        const shown = typeof name === 'string' && (name || !isError) ? clipMiddle(name, MAX_NAME_CODE_POINTS) : 'Error';
        return `${shown}: ${clipMiddle(typeof text === 'string' ? text : '', MAX_REASON_CODE_POINTS)}`;
      }
    }
    return `thrown value: ${describe(e)}`;
  } catch {
    return 'an error whose name or message could not be read';
  }
}
