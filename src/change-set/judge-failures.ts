/**
 * Step 6 of the pipeline: changes CloudFormation will (or may) fail to apply because of a
 * physical name, or because only one resource of the type can exist per parent.
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
 * under (the spec's identity: `FunctionName` of an alias, the `Scope` of a web ACL).
 *
 * A singleton (at most one resource per parent, per tuple of values, or per account and
 * Region, of each kind: a user pool's prefix domain, an event source mapping per event source
 * and function, a GuardDuty detector; `singletonOf` in src/spec) fails the same way, its parent
 * or tuple taking the place of the identity: a replacement that keeps it (a new domain prefix
 * in the same pool, a new starting position of a mapping), or a resource of the same kind with
 * the same values moved to a new logical id. A rule that requires properties says nothing
 * about a resource without them.
 *
 * Values are compared as CloudFormation resolves them where that is known offline (`!Sub acme`
 * is `acme`), else structurally (equal and free of references whose value changes). Where the
 * verdict rests on something unknown offline (the resource's `Condition`, or a name chosen by
 * an `Fn::If` whose condition is unknown), a Certain verdict becomes Possible.
 */
import { cfnEqual } from './cfn-equal';
import { canonicalText, intrinsicName, own } from './json';
import { Failure, Replacement, ResourceChange, resourceReplacement } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { ParameterChanges } from './parameter-changes';
import { collectReferences } from './references';
import { ResourceRules } from './resource-rules';
import { TemplateEvaluator } from './template-evaluator';
import type { Singleton } from '../spec/replacement-spec';

type NameFate = 'changes' | 'same' | 'maybe-changes';

/** The evaluators of both sides, to compare names as CloudFormation resolves them. */
export interface SideEvaluators {
  readonly before: TemplateEvaluator;
  readonly after: TemplateEvaluator;
}

/** Appended to a reason whose verdict rests on a condition unknown offline. */
const UNKNOWN_CONDITION = '; whether this happens depends on a Condition whose value is not known offline';

