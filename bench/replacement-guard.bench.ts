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
 * Run: npx ts-node --transpile-only bench/replacement-guard.bench.ts [samples-off] [samples-on] [--instructions]
 *
 * Wall and CPU times on a shared 2-core machine move by ±10% from run to run, more than the
 * guard costs. `--instructions` adds a deterministic figure: instruction counts under
 * valgrind's callgrind (10 stacks x 200 resources, ~12 minutes), with a construct-only run
 * subtracted so the ratio is of the synthesis alone.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import * as path from 'node:path';

const APP = path.join(__dirname, '.out', 'guard-synth-app.js');
execFileSync(path.join(__dirname, '..', 'node_modules', '.bin', 'esbuild'), [
  path.join(__dirname, 'guard-synth-app.ts'), '--bundle', '--platform=node', '--target=node20', '--packages=external', `--outfile=${APP}`, '--log-level=warning',
]);

const MODES = ['none', 'visit', 'guard', 'nag'] as const;
const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const samplesOff = Number(numbers[0] ?? 5);
const samplesOn = Number(numbers[1] ?? 3);
const withInstructions = process.argv.includes('--instructions');

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
if (withInstructions) {
  const count = (mode: string): number => {
    const out = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded', APP, mode], {
      env: { ...process.env, CDK_VALIDATION: 'false', BENCH_STACKS: '10' },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const match = /Collected : (\d+)/.exec(out.stderr);
    if (!match) throw new Error(`callgrind (${mode}) gave no count: ${out.stderr.slice(-500)}`);
    return Number(match[1]);
  };
  const build = count('build');
  const synthOf = (mode: string) => count(mode) - build;
  const none = synthOf('none');
  console.log('\nInstructions spent in synthesis (callgrind, 10 stacks x 200 resources, validator off):');
  for (const mode of ['visit', 'guard'] as const) {
    console.log(`- ${mode === 'visit' ? 'an aspect that only visits' : 'ReplacementGuard'}: ${(synthOf(mode) / none).toFixed(3)}x of no aspect`);
  }
}

const wall = off.guard.wall / off.none.wall;
const cpu = off.guard.cpu / off.none.cpu;
console.log(`\nTarget: guard <= 1.05x with the validator off: wall ${wall.toFixed(3)}x, CPU ${cpu.toFixed(3)}x: ${Math.max(wall, cpu) <= 1.05 ? 'met' : 'MISSED'}`);
// The floor: what CDK itself costs to visit every node for any aspect, measured in the same run.
const floorWall = off.visit.wall / off.none.wall;
const floorCpu = off.visit.cpu / off.none.cpu;
console.log(`Floor (an aspect that only visits): wall ${floorWall.toFixed(3)}x, CPU ${floorCpu.toFixed(3)}x; the guard over the floor: wall ${(wall / floorWall).toFixed(3)}x, CPU ${(cpu / floorCpu).toFixed(3)}x`);
