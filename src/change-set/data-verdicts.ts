/**
 * The engine's data verdicts: what happens to the data of every removed or replaced resource
 * of a data-bearing type (`src/spec/data-spec`), from the policy CloudFormation applies.
 *
 * - A removed resource is deleted as its `DeletionPolicy` says, read from the deployed
 *   template (the new one no longer has the resource): `Delete` unless set, except
 *   `Snapshot` for an RDS cluster and an RDS instance outside a cluster.
 * - A replaced resource's old physical resource is handled as its `UpdateReplacePolicy`
 *   says (the DeletionPolicy does not apply to replacements), read from the new template,
 *   the one CloudFormation applies: `Delete` unless set.
 * - `Retain` and `RetainExceptOnCreate` keep the resource and its data outside the stack;
 *   `Snapshot` snapshots it first, where the type supports snapshots.
 *
 * A conditional replacement, or a resource whose existence rests on an unknown condition,
 * gives a Possible verdict; a policy that is not a plain string (`Fn::If` under the language
 * extensions) gives the fate Unknown.
 *
 * A custom resource (`Custom::*`, `AWS::CloudFormation::CustomResource`) that is removed (a
 * rename is a removal too) or certainly replaced gets a verdict as well: with the `Delete`
 * policy CloudFormation sends Delete to its provider for the old physical id, and what that
 * deletes is up to the handler (a reported one dropped a Glue database the renamed resource
 * still used): fate Unknown, `providerDelete`; `Retain` sends no Delete. A conditional
 * replacement gets none: an undeclared custom resource is Conditional on every change, and
 * whether its provider answers a new physical id is its own.
 */
import { isCustomResourceType } from './custom-resources';
import { DataFate, DataVerdict, PredictedResource, PredictedStack } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { dataBearingType, DataBearingFacts } from '../spec/data-spec';

/** The stack's changes, each removed or replaced data-bearing resource with its data verdict. */
export function withDataVerdicts(stack: PredictedStack, before: NormalizedTemplate, after: NormalizedTemplate): PredictedStack {
  let changes: PredictedResource[] | undefined;
  stack.changes.forEach((change, index) => {
    const verdict = dataVerdictOf(change, before, after);
    if (verdict === undefined) return;
    changes ??= [...stack.changes];
    changes[index] = { ...change, data: verdict };
  });
  return changes === undefined ? stack : { ...stack, changes };
}

function dataVerdictOf(change: PredictedResource, before: NormalizedTemplate, after: NormalizedTemplate): DataVerdict | undefined {
  const removal = change.action === 'Remove';
  const replacement = change.action === 'Modify' && (change.replacement === 'True' || change.replacement === 'Conditional');
  if (!removal && !replacement) return undefined;
  const resource = (removal ? before : after).resources.get(change.logicalId);
  // A changed type is rejected by CloudFormation ("Update of resource type is not permitted"): nothing is deleted.
  if (resource === undefined || (!removal && before.resources.get(change.logicalId)?.type !== resource.type)) return undefined;
  if (isCustomResourceType(resource.type)) {
    const renamedTo = change.rename?.direction === 'To' ? change.rename.logicalId : undefined;
    return removal || change.replacement === 'True' ? providerDeleteVerdict(resource, removal ? 'Removal' : 'Replacement', false, renamedTo) : undefined;
  }
  return dataVerdictFor(resource, removal ? 'Removal' : 'Replacement', !removal && change.replacement === 'Conditional');
}

/**
 * What a removal or a replacement does to the data of `resource` (the deployed definition
 * for a removal, the new one for a replacement); undefined when its type holds no data. A
 * custom resource's is whether its provider's Delete runs.
 */
export function dataVerdictFor(resource: NormalizedResource, trigger: DataVerdict['trigger'], conditional: boolean = false): DataVerdict | undefined {
  if (isCustomResourceType(resource.type)) return providerDeleteVerdict(resource, trigger, conditional, undefined);
  const removal = trigger === 'Removal';
  const facts = dataBearingType(resource.type);
  if (facts === undefined) return undefined;
  if (facts.noDataIf !== undefined && resource.properties[facts.noDataIf] !== undefined) return undefined;

  const attribute = removal ? 'DeletionPolicy' : 'UpdateReplacePolicy';
  const written = resource.attributes[attribute];
  const policy = written === undefined ? defaultPolicy(removal, resource, facts) : written;
  const fate = fateOf(policy, facts);
  const possible = conditional || resource.existenceUnknown === true;
  const emptyRule = facts.deletionFailsUnlessEmpty;
  const failsUnlessEmpty = fate === 'Deleted' && emptyRule !== undefined
    && !isTrue(emptyRule.unlessProperty === undefined ? undefined : resource.properties[emptyRule.unlessProperty]);
  return {
    trigger,
    policy: typeof policy === 'string' ? policy : JSON.stringify(policy),
    policySource: written === undefined ? 'TypeDefault' : 'Explicit',
    fate,
    certainty: possible ? 'Possible' : 'Certain',
    consequence: consequenceOf(removal, fate, facts, failsUnlessEmpty, resource.type),
    ...(failsUnlessEmpty ? { deletionFailsUnlessEmpty: true } : {}),
  };
}

