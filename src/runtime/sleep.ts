/**
 * The runtime's one way to wait: `node:timers/promises`' `setTimeout`, read when called. Every
 * wait of the runtime goes through it (a poll interval, idling until a wait is handed on, a
 * retry's backoff), never a deadline or an I/O timeout (those are `setTimeout` timers). The
 * local runner's simulated clock (`cdk-lifecycle invoke --fast-clock`) plays the machine's
 * time in its Lambda stand-in by replacing this function of Node's, and jumps over the waits;
 * in Lambda it is Node's own. Required on the first wait, not at load: loading stays cheap.
 */

/** Resolves after `ms` milliseconds. */
export function sleep(ms: number): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const timers = require('node:timers/promises') as typeof import('node:timers/promises');
  return timers.setTimeout(Math.max(0, ms)).then(() => undefined);
}
