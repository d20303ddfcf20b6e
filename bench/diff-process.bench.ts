/**
 * `cdk-lifecycle diff --json` as a whole process, as CI runs it, against
 * `@aws-cdk/cloudformation-diff`'s `fullDiff` in its own process (a script that reads the two
 * files, parses them, loads the module and calls `fullDiff`), and Node's own start (`node -e 0`,
 * the floor no command goes below), alternating in one run, on two 5,000-resource pairs:
 *
 * - the change-set bench's pair (`generatePair`, about 3% of resources changed: what a pull
 *   request of a large app looks like);
 * - the review bench's pair in which every resource changes (5,001 changes: additions,
 *   removals, in-place updates, replacements, named replacements and their propagation).
 *
 * Each is the wall time of the whole process (start, module loading, reading, prediction,
 * output), median of several runs. The CLI run is the compiled `lib/cli/main.js`, what the
 * package's `cdk-lifecycle` bin runs: compile first (`npx projen compile`).
 *
 *   npx ts-node --transpile-only bench/diff-process.bench.ts
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generatePair } from '../test/change-set/template-generator';
import { everyKindOfChange } from '../test/review/helpers';

const ROOT = path.join(__dirname, '..');
const CLI = path.join(ROOT, 'lib', 'cli', 'main.js');
const RUNS = { floor: 9, cli: 9, fullDiff: 3 };

/** The peer: fullDiff in a process of its own, given the same two files. */
const FULL_DIFF_SCRIPT = `
  const fs = require('fs');
  const [before, after] = process.argv.slice(1).map((file) => JSON.parse(fs.readFileSync(file, 'utf-8')));
  const { fullDiff } = require(${JSON.stringify(require.resolve('@aws-cdk/cloudformation-diff'))});
  process.stdout.write(fullDiff(before, after).resources.differenceCount + ' differences\\n');`;

/** The wall time of one process, in milliseconds; throws when it does not end as expected. */
function run(args: readonly string[], expectedStatus: readonly number[]): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { encoding: 'utf-8', maxBuffer: 64 * 1024 * 1024 });
  const wall = performance.now() - started;
  if (child.status === null || !expectedStatus.includes(child.status)) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  return wall;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const ms = (value: number) => `${value.toFixed(0).padStart(6)} ms`;

function main(): void {
  if (!fs.existsSync(CLI) || fs.statSync(CLI).mtimeMs < fs.statSync(path.join(ROOT, 'src', 'cli', 'main.ts')).mtimeMs) {
    throw new Error(`${path.relative(ROOT, CLI)} is missing or older than src/cli/main.ts: run npx projen compile first`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-diff-process-'));
  const standard = generatePair(5000, { resources: 5000, mutations: 150 });
  const pairs = [
    { name: '5,000 resources, ~3% changed (change-set bench)', before: standard.before, after: standard.after },
    { name: '5,000 resources, every one changed (review bench, 5,001 changes)', ...everyKindOfChange(5000) },
  ];
  console.log(`Whole-process diff: cdk-lifecycle diff --json vs @aws-cdk/cloudformation-diff fullDiff in its own process (Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`);
  try {
    for (const [index, pair] of pairs.entries()) {
      const before = path.join(dir, `before-${index}.json`);
      const after = path.join(dir, `after-${index}.json`);
      fs.writeFileSync(before, JSON.stringify(pair.before));
      fs.writeFileSync(after, JSON.stringify(pair.after));
      const times = { floor: [] as number[], cli: [] as number[], fullDiff: [] as number[] };
      // Alternating, so that a change in the machine's load falls on all three alike.
      for (let round = 0; round < Math.max(RUNS.floor, RUNS.cli, RUNS.fullDiff); round++) {
        if (round < RUNS.floor) times.floor.push(run(['-e', '0'], [0]));
        // Exit 1: the all-changed pair has certain failures (named replacements), which --json reports with exit 1.
        if (round < RUNS.cli) times.cli.push(run([CLI, 'diff', '--json', before, after], [0, 1]));
        if (round < RUNS.fullDiff) times.fullDiff.push(run(['-e', FULL_DIFF_SCRIPT, before, after], [0]));
      }
      const [floor, cli, fullDiff] = [median(times.floor), median(times.cli), median(times.fullDiff)];
      console.log([
        `\n${pair.name}: ${(fs.statSync(before).size / 1024).toFixed(0)} KB before, ${(fs.statSync(after).size / 1024).toFixed(0)} KB after`,
        `  node -e 0 (floor)        ${ms(floor)}  (median of ${RUNS.floor})`,
        `  cdk-lifecycle diff --json ${ms(cli)}  (median of ${RUNS.cli}; ${ms(cli - floor).trim()} above the floor)`,
        `  fullDiff process         ${ms(fullDiff)}  (median of ${RUNS.fullDiff})`,
        `  ratio                    ${(fullDiff / cli).toFixed(1)}x  (above the floor: ${((fullDiff - floor) / (cli - floor)).toFixed(1)}x)`,
      ].join('\n'));
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main();
