/**
 * The local Lambda service: the assembly's functions, each served by warm containers that are
 * reused across invocations (as Lambda reuses a sandbox), a new one started when all are busy.
 * Asynchronous invocations (how CloudFormation and SNS invoke a provider, and how a provider
 * re-invokes itself) get Lambda's retries: a failed one runs again, up to the function's
 * `MaximumRetryAttempts` (2 by default); locally the retry runs at once instead of after
 * Lambda's one- and two-minute waits. Every invocation is recorded for the report.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Container } from './container';
import { InvocationRecord, RecordedEnd, retried, syncResult } from './invocation-record';
import { LocalClock } from './local-clock';
import { LocalLambda, SyncResult } from '../aws/lambda-api';
import { stopsRecursion, TraceContext, traceFor } from '../rules/recursion-guard';
import { runnableProblem } from '../stack/find-provider';
import { FunctionRegistry, LambdaFunctionSpec } from '../stack/lambda-functions';

/** What the pool needs from its owner. */
export interface PoolOptions {
  /** A folder for the functions' code copies (removed by the owner). */
  readonly workDir: string;
  /** The environment of a container of `fn` running from `taskRoot`. */
  readonly environment: (fn: LambdaFunctionSpec, taskRoot: string) => Record<string, string>;
  /** A new container for every invocation instead of reusing warm ones. */
  readonly cold?: boolean;
  /** Called with every line a container prints. */
  readonly onLog?: (fn: LambdaFunctionSpec, line: string) => void;
  /**
   * Lambda delivers asynchronous invocations at least once. For the payloads this accepts,
   * each is also delivered a second time at once (a duplicate) and a third time after the
   * first delivery ended (a late one), to show that a function handles both.
   */
  readonly redeliver?: (payload: string) => boolean;
  /** The run's clock; a simulated one jumps when every invocation in flight sleeps. Default: the machine's. */
  readonly clock?: LocalClock;
}

/** Containers one function may run at once; more invocations wait for one to be free. */
const MAX_CONTAINERS_PER_FUNCTION = 10;

/** The local Lambda service. */
export class FunctionPool implements LocalLambda {
  /** Every invocation that ended, in the order they ended. */
  public readonly records: InvocationRecord[] = [];
  private readonly containers = new Map<LambdaFunctionSpec, Container[]>();
  private readonly taskRoots = new Map<LambdaFunctionSpec, string>();
  private readonly waiting = new Map<LambdaFunctionSpec, Array<() => void>>();
  private readonly listeners = new Set<() => void>();
  private running = 0;
  private generation = 0;
  private clockCheck = false;
  public readonly clock: LocalClock;

  public constructor(private functions: FunctionRegistry, private readonly options: PoolOptions) {
    this.clock = options.clock ?? new LocalClock();
  }

  /**
   * Makes `functions` the deployed ones: the Lambda API finds functions among them from now on
   * (a change-set play deploys the old assembly's functions, then the new one's).
   */
  public deploy(functions: FunctionRegistry): void {
    this.functions = functions;
  }

  /** Invocations running or waiting for a container, retries included. */
  public get inFlight(): number {
    return this.running;
  }

  /** Calls `listener` whenever an invocation starts or ends; returns the unsubscribe. */
  public onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  public find(name: string): LambdaFunctionSpec | undefined {
    return this.functions.byName(name);
  }

  public async invokeSync(fn: LambdaFunctionSpec, payload: string, callerTrace?: string): Promise<SyncResult> {
    const record = await this.track(() => this.run(fn, payload, 'RequestResponse', 1, traceFor(fn, callerTrace)));
    return syncResult(record);
  }

  public invokeAsync(fn: LambdaFunctionSpec, payload: string, callerTrace?: string): void {
    // One event, one place in its chain: retries and repeated deliveries carry the same trace.
    const trace = traceFor(fn, callerTrace);
    const again = this.options.redeliver?.(payload) === true;
    // Lambda answers an Event invoke (202) at once and runs it later: the delivery starts only
    // after this returns, so starting a container (a process spawn) never holds up the answer.
    // Counted as in flight meanwhile, so nobody sees the pool drained in between.
    this.running++;
    setImmediate(() => {
      this.running--;
      const first = this.deliverAsync(fn, payload, trace);
      if (!again) return;
      void this.deliverAsync(fn, payload, trace);
      void first.then(() => this.deliverAsync(fn, payload, trace));
    });
  }

  /** One delivery of an asynchronous invocation, with Lambda's retries; resolves when it ended. */
  private deliverAsync(fn: LambdaFunctionSpec, payload: string, trace: TraceContext): Promise<InvocationRecord> {
    const generation = this.generation;
    return this.track(async () => {
      let record = await this.run(fn, payload, 'Event', 1, trace);
      while (retried(record) && generation === this.generation) {
        record = await this.run(fn, payload, 'Event', record.attempt + 1, trace);
      }
      return record;
    });
  }

  /** Stops every running invocation and drops the waiting ones (a step gave up waiting). */
  public stopAll(): void {
    this.generation++;
    for (const list of this.containers.values()) list.forEach((container) => container.stop());
    this.containers.clear();
    for (const queue of this.waiting.values()) queue.splice(0).forEach((wake) => wake());
  }

