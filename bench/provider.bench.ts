/**
 * Benchmark: what one provider costs, next to aws-cdk-lib's two providers, in one run.
 *
 * - runtime code size (bytes of handler code shipped in the function)
 * - cold require time (fresh Node.js process per sample, alternating, median of 15)
 * - whether any AWS SDK client is loaded at require time
 * - resources and Lambda functions one provider adds to a stack
 *
 * Run: npx projen bench (or npx ts-node --transpile-only bench/provider.bench.ts)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, CustomResourceProvider, CustomResourceProviderRuntime, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as cr from 'aws-cdk-lib/custom-resources';
import { ResourceProvider } from '../src';

const ROOT = path.join(__dirname, '..');
const CDK_LIB = path.dirname(require.resolve('aws-cdk-lib/package.json'));
const SAMPLES = 15;

interface Peer {
  readonly name: string;
  /** The file Lambda requires first. */
  readonly entry: string;
  /** Every file of handler code shipped. */
  readonly files: string[];
  /** Adds one working provider to a stack, including the user's handler function if it needs one. */
  readonly addProvider: (stack: Stack) => void;
}

const frameworkDir = path.join(CDK_LIB, 'custom-resources', 'lib', 'provider-framework', 'runtime');
const entrypointFile = path.join(CDK_LIB, 'custom-resource-handlers', 'dist', 'core', 'nodejs-entrypoint-handler', 'index.js');
const ourRuntime = path.join(ROOT, 'assets', 'runtime', 'index.js');

const peers: Peer[] = [
  {
    name: 'cdk-lifecycle ResourceProvider',
    entry: ourRuntime,
    files: [ourRuntime],
    addProvider: (stack) => new ResourceProvider(stack, 'P', { code: lambda.Code.fromAsset(path.join(ROOT, 'examples', 'handlers', 'selenium')), handler: 'index.onEvent' }),
  },
  {
    name: 'aws-cdk-lib custom_resources.Provider',
    entry: path.join(frameworkDir, 'framework.js'),
    files: fs.readdirSync(frameworkDir).filter((f) => f.endsWith('.js')).map((f) => path.join(frameworkDir, f)),
    addProvider: (stack) => new cr.Provider(stack, 'P', {
      // custom_resources.Provider needs the user's handler as a function of its own.
      onEventHandler: new lambda.Function(stack, 'UserHandler', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.onEvent', code: lambda.Code.fromInline('exports.onEvent = async () => ({})') }),
    }),
  },
  {
    name: 'aws-cdk-lib core CustomResourceProvider',
    entry: entrypointFile,
    files: [entrypointFile],
    addProvider: (stack) => CustomResourceProvider.getOrCreateProvider(stack, 'Custom::P', {
      codeDirectory: path.join(ROOT, 'examples', 'handlers', 'selenium'),
      runtime: CustomResourceProviderRuntime.NODEJS_22_X,
    }),
  },
];

/** Requires `file` in a fresh process; returns ms and whether an AWS SDK module got loaded. */
function coldRequire(file: string): { ms: number; sdkLoaded: boolean } {
  const script = `
    const t = process.hrtime.bigint();
    require(${JSON.stringify(file)});
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const sdkLoaded = Object.keys(require.cache).some((k) => k.includes('@aws-sdk'));
    console.log(JSON.stringify({ ms, sdkLoaded }));`;
  // Lambda's Node.js runtime provides the AWS SDK; here it comes from node_modules.
  const out = spawnSync(process.execPath, ['-e', script], { env: { ...process.env, NODE_PATH: path.join(ROOT, 'node_modules') }, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`requiring ${file} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim());
}

/** Resources and functions in a stack holding one working provider (its handler included). */
function resourcesAdded(peer: Peer): { resources: number; functions: number } {
  const count = (withProvider: boolean) => {
    const stack = new Stack(new App(), 'Bench');
    if (withProvider) peer.addProvider(stack);
    const resources = Object.values<any>(stack.resolve((stack as any)._toCloudFormation()).Resources ?? {});
    return { resources: resources.length, functions: resources.filter((r) => r.Type === 'AWS::Lambda::Function' || r.Type === 'AWS::Serverless::Function').length };
  };
  const base = count(false);
  const withOne = count(true);
  return { resources: withOne.resources - base.resources, functions: withOne.functions - base.functions };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main(): void {
  if (!fs.existsSync(ourRuntime)) throw new Error(`${ourRuntime} is missing: run npx projen bundle:runtime`);
  const times = new Map<string, number[]>(peers.map((p) => [p.name, []]));
  const sdk = new Map<string, boolean>();
  for (let i = 0; i < SAMPLES; i++) {
    for (const peer of peers) {
      const sample = coldRequire(peer.entry);
      times.get(peer.name)!.push(sample.ms);
      sdk.set(peer.name, sample.sdkLoaded);
    }
  }
  const rows = peers.map((peer) => ({
    name: peer.name,
    bytes: peer.files.reduce((sum, f) => sum + fs.statSync(f).size, 0),
    requireMs: median(times.get(peer.name)!),
    sdkLoaded: sdk.get(peer.name)!,
    ...resourcesAdded(peer),
  }));
  const ours = rows[0];
  console.log(`Provider benchmark (cold require: median of ${SAMPLES} fresh processes, alternating)`);
  console.log('| provider | handler code | cold require | SDK loaded at require | resources added | functions added |');
  console.log('|---|---:|---:|---|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${(r.bytes / 1024).toFixed(1)} KB | ${r.requireMs.toFixed(1)} ms | ${r.sdkLoaded ? 'yes' : 'no'} | ${r.resources} | ${r.functions} |`);
  }
  console.log('\nRatios (cdk-lifecycle / peer):');
  for (const r of rows.slice(1)) {
    console.log(`- vs ${r.name}: size ${(ours.bytes / r.bytes).toFixed(2)}x, cold require ${(ours.requireMs / r.requireMs).toFixed(2)}x, resources ${ours.resources}/${r.resources}`);
  }
  const targets = [
    ['runtime code <= 20 KB', ours.bytes <= 20 * 1024],
    ['cold require <= 10 ms', ours.requireMs <= 10],
    ['no AWS SDK loaded at require', !ours.sdkLoaded],
    ['<= 5 resources per provider', ours.resources <= 5],
    ['1 function per provider', ours.functions === 1],
  ] as const;
  console.log('\nTargets:');
  for (const [name, ok] of targets) console.log(`- ${ok ? 'met' : 'MISSED'}: ${name}`);
}

main();
