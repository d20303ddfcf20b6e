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

const MODES = ['none', 'guard', 'nag'] as const;
const samplesOff = Number(process.argv[2] ?? 5);
const samplesOn = Number(process.argv[3] ?? 3);

function sample(mode: string, validation: boolean): number {
  const out = spawnSync(process.execPath, [APP, mode], {
    env: { ...process.env, CDK_VALIDATION: validation ? 'true' : 'false' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (out.status !== 0) throw new Error(`synth (${mode}) failed: ${out.stderr.slice(-2000)}`);
  const line = out.stdout.trim().split('\n').filter((l) => l.startsWith('{')).pop()!;
  return JSON.parse(line).ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(validation: boolean, samples: number): Record<string, number> {
  const times: Record<string, number[]> = { none: [], guard: [], nag: [] };
  for (let i = 0; i < samples; i++) {
    for (const mode of MODES) times[mode].push(sample(mode, validation));
  }
  return Object.fromEntries(MODES.map((m) => [m, median(times[m])]));
}

function print(label: string, m: Record<string, number>, samples: number): void {
  console.log(`\n${label} (median of ${samples}, alternating):`);
  console.log('| configuration | synth time | ratio to no aspect |');
  console.log('|---|---:|---:|');
  console.log(`| no aspect | ${(m.none / 1000).toFixed(2)} s | 1.00x |`);
  console.log(`| ReplacementGuard | ${(m.guard / 1000).toFixed(2)} s | ${(m.guard / m.none).toFixed(3)}x |`);
  console.log(`| cdk-nag AwsSolutionsChecks (2.x, Aspect) | ${(m.nag / 1000).toFixed(2)} s | ${(m.nag / m.none).toFixed(3)}x |`);
}

console.log('ReplacementGuard synth overhead, 50 stacks x 200 resources');
const off = measure(false, samplesOff);
print('CDK_VALIDATION=false (template validator off)', off, samplesOff);
const on = measure(true, samplesOn);
print('CDK_VALIDATION=true (template validator on)', on, samplesOn);
const ratio = off.guard / off.none;
console.log(`\nTarget: guard <= 1.05x with the validator off: ${ratio <= 1.05 ? 'met' : 'MISSED'} (${ratio.toFixed(3)}x)`);