/** How a replacement keeps what identifies the resource. */
interface Kept {
  readonly replacement: Replacement;
  /** `same`, or `maybe-changes` when the kept values depend on something known only at deploy time. */
  readonly fate: NameFate;
}

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
  // Names and parents in the reasons: the new template's values, as far as they are known.
  const shown = (value: unknown): string => describeValue(value, after, evaluators.after);
  // A failure found earlier (a changed type or service token, both Certain) stands.
  const verdict = (change: ResourceChange, failure: Failure | undefined): void => {
    if (failure !== undefined && change.failure === undefined) judged.set(change.logicalId, { ...change, failure });
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
  /** How the replacement keeps `properties`; undefined when it is none, or they change. */
  const kept = (change: ResourceChange, old: NormalizedResource, current: NormalizedResource, properties: readonly string[]): Kept | undefined => {
    const same = identitySame(old, current, properties, evaluators);
    if (same === false) return undefined;
    // A replacement caused only by these properties changing puts the replacement elsewhere.
    const replacement = resourceReplacement({ ...change, details: change.details.filter((detail) => !properties.includes(detail.name ?? '')) });
    if (replacement === 'False') return undefined;
    const fate = same === true ? 'same' : fateOf(valuesOf(current, properties));
    return fate === 'changes' ? undefined : { replacement, fate };
  };

  const removedByName = new Map<string, NormalizedResource>();
  const removedBySingleton = new Map<string, NormalizedResource>();
  for (const change of changes.values()) {
    const old = change.action === 'Remove' ? before.resources.get(change.logicalId) : undefined;
    if (old === undefined) continue;
    const name = nameKey(old, rules, evaluators.before);
    if (name !== undefined) removedByName.set(name, old);
    const slot = singletonKey(old, rules, evaluators.before);
    if (slot !== undefined) removedBySingleton.set(slot, old);
  }

  for (const change of changes.values()) {
    if (change.action === 'Add') {
      const current = after.resources.get(change.logicalId)!;
      const name = nameKey(current, rules, evaluators.after);
      const named = name === undefined ? undefined : removedByName.get(name);
      const nameFate = named === undefined ? undefined : fateOf(valuesOf(current, rules.identityProperties(current)));
      if (nameFate === 'same') {
        verdict(change, certainUnlessUnknown(
          `${describeName(current, rules, shown)} is still held by ${named!.logicalId}, which this update removes: CloudFormation creates ${change.logicalId} before it deletes ${named!.logicalId}, so the name is taken; keep the old logical id or change the name`,
          [named!, current],
          rules.identityProperties(current),
        ));
      } else if (nameFate === 'maybe-changes') {
        verdict(change, {
          certainty: 'Possible',
          reason: `${describeName(current, rules, shown)} may still be held by ${named!.logicalId}, which this update removes (${DEPLOY_TIME}): if so, CloudFormation creates ${change.logicalId} before it deletes ${named!.logicalId}, and the name is taken`,
        });
      }
      const singleton = rules.singleton(current);
      const slot = singletonKey(current, rules, evaluators.after);
      const holder = slot === undefined ? undefined : removedBySingleton.get(slot);
      const slotFate = holder === undefined ? undefined : fateOf(valuesOf(current, singleton!.per));
      if (slotFate === 'same') {
        verdict(change, certainUnlessUnknown(
          `${onlyOne(current, singleton!, shown)}, and ${holder!.logicalId}, which this update removes, is it: CloudFormation creates ${change.logicalId} before it deletes ${holder!.logicalId}, so the create fails; keep the old logical id`,
          [holder!, current],
          singleton!.per,
        ));
      } else if (slotFate === 'maybe-changes') {
        verdict(change, {
          certainty: 'Possible',
          reason: `${onlyOne(current, singleton!, shown)}, and ${holder!.logicalId}, which this update removes, may be it (${DEPLOY_TIME}): if so, CloudFormation creates ${change.logicalId} before it deletes ${holder!.logicalId}, and the create fails`,
        });
      }
      continue;
    }
    if (change.action !== 'Modify') continue;
    const old = before.resources.get(change.logicalId)!;
    const current = after.resources.get(change.logicalId)!;
    const identity = rules.identityProperties(current);
    const name = isNamed(current, rules) ? kept(change, old, current, identity) : undefined;
    if (name !== undefined) {
      verdict(change, name.replacement === 'True' && name.fate === 'same'
        ? certainUnlessUnknown(
          `${describeName(current, rules, shown)} stays the same while the resource is replaced: CloudFormation creates the replacement before it deletes the old resource, so the name is taken; change the name in the same update, or remove it`,
          [current],
          identity,
        )
        : {
          certainty: 'Possible',
          reason: `${describeName(current, rules, shown)} ${stays(name.fate)} and the resource ${name.replacement === 'True' ? 'is' : 'may be'} replaced: if so, CloudFormation creates the replacement before it deletes the old resource, and the name is taken`,
        });
    }
    const singleton = rules.singleton(current);
    const slot = singleton !== undefined && sameKind(old, current, singleton) && ruleApplies(old, singleton) && ruleApplies(current, singleton)
      ? kept(change, old, current, singleton.per)
      : undefined;
    if (slot !== undefined) {
      verdict(change, slot.replacement === 'True' && slot.fate === 'same'
        ? certainUnlessUnknown(
          `${onlyOne(current, singleton!, shown)}, and the replacement keeps it: CloudFormation creates the replacement before it deletes the old resource, so the create fails; remove the resource in one update and add the changed one in the next`,
          [current],
          singleton!.per,
        )
        : {
          certainty: 'Possible',
          reason: `${onlyOne(current, singleton!, shown)}, which ${stays(slot.fate)}, and the resource ${slot.replacement === 'True' ? 'is' : 'may be'} replaced: if so, CloudFormation creates the replacement before it deletes the old resource, and the create fails`,
        });
    }
  }
  return judged;
}

/** Why a verdict is only possible when a value it rests on is known only at deploy time. */
const DEPLOY_TIME = 'it depends on a value known only at deploy time';

function stays(fate: NameFate): string {
  return fate === 'same' ? 'stays the same' : `may stay the same (${DEPLOY_TIME})`;
}

/** A Certain verdict, or a Possible one when a resource's existence or identifying values rest on an unknown condition. */
function certainUnlessUnknown(reason: string, resources: readonly NormalizedResource[], properties: readonly string[]): Failure {
  const unknown = resources.some((resource) => resource.existenceUnknown || canonicalText(valuesOf(resource, properties)).includes('"Fn::If"'));
  return unknown ? { certainty: 'Possible', reason: `${reason}${UNKNOWN_CONDITION}` } : { certainty: 'Certain', reason };
}

