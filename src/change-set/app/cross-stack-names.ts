/**
 * Names moved between stacks: a named resource removed from one stack and added, with the
 * same identity, to another stack of the app (or to another nested stack of the same stack).
 * Without a stack refactor CloudFormation creates the new one while the old one still holds
 * the name, unless the old one is gone by then:
 * - the new stack is deployed first (the manifest's order): its creation fails, the name is
 *   taken (Certain);
 * - the old stack is deployed first: its update deletes the old resource in its cleanup, so the
 *   name is free, unless the old one is kept (`DeletionPolicy` `Retain` or
 *   `RetainExceptOnDelete`: Certain), its deletion may fail (a bucket with objects: Possible), or
 *   no dependency fixes the order (deployed one at a time or with `--concurrency`, the new stack
 *   may go first: Possible);
 * - the old stack is no longer in the app: `cdk deploy` does not delete it, so it keeps the name
 *   (Certain);
 * - within one stack, between its nested stacks: the whole update creates before its cleanup
 *   deletes, as for a rename (Certain).
 * The refactor plan (`--refactor-plan`) is the way out: a stack refactor moves the resource
 * without replacing it.
 */
import { DeploymentOrder } from './deployment-order';
import { partitionOf } from '../../template/partition';
import { Failure, NameIdentity, PredictedStack } from '../model';
import { SpecLookup } from '../replacement-spec-lookup';

/** A stack of the app as the check reads it. */
export interface NamedStack {
  readonly name: string;
  readonly predicted: PredictedStack;
  readonly account?: string;
  readonly region?: string;
}

/** Where a resource is. */
export interface ResourceSite {
  readonly stack: string;
  readonly nestedStackPath?: string;
  readonly logicalId: string;
}

/** A failure on an added resource. */
export interface MoveVerdict {
  readonly site: ResourceSite;
  readonly failure: Failure;
}

interface Named extends ResourceSite {
  readonly resourceType: string;
  readonly identity: NameIdentity;
  readonly scoped: string;
  readonly deletionFailsUnlessEmpty: boolean;
}

const KEPT_POLICIES = ['Retain', 'RetainExceptOnDelete'];

/** The failures of names moved between stacks. */
export function crossStackNames(stacks: readonly NamedStack[], order: DeploymentOrder, spec: SpecLookup): MoveVerdict[] {
  const added: Named[] = [];
  const removedByKey = new Map<string, Named[]>();
  for (const stack of stacks) {
    collect(stack, stack.predicted, undefined, spec, (named, action) => {
      if (action === 'Add') added.push(named);
      else removedByKey.set(named.scoped, [...removedByKey.get(named.scoped) ?? [], named]);
    });
  }
  const verdicts: MoveVerdict[] = [];
  for (const add of added) {
    const elsewhere = (removed: Named) => removed.stack !== add.stack || removed.nestedStackPath !== add.nestedStackPath;
    const old = (removedByKey.get(add.scoped) ?? []).find(elsewhere);
    if (old === undefined) continue;
    const failure = verdict(add, old, order);
    if (failure !== undefined) verdicts.push({ site: siteOf(add), failure });
  }
  return verdicts;
}

function verdict(add: Named, old: Named, order: DeploymentOrder): Failure | undefined {
  const what = `${add.identity.names} is still held by ${old.logicalId} in ${label(old)}`;
  const way = 'a stack refactor moves it without replacing it (--refactor-plan writes one)';
  const unknown = add.identity.existenceUnknown === true || old.identity.existenceUnknown === true;
  const certain = (reason: string): Failure => (unknown
    ? { certainty: 'Possible', reason: `${reason}; whether this happens depends on a Condition whose value is not known offline` }
    : { certainty: 'Certain', reason });
  if (old.stack === add.stack) {
    return certain(`${what}, which this update removes: CloudFormation deletes it only in the cleanup after the whole update of ${add.stack}, nested stacks included, so ${add.logicalId} cannot take the name; ${way}`);
  }
  if (!order.names.includes(old.stack)) {
    return certain(`${what}, a stack the app no longer has: cdk deploy does not delete it, so the name stays taken and ${add.stack} cannot create ${add.logicalId}; ${way}`);
  }
  if (order.before(add.stack, old.stack)) {
    return certain(`${what}, which is deployed after ${add.stack}: ${add.stack} creates ${add.logicalId} first, and the name is taken; ${way}`);
  }
  const policy = old.identity.deletionPolicy;
  if (policy !== undefined && KEPT_POLICIES.includes(policy)) {
    return certain(`${what}, whose DeletionPolicy ${policy} keeps it when ${old.stack} removes it (deployed first), so the name stays taken and ${add.stack} cannot create ${add.logicalId}; ${way}`);
  }
  if (old.deletionFailsUnlessEmpty) {
    return { certainty: 'Possible', reason: `${what}: ${old.stack} is deployed first and deletes it, but a ${old.resourceType} that holds data cannot be deleted; then the name stays taken and ${add.stack} cannot create ${add.logicalId}; ${way}` };
  }
  if (!order.fixedBefore(old.stack, add.stack)) {
    return { certainty: 'Possible', reason: `${what}: in the manifest's order ${old.stack} is deployed first and frees the name, but no dependency fixes that order; deployed one at a time or with --concurrency, ${add.stack} may go first, and then the name is taken; ${way}` };
  }
  return undefined;
}

function collect(
  stack: NamedStack, predicted: PredictedStack, nestedStackPath: string | undefined, spec: SpecLookup,
  found: (named: Named, action: 'Add' | 'Remove') => void,
): void {
  for (const change of predicted.changes) {
    if (change.identity !== undefined && change.action !== 'Modify') {
      found({
        stack: stack.name,
        ...(nestedStackPath === undefined ? {} : { nestedStackPath }),
        logicalId: change.logicalId,
        resourceType: change.resourceType,
        identity: change.identity,
        scoped: `${scopeOf(stack, spec.nameScope(change.resourceType))}\u0000${change.identity.key}`,
        deletionFailsUnlessEmpty: change.data?.deletionFailsUnlessEmpty === true,
      }, change.action);
    }
    if (change.nested !== undefined) collect(stack, change.nested, nestedStackPath === undefined ? change.logicalId : `${nestedStackPath}/${change.logicalId}`, spec, found);
  }
}

/** The scope a name is unique in, for this stack: its partition, account, or account and Region (unknown ones alike). */
function scopeOf(stack: NamedStack, scope: 'partition' | 'account' | 'region'): string {
  const region = stack.region ?? 'unknown-region';
  const account = stack.account ?? 'unknown-account';
  if (scope === 'partition') return partitionOf(stack.region).name;
  return scope === 'account' ? account : `${account}/${region}`;
}

function label(site: Named): string {
  return site.nestedStackPath === undefined ? `stack ${site.stack}` : `stack ${site.stack} (nested stack ${site.nestedStackPath})`;
}

function siteOf(named: Named): ResourceSite {
  const { stack, nestedStackPath, logicalId } = named;
  return { stack, ...(nestedStackPath === undefined ? {} : { nestedStackPath }), logicalId };
}
