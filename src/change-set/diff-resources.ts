/**
 * Step 2 of the pipeline: compare the two templates logical id by logical id.
 *
 * A logical id only in the old template is a Remove, only in the new one an Add (both with
 * empty details, as CloudFormation lists them). A logical id in both is a Modify when
 * something CloudFormation acts on changed, with one Static `DirectModification` detail per
 * changed top-level property (`Tags` as its own attribute) and per changed attribute among
 * Metadata, CreationPolicy, UpdatePolicy, DeletionPolicy and UpdateReplacePolicy.
 * `DependsOn` and `Condition` changes alone are not listed: CloudFormation does not update a
 * resource for them. Each property's RequiresRecreation is the most intrusive over every
 * nested path that changed, and, for a property that appears or disappears, its presence
 * (`ResourceRules.presenceRecreation`).
 */
import { cfnEqual, changedPaths } from './cfn-equal';
import { isCustomResourceType, SERVICE_TOKEN } from './custom-resources';
import { own } from './json';
import { Detail, Recreation, ResourceChange, worstRecreation } from './model';
import { NormalizedResource, NormalizedTemplate, REPORTED_ATTRIBUTES } from './normalize';
import { propertyTarget, ResourceRules } from './resource-rules';

/** Every Add, Remove and directly modified resource, by logical id. */
export function diffResources(before: NormalizedTemplate, after: NormalizedTemplate, rules: ResourceRules): Map<string, ResourceChange> {
  const changes = new Map<string, ResourceChange>();
  for (const [logicalId, old] of before.resources) {
    const current = after.resources.get(logicalId);
    if (current === undefined) {
      changes.set(logicalId, { action: 'Remove', logicalId, resourceType: old.type, details: [] });
      continue;
    }
    const change = diffResource(old, current, rules);
    if (change !== undefined) changes.set(logicalId, change);
  }
  for (const [logicalId, current] of after.resources) {
    if (!before.resources.has(logicalId)) changes.set(logicalId, { action: 'Add', logicalId, resourceType: current.type, details: [] });
  }
  return changes;
}

function diffResource(old: NormalizedResource, current: NormalizedResource, rules: ResourceRules): ResourceChange | undefined {
  if (old.text === current.text) return undefined;
  const details: Detail[] = [];
  for (const property of unionOfKeys(current.properties, old.properties)) {
    const recreation = propertyRecreation(old, current, property, rules);
    if (recreation !== undefined) {
      details.push({ ...propertyTarget(current.type, property), requiresRecreation: recreation, evaluation: 'Static', changeSource: 'DirectModification' });
    }
  }
  for (const attribute of REPORTED_ATTRIBUTES) {
    if (!cfnEqual(old.attributes[attribute], current.attributes[attribute])) {
      details.push({ attribute, requiresRecreation: 'Never', evaluation: 'Static', changeSource: 'DirectModification' });
    }
  }

  const typeChanged = old.type !== current.type;
  if (details.length === 0 && !typeChanged) return undefined;
  const change: ResourceChange = { action: 'Modify', logicalId: current.logicalId, resourceType: current.type, details };
  if (typeChanged) {
    change.forcedReplacement = true;
    change.failure = {
      certainty: 'Certain',
      reason: `the resource type changes from ${old.type || '(none)'} to ${current.type || '(none)'}: CloudFormation does not permit updating a resource's type; remove it and add it under a new logical id`,
    };
  } else if (isCustomResourceType(current.type) && details.some((detail) => detail.name === SERVICE_TOKEN)) {
    change.failure = {
      certainty: 'Certain',
      reason: `${SERVICE_TOKEN} changes: CloudFormation does not allow changing a custom resource's service token; keep the provider, or replace the resource under a new logical id`,
    };
  }
  return change;
}

/** The recreation of a changed property, or undefined when it did not change. */
function propertyRecreation(old: NormalizedResource, current: NormalizedResource, property: string, rules: ResourceRules): Recreation | undefined {
  const before = own(old.properties, property);
  const after = own(current.properties, property);
  if (cfnEqual(before, after)) return undefined;
  // A property that appears or disappears may replace where a change of its value does not (AuthToken).
  let recreation: Recreation = (before === undefined) !== (after === undefined) ? rules.presenceRecreation(current, property) : 'Never';
  for (const path of changedPaths(before, after)) {
    recreation = worstRecreation(recreation, rules.recreation(current, [property, ...path]));
    if (recreation === 'Always') break;
  }
  return recreation;
}

function unionOfKeys(first: object, second: object): string[] {
  const keys = Object.keys(first);
  const seen = new Set(keys);
  for (const key of Object.keys(second)) if (!seen.has(key)) keys.push(key);
  return keys;
}
