/** Polling providers for tests: isComplete at once, then every second, without backoff. */
import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { PollingOptions, ResourceProvider } from '../../src';

/** isComplete is called at once and then every second. */
export const POLL_EVERY_SECOND: PollingOptions = {
  firstDelay: Duration.seconds(0), interval: Duration.seconds(1), backoffRate: 1, maxInterval: Duration.seconds(1),
};

/** A provider of `entry`'s onEvent and isComplete, polling every second, in 5-second invocations (the shortest allowed). */
export function pollingProvider(scope: Construct, id: string, entry: string): ResourceProvider {
  return new ResourceProvider(scope, id, { entry, isCompleteHandler: 'isComplete', polling: POLL_EVERY_SECOND, timeout: Duration.seconds(5) });
}
