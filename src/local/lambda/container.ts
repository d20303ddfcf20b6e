/**
 * One local Lambda execution environment: a child Node.js process running the harness in a
 * copy of the function's code, serving one invocation at a time, like a Lambda sandbox.
 * Between invocations it is frozen (SIGSTOP), as Lambda freezes a sandbox, so timers a handler
 * left behind run only when the next invocation thaws it. An invocation that outlives the
 * function's timeout kills the process, as Lambda does; so does a crash.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ClockMessage, FAST_CLOCK_VARIABLE, harnessSource, HarnessOutcome, InvokeMessage, MARKER_VARIABLE, OUTCOME_PREFIX, ReadyMessage, SleepMessage } from './harness';
import { LocalClock } from './local-clock';

/** How an invocation ended. */
export type InvocationEnd =
  | { readonly kind: 'returned'; readonly payload: string }
  | { readonly kind: 'error'; readonly errorType: string; readonly errorMessage: string; readonly trace: readonly string[] }
  | { readonly kind: 'timeout'; readonly seconds: number }
  | { readonly kind: 'crashed'; readonly exitCode: number | null; readonly signal: string | null };

/** One invocation's end, with what it printed. */
export interface InvocationOutcome {
  readonly end: InvocationEnd;
  readonly logs: readonly string[];
  readonly durationMs: number;
  /** Whether this invocation started the process (a cold start). */
  readonly cold: boolean;
}

/** How to start a container. */
export interface ContainerSpec {
  readonly taskRoot: string;
  readonly env: Readonly<Record<string, string>>;
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** The run's clock (the function's timeout and the invocation's duration are on it). */
  readonly clock?: LocalClock;
  /** Called when the invocation's sleeps change (simulated clock): the earliest end, or undefined for none. */
  readonly onSleep?: () => void;
}

/**
 * How long Lambda's Init phase (starting the runtime, loading the handler) may take before it
 * counts against the function's timeout; until then the timeout has not started.
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtime-environment.html
 */
const INIT_LIMIT_MS = 10_000;

/** Whether processes can be frozen here (SIGSTOP does not exist on Windows). */
const CAN_FREEZE = process.platform !== 'win32';

/** A local Lambda sandbox. */
export class Container {
  private readonly child: ChildProcess;
  private readonly marker = randomBytes(8).toString('hex');
  private pending = '';
  private current?: {
    readonly logs: string[];
    readonly onLine: (line: string) => void;
    readonly finish: (end: InvocationEnd) => void;
    /** The handler is loaded: the function's timeout starts. */
    readonly ready: () => void;
  };
  private served = 0;
  private claimed = false;
  private exited = false;
  /** Set when the runner kills the process: it is dead from then on, before its exit is reported. */
  private killed = false;
  private frozen = false;
  private readonly clock: LocalClock;
  /** When the running invocation's earliest sleep ends on the run's clock (simulated clock); undefined when it does not sleep. */
  private sleeping?: number;
  private readonly stopListening: () => void;

