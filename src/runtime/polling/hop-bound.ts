/**
 * The runtime's own bound on the hand-offs of one wait: the guard rail that replaces Lambda's
 * recursive loop detection, which polling providers turn off (`RecursiveLoop: Allow`) because a
 * long wait in a short function needs more than its 16 invocations.
 */
import { callBudget, handOnReserve } from './invocation-time';

/** Hand-offs allowed on top of twice the computed need: re-sends after a failed read of the kept wait. */
const SPARE_HOPS = 5;

/**
 * The most hand-offs a wait may take, derived from the ServiceTimeout and the length of the
 * provider's invocations. A new invocation polls until its hand-on reserve and hands on no
 * earlier than one call of isComplete before that (the call would not fit), so each one moves
 * the wait on by at least `invocation - reserve - call`, whatever the schedule's intervals (a
 * longer interval is slept through in the invocation, not handed on). The bound is twice the
 * hand-offs a whole ServiceTimeout needs at that pace, plus 5: claims and reads that use their
 * whole budgets at most halve the pace (in functions of 5 s or more), a chain that goes round
 * without waiting reaches it. 0 when a new invocation has no time for a call at all (every one
 * would hand on at once).
 */
export function hopBound(serviceTimeoutSeconds: number, invocationMs: number): number {
  const polling = invocationMs - handOnReserve(invocationMs);
  const progress = polling - callBudget(polling);
  return progress > 0 ? 2 * Math.ceil((serviceTimeoutSeconds * 1000) / progress) + SPARE_HOPS : 0;
}

/** The Reason of a wait stopped at its bound: which hand-off, the bound, and why. */
export function hopBoundReason(hop: number, bound: number, serviceTimeoutSeconds: number, invocationMs: number): string {
  const seconds = Math.round(invocationMs / 1000);
  if (bound === 0) {
    return `a new invocation of this ${seconds} s function has no time for a call of isComplete`
      + ` (it keeps ${handOnReserve(invocationMs) / 1000} s to hand on and a call needs at least 1 s): give the provider a longer timeout`;
  }
  return `the wait reached hand-off ${hop} to a new invocation, beyond the ${bound} a ${serviceTimeoutSeconds} s ServiceTimeout`
    + ` can need with ${seconds} s invocations: stopped as a runaway chain`;
}
