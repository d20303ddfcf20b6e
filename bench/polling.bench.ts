/**
 * Benchmark: what polling costs, next to aws-cdk-lib's `custom_resources.Provider` with its
 * waiter, in one run.
 *
 * - resources one provider adds to a stack, counted in the synthesized templates (the user's
 *   handler functions included), without and with isComplete
 * - the runtime asset each one ships
 * - the AWS cost of 100 resources each polled for 30 minutes, from the providers' own settings
 *   (memory, timeout, polling schedule, read from the synthesized templates and the runtime's
 *   schedule arithmetic) and list prices (us-east-1, x86, printed below)
 *
 * Run: npx ts-node --transpile-only bench/polling.bench.ts (also part of npx projen bench)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cr from 'aws-cdk-lib/custom-resources';
import { ResourceProvider } from '../src';
import type { PollingSchedule } from '../src/runtime/contract';
import { handOnReserve } from '../src/runtime/polling/invocation-time';
import { waitBefore } from '../src/runtime/polling/poll-schedule';

const ROOT = path.join(__dirname, '..');
const ENTRY = path.join(ROOT, 'test', 'fixtures', 'handlers', 'long-running', 'handler.ts');
const RESOURCES = 100;
const WAIT_S = 30 * 60;

/** List prices, us-east-1, x86 (AWS pricing pages, 2026). */
const PRICE = {
  lambdaRequest: 0.20 / 1e6,
  lambdaGbSecond: 0.0000166667,
  stepFunctionsTransition: 0.025 / 1000,
  /** An Advanced-tier parameter, per month (730 h), billed by the hour it exists. */
  ssmAdvancedParameterMonth: 0.05,
  /** API interactions with Advanced-tier parameters. */
  ssmAdvancedApiCall: 0.05 / 10_000,
};

interface Template { readonly Resources: Record<string, { Type: string; Properties?: any }> }

// CDK's template validator would warn about the empty stack the counts start from.
process.env.CDK_VALIDATION = 'false';

function synth(build: (stack: Stack) => void): Template {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  const stack = new Stack(app, 'Bench');
  build(stack);
  const template = app.synth().getStackByName('Bench').template;
  return { Resources: template.Resources ?? {} };
}

function userFunction(stack: Stack, id: string, handler: string): lambda.Function {
  return new lambda.Function(stack, id, {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: `index.${handler}`,
    code: lambda.Code.fromInline(`exports.${handler} = async () => ({ IsComplete: true })`),
  });
}

const providers: Record<string, (stack: Stack) => void> = {
  'cdk-lifecycle ResourceProvider': (stack) => new ResourceProvider(stack, 'P', { entry: ENTRY }),
  'cdk-lifecycle ResourceProvider + isComplete': (stack) => new ResourceProvider(stack, 'P', { entry: ENTRY, isCompleteHandler: 'isComplete' }),
  'aws-cdk-lib Provider': (stack) => new cr.Provider(stack, 'P', { onEventHandler: userFunction(stack, 'OnEvent', 'onEvent') }),
  'aws-cdk-lib Provider + isComplete (waiter)': (stack) => new cr.Provider(stack, 'P', {
    onEventHandler: userFunction(stack, 'OnEvent', 'onEvent'),
    isCompleteHandler: userFunction(stack, 'IsComplete', 'isComplete'),
    // Its defaults, spelled out: a fixed 5 s interval, 30 minutes in all.
    queryInterval: Duration.seconds(5),
    totalTimeout: Duration.minutes(30),
  }),
};

function counts(template: Template): { resources: number; byType: Map<string, number> } {
  const byType = new Map<string, number>();
  for (const r of Object.values(template.Resources)) byType.set(r.Type, (byType.get(r.Type) ?? 0) + 1);
  return { resources: Object.keys(template.Resources).length, byType };
}

/** isComplete calls a wait of `waitMs` makes with `schedule` (the last one finds the work done). */
function callsIn(waitMs: number, schedule: PollingSchedule): number {
  let at = 0;
  let calls = 0;
  while (at < waitMs) {
    at += waitBefore(calls, schedule);
    calls++;
  }
  return calls;
}

/** Our provider: the invocation that polls stays up (sleeping) between calls, at the function's memory. */
function ourCost(template: Template): { dollars: number; breakdown: string } {
  const fn = Object.values(template.Resources).find((r) => r.Type === 'AWS::Lambda::Function')!;
  const memoryGb = fn.Properties.MemorySize / 1024;
  const timeoutMs = fn.Properties.Timeout * 1000;
  const schedule = JSON.parse(fn.Properties.Environment.Variables.CDK_LIFECYCLE_POLLING) as PollingSchedule;
  const perInvocationMs = timeoutMs - handOnReserve(timeoutMs);
  const invocations = Math.ceil((WAIT_S * 1000) / perInvocationMs);
  const hops = invocations - 1;
  const calls = callsIn(WAIT_S * 1000, schedule);
  // Each hop: a claim and a read; the first hand-off keeps the wait; the answer deletes it all.
  const ssmCalls = hops > 0 ? 1 + 2 * hops + Math.ceil((1 + hops) / 10) : 0;
  // The kept wait exists for the whole wait, each hop's claim (Advanced too, for its expiration
  // policy) from its hop to the end: on average half the wait.
  const parameterHours = hops > 0 ? (WAIT_S / 3600) * (1 + hops / 2) : 0;
  const lambdaDollars = RESOURCES * (invocations * PRICE.lambdaRequest + WAIT_S * memoryGb * PRICE.lambdaGbSecond);
  const ssmDollars = RESOURCES * (ssmCalls * PRICE.ssmAdvancedApiCall + (parameterHours / 730) * PRICE.ssmAdvancedParameterMonth);
  return {
    dollars: lambdaDollars + ssmDollars,
    breakdown: `${calls} isComplete calls in ${invocations} invocations of ${fn.Properties.Timeout} s at ${fn.Properties.MemorySize} MB per resource;`
      + ` Lambda $${lambdaDollars.toFixed(3)}, SSM $${ssmDollars.toFixed(4)}`,
  };
}

