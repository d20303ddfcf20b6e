/**
 * Step 6 of the pipeline: changes CloudFormation will (or may) fail to apply because of a
 * physical name.
 *
 * CloudFormation replaces a resource by creating the new one first and deleting the old
 * one afterwards, and it runs all additions before the removals of an update. So a named
 * resource (a name property of its type is set; for a custom resource, the `nameProperty`
 * it declares) fails when:
 * - it is replaced (Replacement True) while its name stays the same: Certain; when it is
 *   only conditionally replaced, or its name depends on a replaced resource: Possible (a
 *   replacement caused only by the name's own deploy-time change does not count: the
 *   replacement then has a new name);
 * - it moves to a new logical id (any Add whose name equals the name of a removed resource
 *   of the same type, probable rename or not): Certain.
 * "The name" is every property that identifies the physical resource (the spec's identity
 * properties: the name, plus a parent's name for types such as `AWS::Logs::MetricFilter`).
 * Names that are unresolved intrinsics are the same when they are structurally equal and
 * reference nothing whose value changes.
 */
import { cfnEqual } from './cfn-equal';
import { canonicalText, own } from './json';
import { Failure, ResourceChange, resourceReplacement } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { ParameterChanges } from './parameter-changes';
import { collectReferences } from './references';
import { ResourceRules } from './resource-rules';

type NameFate = 'changes' | 'same' | 'maybe-changes';

/** The changes with their failure verdicts. */
export function judgeFailures(
  changes: ReadonlyMap<string, ResourceChange>,
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  parameters: ParameterChanges,
  rules: ResourceRules,
): Map<string, ResourceChange> {
  const judged = new Map(changes);
  const verdict = (change: ResourceChange, failure: Failure): void => {
    if (change.failure?.certainty === 'Certain' || (change.failure && failure.certainty !== 'Certain')) return;
    judged.set(change.logicalId, { ...change, failure });
  };
  const fateOf = (value: unknown): NameFate => {
    let fate: NameFate = 'same';
    for (const reference of collectReferences(value)) {
      const parameter = parameters.get(reference.target);
      if (parameter === 'Static') return 'changes';
      const referenced = changes.get(reference.target);
      if (parameter === 'Dynamic' || (referenced?.action === 'Modify' && resourceReplacement(referenced) !== 'False')) fate = 'maybe-changes';
    }
    return fate;
  };

  const removedByName = new Map<string, string>();
  for (const change of changes.values()) {
    const old = change.action === 'Remove' ? before.resources.get(change.logicalId) : undefined;
    const key = old && nameKey(old, rules);
    if (key !== undefined) removedByName.set(key, change.logicalId);
  }

  for (const change of changes.values()) {
    const current = after.resources.get(change.logicalId);
    if (current === undefined) continue;
    if (change.action === 'Add') {
      const key = nameKey(current, rules);
      const oldId = key === undefined ? undefined : removedByName.get(key);
      if (oldId !== undefined && fateOf(identityValues(current, rules)) !== 'changes') {
        verdict(change, {
          certainty: 'Certain',
          reason: `${describeName(current, rules)} is still held by ${oldId}, which this update removes: CloudFormation creates ${change.logicalId} before it deletes ${oldId}, so the name is taken; keep the old logical id or change the name`,
        });
      }
      continue;
    }
    const old = before.resources.get(change.logicalId);
    if (old === undefined || change.action !== 'Modify' || !isNamed(current, rules)) continue;
    const identity = rules.identityProperties(current);
    if (identity.some((property) => !cfnEqual(own(old.properties, property), own(current.properties, property)))) continue;
    // A replacement caused only by the name itself changing gives the replacement a new name.
    const replacement = resourceReplacement({ ...change, details: change.details.filter((detail) => !identity.includes(detail.name ?? '')) });
    if (replacement === 'False') continue;
    const fate = fateOf(identityValues(current, rules));
    if (fate === 'changes') continue;
    const certain = replacement === 'True' && fate === 'same';
    verdict(change, {
      certainty: certain ? 'Certain' : 'Possible',
      reason: certain
        ? `${describeName(current, rules)} stays the same while the resource is replaced: CloudFormation creates the replacement before it deletes the old resource, so the name is taken; change the name in the same update, or remove it`
        : `${describeName(current, rules)} ${fate === 'same' ? 'stays the same' : 'may stay the same (it depends on a value known only at deploy time)'} and the resource ${replacement === 'True' ? 'is' : 'may be'} replaced: if so, CloudFormation creates the replacement before it deletes the old resource, and the name is taken`,
    });
  }
  return judged;
}

/** Whether a name property of the resource is set. */
function isNamed(resource: NormalizedResource, rules: ResourceRules): boolean {
  return rules.nameProperties(resource).some((property) => own(resource.properties, property) !== undefined);
}

/** The values of the properties that identify the physical resource. */
function identityValues(resource: NormalizedResource, rules: ResourceRules): unknown[] {
  return rules.identityProperties(resource).map((property) => own(resource.properties, property));
}

/** Type and identity of a named resource (undefined when unnamed), to find the same name elsewhere. */
function nameKey(resource: NormalizedResource, rules: ResourceRules): string | undefined {
  if (!isNamed(resource, rules)) return undefined;
  return `${resource.type}\u0000${canonicalText(identityValues(resource, rules))}`;
}

function describeName(resource: NormalizedResource, rules: ResourceRules): string {
  return rules.nameProperties(resource)
    .filter((property) => own(resource.properties, property) !== undefined)
    .map((property) => `${property} ${clip(JSON.stringify(own(resource.properties, property)))}`)
    .join(', ');
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
