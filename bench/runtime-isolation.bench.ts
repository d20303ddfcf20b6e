/**
 * Benchmark: what isolating the handler in a worker thread costs, next to aws-cdk-lib's core
 * CustomResourceProvider handler, in one run.
 *
 * Each sample is a Lambda sandbox stood in for by a fresh Node.js process, in a network namespace
 * of its own with only loopback (`unshare -n`; this needs root). Before the handler it has
 * loaded only what Lambda's Node.js runtime has (node:http, for the Runtime API). The
 * pre-signed URL is an https server in a second process in the same namespace, on
 * 127.0.0.1:443 (a throwaway certificate, trusted through NODE_EXTRA_CA_CERTS; the core handler
 * always connects to port 443, as S3 URLs have none). The sandbox:
 * - cold: requires the function's entry file (module load; for us the standby worker starts
 *   right after) and invokes it with a Create; the time until the server has the whole PUT;
 * - warm: once that invocation has resolved, another Create, timed the same way; WARM_REQUESTS
 *   of them in turn, as a warm container serves many (each isolated one in a fresh worker).
 * The two processes' times are read from the same monotonic clock (process.hrtime).
 * Peers: cdk-lifecycle with isolation (default), cdk-lifecycle with `isolateHandler: false`,
 * and the core CustomResourceProvider's Node.js entry point (the same trivial user handler).
 * The floor: a bare `new Worker()` until its first message, in the same kind of process.
 * For comparison only, the require alone in a process that has loaded node:https first.
 *
 * Also timed, in-process: settling a 50 MB Data result and fitting a 50 MB Reason.
 *
 * Run: npx projen bench (or npx ts-node --transpile-only bench/runtime-isolation.bench.ts)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { settleResult } from '../src/runtime/protocol/handler-result';
import { fitResponse } from '../src/runtime/protocol/response';
import { testCertificate } from '../test/helpers/response-server';

const ROOT = path.join(__dirname, '..');
const CDK_LIB = path.dirname(require.resolve('aws-cdk-lib/package.json'));
const OUR_RUNTIME = path.join(ROOT, 'assets', 'runtime', 'index.js');
const CORE_ENTRYPOINT = path.join(CDK_LIB, 'custom-resource-handlers', 'dist', 'core', 'nodejs-entrypoint-handler', 'index.js');
const SAMPLES = 15;
/** Warm requests per sandbox: the warm figures are medians over SAMPLES × WARM_REQUESTS. */
const WARM_REQUESTS = 5;

interface Peer {
  readonly name: string;
  /** The file Lambda requires (the handler setting's module). */
  readonly entry: string;
  readonly exportName: string;
  readonly env: Record<string, string>;
}

/** Stages the functions' code as it would be deployed. */
function stage(): Peer[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-bench-'));
  const ours = path.join(dir, 'ours');
  fs.mkdirSync(path.join(ours, 'cdk-lifecycle-runtime'), { recursive: true });
  fs.copyFileSync(OUR_RUNTIME, path.join(ours, 'cdk-lifecycle-runtime', 'index.js'));
  fs.writeFileSync(path.join(ours, 'index.js'), 'exports.onEvent = async () => ({ Data: { ok: "yes" } });\n');
  const core = path.join(dir, 'core');
  fs.mkdirSync(core);
  fs.copyFileSync(CORE_ENTRYPOINT, path.join(core, '__entrypoint__.js'));
  fs.writeFileSync(path.join(core, 'index.js'), 'exports.handler = async () => ({ Data: { ok: "yes" } });\n');
  const lambdaEnv = { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '256', CDK_LIFECYCLE_USER_HANDLER: 'index.onEvent' };
  return [
    { name: 'cdk-lifecycle, isolated (default)', entry: path.join(ours, 'cdk-lifecycle-runtime', 'index.js'), exportName: 'handler', env: lambdaEnv },
    { name: 'cdk-lifecycle, isolateHandler: false', entry: path.join(ours, 'cdk-lifecycle-runtime', 'index.js'), exportName: 'handler', env: { ...lambdaEnv, CDK_LIFECYCLE_ISOLATE_HANDLER: 'false' } },
    { name: 'aws-cdk-lib core CustomResourceProvider', entry: path.join(core, '__entrypoint__.js'), exportName: 'handler', env: {} },
  ];
}