/**
 * Whether CloudFormation sends Delete to a custom resource's provider for the old physical id,
 * as the policy says (`Delete` by default); `renamedTo` is the Add a removal is probably half of.
 */
function providerDeleteVerdict(resource: NormalizedResource, trigger: DataVerdict['trigger'], conditional: boolean, renamedTo: string | undefined): DataVerdict {
  const removal = trigger === 'Removal';
  const attribute = removal ? 'DeletionPolicy' : 'UpdateReplacePolicy';
  const written = resource.attributes[attribute];
  const policy = written ?? 'Delete';
  const fate: DataFate = policy === 'Retain' || policy === 'RetainExceptOnCreate' ? 'Retained' : 'Unknown';
  const deletes = policy === 'Delete';
  const consequence = providerConsequence({ id: resource.logicalId, removal, retained: fate === 'Retained', deletes, renamedTo });
  return {
    trigger,
    policy: typeof policy === 'string' ? policy : JSON.stringify(policy),
    policySource: written === undefined ? 'TypeDefault' : 'Explicit',
    fate,
    certainty: conditional || resource.existenceUnknown === true ? 'Possible' : 'Certain',
    consequence,
    ...(deletes ? { providerDelete: true } : {}),
  };
}

/** What CloudFormation does with a custom resource's provider, in words. */
function providerConsequence(verdict: {
  readonly id: string;
  readonly removal: boolean;
  /** The policy retains: no Delete is sent. */
  readonly retained: boolean;
  /** The policy is Delete. */
  readonly deletes: boolean;
  readonly renamedTo: string | undefined;
}): string {
  const { id, removal, renamedTo } = verdict;
  if (verdict.retained) return `CloudFormation sends the provider no Delete: what it made for ${id} stays, outside the stack`;
  if (!verdict.deletes) return 'whether CloudFormation sends Delete to the provider is not known offline: the policy is not Delete, Retain or RetainExceptOnCreate';
  if (!removal) {
    return 'the provider answers a new physical id, so CloudFormation sends Delete for the old one once the update completes: '
      + 'whatever its handler deletes for it is deleted, even what the new one manages; UpdateReplacePolicy Retain skips it';
  }
  if (renamedTo === undefined) {
    return `CloudFormation sends Delete to the provider for the physical id of ${id}: whatever its handler deletes (a database, the objects of a bucket) is deleted; DeletionPolicy Retain skips it`;
  }
  return `CloudFormation creates ${renamedTo} first (the provider's Create), then sends Delete for the physical id of ${id}: if both manage the same thing (a database of the same name), `
    + `the Delete removes what ${renamedTo} manages; keep the logical id, or set DeletionPolicy Retain on ${id} for this update`;
}

/** CloudFormation's default: Delete, except a DeletionPolicy of Snapshot for the types whose default it is. */
function defaultPolicy(removal: boolean, resource: NormalizedResource, facts: DataBearingFacts): string {
  const unless = facts.snapshotByDefaultUnless;
  if (!removal || unless === undefined) return 'Delete';
  return unless === true || resource.properties[unless] === undefined ? 'Snapshot' : 'Delete';
}

function fateOf(policy: unknown, facts: DataBearingFacts): DataFate {
  switch (policy) {
    case 'Delete': return 'Deleted';
    case 'Retain':
    case 'RetainExceptOnCreate': return 'Retained';
    case 'Snapshot': return facts.snapshots === true ? 'Snapshotted' : 'Unknown';
    default: return 'Unknown';
  }
}

function consequenceOf(removal: boolean, fate: DataFate, facts: DataBearingFacts, failsUnlessEmpty: boolean, type: string): string {
  const { noun, data } = facts;
  if (fate === 'Unknown') {
    return `what happens to the ${data} is not known offline: the policy is not Delete, Retain, RetainExceptOnCreate or Snapshot, or ${type} does not support Snapshot`;
  }
  const emptyOnly = `it is deleted only if it holds no ${data}: a ${noun} that holds ${data} cannot be deleted, so the deletion fails (CloudFormation's pre-deployment validation of the change set reports it) and the ${noun} stays, outside the stack`;
  if (removal) {
    if (fate === 'Retained') return `the ${noun} and its ${data} stay, unmanaged (outside the stack, still billed)`;
    if (fate === 'Snapshotted') return `CloudFormation snapshots the ${noun}, then deletes it: the ${data} can be restored from the snapshot into a new ${noun}`;
    return failsUnlessEmpty ? `the ${noun} is removed from the stack, but ${emptyOnly}` : `the ${noun} and its ${data} are deleted`;
  }
  if (fate === 'Retained') return `the new ${noun} starts empty; the old one, with its ${data}, is left unmanaged (outside the stack, still billed)`;
  if (fate === 'Snapshotted') return `the new ${noun} starts empty; CloudFormation snapshots the old one before deleting it, so the ${data} can be restored from the snapshot`;
  return failsUnlessEmpty
    ? `the new ${noun} starts empty; as for the old one, ${emptyOnly}`
    : `the new ${noun} starts empty; the old one and its ${data} are deleted once the update completes`;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}
