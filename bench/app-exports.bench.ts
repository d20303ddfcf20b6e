/**
 * The whole `cdk-lifecycle diff` of a large app against the target (under 2 s): two
 * cloud assemblies of 50 stacks, 500 exports and 500 imports between them (each stack exports
 * 10 values and imports 10 of the stacks before it, with the manifest dependencies CDK writes),
 * and between the two sides exports removed while in use, exported resources replaced, and
 * named resources moved between stacks. The command runs in-process, as a user runs it,
 * reading both folders, predicting the app, planning the refactor and rendering the report.
 * It reports the median of several runs, and the share the app's prediction takes.
 *
 *   npx ts-node --transpile-only bench/app-exports.bench.ts
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { main } from '../src/cli/main';

const STACKS = 50;
const EXPORTS_PER_STACK = 10;
const RUNS = 7;
const TARGET_MS = 2000;

interface Side {
  /** Stacks whose first exported queue is replaced (a new name). */
  readonly replaced: ReadonlySet<number>;
  /** Stacks whose last export is removed while the next stack imports it. */
  readonly removed: ReadonlySet<number>;
  /** Stacks whose named bucket moves to the next stack. */
  readonly moved: ReadonlySet<number>;
}

function stackName(index: number): string {
  return `App-Stack${String(index).padStart(2, '0')}`;
}

/** One stack's template: queues it exports, a named bucket, and functions importing the exports of earlier stacks. */
function template(index: number, side: Side): Record<string, unknown> {
  const resources: Record<string, unknown> = {};
  const outputs: Record<string, unknown> = {};
  for (let e = 0; e < EXPORTS_PER_STACK; e++) {
    const replaced = e === 0 && side.replaced.has(index);
    resources[`Queue${e}`] = { Type: 'AWS::SQS::Queue', Properties: { QueueName: `q-${index}-${e}${replaced ? '-v2' : ''}`, VisibilityTimeout: 30 } };
    if (e === EXPORTS_PER_STACK - 1 && side.removed.has(index)) continue;
    outputs[`ExportsOutputRefQueue${e}`] = { Value: { Ref: `Queue${e}` }, Export: { Name: `${stackName(index)}:ExportsOutputRefQueue${e}` } };
  }
  const holdsBucket = (side.moved.has(index - 1) ? [index - 1] : []).concat(side.moved.has(index) ? [] : [index]);
  for (const owner of holdsBucket) resources[`Archive${owner}`] = { Type: 'AWS::S3::Bucket', Properties: { BucketName: `archive-${owner}` }, DeletionPolicy: 'Retain' };
  for (let i = 0; i < EXPORTS_PER_STACK && index > 0; i++) {
    const from = (index - 1 - (i % Math.min(index, 5)) + STACKS) % STACKS;
    resources[`Fn${i}`] = {
      Type: 'AWS::Lambda::Function',
      Properties: { Role: 'arn:aws:iam::123456789012:role/r', Code: { ZipFile: 'x' }, Environment: { Variables: { Q: { 'Fn::ImportValue': `${stackName(from)}:ExportsOutputRefQueue${i}` } } } },
    };
  }
  return { Resources: resources, Outputs: outputs };
}

function writeAssembly(dir: string, side: Side): void {
  fs.mkdirSync(dir, { recursive: true });
  const artifacts: Record<string, unknown> = {};
  for (let index = 0; index < STACKS; index++) {
    const name = stackName(index);
    fs.writeFileSync(path.join(dir, `${name}.template.json`), JSON.stringify(template(index, side)));
    const dependsOn = index === 0 ? [] : [...new Set(Array.from({ length: Math.min(index, 5) }, (_, k) => stackName(index - 1 - k)))];
    artifacts[name] = {
      type: 'aws:cloudformation:stack',
      environment: 'aws://123456789012/eu-west-1',
      properties: { templateFile: `${name}.template.json`, stackName: name },
      dependencies: dependsOn,
    };
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version: '48.0.0', artifacts }));
}

async function timeDiff(argv: string[]): Promise<{ ms: number; code: number; out: string }> {
  let out = '';
  const started = performance.now();
  const io = { stdout: (text: string) => { out += text; }, stderr: () => {}, isTTY: false, stderrIsTTY: false, env: {}, cwd: process.cwd() };
  const code = await main(argv, io);
  return { ms: performance.now() - started, code, out };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function run(): Promise<void> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'app-exports-bench-'));
  const none: Side = { replaced: new Set(), removed: new Set(), moved: new Set() };
  const indexes = Array.from({ length: STACKS - 1 }, (_, i) => i);
  const every = (step: number, offset: number) => new Set(indexes.filter((i) => i % step === offset));
  const changed: Side = { replaced: every(10, 1), removed: every(10, 3), moved: every(5, 2) };
  writeAssembly(path.join(tmp, 'before'), none);
  writeAssembly(path.join(tmp, 'after'), changed);
  const before = path.join(tmp, 'before');
  const after = path.join(tmp, 'after');

  const text: number[] = [];
  const json: number[] = [];
  let last = { ms: 0, code: 0, out: '' };
  for (let i = 0; i < RUNS; i++) {
    text.push((await timeDiff(['diff', before, after, '--refactor-plan', path.join(tmp, 'plan.json')])).ms);
    last = await timeDiff(['diff', '--json', before, after]);
    json.push(last.ms);
  }
  type StackJson = { Changes: Array<{ ResourceChange: { Failure?: unknown } }>; Outputs?: Array<{ Failure?: unknown }> };
  const parsed = JSON.parse(last.out) as Record<string, StackJson>;
  const failures = Object.values(parsed).reduce((sum, stack) => sum
    + stack.Changes.filter((change) => change.ResourceChange.Failure !== undefined).length
    + (stack.Outputs ?? []).filter((output) => output.Failure !== undefined).length, 0);

  console.log(`cdk-lifecycle diff of an app: ${STACKS} stacks, ${STACKS * EXPORTS_PER_STACK} exports, ${(STACKS - 1) * EXPORTS_PER_STACK} imports, one run`);
  console.log(`Machine load average (1 min): ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`);
  console.log(`  changes: ${changed.replaced.size} exported queues replaced, ${changed.removed.size} exports removed in use, ${changed.moved.size} named buckets moved`);
  console.log(`  failures predicted: ${failures} (exit code ${last.code})`);
  console.log(`  text report + refactor plan: median ${median(text).toFixed(0)} ms of ${RUNS} (target < ${TARGET_MS} ms: ${median(text) < TARGET_MS ? 'met' : 'NOT met'})`);
  console.log(`  --json:                      median ${median(json).toFixed(0)} ms of ${RUNS} (target < ${TARGET_MS} ms: ${median(json) < TARGET_MS ? 'met' : 'NOT met'})`);
  fs.rmSync(tmp, { recursive: true, force: true });
}

void run();
