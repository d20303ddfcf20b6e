/**
 * Deadlines. CloudFormation waits for an answer for the resource's ServiceTimeout (1-3,600 s,
 * default 3,600 s); Lambda stops the function when its timeout runs out. The runtime answers
 * before the earlier of the two, keeping a reserve to deliver the response.
 */
import { failure, HandlerOutcome } from './handler-result';

/** Default ServiceTimeout CloudFormation applies, in seconds. */
export const DEFAULT_SERVICE_TIMEOUT_SECONDS = 3600;

/** When the handler must be done and when the response must be delivered (epoch ms). */
export interface Budget {
  /** Time the handler may run until. */
  readonly handlerDeadline: number;
  /** Time the response PUT (with retries) may run until. */
  readonly responseDeadline: number;
}

/**
 * Splits the time left into handler time and response time.
 *
 * total = min(remaining Lambda time, what is left of the ServiceTimeout counted from `sentAt`,
 * when CloudFormation sent the request); a safety margin (5%, at most 1 s) is kept back from
 * the end, and a response reserve (10%, between 1 s and 10 s) before that.
 */
export function computeBudget(now: number, remainingMs: number, serviceTimeoutSeconds: number, sentAt = now): Budget {
  const total = Math.max(0, Math.min(remainingMs, sentAt + serviceTimeoutSeconds * 1000 - now));
  const safety = Math.min(1000, total * 0.05);
  const reserve = Math.min(10_000, Math.max(1000, total * 0.1));
  const responseDeadline = now + total - safety;
  return { responseDeadline, handlerDeadline: Math.max(now, responseDeadline - reserve) };
}

/**
 * When CloudFormation sent the request, the anchor of its ServiceTimeout: the response URL's
 * signing time (SigV4's `X-Amz-Date`, `YYYYMMDDTHHMMSSZ`), or the invocation's start when the
 * URL has none. A signing time after the start (clock skew) counts as the start, and one more
 * than the ServiceTimeout before it as exactly that long before it: CloudFormation has stopped
 * waiting either way. A date that does not exist (`20260230T...`) counts as absent.
 */
export function requestSentAt(url: URL, invocationStart: number, serviceTimeoutSeconds: number): number {
  const date = url.searchParams.get('X-Amz-Date') ?? '';
  // 20261130T120000Z -> 2026-11-30T12:00:00Z; anything else is not read (Date.parse reads too much).
  const iso = date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(?=\d\dZ$)/, '$1-$2-$3T$4:$5:');
  const parsed = iso === date ? NaN : Date.parse(iso);
  // A date that does not exist (30 February) parses as another one: it counts as absent.
  const signed = Number.isFinite(parsed) && new Date(parsed).toISOString().replace(/[-:]|\.\d{3}/g, '') === date ? parsed : NaN;
  return signed < invocationStart ? Math.max(signed, invocationStart - serviceTimeoutSeconds * 1000) : invocationStart;
}

/** Longest wait, after answering, for the next call to be ready (a fresh worker loaded). */
export const MAX_PREPARE_MS = 5000;

/**
 * Until when the runtime waits, after answering, for the next call to be ready: at most
 * MAX_PREPARE_MS, and never within the last second of the invocation.
 */
export function prepareDeadline(now: number, remainingMs: number): number {
  return now + Math.max(0, Math.min(MAX_PREPARE_MS, remainingMs - 1000));
}

/** Reads ServiceTimeout (seconds, delivered as a string) from raw properties. */
export function readServiceTimeout(properties: unknown): number {
  const raw = (properties as { ServiceTimeout?: unknown } | null | undefined)?.ServiceTimeout;
  // NaN and Infinity fail the range check too.
  const seconds = typeof raw === 'string' || typeof raw === 'number' ? Number(raw) : 0;
  return seconds >= 1 && seconds <= 3600 ? seconds : DEFAULT_SERVICE_TIMEOUT_SECONDS;
}

/** Names a handler that ran past its deadline. */
export function deadlineText(ms: number): string {
  return `DeadlineExceededError: the handler did not finish within ${Math.max(0, Math.round(ms))} ms`;
}

/** Resolves like `work`, or with a DeadlineExceededError failure after `ms`. Clears its timer. */
export function withDeadline(work: Promise<HandlerOutcome>, ms: number): Promise<HandlerOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HandlerOutcome>((resolve) => {
    timer = setTimeout(() => resolve(failure(deadlineText(ms))), Math.max(0, ms));
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
