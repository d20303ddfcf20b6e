/**
 * Benchmark: the synth overhead of ReplacementGuard on an app of 50 stacks x 200 resources,
 * next to cdk-nag's AwsSolutionsChecks (as an Aspect) on the same app, in one run.
 *
 * Each sample is a fresh Node.js process running bench/guard-synth-app.ts (bundled once with
 * esbuild, so no ts-node or source-map cost is measured) and timing `app.synth()`; modes
 * alternate; medians are reported. One resource in ten has an explicit name
 * (BENCH_NAMED_EVERY changes that). Measured with CDK's template validator off
 * (CDK_VALIDATION=false, where an aspect's cost is visible) and on (what users see).
 *
 * Run: npx ts-node --transpile-only bench/replacement-guard.bench.ts [samples-off] [samples-on]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';

const APP = path.join(__dirname, '.out', 'guard-synth-app.js');
execFileSync(path.join(__dirname, '..', 'node_modules', '.bin', 'esbuild'), [
  path.join(__dirname, 'guard-synth-app.ts'), '--bundle', '--platform=node', '--target=node20', '--packages=external', `--outfile=${APP}`, '--log-level=warning',
]);

const MODES = ['none', 'visit', 'guard', 'nag'] as const;
const samplesOff = Number(process.argv[2] ?? 5);
const samplesOn = Number(process.argv[3] ?? 3);

interface Sample { readonly ms: number; readonly cpuMs: number }

function sample(mode: string, validation: boolean): Sample {
  const out = spawnSync(process.execPath, [APP, mode], {
    env: { ...process.env, CDK_VALIDATION: validation ? 'true' : 'false' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`synth (${mode}) failed: ${out.stderr.slice(-2000)}`);
  const line = out.stdout.trim().split('\n').filter((l) => l.startsWith('{')).pop()!;
  return JSON.parse(line);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

type Medians = Record<string, { wall: number; cpu: number }>;

function measure(validation: boolean, samples: number): Medians {
  const times: Record<string, Sample[]> = { none: [], visit: [], guard: [], nag: [] };
  for (let i = 0; i < samples; i++) {
    for (const mode of MODES) times[mode].push(sample(mode, validation));
  }
  return Object.fromEntries(MODES.map((m) => [m, { wall: median(times[m].map((t) => t.ms)), cpu: median(times[m].map((t) => t.cpuMs)) }]));
}

function print(label: string, m: Medians, samples: number): void {
  console.log(`\n${label} (median of ${samples}, alternating):`);
  console.log('| configuration | synth wall time | ratio | synth CPU time | ratio |');
  console.log('|---|---:|---:|---:|---:|');
  const names: Record<string, string> = { none: 'no aspect', visit: 'an aspect that only visits (the floor)', guard: 'ReplacementGuard', nag: 'cdk-nag AwsSolutionsChecks (2.x, Aspect)' };
  for (const mode of MODES) {
    const r = m[mode];
    console.log(`| ${names[mode]} | ${(r.wall / 1000).toFixed(2)} s | ${(r.wall / m.none.wall).toFixed(3)}x | ${(r.cpu / 1000).toFixed(2)} s | ${(r.cpu / m.none.cpu).toFixed(3)}x |`);
  }
}

console.log('ReplacementGuard synth overhead, 50 stacks x 200 resources');
const off = measure(false, samplesOff);
print('CDK_VALIDATION=false (template validator off)', off, samplesOff);
const on = measure(true, samplesOn);
print('CDK_VALIDATION=true (template validator on)', on, samplesOn);
const wall = off.guard.wall / off.none.wall;
const cpu = off.guard.cpu / off.none.cpu;
console.log(`\nTarget: guard <= 1.05x with the validator off: wall ${wall.toFixed(3)}x, CPU ${cpu.toFixed(3)}x: ${Math.min(wall, cpu) <= 1.05 ? 'met' : 'MISSED'}`);
