/**
 * A long wait on a fake clock: the SSM and Lambda stand-ins of hostile-aws.ts, isComplete
 * answering from a script (each call takes 50 ms), sleeps that only move the clock, and
 * builders for one invocation's part and for the invocation that continues the wait.
 */
import { Fault, MemoryLambda, MemorySsm } from './hostile-aws';
import { Continuation } from '../../src/runtime/polling/continue-wait';
import { invocationTime } from '../../src/runtime/polling/invocation-time';
import type { LongWaitDependencies, WaitPart } from '../../src/runtime/polling/wait-part';
import { WaitStore } from '../../src/runtime/polling/wait-store';
import type { HandlerOutcome } from '../../src/runtime/protocol/handler-result';
import { createLogger } from '../../src/runtime/protocol/logger';
import type { ResponseBody } from '../../src/runtime/protocol/response';
import type { LifecycleIsCompleteEvent } from '../../src/runtime/types';

export const RESPONSE_URL = 'https://cloudformation-custom-resource-response.s3.amazonaws.com/abc?X-Amz-Signature=SECRET';
export const PARAMETER = '/cdk-lifecycle/provider-fn/abc';
export const START = 1_000_000;
export const REQUEST = {
  RequestType: 'Create' as const,
  StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
  RequestId: 'req-1',
  LogicalResourceId: 'Cluster',
  ResourceType: 'Custom::Cluster',
  ResourceProperties: { ServiceToken: 'arn', ServiceTimeout: '600', size: 'large' },
};

export const NOT_DONE: HandlerOutcome = { ok: true, result: {}, answer: { IsComplete: false } };
export const DONE: HandlerOutcome = { ok: true, result: {}, answer: { IsComplete: true } };
/** isComplete's answers: not done three times, then done. */
export const doneOnFourthCall = (): HandlerOutcome[] => [NOT_DONE, NOT_DONE, NOT_DONE, DONE];

/** The fixture's options. */
export interface FixtureOptions {
  readonly answers?: HandlerOutcome[];
  readonly ssmFaults?: readonly Fault[];
  readonly lambdaFaults?: readonly Fault[];
  readonly schedule?: LongWaitDependencies['schedule'];
}

/** A wait on a fake clock that starts at START. */
export function longWaitFixture(options: FixtureOptions = {}) {
  const answers = [...(options.answers ?? [])];
  let now = START;
  const clock = { now: () => now, set: (t: number) => { now = t; } };
  const sleep = async (ms: number) => { now += Math.max(0, ms); };
  const ssm = new MemorySsm(options.ssmFaults);
  const lambda = new MemoryLambda(options.lambdaFaults);
  const seen: LifecycleIsCompleteEvent[] = [];
  const lines: string[] = [];
  const deps: LongWaitDependencies = {
    schedule: options.schedule ?? { firstDelayMs: 5_000, intervalMs: 10_000, backoffRate: 1, maxIntervalMs: 10_000 },
    store: new WaitStore(ssm, 'provider-fn', { now: clock.now, sleep, random: () => 0.5 }),
    selfInvoke: lambda.invoke,
    functionName: 'provider-fn',
    isComplete: async (event) => { seen.push(event); now += 50; return answers.shift() ?? NOT_DONE; },
    now: clock.now,
    sleep,
    random: () => 0.5,
  };
  const logger = createLogger((l) => lines.push(l));
  /** The part of the invocation that ran onEvent at START, 60 s long unless overridden. */
  const part = (overrides: Partial<WaitPart> & { remainingMs?: number } = {}): WaitPart => {
    const { remainingMs = 60_000, ...rest } = overrides;
    return {
      request: REQUEST,
      result: { PhysicalResourceId: 'cluster-1', Data: { Arn: 'arn:cluster' } },
      sentAt: START,
      attempt: 0,
      due: START + 5_000,
      hop: 0,
      maxHop: 100,
      invocationMs: remainingMs,
      time: invocationTime(START, remainingMs),
      logger,
      logLocation: 'the logs',
      ...rest,
    };
  };
  const answered: Array<{ body: ResponseBody; url: string; deadline: number; at: number }> = [];
  /** An invocation continuing the wait, starting now with `remainingMs`. */
  const run = (remainingMs = 120_000): Continuation => ({
    invocationStart: now,
    remainingMs,
    logger,
    logLocation: () => 'the logs',
    answer: async (body, url, deadline) => { answered.push({ body, url, deadline, at: now }); },
  });
  return { deps, ssm, lambda, seen, lines, part, run, answered, clock, answers };
}

/** The poll event of the last invocation the wait started. */
export function lastPoll(lambda: MemoryLambda): unknown {
  return JSON.parse(lambda.invoked[lambda.invoked.length - 1]);
}
