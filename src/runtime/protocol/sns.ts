/**
 * SNS-backed custom resources: CloudFormation publishes the request to a topic, and the
 * function receives it wrapped in an SNS notification (`Records[].Sns.Message`, a JSON
 * string). Each wrapped request is unwrapped and answered on its own.
 */
import { isPlainObject } from './request';

/** One request to answer, or a record that could not be read (and cannot be answered). */
export type UnwrappedRequest = { readonly raw: unknown } | { readonly unreadable: string };

/** The requests in an invocation: the SNS messages it wraps, or the event itself. */
export function unwrapInvocation(event: unknown): UnwrappedRequest[] {
  if (!isPlainObject(event) || !Array.isArray(event.Records)) return [{ raw: event }];
  return event.Records.map((record: unknown, index: number): UnwrappedRequest => {
    const sns = isPlainObject(record) ? record.Sns : undefined;
    const message = isPlainObject(sns) ? sns.Message : undefined;
    if (typeof message !== 'string') return { unreadable: `Records[${index}] has no Sns.Message string` };
    try {
      return { raw: JSON.parse(message) };
    } catch (e) {
      return { unreadable: `Records[${index}].Sns.Message is not JSON: ${(e as Error).message}` };
    }
  });
}
