/**
 * Sends the response body to CloudFormation's pre-signed URL with an HTTP PUT.
 *
 * - `content-type` is empty (the URL is signed without one) and `content-length` is the
 *   body's size in bytes.
 * - Network errors and 5xx answers are retried with exponential backoff and full jitter,
 *   never past the deadline; when the next backoff would pass the deadline but there is
 *   still time for an attempt, a last one is made. The first attempt is always made, even
 *   when the deadline has passed (a ServiceTimeout too short for the usual margins): an
 *   attempt costs nothing, and CloudFormation may still take the answer. 4xx answers are final: a 403 means the
 *   URL expired or was altered, and retrying it cannot help.
 * - Each attempt has a total time limit (not an idle timeout): a server that trickles bytes
 *   cannot hold the function past its deadline. The status line is all the runtime needs.
 * - Only `https` URLs, or `http` to a loopback address (local testing), are contacted.
 */

import type { Agent } from 'node:https';

/** One HTTP PUT; resolves with the status code, rejects on network errors and after `timeoutMs`. */
export type PutFunction = (url: URL, body: string, headers: Record<string, string>, timeoutMs: number) => Promise<number>;

/** The I/O `sendResponse` uses; injected so tests control time. */
export interface SendDependencies {
  readonly put: PutFunction;
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
}

/** Backoff settings. */
export interface RetryPolicy {
  /** First backoff ceiling in ms; doubles each attempt. */
  readonly baseDelayMs: number;
  /** Largest backoff ceiling in ms. */
  readonly maxDelayMs: number;
  /** Longest single attempt in ms. */
  readonly attemptTimeoutMs: number;
  /** Time kept for a last attempt: the backoff is shortened so it starts this long before the deadline. */
  readonly lastAttemptMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 250, maxDelayMs: 5_000, attemptTimeoutMs: 15_000, lastAttemptMs: 500 };

/** The time the first attempt gets when the deadline has (nearly) passed, in ms. */
export const LATE_ATTEMPT_MS = 1_000;

/** What happened to one response. */
export interface SendOutcome {
  readonly delivered: boolean;
  readonly attempts: number;
  readonly status?: number;
  readonly error?: string;
}

/** Checks that a response URL may be contacted; returns the reason when it may not. */
export function checkResponseUrl(raw: string): { url?: URL; problem?: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'ResponseURL is not a valid URL' };
  }
  if (url.protocol === 'https:') return { url };
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return { url };
  return { problem: `ResponseURL must use https (or http to a loopback address), got ${url.protocol}//${url.hostname}` };
}

/** Host names of the loopback interface: localhost, [::1] and 127.0.0.0/8. */
const LOOPBACK = /^(localhost|\[::1\]|127(\.\d{1,3}){3})$/;

/** The URL without its query string (the signature), safe to log. */
export function redactUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** PUTs the body until it is delivered, a final answer arrives, or the deadline passes. */
export async function sendResponse(
  url: URL, body: string, deadline: number, deps: SendDependencies, policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): Promise<SendOutcome> {
  const headers = { 'content-type': '', 'content-length': String(Buffer.byteLength(body, 'utf8')) };
  let attempts = 0;
  let lastError: string | undefined;
  let lastStatus: number | undefined;
  for (;;) {
    const remaining = deadline - deps.now();
    if (remaining <= 0 && attempts > 0) break;
    attempts++;
    try {
      const window = attempts === 1 ? Math.max(remaining, LATE_ATTEMPT_MS) : remaining;
      const status = await deps.put(url, body, headers, Math.min(policy.attemptTimeoutMs, window));
      lastStatus = status;
      if (status >= 200 && status < 300) return { delivered: true, attempts, status };
      lastError = `HTTP ${status}`;
      if (status < 500) return { delivered: false, attempts, status, error: status === 403 ? 'HTTP 403: the response URL expired or was altered' : lastError };
    } catch (e) {
      lastError = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    // The last attempt starts `lastAttemptMs` before the deadline at the latest: a backoff
    // that would pass that point is shortened to it, and an attempt made there is the last.
    const lastStart = deadline - policy.lastAttemptMs;
    if (deps.now() >= lastStart) break;
    const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempts - 1));
    await deps.sleep(Math.min(Math.floor(deps.random() * ceiling), lastStart - deps.now()));
  }
  return { delivered: false, attempts, status: lastStatus, error: `deadline reached after ${attempts} attempt(s)${lastError ? `; last error: ${lastError}` : ''}` };
}

/**
 * The real PUT over node:http / node:https (loaded on first use, to keep cold start short).
 * `httpsAgent` replaces the default agent (tests trust a throwaway certificate with it).
 */
export function createNodePut(httpsAgent?: Agent): PutFunction {
  return (url, body, headers, timeoutMs) => new Promise<number>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const transport: typeof import('node:https') = secure ? require('node:https') : require('node:http');
    const req = transport.request(url, { method: 'PUT', headers, agent: secure ? httpsAgent : undefined }, (res) => {
      clearTimeout(timer);
      resolve(res.statusCode ?? 0);
      // The status is the answer; a body that never ends must not hold the function.
      res.destroy();
    });
    // A total limit for the attempt, whatever the socket does (an idle timeout never fires
    // while a server trickles bytes).
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${Math.round(timeoutMs)} ms`)), timeoutMs);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.end(body);
  });
}

/** The PUT the runtime uses in Lambda. */
export const nodePut: PutFunction = createNodePut();
