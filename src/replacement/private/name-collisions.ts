/**
 * The guard's check across the app: two resources that would hold the same unique name in
 * the same scope. One of the two deployments fails (or, in one stack, the stack does), and
 * nothing else reports it before deploying.
 *
 * A name is compared by its value at synth time: a literal, a name CDK generates, or an
 * intrinsic whose value is known from the stack (its name, account, Region, partition and
 * URL suffix, where the stack's environment is explicit). Two names collide when the type,
 * the name, the parents it is unique under (`FunctionName` of an alias: parents that are
 * not known strings must be the same expression in the same stack) and the scope are the
 * same:
 * - scope `partition` (a bucket name): the same partition (from the Region; `aws` when no
 *   Region is given): an error;
 * - scope `account` (IAM): the same explicit account: an error; an unknown account: a warning;
 * - scope `region`: the same explicit account and Region: an error; an unknown one: a warning.
 * Resources of one stack share its environment, known or not: an error.
 */
import { CfnResource, Stack, Token } from 'aws-cdk-lib';
import { GuardErrors } from './guard-errors';
import { logicalIdOf } from './logical-id';
import { readCfnProperty } from './read-property';
import { ResourceKnowledge } from './replacement-knowledge';
import { canonicalText } from '../../change-set/json';
import { TemplateEvaluator } from '../../change-set/template-evaluator';
import { NameScope } from '../../spec/replacement-spec';
import { partitionOf as sharedPartitionOf } from '../../template/partition';
import { FindingId } from '../finding-ids';

/** What makes a name unique, as far as synth time knows it. */
interface NameHolder {
  readonly resource: CfnResource;
  readonly stack: Stack;
  /** Type, names and parents: equal keys hold the same name under the same parents. */
  readonly key: string;
  readonly names: string;
  readonly scope: NameScope;
  /** Partition, account and Region of the stack; undefined where not known at synth time. */
  readonly partition: string;
  readonly account?: string;
  readonly region?: string;
}

/** Collects the named resources of one app (or Stage) and reports the names they share. */
export class NameCollisions {
  private readonly candidates: Array<{ readonly resource: CfnResource; readonly knowledge: ResourceKnowledge }> = [];
  private readonly seen = new WeakSet<CfnResource>();

  /** @param errors where the findings go (and the errors are remembered for the app's synthesis) */
  public constructor(private readonly errors: GuardErrors) {}

  /** Remembers a named resource; its names are read when the check runs (after CDK fills in generated names). */
  public consider(resource: CfnResource, knowledge: ResourceKnowledge): void {
    // A synthesis may visit the tree again (an assertion synthesizes once per call): one entry per resource.
    if (this.seen.has(resource)) return;
    this.seen.add(resource);
    this.candidates.push({ resource, knowledge });
  }

  /** Adds a finding on each resource that shares a unique name with another one. */
  public check(): void {
    const byKey = new Map<string, NameHolder[]>();
    for (const { resource, knowledge } of this.candidates) {
      const holder = holderOf(resource, knowledge);
      if (holder === undefined) continue;
      const group = byKey.get(holder.key);
      if (group === undefined) byKey.set(holder.key, [holder]);
      else group.push(holder);
    }
    for (const group of byKey.values()) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) report(this.errors, group[i], group[j]);
      }
    }
  }
}

function report(errors: GuardErrors, a: NameHolder, b: NameHolder): void {
  const same = sameScope(a, b);
  if (same === false) return;
  for (const [holder, other] of [[a, b], [b, a]] as const) {
    const where = other.stack === holder.stack ? 'in the same stack' : `in stack ${other.stack.stackName}`;
    const what = `${holder.resource.cfnResourceType} ${logicalIdOf(holder.stack, holder.resource)} has the name ${holder.names}, as ${other.resource.node.path} ${where} does`;
    if (same === true) {
      errors.add(holder.resource, 'error', FindingId.NAME_COLLISION,
        `${what}: such names are unique ${SCOPE_TEXT[holder.scope]}, so one of the two deployments will fail. Give one of them another name.`);
    } else {
      errors.add(holder.resource, 'warning', FindingId.NAME_MAY_COLLIDE,
        `${what}: such names are unique ${SCOPE_TEXT[holder.scope]}, and the ${holder.scope === 'account' ? 'account' : 'account or Region'} of ${unknownStacks(holder, other)} is not known at synth time: if both deploy there, one of them fails. Give one of them another name, or set the stacks' env.`);
    }
  }
}

