/**
 * The polling schedule of a `ResourceProvider`: `PollingOptions` with defaults, checked, in
 * milliseconds for the runtime.
 */
import { Duration } from 'aws-cdk-lib';
import { PollingSchedule } from '../../runtime/contract';
import type { PollingOptions } from '../polling-options';
import { ConstructPropsError } from './validation-error';

/** Defaults of `PollingOptions`. */
export const DEFAULT_POLLING = { firstDelay: Duration.seconds(5), interval: Duration.seconds(5), backoffRate: 1.5, maxInterval: Duration.minutes(1) };

const MAX_WAIT_MS = 3_600_000;

function milliseconds(path: string, name: string, value: Duration | undefined, fallback: Duration, minimumMs: number): number {
  const duration = value ?? fallback;
  if (duration.isUnresolved()) throw new ConstructPropsError(path, `polling.${name}`, 'must be a concrete duration, got a token');
  const ms = duration.toMilliseconds();
  if (ms < minimumMs || ms > MAX_WAIT_MS) {
    throw new ConstructPropsError(path, `polling.${name}`, `must be between ${minimumMs / 1000} seconds and 1 hour (the longest ServiceTimeout), got ${ms / 1000} seconds`);
  }
  return ms;
}

/** The schedule for `options`; throws naming the option that is out of range. */
export function pollingSchedule(path: string, options: PollingOptions): PollingSchedule {
  const firstDelayMs = milliseconds(path, 'firstDelay', options.firstDelay, DEFAULT_POLLING.firstDelay, 0);
  const intervalMs = milliseconds(path, 'interval', options.interval, DEFAULT_POLLING.interval, 1000);
  const maxIntervalMs = milliseconds(path, 'maxInterval', options.maxInterval, DEFAULT_POLLING.maxInterval, 1000);
  const backoffRate = options.backoffRate ?? DEFAULT_POLLING.backoffRate;
  if (!Number.isFinite(backoffRate) || backoffRate < 1 || backoffRate > 10) {
    throw new ConstructPropsError(path, 'polling.backoffRate', `must be between 1 and 10, got ${backoffRate}`);
  }
  if (maxIntervalMs < intervalMs) {
    throw new ConstructPropsError(path, 'polling.maxInterval', `must be at least polling.interval (${intervalMs / 1000} seconds), got ${maxIntervalMs / 1000} seconds`);
  }
  return { firstDelayMs, intervalMs, backoffRate, maxIntervalMs };
}
