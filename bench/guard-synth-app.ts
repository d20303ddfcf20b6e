/**
 * The app bench/replacement-guard.bench.ts synthesizes: 50 stacks x 200 resources (buckets,
 * queues, topics, roles and log groups; one in NAMED_EVERY named, 10 by default), with nothing, the
 * ReplacementGuard, or cdk-nag's AwsSolutionsChecks applied. Prints the synth time in ms.
 *
 * Run: npx ts-node --transpile-only bench/guard-synth-app.ts none|visit|guard|nag|build
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Aspects, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ReplacementGuard } from '../src';

const STACKS = Number(process.env.BENCH_STACKS ?? 50);
const RESOURCES = Number(process.env.BENCH_RESOURCES ?? 200);
const NAMED_EVERY = Number(process.env.BENCH_NAMED_EVERY ?? 10);
const mode = process.argv[2] ?? 'none';

const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-'));
const app = new App({ outdir });
for (let s = 0; s < STACKS; s++) {
  const stack = new Stack(app, `Stack${s}`);
  for (let r = 0; r < RESOURCES; r++) {
    const named = r % NAMED_EVERY === 0;
    const name = `s${s}-r${r}-named`;
    switch (r % 5) {
      case 0: new s3.Bucket(stack, `Bucket${r}`, { bucketName: named ? name : undefined }); break;
      case 1: new sqs.Queue(stack, `Queue${r}`, { queueName: named ? name : undefined }); break;
      case 2: new sns.Topic(stack, `Topic${r}`, { topicName: named ? name : undefined }); break;
      case 3: new iam.Role(stack, `Role${r}`, { roleName: named ? name : undefined, assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') }); break;
      default: new logs.LogGroup(stack, `Logs${r}`, { logGroupName: named ? `/bench/${name}` : undefined }); break;
    }
  }
}
if (mode === 'guard') Aspects.of(app).add(new ReplacementGuard());
// An aspect that only visits: the floor any aspect pays.
if (mode === 'visit') Aspects.of(app).add({ visit: () => undefined });
if (mode === 'nag') Aspects.of(app).add(new AwsSolutionsChecks());

const started = process.hrtime.bigint();
const cpuStarted = process.cpuUsage();
// mode 'build' constructs the app without synthesizing it (to separate construction from synthesis).
if (mode !== 'build') app.synth();
const cpu = process.cpuUsage(cpuStarted);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
fs.rmSync(outdir, { recursive: true, force: true });
// CPU time (user + system) is steadier than wall time on a shared machine.
console.log(JSON.stringify({ mode, ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
