/**
 * Runs a synthesized Lambda function the way Lambda would: in its own Node.js process (the
 * sandbox), from its staged asset folder, with the handler setting, environment, memory size
 * and timeout of the template.
 *
 * A container stays alive between invocations (a warm sandbox) and receives them one at a
 * time, each with a fresh Lambda-like context. An invocation ends when the handler's promise
 * settles; when the timeout is reached first, the sandbox is killed, as Lambda does. A
 * sandbox whose process ends on its own (a crash) is dead too.
 */
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as path from 'node:path';
import { LoopbackServer } from '../../src/local/aws/loopback-server';
import { ParameterStore } from '../../src/local/aws/ssm-api';

export interface LocalFunction {
  readonly assetDir: string;
  readonly handler: string;
  readonly timeoutSeconds: number;
  readonly memorySize: number;
  readonly environment: Record<string, string>;
}

export interface Invocation {
  /** What the handler resolved with (undefined when it threw, rejected or timed out). */
  readonly result?: unknown;
  /** Set when the handler threw or rejected: Lambda would retry an asynchronous invocation. */
  readonly error?: string;
  /** The function ran out of time: Lambda killed the sandbox. */
  readonly timedOut: boolean;
  /** The sandbox's process ended during the invocation (its exit code or signal). */
  readonly crashed?: string;
  /** Every line the function printed during the invocation. */
  readonly logs: string[];
  /** Epoch ms when the sandbox started the invocation (after its init, as Lambda counts). */
  readonly startedAt: number;
  readonly durationMs: number;
  /** Peak resident memory of the sandbox's process so far, in MB. */
  readonly maxRssMb?: number;
}

/** Reads a function's settings from a synthesized template resource. */
export function localFunction(assetDir: string, resource: any, substitutes: Record<string, string> = {}): LocalFunction {
  const variables: Record<string, unknown> = resource.Properties.Environment?.Variables ?? {};
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(variables)) {
    environment[key] = typeof value === 'string' ? value : substitutes[key] ?? JSON.stringify(value);
  }
  return {
    assetDir,
    handler: resource.Properties.Handler,
    timeoutSeconds: resource.Properties.Timeout ?? 3,
    memorySize: resource.Properties.MemorySize ?? 128,
    environment,
  };
}

// The sandbox: reads one JSON invocation per line, answers `@@RESULT`/`@@ERROR` lines.
const HARNESS = `
const path = require('node:path');
const readline = require('node:readline');
const [root, file, exportName, timeoutMs] = [process.env.HARNESS_ROOT, process.env.HARNESS_FILE, process.env.HARNESS_EXPORT, Number(process.env.HARNESS_TIMEOUT_MS)];
const mod = require(path.join(root, file));
const write = (line) => new Promise((resolve) => process.stdout.write(line + '\\n', resolve));
readline.createInterface({ input: process.stdin }).on('line', async (line) => {
  const { id, event } = JSON.parse(line);
  const started = Date.now();
  await write('\\n@@START ' + JSON.stringify({ id, at: started }));
  const context = {
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
    awsRequestId: 'local-invocation-' + id,
  };
  const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
  try {
    const result = await mod[exportName](event, context);
    await write('\\n@@RESULT ' + JSON.stringify({ id, result, maxRssMb: maxRssMb() }));
  } catch (e) {
    await write('\\n@@ERROR ' + JSON.stringify({ id, error: String(e && e.stack || e), maxRssMb: maxRssMb() }));
  }
});
`;

/** Where and how the sandbox's process starts. */
export interface ContainerOptions {
  /** More environment variables (they win over the template's). */
  readonly env?: Record<string, string>;
  /** The working directory and LAMBDA_TASK_ROOT the function sees. @default the asset folder */
  readonly taskRoot?: string;
}

/** A warm sandbox: one process serving invocations one at a time. */
export class Container {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private lines: string[] = [];
  private next = 0;
  private current?: { id: number; started: number; resolve: (i: Invocation) => void; timer?: NodeJS.Timeout };
  private ended?: string;

