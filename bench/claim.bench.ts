/**
 * Benchmark: what claiming each request (exactlyOnce, the default) costs, against today's
 * runtime built from git `main` (no claim) and the same runtime with `exactlyOnce: false`, in
 * one run, alternating.
 *
 * Each sample is a Lambda sandbox stood in for by a fresh Node.js process that has loaded only
 * what Lambda's Node.js runtime has (node:http) before the handler: it requires the runtime
 * (the standby worker starts right after), invokes it with a Create (cold), then with
 * WARM_REQUESTS more (warm), each timed until this process's loopback server has the whole
 * PUT of its answer (both processes read the same monotonic clock, process.hrtime). The same
 * server is the SSM endpoint of the claim: the runner's stand-in of Parameter Store
 * (src/local/aws/ssm-api.ts, create-once PutParameter), reached with a signed request as in
 * Lambda. Loopback makes SSM's own latency (about 10-30 ms in a Region) nearly nothing: what is
 * measured is the runtime's own cost of the claim (signing, the extra round trip's handling,
 * loading node:https and node:crypto).
 *
 * Run: npx ts-node --transpile-only bench/claim.bench.ts (after npx projen bundle:runtime)
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LoopbackServer } from '../src/local/aws/loopback-server';
import { ParameterStore } from '../src/local/aws/ssm-api';

const ROOT = path.join(__dirname, '..');
const SAMPLES = 11;
const WARM_REQUESTS = 5;

/** Today's runtime: src/runtime of git main, bundled as bundle:runtime bundles it. */
function buildMainRuntime(dir: string): string {
  const src = path.join(dir, 'main');
  fs.mkdirSync(src, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive main src/runtime | tar -x -C "${src}"`]);
  const out = path.join(src, 'index.js');
  const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
  execFileSync(bin('esbuild'), [path.join(src, 'src', 'runtime', 'index.ts'), '--bundle', '--platform=node', '--target=node22', '--format=cjs',
    '--external:@aws-sdk/*', '--legal-comments=none', '--minify', '--define:CDK_LIFECYCLE_POLLING=false', `--outfile=${out}`], { stdio: 'ignore' });
  execFileSync(bin('uglifyjs'), [out, '--no-module', '--compress', 'passes=3,toplevel', '--mangle', 'toplevel', '--output', out]);
  return out;
}

/** A provider's code folder: the runtime and a trivial handler. */
function stage(dir: string, name: string, runtime: string): string {
  const code = path.join(dir, name);
  fs.mkdirSync(path.join(code, 'cdk-lifecycle-runtime'), { recursive: true });
  fs.copyFileSync(runtime, path.join(code, 'cdk-lifecycle-runtime', 'index.js'));
  fs.writeFileSync(path.join(code, 'index.js'), 'exports.onEvent = async () => ({ Data: { ok: "yes" } });\n');
  return path.join(code, 'cdk-lifecycle-runtime', 'index.js');
}

const SANDBOX = `
require('node:http');
const now = () => String(process.hrtime.bigint());
const event = (n) => ({
  RequestType: 'Create', ResponseURL: process.env.B_URL + '/r' + n + '?X-Amz-Signature=x', StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
  RequestId: process.env.B_RUN + '-' + n, LogicalResourceId: 'Res', ResourceType: 'Custom::Bench', ResourceProperties: { ServiceToken: 'arn' },
});
const context = () => { const end = Date.now() + 60000; return { getRemainingTimeInMillis: () => end - Date.now(), awsRequestId: 'a' }; };
(async () => {
  const t0 = now();
  const handler = require(process.env.B_ENTRY).handler;
  await new Promise((r) => setImmediate(r));
  await handler(event(0), context());
  const starts = [];
  for (let n = 1; n <= ${WARM_REQUESTS}; n++) { starts.push(now()); await handler(event(n), context()); }
  process.stdout.write('@@' + JSON.stringify({ t0, starts }) + '\\n');
  process.exit(0);
})();
`;

interface Peer { readonly name: string; readonly entry: string; readonly claims: boolean }

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-claim-bench-'));
  const today = stage(dir, 'today', buildMainRuntime(dir));
  const ours = stage(dir, 'ours', path.join(ROOT, 'assets', 'runtime', 'index.js'));
  const peers: Peer[] = [
    { name: 'today\'s runtime (git main, no claim)', entry: today, claims: false },
    { name: 'this runtime, exactlyOnce (default)', entry: ours, claims: true },
    { name: 'this runtime, exactlyOnce: false', entry: ours, claims: false },
  ];
  const arrivals = new Map<string, bigint>();
  const responses = (exchange: { method: string; url: string }) => {
    if (exchange.method !== 'PUT') return undefined;
    arrivals.set(exchange.url.split('?')[0], process.hrtime.bigint());
    return { status: 200 };
  };
  const server = await LoopbackServer.start([responses, new ParameterStore('us-east-1', '123456789012').route]);
  const results = peers.map(() => ({ cold: [] as number[], warm: [] as number[] }));
  let run = 0;
  for (let sample = 0; sample < SAMPLES; sample++) {
    for (const [index, peer] of peers.entries()) {
      run++;
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        B_ENTRY: peer.entry,
        B_URL: `${server.url}/s${run}`,
        B_RUN: `run${run}`,
        AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '256',
        CDK_LIFECYCLE_USER_HANDLER: 'index.onEvent',
        AWS_REGION: 'us-east-1',
        ...(peer.claims ? { CDK_LIFECYCLE_CLAIM_PATH: '/cdk-lifecycle/Bench/c8bench', AWS_ENDPOINT_URL_SSM: server.url, AWS_ACCESS_KEY_ID: 'AKIDBENCH', AWS_SECRET_ACCESS_KEY: 'secret' } : {}),
      };
      const child = spawn(process.execPath, ['-e', SANDBOX], { env });
      let out = '';
      child.stdout.on('data', (chunk) => { out += chunk; });
      await new Promise((resolve) => child.on('close', resolve));
      const line = out.split('\n').find((l) => l.startsWith('@@'));
      if (!line) throw new Error(`sample failed for ${peer.name}: ${out}`);
      const { t0, starts } = JSON.parse(line.slice(2)) as { t0: string; starts: string[] };
      const at = (n: number) => arrivals.get(`/s${run}/r${n}`)!;
      results[index].cold.push(Number(at(0) - BigInt(t0)) / 1e6);
      starts.forEach((start, n) => results[index].warm.push(Number(at(n + 1) - BigInt(start)) / 1e6));
    }
  }
  await server.close();
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [base] = results;
  console.log(`Claim cost, ${SAMPLES} sandboxes per peer (alternating), ${WARM_REQUESTS} warm requests each; medians until the answer's PUT arrived:`);
  for (const [index, peer] of peers.entries()) {
    const cold = median(results[index].cold);
    const warm = median(results[index].warm);
    const delta = (x: number, y: number) => `${x - y >= 0 ? '+' : ''}${(x - y).toFixed(1)} ms`;
    console.log(`  ${peer.name.padEnd(40)} cold ${cold.toFixed(1)} ms (${delta(cold, median(base.cold))}, ${(cold / median(base.cold)).toFixed(2)}x)   warm ${warm.toFixed(1)} ms (${delta(warm, median(base.warm))}, ${(warm / median(base.warm)).toFixed(2)}x)`);
  }
  console.log('Targets: warm within +15 ms, cold within +25 ms of today\'s runtime.');
  const size = (file: string) => fs.statSync(file).size;
  console.log(`Non-polling runtime bundle: today ${size(today)} bytes, now ${size(ours)} bytes (+${size(ours) - size(today)}); polling: now ${size(path.join(ROOT, 'assets', 'runtime-polling', 'index.js'))} bytes`);
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