  public constructor(private readonly spec: ContainerSpec, private readonly onLog: (line: string) => void = () => {}) {
    this.clock = spec.clock ?? new LocalClock();
    this.child = spawn(process.execPath, [`--max-old-space-size=${Math.max(64, Math.floor(spec.memoryMb))}`, '-e', harnessSource()], {
      cwd: spec.taskRoot,
      env: { ...spec.env, [MARKER_VARIABLE]: this.marker, ...(this.clock.simulated ? { [FAST_CLOCK_VARIABLE]: '1' } : {}) },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      windowsHide: true,
    });
    // A running invocation follows every jump of the clock at once (its sleeps end); the others learn it with their next invocation.
    this.stopListening = this.clock.onAdvance((offset) => {
      if (this.current === undefined || this.dead) return;
      const message: ClockMessage = { type: 'clock', offset };
      try {
        this.child.send(message);
      } catch {
        // The process is gone: its exit ends the invocation.
      }
    });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => this.read(chunk));
    this.child.on('message', (message: ReadyMessage | SleepMessage) => {
      if (message?.type === 'ready') this.current?.ready();
      if (message?.type === 'sleep' && this.current !== undefined) {
        this.sleeping = typeof message.until === 'number' ? message.until : undefined;
        this.spec.onSleep?.();
      }
    });
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.stopListening();
      this.flush();
      this.current?.finish({ kind: 'crashed', exitCode: code, signal });
    });
    this.child.on('error', () => {
      this.exited = true;
      this.current?.finish({ kind: 'crashed', exitCode: null, signal: null });
    });
  }

  /**
   * When the running invocation's earliest sleep ends on the run's clock, if it is asleep
   * (simulated clock only): the clock may jump there once every invocation sleeps.
   */
  public get sleepingUntil(): number | undefined {
    return this.current === undefined ? undefined : this.sleeping;
  }

  /** Whether the container can take an invocation now. */
  public get idle(): boolean {
    return !this.dead && this.current === undefined && !this.claimed;
  }

  /** Reserves the idle container for the invocation about to be sent. */
  public claim(): this {
    this.claimed = true;
    return this;
  }

  /**
   * Whether the process is gone (it crashed, timed out or was stopped). A killed process is dead
   * at once, before the system reports its exit: Lambda sends the retry after a timeout to a new
   * execution environment, never to the one it stopped.
   */
  public get dead(): boolean {
    return this.exited || this.killed;
  }

  /**
   * Runs one invocation; resolves when the handler settles, the process dies, or the
   * function's timeout runs out (which kills the process). As in Lambda, the timeout starts
   * once the handler is loaded (the Init phase of a cold start does not count, unless it takes
   * longer than Lambda's 10 seconds), and so does the invocation's duration.
   */
  public invoke(payload: string, requestId: string, traceId = ''): Promise<InvocationOutcome> {
    if (this.dead || this.current !== undefined) throw new Error('a local Lambda container serves one invocation at a time');
    this.claimed = false;
    let started = this.clock.now();
    const cold = this.served === 0;
    this.served++;
    const timeoutMs = this.spec.timeoutSeconds * 1000;
    return new Promise<InvocationOutcome>((resolve) => {
      const logs: string[] = [];
      let cancelTimeout: (() => void) | undefined;
      const startTimeout = () => {
        if (cancelTimeout !== undefined) return;
        clearTimeout(initTimer);
        started = this.clock.now();
        // On the run's clock: a simulated clock that jumps past the deadline times the invocation out, as Lambda would.
        cancelTimeout = this.clock.setTimer(() => {
          this.stop();
          finish({ kind: 'timeout', seconds: this.spec.timeoutSeconds });
        }, timeoutMs);
      };
      // The Init phase is the machine's work: its limit is on the machine's clock.
      const initTimer = setTimeout(startTimeout, INIT_LIMIT_MS);
      const finish = (end: InvocationEnd) => {
        if (this.current?.logs !== logs) return;
        clearTimeout(initTimer);
        cancelTimeout?.();
        this.current = undefined;
        this.sleeping = undefined;
        if (!this.dead) this.freeze();
        resolve({ end, logs, durationMs: this.clock.now() - started, cold });
      };
      this.current = { logs, onLine: (line) => { logs.push(line); this.onLog(line); }, finish, ready: startTimeout };
      this.thaw();
      const message: InvokeMessage = { type: 'invoke', payload, requestId, timeoutMs, traceId, ...(this.clock.simulated ? { clockOffset: this.clock.offsetMs } : {}) };
      try {
        this.child.send(message);
      } catch {
        finish({ kind: 'crashed', exitCode: this.child.exitCode, signal: this.child.signalCode });
      }
    });
  }

  /** Kills the process (a no-op once it is gone). */
  public stop(): void {
    this.stopListening();
    if (this.exited) return;
    this.killed = true;
    this.thaw();
    this.child.kill('SIGKILL');
  }

  private read(chunk: string): void {
    this.pending += chunk;
    let newline = this.pending.indexOf('\n');
    while (newline !== -1) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      this.line(line);
      newline = this.pending.indexOf('\n');
    }
  }

  private flush(): void {
    if (this.pending !== '') this.line(this.pending);
    this.pending = '';
  }

  private line(line: string): void {
    const prefix = `${OUTCOME_PREFIX}${this.marker} `;
    if (line.startsWith(prefix)) {
      const outcome = JSON.parse(line.slice(prefix.length)) as HarnessOutcome;
      this.current?.finish(outcome.ok ? { kind: 'returned', payload: outcome.payload } : { kind: 'error', errorType: outcome.errorType, errorMessage: outcome.errorMessage, trace: outcome.trace });
      return;
    }
    if (line === '') return;
    if (this.current !== undefined) this.current.onLine(line);
    else this.onLog(line);
  }

  private freeze(): void {
    if (!CAN_FREEZE || this.frozen || this.dead) return;
    this.frozen = this.child.kill('SIGSTOP');
  }

  private thaw(): void {
    if (!this.frozen) return;
    this.frozen = false;
    this.child.kill('SIGCONT');
  }
}
