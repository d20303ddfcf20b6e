/**
 * `cdk-lifecycle snapshot` and `diff --deployed`, in one run:
 *
 * 1. The time to snapshot 100 stacks (10 of them with a nested stack, 20 exports, one imported
 *    outside the app) from the loopback CloudFormation/STS stand-in of the tests, with 50 ms
 *    of latency on every call, as a real process of the compiled command. Against: the same
 *    calls made one at a time (their count × 50 ms, the floor of a sequential reader), and
 *    the cdk CLI's `cdk diff --no-change-set` reading the same 100 stacks from the same server.
 * 2. The command's start time, `cdk-lifecycle --help` and `cdk-lifecycle diff a b` on two
 *    small assemblies, as it is (the AWS SDK loaded only by `snapshot` and `diff --deployed`)
 *    and with the SDK and the deployed-state readers loaded up front (`node -r`), as they would
 *    be without the lazy loading. Runs alternate; medians of each.
 *
 *   npx projen compile && npx ts-node --transpile-only bench/deployed.bench.ts
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { queues, writeAssembly } from '../test/cli/deployed/assembly-builder';
import { awsTestEnv, staticKeys } from '../test/cli/deployed/aws-env';
import { FakeAws } from '../test/cli/deployed/fake-aws';

const ROOT = path.join(__dirname, '..');
const MAIN = path.join(ROOT, 'lib', 'cli', 'main.js');
const OUT = path.join(ROOT, 'bench', '.out', 'deployed');
const ACCOUNT = '111111111111';
const LATENCY_MS = 50;
const SNAPSHOT_RUNS = 3;
const START_RUNS = 15;

interface Timed { readonly ms: number; readonly code: number; readonly stderr: string }

function timedRun(command: string, args: readonly string[], env: Record<string, string | undefined>, cwd = OUT): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ ms: performance.now() - started, code: code ?? -1, stderr }));
  });
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const withoutAws = () => Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));

/** The app: 100 stacks, every tenth with a nested stack, every fifth exporting a value. */
function app(): { dir: string; templates: Array<{ name: string; template: Record<string, unknown>; nested?: Map<string, unknown> }> } {
  const templates = Array.from({ length: 100 }, (_, index) => {
    const name = `Service${String(index).padStart(3, '0')}`;
    const resources: Record<string, unknown> = { ...queues('Jobs', 'Dead', 'Events').Resources };
    const nested = index % 10 === 0 ? new Map<string, unknown>([['Workers', queues('Work', 'Retry')]]) : undefined;
    if (nested !== undefined) resources.Workers = { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: `https://s3.amazonaws.com/assets/${name}-workers.json` } };
    const outputs = index % 5 === 0 ? { JobsUrl: { Value: { Ref: 'Jobs' }, Export: { Name: `${name}-jobs-url` } } } : undefined;
    const template = { Resources: resources, ...(outputs === undefined ? {} : { Outputs: outputs }) };
    return { name, template, ...(nested === undefined ? {} : { nested }) };
  });
  const dir = writeAssembly(path.join(OUT, 'cdk.out'), templates.map(({ name, template }) => ({ id: name, template, environment: `aws://${ACCOUNT}/eu-west-1`, roles: false })));
  return { dir, templates };
}

async function snapshotBench(): Promise<string[]> {
  const { templates } = app();
  const aws = new FakeAws();
  const url = await aws.start();
  aws.addUser('AKIDBENCH', ACCOUNT, 'bench');
  for (const { name, template, nested } of templates) aws.deploy({ account: ACCOUNT, region: 'eu-west-1', name, template, ...(nested === undefined ? {} : { nested }) });
  aws.extraImporters.set('Service000-jobs-url', ['Billing']);
  aws.latencyMs = LATENCY_MS;
  const env = { ...withoutAws(), ...awsTestEnv(url, staticKeys('AKIDBENCH')) };
  try {
    const snapshot: number[] = [];
    let calls = 0;
    for (let run = 0; run < SNAPSHOT_RUNS; run++) {
      aws.calls.length = 0;
      const result = await timedRun(process.execPath, [MAIN, 'snapshot', 'cdk.out', '--out', 'snapshot'], env);
      if (result.code !== 0) throw new Error(`snapshot failed: ${result.stderr}`);
      snapshot.push(result.ms);
      calls = aws.calls.length;
    }
    const lines = [
      `snapshot of 100 stacks, ${LATENCY_MS} ms per call (${calls} calls, 8 at a time), median of ${SNAPSHOT_RUNS}: ${median(snapshot).toFixed(0)} ms`,
      `  one call at a time would take at least ${calls} x ${LATENCY_MS} ms = ${(calls * LATENCY_MS).toFixed(0)} ms: ${(calls * LATENCY_MS / median(snapshot)).toFixed(1)}x faster`,
    ];
    const cdk = path.join(ROOT, 'node_modules', '.bin', 'cdk');
    aws.calls.length = 0;
    const peer = await timedRun(cdk, ['diff', '--app', 'cdk.out', '--no-change-set', '--no-notices', '--all'], { ...env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1' });
    lines.push(peer.code === 0 || peer.code === 1
      ? `  cdk diff --no-change-set on the same 100 stacks and server: ${peer.ms.toFixed(0)} ms (${aws.calls.length} calls): cdk-lifecycle snapshot takes ${(median(snapshot) / peer.ms).toFixed(2)}x its time`
      : `  cdk diff --no-change-set could not run against the stand-in (exit ${peer.code}): ${peer.stderr.split('\n').find((line) => line.trim() !== '') ?? ''}`);
    return lines;
  } finally {
    await aws.stop();
  }
}

async function startBench(): Promise<string[]> {
  const preload = path.join(OUT, 'preload-deployed.js');
  fs.writeFileSync(preload, [
    '// Loads what only snapshot and diff --deployed need, as an eager CLI would at start.',
    `require(${JSON.stringify(path.join(ROOT, 'lib', 'cli', 'deployed', 'read-for-command.js'))});`,
    `require(${JSON.stringify(path.join(ROOT, 'lib', 'cli', 'deployed', 'deployed-side.js'))});`,
    '',
  ].join('\n'));
  const fixtures = path.join(ROOT, 'test', 'cli', 'fixtures');
  const cases = {
    '--help': ['--help'],
    'diff a b': ['diff', path.join(fixtures, 'assembly-before'), path.join(fixtures, 'assembly-after'), '--fail-on', 'none'],
  };
  const lines = [`start time, median of ${START_RUNS} alternating runs:`];
  for (const [name, args] of Object.entries(cases)) {
    const lazy: number[] = [];
    const eager: number[] = [];
    for (let run = 0; run < START_RUNS; run++) {
      lazy.push((await timedRun(process.execPath, [MAIN, ...args], withoutAws())).ms);
      eager.push((await timedRun(process.execPath, ['-r', preload, MAIN, ...args], withoutAws())).ms);
    }
    lines.push(`  cdk-lifecycle ${name.padEnd(9)} as shipped (SDK not loaded): ${median(lazy).toFixed(0).padStart(4)} ms; with the SDK commands loaded up front: ${median(eager).toFixed(0).padStart(4)} ms (${(median(eager) / median(lazy)).toFixed(2)}x)`);
  }
  return lines;
}

async function main(): Promise<void> {
  if (!fs.existsSync(MAIN)) throw new Error(`${path.relative(ROOT, MAIN)} is missing: run npx projen compile first`);
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const lines = [...await snapshotBench(), ...await startBench()];
  console.log(lines.join('\n'));
}

void main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
