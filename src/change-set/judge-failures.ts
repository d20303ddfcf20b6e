/**
 * Step 6 of the pipeline: changes CloudFormation will (or may) fail to apply because of a
 * physical name.
 *
 * CloudFormation replaces a resource by creating the new one first and deleting the old
 * one afterwards, and it runs all additions before the removals of an update. So a named
 * resource (a name property of its type is set, whether or not a change of it replaces the
 * resource; for a custom resource, the `nameProperty` it declares) fails when:
 * - it is replaced (Replacement True) while its identity stays the same: Certain; when it is
 *   only conditionally replaced, or its identity depends on a replaced resource: Possible (a
 *   replacement caused only by the identity's own change does not count: the replacement
 *   then has a new name or another parent);
 * - it moves to a new logical id (any Add whose type and identity equal those of a removed
 *   resource, probable rename or not): Certain.
 * "The identity" is the name properties and the properties naming the parent they are unique
 * under (the spec's identity: `FunctionName` of an alias, the `Scope` of a web ACL). Values
 * are compared as CloudFormation resolves them where that is known offline (`!Sub acme` is
 * `acme`), else structurally (equal and free of references whose value changes).
 * Where the verdict rests on something unknown offline (the resource's `Condition`, or a
 * name chosen by an `Fn::If` whose condition is unknown), a Certain verdict becomes Possible.
 */
import { cfnEqual } from './cfn-equal';
import { canonicalText, own } from './json';
import { Failure, ResourceChange, resourceReplacement } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { ParameterChanges } from './parameter-changes';
import { collectReferences } from './references';
import { ResourceRules } from './resource-rules';
import { TemplateEvaluator } from './template-evaluator';

type NameFate = 'changes' | 'same' | 'maybe-changes';

/** The evaluators of both sides, to compare names as CloudFormation resolves them. */
export interface SideEvaluators {
  readonly before: TemplateEvaluator;
  readonly after: TemplateEvaluator;
}

/** Appended to a reason whose verdict rests on a condition unknown offline. */
const UNKNOWN_CONDITION = '; whether this happens depends on a Condition whose value is not known offline';

/** The changes with their failure verdicts. */
export function judgeFailures(
  changes: ReadonlyMap<string, ResourceChange>,
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  parameters: ParameterChanges,
  rules: ResourceRules,
  evaluators: SideEvaluators,
): Map<string, ResourceChange> {
  const judged = new Map(changes);
  // A failure found earlier (a changed type or service token, both Certain) stands.
  const verdict = (change: ResourceChange, failure: Failure): void => {
    if (change.failure === undefined) judged.set(change.logicalId, { ...change, failure });
  };
  const fateOf = (value: unknown): NameFate => {
    let fate: NameFate = 'same';
    for (const reference of collectReferences(value)) {
      const parameter = parameters.get(reference.target);
      if (parameter === 'Static') return 'changes';
      const referenced = changes.get(reference.target);
      if (parameter === 'Dynamic' || parameter === 'Added' || (referenced?.action === 'Modify' && resourceReplacement(referenced) !== 'False')) fate = 'maybe-changes';
    }
    return fate;
  };

  const removedByName = new Map<string, NormalizedResource>();
  for (const change of changes.values()) {
    const old = change.action === 'Remove' ? before.resources.get(change.logicalId) : undefined;
    const key = old && nameKey(old, rules, evaluators.before);
    if (key !== undefined) removedByName.set(key, old!);
  }

  for (const change of changes.values()) {
    if (change.action === 'Add') {
      const current = after.resources.get(change.logicalId)!;
      const key = nameKey(current, rules, evaluators.after);
      const old = key === undefined ? undefined : removedByName.get(key);
      if (old !== undefined && fateOf(identityValues(current, rules)) !== 'changes') {
        verdict(change, certainUnlessUnknown(
          `${describeName(current, rules)} is still held by ${old.logicalId}, which this update removes: CloudFormation creates ${change.logicalId} before it deletes ${old.logicalId}, so the name is taken; keep the old logical id or change the name`,
          [old, current],
          rules,
        ));
      }
      continue;
    }
    if (change.action !== 'Modify') continue;
    const old = before.resources.get(change.logicalId)!;
    const current = after.resources.get(change.logicalId)!;
    if (!isNamed(current, rules)) continue;
    const identity = rules.identityProperties(current);
    const sameIdentity = identitySame(old, current, rules, evaluators);
    if (sameIdentity === false) continue;
    // A replacement caused only by the identity itself changing gives the replacement a new name or parent.
    const replacement = resourceReplacement({ ...change, details: change.details.filter((detail) => !identity.includes(detail.name ?? '')) });
    if (replacement === 'False') continue;
    const fate = sameIdentity === true ? 'same' : fateOf(identityValues(current, rules));
    if (fate === 'changes') continue;
    const certain = replacement === 'True' && fate === 'same';
    if (certain) {
      verdict(change, certainUnlessUnknown(
        `${describeName(current, rules)} stays the same while the resource is replaced: CloudFormation creates the replacement before it deletes the old resource, so the name is taken; change the name in the same update, or remove it`,
        [current],
        rules,
      ));
      continue;
    }
    verdict(change, {
      certainty: 'Possible',
      reason: `${describeName(current, rules)} ${fate === 'same' ? 'stays the same' : 'may stay the same (it depends on a value known only at deploy time)'} and the resource ${replacement === 'True' ? 'is' : 'may be'} replaced: if so, CloudFormation creates the replacement before it deletes the old resource, and the name is taken`,
    });
  }
  return judged;
}