/**
 * Whether `properties` are the same on both sides: true or false when both sides' values are
 * known offline (or structurally different), undefined when they are structurally equal but
 * may still change at deploy time.
 */
function identitySame(
  old: NormalizedResource, current: NormalizedResource, properties: readonly string[], evaluators: SideEvaluators,
): boolean | undefined {
  let same: boolean | undefined = true;
  for (const property of properties) {
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

/** The values of `properties` (as written). */
function valuesOf(resource: NormalizedResource, properties: readonly string[]): unknown[] {
  return properties.map((property) => own(resource.properties, property));
}

/** Each value as CloudFormation resolves it when that is known, else as written. */
function resolved(values: readonly unknown[], evaluator: TemplateEvaluator): unknown[] {
  return values.map((value) => {
    const evaluated = evaluator.value(value);
    return evaluated.known ? evaluated.value : value;
  });
}

/**
 * Type and identity of a named resource (undefined when unnamed), to find the same name
 * elsewhere: each value as CloudFormation resolves it when that is known, else as written.
 */
export function nameKey(resource: NormalizedResource, rules: ResourceRules, evaluator: TemplateEvaluator): string | undefined {
  if (!isNamed(resource, rules)) return undefined;
  return `${resource.type}\u0000${canonicalText(resolved(valuesOf(resource, rules.identityProperties(resource)), evaluator))}`;
}

/**
 * Type, parent (or tuple) and kind of a singleton (undefined for other resources, and for one
 * without the properties its rule requires), to find another one of it elsewhere.
 */
function singletonKey(resource: NormalizedResource, rules: ResourceRules, evaluator: TemplateEvaluator): string | undefined {
  const singleton = rules.singleton(resource);
  if (singleton === undefined || !ruleApplies(resource, singleton)) return undefined;
  const kinds = singleton.kindBy.map((property) => own(resource.properties, property) !== undefined);
  return `${resource.type}\u0000${canonicalText(resolved(valuesOf(resource, singleton.per), evaluator))}\u0000${kinds.join()}`;
}

/** Whether the singleton's rule applies to the resource: every property it requires is set. */
function ruleApplies(resource: NormalizedResource, singleton: Singleton): boolean {
  return singleton.requires.every((property) => own(resource.properties, property) !== undefined);
}

/** Whether both sides are of the same kind of the singleton (the `kindBy` properties set on both or on neither). */
function sameKind(old: NormalizedResource, current: NormalizedResource, singleton: Singleton): boolean {
  return singleton.kindBy.every((property) => (own(old.properties, property) === undefined) === (own(current.properties, property) === undefined));
}

/**
 * `only one <type> [with|without <kind>] can exist per <parent or tuple values>` (or per account
 * and Region); a property of the tuple that is not set is left out.
 */
function onlyOne(resource: NormalizedResource, singleton: Singleton, shown: (value: unknown) => string): string {
  const kinds = singleton.kindBy.map((property) => `${own(resource.properties, property) === undefined ? ' without' : ' with'} ${property}`).join('');
  const set = singleton.per.filter((property) => own(resource.properties, property) !== undefined);
  const parents = singleton.per.length === 0
    ? 'account and Region'
    : set.map((property) => `${property} ${shown(own(resource.properties, property))}`).join(', ');
  return `only one ${resource.type}${kinds} can exist per ${parents}`;
}

export function describeName(resource: NormalizedResource, rules: ResourceRules, shown: (value: unknown) => string): string {
  return rules.nameProperties(resource)
    .filter((property) => own(resource.properties, property) !== undefined)
    .map((property) => `${property} ${shown(own(resource.properties, property))}`)
    .join(', ');
}

/**
 * A value for a reason: as CloudFormation resolves it, with what it comes from, where that is
 * known offline (`"admin" (from {"Ref":"AdminUsername"})`), else as written; a value computed
 * from a `NoEcho` parameter is shown as written, since CloudFormation masks it.
 */
export function describeValue(value: unknown, template: NormalizedTemplate, evaluator: TemplateEvaluator): string {
  const written = clip(JSON.stringify(value));
  const masked = collectReferences(value).some((reference) => template.noEchoParameters.has(reference.target));
  if (intrinsicName(value) === undefined || masked) return written;
  const evaluated = evaluator.value(value);
  return evaluated.known ? `${clip(JSON.stringify(evaluated.value))} (from ${written})` : written;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