/** Where names of each scope are unique, in words. */
export const SCOPE_TEXT: Readonly<Record<NameScope, string>> = {
  partition: 'across all accounts of the partition',
  account: 'in an account, across its Regions',
  region: 'in an account and Region',
};

/** What `sameScope` compares: the stack a name is in (any value that is equal for one stack) and its environment. */
export type ScopedName = Pick<NameHolder, 'scope' | 'partition' | 'account' | 'region'> & { readonly stack: unknown };

/** True: certainly the same scope; false: certainly not; undefined: not known at synth time. */
export function sameScope(a: ScopedName, b: ScopedName): boolean | undefined {
  if (a.stack === b.stack) return true;
  if (a.scope === 'partition') return a.partition === b.partition;
  const parts = a.scope === 'account' ? ['account'] as const : ['account', 'region'] as const;
  let unknown = false;
  for (const part of parts) {
    if (a[part] === undefined || b[part] === undefined) unknown = true;
    else if (a[part] !== b[part]) return false;
  }
  return unknown ? undefined : true;
}

function unknownStacks(a: NameHolder, b: NameHolder): string {
  const unknown = [a, b].filter((holder) => holder.account === undefined || (holder.scope === 'region' && holder.region === undefined));
  return [...new Set(unknown.map((holder) => `stack ${holder.stack.stackName}`))].join(' and ');
}

/** The holder of a resource's names, or undefined when no name is set or a name is unknown at synth time. */
function holderOf(resource: CfnResource, knowledge: ResourceKnowledge): NameHolder | undefined {
  const stack = Stack.of(resource);
  const top = topLevel(stack);
  const env = {
    account: known(top.account),
    region: known(top.region),
  };
  const evaluator = new TemplateEvaluator({ conditions: {}, mappings: {}, listParameters: new Set() }, pseudoParameters(top, stack, env));
  const names: string[] = [];
  for (const property of knowledge.nameProperties) {
    const value = valueOf(resource, stack, property);
    if (value === undefined) continue;
    const evaluated = evaluator.value(value);
    if (!evaluated.known || typeof evaluated.value !== 'string') return undefined;
    names.push(`${property} ${JSON.stringify(evaluated.value)}`);
  }
  if (names.length === 0) return undefined;
  const parents = knowledge.nameQualifiers.map((property) => {
    const value = valueOf(resource, stack, property);
    if (value === undefined) return '(absent)';
    const evaluated = evaluator.value(value);
    // A parent not known as a string (a reference to another resource) is the same parent
    // only as the same expression in the same stack.
    return evaluated.known ? canonicalText(evaluated.value) : `${stack.node.path}\u0000${canonicalText(value)}`;
  });
  return {
    resource,
    stack,
    key: [resource.cfnResourceType, ...names, ...parents].join('\u0000'),
    names: names.join(', '),
    scope: knowledge.nameScope,
    partition: partitionOf(env.region),
    ...env,
  };
}

/** A property's value as the template will have it, resolved; undefined when absent. */
function valueOf(resource: CfnResource, stack: Stack, property: string): unknown {
  const read = readCfnProperty(resource, property);
  if (read.kind === 'absent') return undefined;
  if (read.kind === 'literal' && typeof read.value === 'string') return read.value;
  try {
    return stack.resolve(read.value);
  } catch {
    return undefined;
  }
}

function pseudoParameters(top: Stack, stack: Stack, env: { account?: string; region?: string }): Map<string, string> {
  const values = new Map<string, string>();
  const stackName = known(stack.stackName);
  if (stackName !== undefined && stack === top) values.set('AWS::StackName', stackName);
  if (env.account !== undefined) values.set('AWS::AccountId', env.account);
  if (env.region !== undefined) {
    values.set('AWS::Region', env.region);
    values.set('AWS::Partition', partitionOf(env.region));
    values.set('AWS::URLSuffix', env.region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');
  }
  return values;
}

function topLevel(stack: Stack): Stack {
  let current = stack;
  while (current.nestedStackParent !== undefined) current = current.nestedStackParent;
  return current;
}

function known(value: string): string | undefined {
  return Token.isUnresolved(value) ? undefined : value;
}

/** The partition of a Region; `aws` when the Region is not known (most deployments). */
export function partitionOf(region: string | undefined): string {
  return sharedPartitionOf(region).name;
}