/** A Certain verdict, or a Possible one when a resource's existence or name rests on an unknown condition. */
function certainUnlessUnknown(reason: string, resources: readonly NormalizedResource[], rules: ResourceRules): Failure {
  const unknown = resources.some((resource) => resource.existenceUnknown || canonicalText(identityValues(resource, rules)).includes('"Fn::If"'));
  return unknown ? { certainty: 'Possible', reason: `${reason}${UNKNOWN_CONDITION}` } : { certainty: 'Certain', reason };
}

/**
 * Whether the identity is the same on both sides: true or false when both sides' values are
 * known offline (or structurally different), undefined when they are structurally equal but
 * may still change at deploy time.
 */
function identitySame(old: NormalizedResource, current: NormalizedResource, rules: ResourceRules, evaluators: SideEvaluators): boolean | undefined {
  let same: boolean | undefined = true;
  for (const property of rules.identityProperties(current)) {
    const before = own(old.properties, property);
    const after = own(current.properties, property);
    const oldValue = evaluators.before.value(before);
    const newValue = evaluators.after.value(after);
    if (oldValue.known && newValue.known) {
      if (!cfnEqual(oldValue.value, newValue.value)) return false;
    } else if (!cfnEqual(before, after)) {
      return false;
    } else {
      same = undefined;
    }
  }
  return same;
}

/** Whether a name property of the resource is set. */
function isNamed(resource: NormalizedResource, rules: ResourceRules): boolean {
  return rules.nameProperties(resource).some((property) => own(resource.properties, property) !== undefined);
}

/** The values of the properties that identify the physical resource. */
function identityValues(resource: NormalizedResource, rules: ResourceRules): unknown[] {
  return rules.identityProperties(resource).map((property) => own(resource.properties, property));
}

/**
 * Type and identity of a named resource (undefined when unnamed), to find the same name
 * elsewhere: each value as CloudFormation resolves it when that is known, else as written.
 */
export function nameKey(resource: NormalizedResource, rules: ResourceRules, evaluator: TemplateEvaluator): string | undefined {
  if (!isNamed(resource, rules)) return undefined;
  const values = identityValues(resource, rules).map((value) => {
    const evaluated = evaluator.value(value);
    return evaluated.known ? evaluated.value : value;
  });
  return `${resource.type}\u0000${canonicalText(values)}`;
}

export function describeName(resource: NormalizedResource, rules: ResourceRules): string {
  return rules.nameProperties(resource)
    .filter((property) => own(resource.properties, property) !== undefined)
    .map((property) => `${property} ${clip(JSON.stringify(own(resource.properties, property)))}`)
    .join(', ');
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
