/**
 * The Node.js runtimes a provider function can run on, and the esbuild target of each.
 */
import * as lambda from 'aws-cdk-lib/aws-lambda';

/** The oldest Node.js major the runtime bundle is built for (`bundle:runtime`'s `--target=node22`). */
export const OLDEST_NODE_MAJOR = 22;

/**
 * Node.js runtimes Lambda has deprecated, with the date (AWS Lambda Developer Guide, "Lambda
 * runtimes", deprecated runtimes): Lambda no longer creates functions on them. Older ones are
 * below the runtime bundle's target anyway.
 */
const DEPRECATED: Readonly<Record<string, string>> = {
  'nodejs20.x': '2026-04-30',
  'nodejs18.x': '2025-09-01',
  'nodejs16.x': '2024-06-12',
  'nodejs14.x': '2023-12-04',
};

/** The problem with `runtime` for a provider function, or undefined when it can run there. */
export function runtimeProblem(runtime: lambda.Runtime): string | undefined {
  const major = nodeMajor(runtime);
  if (runtime.family !== lambda.RuntimeFamily.NODEJS || major === undefined) {
    return `must be a Node.js runtime (the provider's runtime is JavaScript), got ${JSON.stringify(runtime.name)}`;
  }
  if (major >= OLDEST_NODE_MAJOR) return undefined;
  const deprecated = DEPRECATED[runtime.name];
  const why = deprecated === undefined
    ? `the provider's runtime is built for Node.js ${OLDEST_NODE_MAJOR}`
    : `Lambda deprecated ${runtime.name} on ${deprecated} and no longer creates functions on it`;
  return `must be nodejs${OLDEST_NODE_MAJOR}.x or later, got ${JSON.stringify(runtime.name)}: ${why}`;
}

/** The esbuild target for an entry bundled for `runtime` (`node22` for `nodejs22.x`). */
export function esbuildTarget(runtime: lambda.Runtime): string {
  return `node${nodeMajor(runtime) ?? OLDEST_NODE_MAJOR}`;
}

function nodeMajor(runtime: lambda.Runtime): number | undefined {
  const match = /^nodejs(\d+)\.x$/.exec(runtime.name);
  return match ? Number(match[1]) : undefined;
}
