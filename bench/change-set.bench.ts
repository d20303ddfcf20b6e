/**
 * Change-set prediction against `@aws-cdk/cloudformation-diff`'s `fullDiff` (what `cdk diff`
 * uses), on the same generated template pairs of 150, 750, 1,500 and 5,000 resources
 * (references between resources through many intrinsics, ~3% of resources mutated: in-place
 * updates, replacements, renames, additions and removals).
 *
 * One run:
 * 1. the first call, cold, on the 5,000-resource pair: fresh Node processes (alternating)
 *    that load the tool and call it once; the engine then loads its replacement table, and
 *    fullDiff the CloudFormation spec. Medians of several processes.
 * 2. warm calls at every size, alternating the tools, reported as medians with ratios; the
 *    engine also with `includePropertyValues` (the `--property-values` description: every
 *    detail's values and every change's contexts rendered).
 *
 * src/change-set and src/spec are transpiled to plain JavaScript first (into bench/.out/,
 * git-ignored), so both measure what users of the compiled library run, not ts-node.
 *
 *   npx ts-node --transpile-only bench/change-set.bench.ts
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fullDiff } from '@aws-cdk/cloudformation-diff';
import * as ts from 'typescript';
import type * as Engine from '../src/change-set';
import { generatePair, TemplatePair } from '../test/change-set/template-generator';

const ROOT = path.join(__dirname, '..');
const OUT = path.join(__dirname, '.out', 'change-set');
const SIZES = [150, 750, 1500, 5000];
const WARM_REPETITIONS: Record<number, number> = { 150: 21, 750: 11, 1500: 7, 5000: 5 };
const COLD_RUNS = { engine: 9, fullDiff: 3 };

/** Transpiles the engine and the spec table it reads, keeping their relative layout. */
function transpileEngine(): string {
  fs.rmSync(path.join(OUT, 'src'), { recursive: true, force: true });
  for (const folder of ['change-set', 'change-set/app', 'change-set/refactor', 'spec', 'template']) {
    const source = path.join(ROOT, 'src', folder);
    const target = path.join(OUT, 'src', folder);
    fs.mkdirSync(target, { recursive: true });
    for (const file of fs.readdirSync(source).filter((name) => name.endsWith('.ts'))) {
      const { outputText } = ts.transpileModule(fs.readFileSync(path.join(source, file), 'utf-8'), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
      });
      fs.writeFileSync(path.join(target, file.replace(/\.ts$/, '.js')), outputText);
    }
  }
  return path.join(OUT, 'src', 'change-set', 'index.js');
}

/** One cold first call in a fresh process (load the module, call it once): wall and CPU milliseconds. */
function coldCall(pairFile: string, load: string, call: string): { wall: number; cpu: number } {
  const script = `
    const pair = JSON.parse(require('fs').readFileSync(${JSON.stringify(pairFile)}, 'utf-8'));
    const cpu = process.cpuUsage();
    const start = process.hrtime.bigint();
    const tool = require(${JSON.stringify(load)});
    ${call};
    const wall = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }));`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf-8' });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout.trim());
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const ms = (value: number) => `${(value >= 100 ? value.toFixed(0) : value.toFixed(1)).padStart(7)} ms`;

function main(): void {
  const enginePath = transpileEngine();
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { ChangeSetPredictor } = require(enginePath) as typeof Engine;
  const mutationsFor = (size: number) => Math.max(5, Math.round(size * 0.03));
  const pairs = new Map<number, TemplatePair>(SIZES.map((size) => [size, generatePair(size, { resources: size, mutations: mutationsFor(size) })]));

  const largest = path.join(OUT, 'pair-5000.json');
  fs.writeFileSync(largest, JSON.stringify(pairs.get(5000)));
  const diffModule = require.resolve('@aws-cdk/cloudformation-diff');
  const cold = { engine: [] as Array<{ wall: number; cpu: number }>, fullDiff: [] as Array<{ wall: number; cpu: number }> };
  const loadBefore = os.loadavg()[0];
  for (let run = 0; run < COLD_RUNS.engine; run++) {
    cold.engine.push(coldCall(largest, enginePath, 'tool.ChangeSetPredictor.predict(pair.before, pair.after)'));
    if (run < COLD_RUNS.fullDiff) cold.fullDiff.push(coldCall(largest, diffModule, 'tool.fullDiff(pair.before, pair.after)'));
  }

  const rows: string[] = [];
  for (const size of SIZES) {
    const pair = pairs.get(size)!;
    const engine: number[] = [];
    const values: number[] = [];
    const diff: number[] = [];
    const measureEngine = () => engine.push(time(() => ChangeSetPredictor.predict(pair.before, pair.after).toJson()));
    const withValues = { includePropertyValues: true };
    const measureValues = () => values.push(time(() => ChangeSetPredictor.predict(pair.before, pair.after, withValues).toJson()));
    const measureDiff = () => diff.push(time(() => fullDiff(pair.before, pair.after)));
    for (let repetition = 0; repetition < WARM_REPETITIONS[size]; repetition++) {
      // Alternate which tool goes first, so neither always runs right after the other's garbage.
      if (repetition % 2 === 0) { measureEngine(); measureValues(); measureDiff(); } else { measureDiff(); measureValues(); measureEngine(); }
    }
    const changes = ChangeSetPredictor.predict(pair.before, pair.after).changes;
    const replaced = changes.filter((change) => change.replacement === 'True' || change.replacement === 'Conditional').length;
    rows.push([
      String(size).padStart(6), String(changes.length).padStart(8), String(replaced).padStart(9),
      ms(median(engine)), (median(engine) * 1000 / size).toFixed(1).padStart(12), ms(median(values)), ms(median(diff)), `${(median(diff) / median(engine)).toFixed(1)}x`.padStart(8),
      `${(median(diff) / median(values)).toFixed(1)}x`.padStart(8),
    ].join(' '));
  }

  process.stdout.write([
    'Change-set prediction vs @aws-cdk/cloudformation-diff fullDiff: the same template pairs, one run',
    '',
    `Machine load average (1 min): ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end, on ${os.cpus().length} cores`,
    '',
    `First call, cold process, 5,000 resources (median of ${COLD_RUNS.engine} / ${COLD_RUNS.fullDiff} processes; wall, and CPU time):`,
    `  engine   ${ms(median(cold.engine.map((c) => c.wall)))}  ${ms(median(cold.engine.map((c) => c.cpu)))} CPU  (module load + replacement table + prediction)`,
    `  fullDiff ${ms(median(cold.fullDiff.map((c) => c.wall)))}  ${ms(median(cold.fullDiff.map((c) => c.cpu)))} CPU  (module load + CloudFormation spec + diff)`,
    `  ratio    ${(median(cold.fullDiff.map((c) => c.wall)) / median(cold.engine.map((c) => c.wall))).toFixed(1)}x`,
    '',
    `Warm calls (medians of ${SIZES.map((size) => WARM_REPETITIONS[size]).join(' / ')} alternating repetitions):`,
    '  size  changes  replaced     engine  µs/resource    --property-values    fullDiff    ratio  ratio (values)',
    ...rows,
    '',
  ].join('\n'));
}

main();
