/**
 * The event a polling provider sends to itself to continue a wait in a new invocation. It
 * holds a reference to the SSM parameter that keeps the response URL, never the URL itself:
 * asynchronous invocation payloads travel through Lambda's internal queue.
 */
import { CloudFormationRequest, isPlainObject, parseRequest } from '../protocol/request';

/** The key that marks an invocation as a poll of cdk-lifecycle (never sent by CloudFormation). */
export const POLL_KEY = 'cdkLifecyclePoll';

/** The state carried from one invocation to the next. */
export interface PollState {
  /** Format version. */
  readonly v: 1;
  /** Name of the SSM parameter holding the response URL and onEvent's answer. */
  readonly parameter: string;
  /** Hand-offs so far (1 for the first continued invocation): each is claimed once. */
  readonly hop: number;
  /**
   * The most hand-offs the wait may take (`hopBound`, fixed by the invocation that ran onEvent);
   * absent in a state written before the bound existed.
   */
  readonly maxHop?: number;
  /** Calls of isComplete so far. */
  readonly attempt: number;
  /** When CloudFormation sent the request (epoch ms): the ServiceTimeout counts from here. */
  readonly sentAt: number;
  /** When the next call of isComplete is due (epoch ms). */
  readonly due: number;
  /** The request as CloudFormation sent it, without its ResponseURL. */
  readonly request: Omit<CloudFormationRequest, 'ResponseURL'>;
}

/** The payload of a poll invocation. */
export function pollMessage(state: PollState): { readonly [POLL_KEY]: PollState } {
  return { [POLL_KEY]: state };
}

/** True when an invocation's event is a poll (whatever its shape inside). */
export function isPollInvocation(event: unknown): boolean {
  return isPlainObject(event) && POLL_KEY in event;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Reads a poll invocation's state; a reason when it is not one this runtime can continue. */
export function readPollState(event: unknown): { readonly state?: PollState; readonly problem?: string } {
  const raw = isPlainObject(event) ? event[POLL_KEY] : undefined;
  if (!isPlainObject(raw)) return { problem: `${POLL_KEY} must be an object` };
  if (raw.v !== 1) return { problem: `${POLL_KEY}.v must be 1, got ${JSON.stringify(raw.v)}` };
  if (typeof raw.parameter !== 'string' || raw.parameter === '') return { problem: `${POLL_KEY}.parameter must be a parameter name` };
  // `arrivedAt`: the name of the anchor in states written before it was the signing time.
  const sentAt = raw.sentAt ?? raw.arrivedAt;
  if (!finite(sentAt)) return { problem: `${POLL_KEY}.sentAt must be a number` };
  for (const key of ['hop', 'attempt', 'due'] as const) {
    if (!finite(raw[key])) return { problem: `${POLL_KEY}.${key} must be a number` };
  }
  if (raw.maxHop !== undefined && !finite(raw.maxHop)) return { problem: `${POLL_KEY}.maxHop must be a number` };
  // The request is checked like one from CloudFormation; the URL is a placeholder (it is not carried).
  const parsed = parseRequest({ ...(isPlainObject(raw.request) ? raw.request : {}), ResponseURL: 'https://placeholder.invalid/' });
  if (!parsed.ok) return { problem: `${POLL_KEY}.request: ${parsed.error}` };
  const { ResponseURL: _url, ...request } = parsed.request;
  return {
    state: {
      v: 1,
      parameter: raw.parameter,
      hop: raw.hop as number,
      ...(raw.maxHop !== undefined ? { maxHop: raw.maxHop as number } : {}),
      attempt: raw.attempt as number,
      sentAt,
      due: raw.due as number,
      request,
    },
  };
}
