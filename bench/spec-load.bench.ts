/**
 * What does replacement knowledge cost a synth? Loads our generated table (src/spec) and the
 * full spec database (@aws-cdk/aws-service-spec) in fresh Node processes, alternating, and
 * prints the median time and retained heap of each, and their ratio.
 *
 *   npx ts-node --transpile-only bench/spec-load.bench.ts [runs]
 *
 * src/spec is transpiled to plain JavaScript first (into bench/.out/, git-ignored) so that the
 * child processes measure what users of the compiled library load, not ts-node.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

const ROOT = path.join(__dirname, '..');
const OUT = path.join(__dirname, '.out', 'spec-load');
const RUNS = Number(process.argv[2] ?? 7);
const MB = 1024 * 1024;

/** One measured variant; `load` is the body of a child process function returning a value to keep alive. */
interface Variant {
  readonly label: string;
  readonly load: string;
}

const VARIANTS: readonly Variant[] = [
  { label: 'our table: first lookupResourceType()', load: `const s = require(${JSON.stringify(path.join(OUT, 'replacement-spec.js'))}); return s.lookupResourceType('AWS::S3::Bucket');` },
  { label: 'our table: every type parsed (worst case)', load: `const s = require(${JSON.stringify(path.join(OUT, 'replacement-spec.js'))}); return s.resourceTypesWithNames();` },
  { label: 'full spec: loadAwsServiceSpecSync()', load: "return require('@aws-cdk/aws-service-spec').loadAwsServiceSpecSync();" },
];

/** Child process body: retained heap is measured after a forced GC, with the result kept alive. */
const CHILD = (load: string) => `
global.gc();
const { heapUsed: heapBefore, rss: rssBefore } = process.memoryUsage();
const start = process.hrtime.bigint();
const kept = (() => { ${load} })();
const ms = Number(process.hrtime.bigint() - start) / 1e6;
global.gc();
const { heapUsed, rss } = process.memoryUsage();
console.log(JSON.stringify({ ms, heapBytes: heapUsed - heapBefore, rssBytes: rss - rssBefore, kept: kept !== undefined }));
`;

interface Sample {
  readonly ms: number;
  /** heapUsed delta after a forced GC: what stays allocated on the JS heap. */
  readonly heapBytes: number;
  /** Resident set growth, for context (includes buffers outside the JS heap). */
  readonly rssBytes: number;
}

function transpileSpec(): void {
  fs.mkdirSync(OUT, { recursive: true });
  for (const file of fs.readdirSync(path.join(ROOT, 'src', 'spec')).filter((f) => f.endsWith('.ts'))) {
    const source = fs.readFileSync(path.join(ROOT, 'src', 'spec', file), 'utf-8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    fs.writeFileSync(path.join(OUT, file.replace(/\.ts$/, '.js')), outputText);
  }
}

function measure(variant: Variant): Sample {
  const result = spawnSync(process.execPath, ['--expose-gc', '-e', CHILD(variant.load)], { cwd: ROOT, encoding: 'utf-8' });
  if (result.status !== 0) {
    throw new Error(`${variant.label} failed: ${result.stderr}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').pop()!);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function main(): void {
  transpileSpec();
  const samples = new Map<Variant, Sample[]>(VARIANTS.map((v) => [v, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const variant of VARIANTS) {
      samples.get(variant)!.push(measure(variant));
    }
  }

  const rows = VARIANTS.map((variant) => ({
    label: variant.label,
    ms: median(samples.get(variant)!.map((s) => s.ms)),
    mb: median(samples.get(variant)!.map((s) => s.heapBytes)) / MB,
    rssMb: median(samples.get(variant)!.map((s) => s.rssBytes)) / MB,
  }));
  console.log(`Loading replacement knowledge (Node ${process.version}, ${RUNS} alternating runs, medians, fresh process each)`);
  for (const row of rows) {
    console.log(`  ${row.label.padEnd(44)} ${row.ms.toFixed(1).padStart(8)} ms ${row.mb.toFixed(2).padStart(8)} MB heap ${row.rssMb.toFixed(1).padStart(8)} MB RSS`);
  }
  const [ours, , full] = rows;
  console.log(`  full spec / our table: ${(full.ms / ours.ms).toFixed(0)}x the time, ${(full.mb / ours.mb).toFixed(0)}x the heap`);
  console.log(`  budget (under 20 ms, under 10 MB): ${ours.ms < 20 && ours.mb < 10 ? 'met' : 'NOT met'}`);
}

main();
