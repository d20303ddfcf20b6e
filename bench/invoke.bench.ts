/**
 * Wall time of `cdk-lifecycle invoke` on the example app: the lifecycle of MySeleniumTest with
 * new properties that change `region` (Create, Update that replaces, Delete of the old id,
 * Delete), as the README runs it.
 *
 * - the command as users run it (`node lib/cli/main.js`, compiled by `npx projen compile`),
 *   with warm containers (the default) and with `--cold`, runs alternating;
 * - the same play in-process through `cdk-lifecycle/testing` (no Node start of the command).
 *
 * Needs `npm run example` (examples/cdk.out) first; `npx projen bench:invoke` does both.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LocalCloudFormation } from '../src/testing';

const ROOT = path.join(__dirname, '..');
const ASSEMBLY = path.join(ROOT, 'examples', 'cdk.out');
const CLI = path.join(ROOT, 'lib', 'cli', 'main.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function describe(label: string, values: number[]): string {
  return `${label.padEnd(44)} median ${median(values).toFixed(0).padStart(5)} ms   min ${Math.min(...values).toFixed(0).padStart(5)} ms   max ${Math.max(...values).toFixed(0).padStart(5)} ms   (${values.length} runs)`;
}

function runCli(properties: string, extra: string[]): number {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [CLI, 'invoke', ASSEMBLY, '--stack', 'LifecycleExample', '--resource', 'MySeleniumTest', '--request', 'lifecycle', '--properties', properties, ...extra], { encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0 || !result.stdout.includes('Result: 4 requests, 4 succeeded, 0 failed, 0 protocol violations')) {
    throw new Error(`the lifecycle run failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return ms;
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(ASSEMBLY, 'manifest.json'))) throw new Error('examples/cdk.out is missing: run `npm run example` first');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-bench-'));
  const properties = path.join(tmp, 'region.json');
  fs.writeFileSync(properties, JSON.stringify({ region: 'us-east-1' }));
  console.log(`cdk-lifecycle invoke on the example app (lifecycle with a replacement), Node ${process.version}, ${os.cpus().length} CPUs`);

  if (fs.existsSync(CLI)) {
    const warm: number[] = [];
    const cold: number[] = [];
    runCli(properties, []);
    for (let run = 0; run < RUNS; run++) {
      warm.push(runCli(properties, []));
      cold.push(runCli(properties, ['--cold']));
    }
    console.log(describe('command, warm containers (default)', warm));
    console.log(describe('command, --cold (a process per invocation)', cold));
    console.log(`cold / warm: ${(median(cold) / median(warm)).toFixed(2)}x`);
  } else {
    console.log('command: skipped, lib/cli/main.js is missing (run `npx projen compile`)');
  }

  const inProcess: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = process.hrtime.bigint();
    const cfn = await LocalCloudFormation.open(ASSEMBLY);
    try {
      const play = await cfn.lifecycle({ stack: 'LifecycleExample', resource: 'MySeleniumTest', properties: { region: 'us-east-1' } });
      if (play.steps.length !== 4 || play.steps.some((step) => step.status !== 'SUCCESS')) throw new Error('the in-process lifecycle failed');
    } finally {
      await cfn.close();
    }
    if (run > 0) inProcess.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  console.log(describe('cdk-lifecycle/testing, open + lifecycle + close', inProcess));
  fs.rmSync(tmp, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