/**
 * aws-cdk-lib's waiter: each poll is a retry of the state machine's task (a state transition)
 * that invokes the framework's isComplete function, which invokes the user's. Durations are
 * assumptions (printed): 150 ms for the framework function, 50 ms for the user's.
 */
function providerCost(template: Template): { dollars: number; breakdown: string } {
  const machine = Object.values(template.Resources).find((r) => r.Type === 'AWS::StepFunctions::StateMachine')!;
  const definition = JSON.stringify(machine.Properties.DefinitionString);
  const found = /\\"IntervalSeconds\\":(\d+)/.exec(definition);
  if (!found) throw new Error('the waiter state machine has no IntervalSeconds: aws-cdk-lib changed its Provider; update this bench');
  const interval = Number(found[1]);
  const polls = Math.ceil(WAIT_S / interval);
  const transitions = polls + 2;
  const memoryGb = (Number(Object.values(template.Resources).find((r) => r.Type === 'AWS::Lambda::Function')!.Properties.MemorySize ?? 128)) / 1024;
  const lambdaDollars = RESOURCES * polls * (2 * PRICE.lambdaRequest + (0.150 + 0.050) * memoryGb * PRICE.lambdaGbSecond);
  const sfnDollars = RESOURCES * transitions * PRICE.stepFunctionsTransition;
  return {
    dollars: lambdaDollars + sfnDollars,
    breakdown: `${polls} polls every ${interval} s, ${transitions} state transitions and ${2 * polls} invocations per resource;`
      + ` Step Functions $${sfnDollars.toFixed(3)}, Lambda $${lambdaDollars.toFixed(3)} (assumed 150 ms + 50 ms per poll at ${memoryGb * 1024} MB)`,
  };
}

function main(): void {
  const templates = Object.fromEntries(Object.entries(providers).map(([name, build]) => [name, synth(build)]));
  const empty = counts(synth(() => undefined)).resources;
  console.log('Polling benchmark: resources one provider adds (its handler functions included)');
  console.log('| provider | resources added | of which for polling | types |');
  console.log('|---|---:|---:|---|');
  const added: Record<string, number> = {};
  for (const [name, template] of Object.entries(templates)) {
    const c = counts(template);
    added[name] = c.resources - empty;
    const base = name.endsWith(')') || name.endsWith('isComplete') ? added[name.replace(/ \+ isComplete.*$/, '')] : undefined;
    const types = [...c.byType].sort().map(([type, n]) => `${type.replace(/^AWS::/, '')} ×${n}`).join(', ');
    console.log(`| ${name} | ${added[name]} | ${base === undefined ? '' : added[name] - base} | ${types} |`);
  }
  const runtime = fs.statSync(path.join(ROOT, 'assets', 'runtime', 'index.js')).size;
  const pollingRuntime = fs.statSync(path.join(ROOT, 'assets', 'runtime-polling', 'index.js')).size;
  console.log(`\nRuntime asset: ${runtime} B without polling, ${pollingRuntime} B with (shipped only by polling providers)`);

  const ours = ourCost(templates['cdk-lifecycle ResourceProvider + isComplete']);
  const theirs = providerCost(templates['aws-cdk-lib Provider + isComplete (waiter)']);
  console.log(`\nAWS cost of ${RESOURCES} resources, each polled for ${WAIT_S / 60} minutes (list prices, us-east-1):`);
  console.log(`- cdk-lifecycle: $${ours.dollars.toFixed(2)} (${ours.breakdown})`);
  console.log(`- aws-cdk-lib Provider waiter: $${theirs.dollars.toFixed(2)} (${theirs.breakdown})`);
  console.log(`\nRatios (cdk-lifecycle / aws-cdk-lib): resources for polling ${added['cdk-lifecycle ResourceProvider + isComplete'] - added['cdk-lifecycle ResourceProvider']}`
    + `/${added['aws-cdk-lib Provider + isComplete (waiter)'] - added['aws-cdk-lib Provider']}, resources in all`
    + ` ${added['cdk-lifecycle ResourceProvider + isComplete']}/${added['aws-cdk-lib Provider + isComplete (waiter)']}, cost ${(ours.dollars / theirs.dollars).toFixed(2)}x`);
}

main();