  /** Resolves once nothing runs or waits any more, or after `ms` (a killed process takes a moment to report). */
  public drained(ms: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, ms);
      const unsubscribe = this.onChange(() => { if (this.running === 0) done(); });
    });
  }

  /** Kills every container; the pool must not be used afterwards. */
  public close(): void {
    this.stopAll();
    this.listeners.clear();
  }

  private async track(work: () => Promise<InvocationRecord>): Promise<InvocationRecord> {
    this.running++;
    this.changed();
    try {
      return await work();
    } finally {
      this.running--;
      this.changed();
    }
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
    this.checkClock();
  }

  /**
   * A simulated clock jumps when every invocation in flight sleeps (none works, none waits to
   * start): to the earliest end of their sleeps, or sooner when a timer of the run (a
   * function's timeout, a step's ServiceTimeout) is due first. Checked once things settle.
   */
  private checkClock(): void {
    if (!this.clock.simulated || this.clockCheck) return;
    this.clockCheck = true;
    setImmediate(() => {
      this.clockCheck = false;
      const sleeping = [...this.containers.values()].flat()
        .map((container) => container.sleepingUntil)
        .filter((until): until is number => until !== undefined);
      if (sleeping.length === 0 || sleeping.length < this.running) return;
      this.clock.advanceTo(Math.min(...sleeping, this.clock.nextDue() ?? Infinity));
    });
  }

  private async run(fn: LambdaFunctionSpec, payload: string, type: 'Event' | 'RequestResponse', attempt: number, trace: TraceContext): Promise<InvocationRecord> {
    const startedAt = this.clock.now();
    const generation = this.generation;
    const base = { fn, type, attempt, logs: [], durationMs: 0, cold: false, startedAt, chainCount: trace.count };
    if (stopsRecursion(fn, trace)) return this.record({ ...base, end: { kind: 'recursion-stopped', count: trace.count } });
    const problem = runnableProblem(fn);
    if (problem !== undefined) return this.record({ ...base, end: { kind: 'not-runnable', reason: `function ${fn.logicalId} ${problem.problem}` } });
    const container = await this.container(fn);
    if (container === undefined || generation !== this.generation) return this.record({ ...base, end: { kind: 'stopped' } });
    const outcome = await container.invoke(payload, `${this.clock.now().toString(16)}-${attempt}-${Math.random().toString(16).slice(2, 10)}`, trace.header);
    if (this.options.cold || container.dead) this.remove(fn, container);
    this.wake(fn);
    const end: RecordedEnd = generation !== this.generation && outcome.end.kind === 'crashed' ? { kind: 'stopped' } : outcome.end;
    return this.record({ ...base, end, logs: outcome.logs, durationMs: outcome.durationMs, cold: outcome.cold });
  }

  private record(record: InvocationRecord): InvocationRecord {
    this.records.push(record);
    return record;
  }

  /** An idle container of `fn`, a new one, or (when the function is at its limit) the next to be free. */
  private async container(fn: LambdaFunctionSpec): Promise<Container | undefined> {
    const generation = this.generation;
    for (;;) {
      if (generation !== this.generation) return undefined;
      const list = this.containers.get(fn) ?? [];
      const idle = this.options.cold ? undefined : list.find((container) => container.idle);
      if (idle !== undefined) return idle.claim();
      if (list.length < MAX_CONTAINERS_PER_FUNCTION) {
        const taskRoot = this.taskRoot(fn);
        const spec = { taskRoot, env: this.options.environment(fn, taskRoot), memoryMb: fn.memoryMb, timeoutSeconds: fn.timeoutSeconds };
        const container = new Container({ ...spec, clock: this.clock, onSleep: () => this.checkClock() }, (line) => this.options.onLog?.(fn, line));
        this.containers.set(fn, [...list, container]);
        return container.claim();
      }
      await new Promise<void>((resolve) => this.waiting.set(fn, [...this.waiting.get(fn) ?? [], resolve]));
    }
  }

  private remove(fn: LambdaFunctionSpec, container: Container): void {
    container.stop();
    this.containers.set(fn, (this.containers.get(fn) ?? []).filter((other) => other !== container));
  }

  private wake(fn: LambdaFunctionSpec): void {
    this.waiting.get(fn)?.shift()?.();
  }

  /** A copy of the function's code outside the app, so only what Lambda would have can be required. */
  private taskRoot(fn: LambdaFunctionSpec): string {
    const existing = this.taskRoots.get(fn);
    if (existing !== undefined) return existing;
    const root = path.join(this.options.workDir, 'task', `${this.taskRoots.size}-${fn.logicalId}`);
    fs.mkdirSync(root, { recursive: true });
    if (fn.code.kind === 'directory') fs.cpSync(fn.code.directory, root, { recursive: true });
    if (fn.code.kind === 'inline') fs.writeFileSync(path.join(root, 'index.js'), fn.code.source);
    this.taskRoots.set(fn, root);
    return root;
  }
}
