/**
 * The retries of every AWS call of one command, within one time budget. It plugs into the
 * SDK's own retry middleware (a `RetryStrategyV2`): the SDK classifies each error (throttling,
 * transient, server or client error) and waits the delay the token carries; this strategy only
 * decides whether to try again and after how long.
 *
 * - Throttling (`Throttling`, HTTP 429, ...): retried for as long as the budget lasts, with
 *   exponential backoff and full jitter (base 500 ms, the SDK's own base for throttling, at
 *   most 20 s), or after the server's `Retry-After` when it sends one.
 * - Transient and server errors (a reset connection, a 5xx): retried twice (three attempts,
 *   the SDK's default), base 100 ms.
 * - Anything else (access denied, a stack that does not exist): never retried.
 *
 * A retry whose wait would end after the budget is not made: the call fails with its error,
 * which the command reports (see `aws-errors.ts`).
 */

/** How the SDK describes a failed attempt (its `RetryErrorInfo`). */
export interface RetryErrorInfo {
  readonly errorType: 'TRANSIENT' | 'THROTTLING' | 'SERVER_ERROR' | 'CLIENT_ERROR';
  readonly retryAfterHint?: Date;
}

/** The SDK's `RetryToken`. */
export interface RetryToken {
  getRetryCount(): number;
  getRetryDelay(): number;
}

/** Settings of the budget; the defaults are the command's. */
export interface RetryBudgetOptions {
  /** How long, from the strategy's creation, retries may still be started. @default 120_000 */
  readonly budgetMs?: number;
  /** The clock. @default Date.now */
  readonly now?: () => number;
  /** A number in [0, 1). @default Math.random */
  readonly random?: () => number;
}

/** The default budget: two minutes for every read of one command. */
export const DEFAULT_RETRY_BUDGET_MS = 120_000;

const THROTTLING_BASE_MS = 500;
const TRANSIENT_BASE_MS = 100;
const MAX_DELAY_MS = 20_000;
const TRANSIENT_RETRIES = 2;

class Token implements RetryToken {
  constructor(private readonly count: number, private readonly delay: number, readonly transientRetries: number) {}
  getRetryCount(): number { return this.count; }
  getRetryDelay(): number { return this.delay; }
}

/** A `RetryStrategyV2` shared by every client of one command. */
export class RetryBudget {
  /** The time after which no retry starts. */
  public readonly deadline: number;
  /** How many attempts were retried because of throttling (for the report of an exhausted budget). */
  public throttledRetries = 0;
  private readonly now: () => number;
  private readonly random: () => number;

  public constructor(options: RetryBudgetOptions = {}) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.deadline = this.now() + (options.budgetMs ?? DEFAULT_RETRY_BUDGET_MS);
  }

  /** The SDK's first call: no delay. */
  public async acquireInitialRetryToken(_scope: string): Promise<RetryToken> {
    return new Token(0, 0, 0);
  }

  /**
   * The SDK's call after a failed attempt: a token with the delay before the next attempt.
   *
   * @throws the error info (the SDK then throws the attempt's own error) when the error is not retried
   */
  public async refreshRetryTokenForRetry(token: RetryToken, info: RetryErrorInfo): Promise<RetryToken> {
    const count = token.getRetryCount() + 1;
    const transientRetries = (token as Token).transientRetries ?? 0;
    let delay: number;
    if (info.errorType === 'THROTTLING') {
      delay = this.backoff(THROTTLING_BASE_MS, count, info.retryAfterHint);
    } else if ((info.errorType === 'TRANSIENT' || info.errorType === 'SERVER_ERROR') && transientRetries < TRANSIENT_RETRIES) {
      delay = this.backoff(TRANSIENT_BASE_MS, count, info.retryAfterHint);
    } else {
      throw new Error(`not retried: ${info.errorType}`);
    }
    if (this.now() + delay > this.deadline) throw new Error('the retry budget is spent');
    if (info.errorType === 'THROTTLING') this.throttledRetries++;
    return new Token(count, delay, info.errorType === 'THROTTLING' ? transientRetries : transientRetries + 1);
  }

  /** The SDK's call after a success: nothing to record. */
  public recordSuccess(_token: RetryToken): void {}

  /** Full jitter: a random wait up to base × 2^(attempt-1), capped; at least what the server asked for. */
  private backoff(base: number, attempt: number, retryAfter: Date | undefined): number {
    const ceiling = Math.min(MAX_DELAY_MS, base * 2 ** Math.min(attempt - 1, 16));
    const jittered = Math.floor(this.random() * ceiling);
    const asked = retryAfter === undefined ? 0 : retryAfter.getTime() - this.now();
    return Math.max(jittered, Math.min(asked, MAX_DELAY_MS));
  }
}
