/**
 * One SSM or Lambda call of a long wait, made within an absolute deadline. The SDK clients make
 * a single attempt each (`SDK_CLIENT_OPTIONS`); the retries are made here, so that nothing
 * spends the time behind the runtime's back: throttling, 5xx answers, network errors and
 * attempts that do not answer are retried with full-jitter backoff until the deadline. Each
 * attempt is aborted through its AbortSignal, and also raced, so that a call that ignores the
 * signal cannot hold the invocation either. Other errors (access denied, a parameter that
 * exists or is missing) are thrown at once, as they came.
 */

/** The time a bounded call reads and waits with; injected so tests control it. */
export interface CallClock {
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
}

/** Below this, an attempt gets the whole time left instead of two thirds of it. */
const MIN_ATTEMPT_MS = 200;
/** A retry is not started with less time than this left: it could only time out. */
const MIN_RETRY_MS = 20;
/** Marks the errors of attempts this module abandoned, as against errors a service answered. */
const ABANDONED = Symbol('abandoned');
/** The first backoff ceiling, doubled after each attempt up to `MAX_BACKOFF_MS`. */
const BASE_BACKOFF_MS = 50;
const MAX_BACKOFF_MS = 1_000;

/** Error names the AWS SDK gives throttling and requests that timed out. */
const TRANSIENT_NAMES = /Throttl|TooManyRequests|TooManyUpdates|RequestLimitExceeded|SlowDown|Timeout|AbortError/;

/** True for an error a later attempt may not meet: throttling, 5xx and 429 answers, network errors, timeouts. */
export function isTransient(error: unknown): boolean {
  const e = error as { name?: unknown; code?: unknown; $metadata?: { httpStatusCode?: unknown } } | null;
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === 'number' && (status >= 500 || status === 429)) return true;
  // Node's system errors (ECONNRESET, ETIMEDOUT, EAI_AGAIN...), never its ERR_* codes.
  if (typeof e?.code === 'string' && /^E(?!RR_)[A-Z_]+$/.test(e.code)) return true;
  return TRANSIENT_NAMES.test(String(e?.name));
}

/**
 * Runs `call` until it succeeds, fails for good, or `deadline` (epoch ms) passes; rejects with
 * the last error, its message saying `what` gave up after how many attempts. An attempt gets
 * two thirds of the time left (all of it when little is left): a slow answer mostly still
 * comes, and a call that hangs is tried again.
 */
export async function boundedCall<T>(what: string, deadline: number, clock: CallClock, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const started = clock.now();
  let attempts = 0;
  let last: unknown;
  let lastAnswer: unknown;
  for (;;) {
    const left = deadline - clock.now();
    // The first attempt is always made (it costs nothing); a retry only with time to answer.
    if (left <= 0 || (attempts > 0 && left < MIN_RETRY_MS)) break;
    attempts++;
    try {
      return await attempt(call, left < 2 * MIN_ATTEMPT_MS ? left : (left * 2) / 3);
    } catch (e) {
      if (!isTransient(e)) throw e;
      last = e;
      if (!(e as { [ABANDONED]?: boolean })[ABANDONED]) lastAnswer = e;
    }
    const pause = clock.random() * Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** attempts);
    if (clock.now() + pause >= deadline) break;
    await clock.sleep(pause);
  }
  // An attempt cut short by the deadline says less than what the service last answered.
  const cause = (lastAnswer ?? last) as { name?: unknown; message?: unknown } | undefined;
  const name = typeof cause?.name === 'string' ? cause.name : 'TimeoutError';
  const cutShort = last !== cause && typeof (last as { message?: unknown })?.message === 'string' ? `; the last attempt: ${(last as Error).message}` : '';
  const detail = typeof cause?.message === 'string' ? `: ${cause.message}${cutShort}` : '';
  throw Object.assign(new Error(`${what} gave up after ${attempts} attempt(s) in ${Math.round(clock.now() - started)} ms${detail}`), { name });
}

/** One attempt, aborted and abandoned after `ms`. */
async function attempt<T>(call: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(Object.assign(new Error(`no answer within ${Math.round(ms)} ms`), { name: 'TimeoutError', [ABANDONED]: true }));
    }, ms);
  });
  // An abandoned attempt may still reject later: that must not become an unhandled rejection.
  const work = Promise.resolve().then(() => call(controller.signal));
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
