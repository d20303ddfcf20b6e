/**
 * Benchmark: what a TypeScript `entry` costs at synth, next to a directory asset of the same
 * handler, in one run. Each sample synthesizes a one-provider app in a fresh Node.js process
 * (construction, esbuild bundling or file copy, asset staging), alternating the two; the
 * asset size is the provider function's staged folder.
 *
 * Run: npx ts-node --transpile-only bench/entry-bundling.bench.ts
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..');
const SAMPLES = 7;
const ENTRY = path.join(ROOT, 'examples', 'handlers', 'selenium.ts');

/** The handler compiled to JavaScript once, as a user would before using a directory asset. */
function compiledHandlerDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-bench-dir-'));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const esbuild = require('esbuild') as typeof import('esbuild');
  esbuild.buildSync({ entryPoints: [ENTRY], platform: 'node', format: 'cjs', outfile: path.join(dir, 'index.js'), logLevel: 'silent' });
  return dir;
}

const SYNTH = `
const t0 = process.hrtime.bigint();
require('ts-node').register({ transpileOnly: true });
const { App, Stack } = require('aws-cdk-lib');
const lambda = require('aws-cdk-lib/aws-lambda');
const { ResourceProvider } = require(${JSON.stringify(path.join(ROOT, 'src'))});
const t1 = process.hrtime.bigint();
const app = new App({ outdir: process.env.OUT, context: { 'aws:cdk:enable-asset-metadata': true } });
const stack = new Stack(app, 'Bench');
const props = process.env.MODE === 'entry'
  ? { entry: process.env.ENTRY }
  : { code: lambda.Code.fromAsset(process.env.DIR), handler: 'index.onEvent' };
new ResourceProvider(stack, 'P', props);
const assembly = app.synth();
const t2 = process.hrtime.bigint();
const fn = Object.values(assembly.getStackByName('Bench').template.Resources).find((r) => r.Type === 'AWS::Lambda::Function');
console.log(JSON.stringify({ loadMs: Number(t1 - t0) / 1e6, synthMs: Number(t2 - t1) / 1e6, asset: fn.Metadata['aws:asset:path'] }));
`;

function folderBytes(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true })
    .reduce((sum, e) => sum + (e.isDirectory() ? folderBytes(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).size), 0);
}

function sample(mode: 'entry' | 'directory', dir: string): { synthMs: number; bytes: number } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'entry-bench-out-'));
  const result = spawnSync(process.execPath, ['-e', SYNTH], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, MODE: mode, ENTRY, DIR: dir, OUT: out, CDK_VALIDATION: 'false' },
  });
  if (result.status !== 0) throw new Error(result.stderr);
  const { synthMs, asset } = JSON.parse(result.stdout.trim().split('\n').pop()!);
  return { synthMs, bytes: folderBytes(path.join(out, asset)) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main(): void {
  const dir = compiledHandlerDir();
  const runs = { entry: [] as number[], directory: [] as number[] };
  const bytes = { entry: 0, directory: 0 };
  for (let i = 0; i < SAMPLES; i++) {
    for (const mode of ['entry', 'directory'] as const) {
      const s = sample(mode, dir);
      runs[mode].push(s.synthMs);
      bytes[mode] = s.bytes;
    }
  }
  console.log(`TypeScript entry vs directory asset (construct + synth in a fresh process, median of ${SAMPLES}, alternating)`);
  console.log('| provider code | synth | asset size |');
  console.log('|---|---:|---:|');
  for (const mode of ['entry', 'directory'] as const) {
    console.log(`| ${mode === 'entry' ? 'entry: selenium.ts (esbuild at synth)' : 'code: directory with index.js'} | ${median(runs[mode]).toFixed(0)} ms | ${(bytes[mode] / 1024).toFixed(1)} KB |`);
  }
  console.log(`\nRatio entry / directory: synth ${(median(runs.entry) / median(runs.directory)).toFixed(2)}x, +${(median(runs.entry) - median(runs.directory)).toFixed(0)} ms; size ${(bytes.entry / bytes.directory).toFixed(2)}x`);
}

main();
