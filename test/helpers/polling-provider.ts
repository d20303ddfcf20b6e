/**
 * A polling provider's runtime (createHandler with its waiter) on the real clock, answering a
 * real loopback response server, over the hostile SSM and Lambda stand-ins of hostile-aws.ts:
 * for what happens at each hand-off point when those services throttle or stop answering.
 *
 * The invocation that runs onEvent is 3.2 s long, so that it hands the wait on after a fraction
 * of a second (its call of isComplete would not fit); the invocations that continue the wait
 * get 6 s, so that one slowed by faults still has time for its call. isComplete says done once
 * `complete()` was called.
 */
import { inThreadInvoker, lambdaContext, makeEvent } from './events';
import { MemoryLambda, MemorySsm } from './hostile-aws';
import type { ResponseServer } from './response-server';
import { createHandler } from '../../src/runtime/create-handler';
import { WaitStore } from '../../src/runtime/polling/wait-store';
import { createWaiter } from '../../src/runtime/polling/waiter';
import { nodePut } from '../../src/runtime/protocol/send-response';

/** Length of the invocation that runs onEvent, and of the ones that continue the wait. */
export const FIRST_MS = 3_200;
export const HOP_MS = 6_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** One invocation as it went: what the handler resolved with, and its time. */
export interface PlayedInvocation {
  readonly summary: unknown;
  readonly started: number;
  readonly elapsed: number;
  /** The invocation's length: Lambda would stop it then. */
  readonly ms: number;
}

/** The provider over `server`. */
export function pollingProvider(server: ResponseServer) {
  const ssm = new MemorySsm();
  const lambda = new MemoryLambda();
  const lines: string[] = [];
  let done = false;
  let calls = 0;
  const handler = createHandler({
    invoke: inThreadInvoker(() => ({ PhysicalResourceId: 'job-1', Data: { Started: 'yes' } })),
    put: nodePut,
    log: (line) => lines.push(line),
    waiter: createWaiter({
      schedule: { firstDelayMs: 20, intervalMs: 20, backoffRate: 1, maxIntervalMs: 20 },
      store: new WaitStore(ssm, 'provider-fn', { now: Date.now, sleep, random: Math.random }),
      selfInvoke: lambda.invoke,
      functionName: 'provider-fn',
      isComplete: async () => {
        calls++;
        return { ok: true, result: {}, answer: { IsComplete: done } };
      },
      now: Date.now,
      sleep,
    }),
  });

  /** Runs one invocation of `ms` with `event`. */
  const invoke = async (event: unknown, ms: number): Promise<PlayedInvocation> => {
    const started = Date.now();
    const summary = await handler(event, lambdaContext(ms));
    return { summary, started, elapsed: Date.now() - started, ms };
  };

  return {
    ssm,
    lambda,
    lines,
    calls: () => calls,
    complete: () => { done = true; },
    /** CloudFormation's Create, in the invocation that runs onEvent. */
    create: () => invoke(makeEvent(server.url()), FIRST_MS),
    /** The invocation the `n`-th hand-off started (0 the first). */
    hop: (n: number) => invoke(JSON.parse(lambda.invoked[n]), HOP_MS),
    /** Whether `played` ended, and any answer arrived, before the invocation's end. */
    inTime: (played: PlayedInvocation) => played.elapsed < played.ms
      && server.puts.filter((p) => p.at >= played.started).every((p) => p.at < played.started + played.ms),
  };
}
