/**
 * Runs a synthesized Lambda function the way Lambda would: in its own Node.js process, from
 * its staged asset folder, with the handler setting, environment and timeout of the
 * template. The process ends when the handler's promise settles (Lambda freezes it then) or
 * when the timeout is reached (Lambda kills it).
 */
import { spawn } from 'node:child_process';
import * as path from 'node:path';

export interface LocalFunction {
  readonly assetDir: string;
  readonly handler: string;
  readonly timeoutSeconds: number;
  readonly environment: Record<string, string>;
}

export interface Invocation {
  /** What the handler resolved with (undefined when it threw, rejected or timed out). */
  readonly result?: unknown;
  /** Set when the handler threw or rejected: Lambda would retry an asynchronous invocation. */
  readonly error?: string;
  readonly timedOut: boolean;
  /** Every line the function printed. */
  readonly logs: string[];
  readonly durationMs: number;
}

/** Reads a function's settings from a synthesized template resource. */
export function localFunction(assetDir: string, resource: any, substitutes: Record<string, string> = {}): LocalFunction {
  const variables: Record<string, unknown> = resource.Properties.Environment?.Variables ?? {};
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(variables)) {
    environment[key] = typeof value === 'string' ? value : substitutes[key] ?? JSON.stringify(value);
  }
  return { assetDir, handler: resource.Properties.Handler, timeoutSeconds: resource.Properties.Timeout ?? 3, environment };
}

const HARNESS = `
const path = require('node:path');
const [file, exportName, timeoutMs] = [process.env.HARNESS_FILE, process.env.HARNESS_EXPORT, Number(process.env.HARNESS_TIMEOUT_MS)];
const started = Date.now();
let input = '';
process.stdin.on('data', (c) => input += c);
process.stdin.on('end', async () => {
  const context = {
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
    awsRequestId: 'local-invocation',
  };
  try {
    const mod = require(path.join(process.env.LAMBDA_TASK_ROOT, file));
    const result = await mod[exportName](JSON.parse(input), context);
    process.stdout.write('\\n@@RESULT ' + JSON.stringify({ result }) + '\\n', () => process.exit(0));
  } catch (e) {
    process.stdout.write('\\n@@ERROR ' + JSON.stringify({ error: String(e && e.stack || e) }) + '\\n', () => process.exit(0));
  }
});
`;

/** Invokes the function once with `event`. */
export function invoke(fn: LocalFunction, event: unknown, extraEnv: Record<string, string> = {}): Promise<Invocation> {
  const dot = fn.handler.lastIndexOf('.');
  const timeoutMs = fn.timeoutSeconds * 1000;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', HARNESS], {
      cwd: fn.assetDir,
      env: {
        PATH: process.env.PATH,
        LAMBDA_TASK_ROOT: fn.assetDir,
        AWS_REGION: 'us-east-1',
        AWS_LAMBDA_LOG_GROUP_NAME: '/aws/lambda/provider',
        AWS_LAMBDA_LOG_STREAM_NAME: '2026/11/30/[$LATEST]0123456789abcdef',
        // Lambda's Node.js runtime provides the AWS SDK; here it comes from the dev dependencies.
        NODE_PATH: path.join(__dirname, '..', '..', 'node_modules'),
        ...fn.environment,
        ...extraEnv,
        HARNESS_FILE: fn.handler.slice(0, dot),
        HARNESS_EXPORT: fn.handler.slice(dot + 1),
        HARNESS_TIMEOUT_MS: String(timeoutMs),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timer);
      const lines = out.split('\n').filter((l) => l.trim() !== '');
      const resultLine = lines.find((l) => l.startsWith('@@RESULT '));
      const errorLine = lines.find((l) => l.startsWith('@@ERROR '));
      resolve({
        result: resultLine ? JSON.parse(resultLine.slice(9)).result : undefined,
        error: errorLine ? JSON.parse(errorLine.slice(8)).error : undefined,
        timedOut,
        logs: lines.filter((l) => !l.startsWith('@@')),
        durationMs: Date.now() - started,
      });
    });
    child.stdin.end(JSON.stringify(event));
  });
}