  constructor(private readonly fn: LocalFunction, options: ContainerOptions = {}) {
    const dot = fn.handler.lastIndexOf('.');
    const taskRoot = options.taskRoot ?? fn.assetDir;
    this.child = spawn(process.execPath, ['-e', HARNESS], {
      cwd: taskRoot,
      env: {
        PATH: process.env.PATH,
        LAMBDA_TASK_ROOT: taskRoot,
        AWS_REGION: 'us-east-1',
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memorySize),
        AWS_LAMBDA_LOG_GROUP_NAME: '/aws/lambda/provider',
        AWS_LAMBDA_LOG_STREAM_NAME: '2026/11/30/[$LATEST]0123456789abcdef',
        // Lambda's Node.js runtime provides the AWS SDK; here it comes from the dev dependencies.
        NODE_PATH: path.join(__dirname, '..', '..', 'node_modules'),
        ...fn.environment,
        ...options.env,
        HARNESS_ROOT: fn.assetDir,
        HARNESS_FILE: fn.handler.slice(0, dot),
        HARNESS_EXPORT: fn.handler.slice(dot + 1),
        HARNESS_TIMEOUT_MS: String(fn.timeoutSeconds * 1000),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (c: string) => this.receive(c));
    this.child.stderr.on('data', (c: string) => this.receive(c));
    this.child.on('close', (code, signal) => {
      this.ended = signal ? `signal ${signal}` : `exit code ${code}`;
      this.receive('\n');
      this.settle({ crashed: this.ended });
    });
  }

  /** True while the sandbox can take invocations. */
  public get alive(): boolean {
    return this.ended === undefined;
  }

  /** Sends one invocation and waits for it to end (result, error, timeout or crash). */
  public invoke(event: unknown): Promise<Invocation> {
    if (this.current) throw new Error('one invocation at a time');
    if (this.ended) return Promise.resolve({ timedOut: false, crashed: this.ended, logs: [], startedAt: Date.now(), durationMs: 0 });
    const id = ++this.next;
    this.lines = [];
    return new Promise((resolve) => {
      this.current = { id, started: Date.now(), resolve };
      this.child.stdin.write(`${JSON.stringify({ id, event })}\n`);
    });
  }

  /** Ends the sandbox. */
  public async close(): Promise<void> {
    if (this.ended) return;
    const closed = new Promise((resolve) => this.child.once('close', resolve));
    this.child.kill('SIGKILL');
    await closed;
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let newline: number;
    while ((newline = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 1);
      if (line.trim() === '') continue;
      if (line.startsWith('@@START ')) {
        const start = JSON.parse(line.slice(8));
        const current = this.current;
        if (!current || current.id !== start.id) continue;
        // The invocation's time starts now; the sandbox's init (loading the code) came before.
        current.started = start.at;
        current.timer = setTimeout(() => {
          // Lambda kills a sandbox whose invocation runs out of time.
          this.settle({ timedOut: true });
          this.child.kill('SIGKILL');
        }, this.fn.timeoutSeconds * 1000 - (Date.now() - start.at));
      } else if (line.startsWith('@@RESULT ') || line.startsWith('@@ERROR ')) {
        const answer = JSON.parse(line.slice(line.indexOf(' ') + 1));
        if (answer.id === this.current?.id) this.settle({ result: answer.result, error: answer.error, maxRssMb: answer.maxRssMb });
      } else {
        this.lines.push(line);
      }
    }
  }

  private settle(outcome: Partial<Invocation>): void {
    const current = this.current;
    if (!current) return;
    this.current = undefined;
    clearTimeout(current.timer);
    current.resolve({ timedOut: false, ...outcome, logs: this.lines, startedAt: current.started, durationMs: Date.now() - current.started });
  }
}

/** Invokes the function once, in a fresh sandbox (a cold start). */
export async function invoke(fn: LocalFunction, event: unknown, extraEnv: Record<string, string> = {}): Promise<Invocation> {
  const container = new Container(fn, { env: extraEnv });
  try {
    return await container.invoke(event);
  } finally {
    await container.close();
  }
}

let ssm: Promise<Record<string, string>> | undefined;
let stopSsm: (() => Promise<void>) | undefined;

/**
 * The environment that points a function's SSM calls (the claim of each request) at a loopback
 * stand-in of SSM with SSM's create-once semantics, started once per test process.
 */
export function localSsmEnvironment(): Promise<Record<string, string>> {
  ssm ??= (async () => {
    const server = await LoopbackServer.start([new ParameterStore('us-east-1', '123456789012').route]);
    stopSsm = () => server.close();
    return { AWS_ENDPOINT_URL_SSM: server.url, AWS_ACCESS_KEY_ID: 'AKIDLOCALTEST', AWS_SECRET_ACCESS_KEY: 'local-secret', AWS_REGION: 'us-east-1' };
  })();
  return ssm;
}

/** Stops the loopback SSM stand-in, if one was started. */
export async function stopLocalSsm(): Promise<void> {
  await stopSsm?.();
  ssm = undefined;
  stopSsm = undefined;
}

/** `fn` with its SSM calls pointed at the loopback stand-in (`localSsmEnvironment`). */
export async function withLocalSsm(fn: LocalFunction): Promise<LocalFunction> {
  return { ...fn, environment: { ...fn.environment, ...await localSsmEnvironment() } };
}
