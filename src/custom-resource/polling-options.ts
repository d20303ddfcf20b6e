import { Duration } from 'aws-cdk-lib';

/**
 * How a `ResourceProvider` with `isCompleteHandler` (or `isCompleteFunction`) polls for
 * completion: a first delay, then waits that grow by `backoffRate` up to `maxInterval`, until
 * `isComplete` reports completion, throws, or the resource's ServiceTimeout (counted from
 * the request's arrival, less a safety margin) has passed.
 */
export interface PollingOptions {
  /**
   * How long to wait after `onEvent` returns before the first `isComplete` call.
   *
   * @default Duration.seconds(5)
   */
  readonly firstDelay?: Duration;

  /**
   * The wait between the first and the second `isComplete` calls.
   *
   * @default Duration.seconds(5)
   */
  readonly interval?: Duration;

  /**
   * Each following wait is the previous one multiplied by this factor (1 keeps the
   * interval fixed). Between 1 and 10.
   *
   * @default 1.5
   */
  readonly backoffRate?: number;

  /**
   * The longest wait between two `isComplete` calls.
   *
   * @default Duration.minutes(1)
   */
  readonly maxInterval?: Duration;
}
