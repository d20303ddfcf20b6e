/**
 * Reads the stacks of an app from CloudFormation, as `cdk diff` reaches them: each stack in
 * its environment (an environment-agnostic stack in the default Region and the credentials'
 * account), with its lookup role when the manifest declares one and it can be assumed, else
 * its deployment role, else the current credentials (with a note), as `cdk diff` falls back.
 * Stacks are read in parallel, their calls a bounded number at a time; then the exports of
 * each account and Region.
 */
import { isAccessDenied, reasonOf } from './aws-errors';
import { Access, AwsSession, CallerIdentity } from './aws-session';
import { readExports } from './read-exports';
import { readStack, StackToRead } from './read-stack';
import { RetryBudgetOptions } from './retry-budget';
import { ResolvedEnvironment, SnapshotRead, StackRead } from './snapshot-read';
import { DeclaredRole, resolvePlaceholders, StackArtifacts } from './stack-artifacts';
import { CliError } from '../cli-error';
import { AssemblyStack } from '../input/read-assembly';
import { Warnings } from '../input/read-template';

/** How to read. */
export interface ReadDeployedOptions {
  /** `--profile`. */
  readonly profile?: string;
  /** The environment variables (`AWS_REGION`, `AWS_DEFAULT_REGION`, `AWS_PROFILE` for messages). */
  readonly env: { readonly [name: string]: string | undefined };
  /** Where notes go: a role that could not be assumed. */
  readonly notes: string[];
  /** Where warnings of reading templates go. */
  readonly warnings: Warnings;
  /** Called after each stack is read. */
  readonly progress?: (done: number, total: number) => void;
  /** The retry budget. @default - two minutes */
  readonly retry?: RetryBudgetOptions;
  /** How many calls at once. @default 8 */
  readonly concurrency?: number;
}

/** The manifest version written when the app's manifest has none. */
const FALLBACK_MANIFEST_VERSION = '36.0.0';

/**
 * Reads the stacks.
 *
 * @throws CliError when there are no credentials, the Region cannot be determined, a stack's
 *   account cannot be reached, or a call fails (access denied, throttled beyond the budget)
 */
export async function readDeployed(stacks: readonly AssemblyStack[], options: ReadDeployedOptions): Promise<SnapshotRead> {
  const takenAt = new Date().toISOString();
  const session = new AwsSession({ env: options.env, ...optional(options) });
  try {
    const artifacts = new StackArtifacts();
    const defaultRegion = await session.defaultRegion();
    const agnostic = stacks.find((stack) => stack.region === undefined);
    if (agnostic !== undefined && defaultRegion === undefined) throw regionError(agnostic, options);
    const identity = await session.callerIdentity(defaultRegion ?? stacks[0].region!);

    const accesses = new Map<string, Promise<Access>>();
    const toRead = await Promise.all(stacks.map(async (stack): Promise<StackToRead> => {
      const environment = { account: stack.account ?? identity.account, region: stack.region ?? defaultRegion! };
      const roles = artifacts.declared(stack);
      const key = [environment.account, environment.region, ...roles.map((role) => role.arn)].join(' ');
      if (!accesses.has(key)) accesses.set(key, accessFor(environment, roles, identity, session, options.notes));
      return { stack, stackName: artifacts.stackName(stack), environment, access: await accesses.get(key)! };
    }));

    let done = 0;
    const reads = await Promise.all(toRead.map(async (item) => {
      const read = await readStack(item, session, options.warnings);
      options.progress?.(++done, toRead.length);
      return read;
    }));
    const exports = await Promise.all(scopesOf(reads, toRead).map((scope) => readExports(scope, session)));
    return { takenAt, stacks: reads, exports: exports.flat(), manifestVersion: artifacts.manifestVersion(stacks[0]) ?? FALLBACK_MANIFEST_VERSION };
  } finally {
    session.close();
  }
}

function optional(options: ReadDeployedOptions): { profile?: string; retry?: RetryBudgetOptions; concurrency?: number } {
  return {
    ...(options.profile === undefined ? {} : { profile: options.profile }),
    ...(options.retry === undefined ? {} : { retry: options.retry }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
  };
}

/**
 * The credentials for an environment: the first declared role that can be assumed, else the
 * current credentials when they are for that account.
 *
 * @throws CliError when no role can be assumed and the current credentials are for another account
 */
async function accessFor(
  environment: ResolvedEnvironment, roles: readonly DeclaredRole[], identity: CallerIdentity, session: AwsSession, notes: string[],
): Promise<Access> {
  const failures: string[] = [];
  const tried = () => `could not assume ${failures.join(' or ')} with the current credentials (${identity.arn})`;
  for (const role of roles) {
    const arn = resolvePlaceholders(role.arn, { ...environment, partition: identity.partition });
    const assumed = await session.assumeRole(arn, environment.region, role);
    if (!('error' in assumed)) {
      if (failures.length > 0) notes.push(`${tried()}: reading account ${environment.account}, ${environment.region} with the ${role.kind} ${arn}, as cdk diff does`);
      return assumed;
    }
    failures.push(`the ${role.kind} ${arn} (${isAccessDenied(assumed.error) ? 'access denied' : reasonOf(assumed.error)})`);
  }
  if (identity.account !== environment.account) {
    throw new CliError(
      `cannot read the stacks of account ${environment.account} (${environment.region}): the current credentials (${identity.arn}) are for account ${identity.account}${failures.length > 0 ? `, and cdk-lifecycle ${tried()}` : ''}`,
      'use credentials for that account (--profile), or allow them to assume the stack\'s lookup role (cdk bootstrap --trust)',
    );
  }
  if (failures.length > 0) notes.push(`${tried()}: reading account ${environment.account}, ${environment.region} with the current credentials, as cdk diff does`);
  return session.baseAccess(identity);
}

/** One scope per account and Region: the access of its first stack, and every stack id read there. */
function scopesOf(reads: readonly StackRead[], toRead: readonly StackToRead[]) {
  const scopes = new Map<string, { environment: ResolvedEnvironment; access: Access; stackIds: Set<string> }>();
  reads.forEach((read, index) => {
    const key = `${read.environment.account} ${read.environment.region}`;
    const scope = scopes.get(key) ?? { environment: read.environment, access: toRead[index].access, stackIds: new Set<string>() };
    if (read.deployed.stackId !== undefined) scope.stackIds.add(read.deployed.stackId);
    for (const nested of read.nested.values()) scope.stackIds.add(nested.stackId);
    scopes.set(key, scope);
  });
  return [...scopes.values()].filter((scope) => scope.stackIds.size > 0);
}

function regionError(stack: AssemblyStack, options: ReadDeployedOptions): CliError {
  const profile = options.profile ?? options.env.AWS_PROFILE ?? 'default';
  const path = stack.displayName === stack.name ? '' : ` (${stack.displayName})`;
  return new CliError(
    `cannot tell which Region to read stack ${stack.name}${path} from: it is environment-agnostic and no default Region is set (tried AWS_REGION, AWS_DEFAULT_REGION and the region of profile "${profile}" in the shared config file)`,
    'set AWS_REGION, add a region to the profile, or give the stack an env (account and Region) in the app',
  );
}