// The pre-signed URL: an https server in a process of its own (as S3 is not in the Lambda
// sandbox), recording when each whole PUT has arrived on the machine's monotonic clock, which
// process.hrtime reads the same in every process.
const SERVER = `
const https = require('node:https');
const fs = require('node:fs');
const arrivals = [];
const server = https.createServer({ key: fs.readFileSync(process.env.B_KEY), cert: fs.readFileSync(process.env.B_CERT) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    arrivals.push(String(process.hrtime.bigint()));
    res.end(() => {
      if (arrivals.length < 1 + Number(process.env.B_WARM)) return;
      process.stdout.write('@@S' + JSON.stringify(arrivals) + '\\n');
      process.exit(0);
    });
  });
});
server.listen(443, '127.0.0.1', () => fs.writeFileSync(process.env.B_READY, ''));
`;

// One sandbox: what Lambda's Node.js runtime has loaded before the handler (node:http, for
// the Runtime API), then a cold and B_WARM warm invocations of the entry file.
const SANDBOX = `
require('node:http');
const [entry, exportName] = [process.env.B_ENTRY, process.env.B_EXPORT];
const now = () => String(process.hrtime.bigint());
const event = (n) => ({
  RequestType: 'Create', ResponseURL: 'https://127.0.0.1/r?sig=x', StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
  RequestId: 'req-' + n, LogicalResourceId: 'Res', ResourceType: 'Custom::Bench', ResourceProperties: { ServiceToken: 'arn' },
});
const context = () => { const end = Date.now() + 60000; return { getRemainingTimeInMillis: () => end - Date.now(), awsRequestId: 'a' }; };
(async () => {
  const t0 = now();
  const handler = require(entry)[exportName];
  const required = now();
  // Lambda's runtime asks for the first invocation over HTTP after loading the handler: at
  // least one turn of the event loop passes before it arrives.
  await new Promise((r) => setImmediate(r));
  await handler(event(1), context());
  const warm = [];
  for (let n = 2; n <= 1 + Number(process.env.B_WARM); n++) {
    const start = now();
    await handler(event(n), context());
    warm.push([start, now()]);
  }
  process.stdout.write('@@C' + JSON.stringify({ t0, required, warm }) + '\\n');
  process.exit(0);
})();
`;

// For comparison only: the require alone, in a process that has loaded node:https first (as
// this bench's sandbox did before the server moved out; not a Lambda condition).
const REQUIRE_AFTER_HTTPS = `
require('node:https');
const t0 = process.hrtime.bigint();
require(process.env.B_ENTRY);
process.stdout.write('@@' + JSON.stringify({ requireMs: Number(process.hrtime.bigint() - t0) / 1e6 }) + '\\n');
process.exit(0);
`;

// The floor: a bare worker thread, from new Worker() to its first message; and, for the
// decision record, a bare child process (fork) to its first IPC message.
const FLOOR = `
const { Worker } = require('node:worker_threads');
const { fork } = require('node:child_process');
const { performance } = require('node:perf_hooks');
const t0 = performance.now();
const w = new Worker('require("node:worker_threads").parentPort.postMessage(1)', { eval: true });
w.once('message', () => {
  const workerStartMs = performance.now() - t0;
  w.terminate();
  const t1 = performance.now();
  const child = fork('-e', ['process.send(1)'], { execArgv: [], stdio: 'ignore' });
  child.once('message', () => {
    process.stdout.write('@@' + JSON.stringify({ workerStartMs, forkStartMs: performance.now() - t1 }) + '\\n');
    process.exit(0);
  });
});
`;

