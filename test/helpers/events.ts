/**
 * Builders for CloudFormation custom-resource requests, CloudFormation's stringification of
 * properties (every scalar becomes a string, at every depth), and handlers run in-thread.
 */
import { inThreadIsolation } from '../../src/runtime/isolation/in-thread-isolation';
import { isolatedInvoker } from '../../src/runtime/isolation/isolation';
import type { Invoker } from '../../src/runtime/protocol/lifecycle';
import type { LifecycleEvent } from '../../src/runtime/types';

export const STACK_ID = 'arn:aws:cloudformation:us-east-1:123456789012:stack/my-stack/1d2e3f40-aaaa-bbbb-cccc-123456789012';

let counter = 0;

/** A request with sensible defaults; `overrides` replace fields (undefined removes them). */
export function makeEvent(responseUrl: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter++;
  const event: Record<string, unknown> = {
    RequestType: 'Create',
    ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:provider',
    ResponseURL: responseUrl,
    StackId: STACK_ID,
    RequestId: `0f0e0d0c-1111-2222-3333-${String(counter).padStart(12, '0')}`,
    LogicalResourceId: 'MyResource',
    ResourceType: 'Custom::Test',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:provider' },
    ...overrides,
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete event[key];
  }
  return event;
}

/** What CloudFormation does to property values: every scalar becomes a string. */
export function cfnStringify(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (Array.isArray(value)) return value.map(cfnStringify);
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, cfnStringify(v)]));
  }
  return String(value);
}

/** Wraps requests in an SNS notification, as SNS delivers them to Lambda. */
export function snsEnvelope(...requests: unknown[]): Record<string, unknown> {
  return {
    Records: requests.map((r, i) => ({
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:topic:sub',
      Sns: { Type: 'Notification', MessageId: `m-${i}`, TopicArn: 'arn:aws:sns:us-east-1:123456789012:topic', Message: JSON.stringify(r) },
    })),
  };
}

/** A time as SigV4 writes it in a pre-signed URL's X-Amz-Date (`YYYYMMDDTHHMMSSZ`, whole seconds). */
export function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/** `url` as CloudFormation signed it at `signedAt` (epoch ms): with an X-Amz-Date. */
export function signedAt(url: string, signedAtMs: number): string {
  return `${url}&X-Amz-Date=${amzDate(signedAtMs)}`;
}

/** A Lambda context with a fixed amount of time left. */
export function lambdaContext(remainingMs: number): { getRemainingTimeInMillis: () => number; logGroupName: string; logStreamName: string } {
  const end = Date.now() + remainingMs;
  return {
    getRemainingTimeInMillis: () => end - Date.now(),
    logGroupName: '/aws/lambda/provider',
    logStreamName: '2026/11/30/[$LATEST]abcdef',
  };
}

/**
 * An invoker running `fn` on the test's thread, as the runtime does with
 * `isolateHandler: false` (a copy of the event, the result serialized once).
 */
export function inThreadInvoker(fn: (event: LifecycleEvent) => unknown): Invoker {
  return isolatedInvoker(inThreadIsolation(async () => ({ onEvent: fn }), 'index'), 'onEvent');
}