/** Runs `script` in a fresh process in its own network namespace (only loopback, port 443 free). */
function run(script: string, env: Record<string, string>): Record<string, number> {
  const args = ['-n', 'sh', '-c', 'ip link set lo up && exec "$0" -e "$1"', process.execPath, script];
  const out = spawnSync('unshare', args, { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const line = out.stdout.split('\n').find((l) => l.startsWith('@@'));
  if (!line) throw new Error(`sample failed: ${out.stderr}`);
  return JSON.parse(line.slice(2));
}

/** One sandbox's times in ms: one each for require and the cold request, WARM_REQUESTS for the warm ones. */
interface Sample {
  readonly requireMs: number;
  readonly coldMs: number;
  readonly warmMs: number[];
  readonly warmInvocationMs: number[];
}

/**
 * One sandbox and its response server, each a fresh process, in a network namespace of their
 * own: the times of the cold and the warm requests, from the two processes' clocks.
 */
function runSandbox(env: Record<string, string>): Sample {
  const ready = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-bench-ready-')), 'ready');
  const shell = [
    'ip link set lo up',
    '"$0" -e "$1" & server=$!',
    'while [ ! -e "$B_READY" ]; do sleep 0.005; done',
    '"$0" -e "$2"',
    'wait $server',
  ].join('\n');
  const args = ['-n', 'sh', '-ec', shell, process.execPath, SERVER, SANDBOX];
  const out = spawnSync('unshare', args, { env: { PATH: process.env.PATH, ...env, B_READY: ready, B_WARM: String(WARM_REQUESTS) }, encoding: 'utf8', timeout: 60_000 });
  fs.rmSync(path.dirname(ready), { recursive: true, force: true });
  const lineOf = (tag: string) => out.stdout.split('\n').find((l) => l.startsWith(tag))?.slice(tag.length);
  const [server, sandbox] = [lineOf('@@S'), lineOf('@@C')];
  if (!server || !sandbox) throw new Error(`sample failed: ${out.stdout}\n${out.stderr}`);
  const arrivals = (JSON.parse(server) as string[]).map(BigInt);
  const c = JSON.parse(sandbox) as { t0: string; required: string; warm: Array<[string, string]> };
  const msBetween = (from: bigint, to: bigint) => Number(to - from) / 1e6;
  return {
    requireMs: msBetween(BigInt(c.t0), BigInt(c.required)),
    coldMs: msBetween(BigInt(c.t0), arrivals[0]),
    warmMs: c.warm.map(([start], i) => msBetween(BigInt(start), arrivals[i + 1])),
    warmInvocationMs: c.warm.map(([start, end]) => msBetween(BigInt(start), BigInt(end))),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

function timeInProcess(label: string, action: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = process.hrtime.bigint();
    action();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const m = median(times);
  console.log(`- ${label}: ${ms(m)} (median of 5)`);
  return m;
}

function main(): void {
  if (!fs.existsSync(OUR_RUNTIME)) throw new Error(`${OUR_RUNTIME} is missing: run npx projen bundle:runtime`);
  const tls = testCertificate();
  const keyFile = path.join(path.dirname(tls.caFile), 'key.pem');
  const peers = stage();
  const samples = new Map<string, Sample[]>(peers.map((p) => [p.name, []]));
  const afterHttps = new Map<string, number[]>([peers[0], peers[2]].map((p) => [p.name, []]));
  const floor: number[] = [];
  const forkFloor: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    for (const peer of peers) {
      const files = { NODE_EXTRA_CA_CERTS: tls.caFile, B_KEY: keyFile, B_CERT: tls.caFile };
      const env = { ...peer.env, ...files, B_ENTRY: peer.entry, B_EXPORT: peer.exportName };
      samples.get(peer.name)!.push(runSandbox(env));
    }
    for (const peer of [peers[0], peers[2]]) {
      afterHttps.get(peer.name)!.push(run(REQUIRE_AFTER_HTTPS, { ...peer.env, B_ENTRY: peer.entry }).requireMs);
    }
    const bare = run(FLOOR, {});
    floor.push(bare.workerStartMs);
    forkFloor.push(bare.forkStartMs);
  }
  const rows = peers.map((peer) => {
    const s = samples.get(peer.name)!;
    return {
      name: peer.name,
      requireMs: median(s.map((x) => x.requireMs)),
      coldMs: median(s.map((x) => x.coldMs)),
      warmMs: median(s.flatMap((x) => x.warmMs)),
      firstWarmMs: median(s.map((x) => x.warmMs[0])),
      warmInvocationMs: median(s.flatMap((x) => x.warmInvocationMs)),
    };
  });
  const [isolated, inThread, core] = rows;
  const runtimeBytes = fs.statSync(OUR_RUNTIME).size;
  const floorMs = median(floor);

  console.log(`Handler isolation benchmark (${SAMPLES} fresh processes per peer, alternating, ${WARM_REQUESTS} warm requests each; medians; answer = the https server has the whole PUT)`);
  console.log('| function | require | cold first request (require + answer) | warm request (answer) | first warm request only | warm invocation (incl. readying the next worker) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${ms(r.requireMs)} | ${ms(r.coldMs)} | ${ms(r.warmMs)} | ${ms(r.firstWarmMs)} | ${ms(r.warmInvocationMs)} |`);
  console.log(`\nFloor on this machine: a bare new Worker() to its first message: ${ms(floorMs)} (median of ${SAMPLES})`);
  console.log(`For comparison, a bare child process (fork) to its first IPC message: ${ms(median(forkFloor))}`);
  const [ourAfterHttps, coreAfterHttps] = [...afterHttps.values()].map(median);
  console.log(`Require alone after node:https was loaded (not a Lambda condition; the core handler loads https at require): isolated ${ms(ourAfterHttps)}, core ${ms(coreAfterHttps)}`);
  console.log(`Runtime asset (cdk-lifecycle-runtime/index.js): ${(runtimeBytes / 1024).toFixed(1)} KB (${runtimeBytes} bytes)`);

  console.log('\nRatios:');
  console.log(`- isolated / in-thread: cold ${(isolated.coldMs / inThread.coldMs).toFixed(2)}x (+${ms(isolated.coldMs - inThread.coldMs)}), warm ${(isolated.warmMs / inThread.warmMs).toFixed(2)}x (+${ms(isolated.warmMs - inThread.warmMs)}; first warm only: +${ms(isolated.firstWarmMs - inThread.firstWarmMs)})`);
  console.log(`- isolated / core CustomResourceProvider: require ${(isolated.requireMs / core.requireMs).toFixed(2)}x, cold ${(isolated.coldMs / core.coldMs).toFixed(2)}x, warm ${(isolated.warmMs / core.warmMs).toFixed(2)}x`);

  console.log('\nWork after the handler, in-process (the worker does the first, the runtime the second):');
  const huge = { Data: { blob: 'd'.repeat(50_000_000), small: 'ok' } };
  const settleMs = timeInProcess('settling a 50 MB Data result (one JSON.stringify, parse, measure)', () => settleResult(huge));
  const reason = `HEAD${'r'.repeat(50_000_000)}TAIL`;
  const fitMs = timeInProcess('fitting a 50 MB Reason into the 4,096-byte body', () => fitResponse({ Status: 'FAILED', Reason: reason, PhysicalResourceId: 'p', StackId: 's', RequestId: 'r', LogicalResourceId: 'l' }));

  const targets = [
    [`isolation adds at most 30 ms to the cold first request (+${ms(isolated.coldMs - inThread.coldMs)}; ` +
      `the floor, a bare Worker start, is ${ms(floorMs)} here: ${ms(isolated.coldMs - inThread.coldMs - floorMs)} above it)`, isolated.coldMs - inThread.coldMs <= 30],
    [`isolation adds at most 2 ms to a warm request (+${ms(isolated.warmMs - inThread.warmMs)})`, isolated.warmMs - inThread.warmMs <= 2],
    [`runtime asset at most 20 KB (${runtimeBytes} bytes)`, runtimeBytes <= 20 * 1024],
    [`cold require at most the core CustomResourceProvider handler's (${ms(isolated.requireMs)} vs ${ms(core.requireMs)})`, isolated.requireMs <= core.requireMs],
    [`a 50 MB Reason fits in milliseconds (${ms(fitMs)})`, fitMs < 50],
    [`a 50 MB Data result is settled within a second (${ms(settleMs)})`, settleMs < 1000],
  ] as const;
  console.log('\nTargets:');
  for (const [name, ok] of targets) console.log(`- ${ok ? 'met' : 'MISSED'}: ${name}`);
}

main();
