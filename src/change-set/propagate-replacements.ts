/**
 * Step 4 of the pipeline: follow changed values through references to a fixed point.
 *
 * - A property referencing a parameter whose value changes gets CloudFormation's pair of
 *   details: Dynamic `DirectModification`, and Static `ParameterReference` naming the
 *   parameter (a parameter whose value is known only at deploy time gives one Dynamic
 *   `ParameterReference` detail).
 * - A replaced resource (Replacement True or Conditional) gets a new `Ref` value and new
 *   attribute values, so each property referencing it gets a Dynamic detail:
 *   `ResourceReference` with the logical id, or `ResourceAttribute` with `Id.Attribute`.
 *   Its RequiresRecreation is the most intrusive over the paths where the reference sits;
 *   Always with Dynamic gives Conditional. A dependent that becomes conditionally replaced
 *   propagates in turn. A resource updated in place keeps its `Ref` and attributes and
 *   propagates nothing.
 *
 * Each resource is queued once and each reference edge followed once: linear in the size
 * of the reference index. The changes given are not modified; changed entries are copied.
 */
import { Detail, Recreation, ResourceChange, resourceReplacement, worstRecreation } from './model';
import { NormalizedTemplate } from './normalize';
import { ParameterChanges } from './parameter-changes';
import { ReferenceEdge, ReferenceIndex } from './reference-index';
import { ResourceRules } from './resource-rules';

/** The changes with every detail that references add. */
export function propagateReplacements(
  direct: ReadonlyMap<string, ResourceChange>,
  index: ReferenceIndex,
  parameters: ParameterChanges,
  after: NormalizedTemplate,
  rules: ResourceRules,
): Map<string, ResourceChange> {
  const changes = new Map(direct);
  const copied = new Set<string>();
  const addDetail = (edge: ReferenceEdge, detail: Omit<Detail, 'attribute' | 'name' | 'requiresRecreation'>): ResourceChange | undefined => {
    const resource = after.resources.get(edge.dependent);
    if (resource === undefined) return undefined;
    let change = changes.get(edge.dependent);
    if (change === undefined || !copied.has(edge.dependent)) {
      change = change === undefined
        ? { action: 'Modify', logicalId: edge.dependent, resourceType: resource.type, details: [] }
        : { ...change, details: [...change.details] };
      changes.set(edge.dependent, change);
      copied.add(edge.dependent);
    }
    if (change.action !== 'Modify') return undefined;
    const requiresRecreation = edge.paths.reduce<Recreation>((worst, path) => worstRecreation(worst, rules.recreation(resource, path)), 'Never');
    const full: Detail = { attribute: edge.attribute, ...(edge.name === undefined ? {} : { name: edge.name }), requiresRecreation, ...detail };
    if (!change.details.some((existing) => sameDetail(existing, full))) change.details.push(full);
    return change;
  };

  for (const [parameter, evaluation] of parameters) {
    for (const edge of index.dependentsOf(parameter)) {
      if (evaluation === 'Static') {
        addDetail(edge, { evaluation: 'Dynamic', changeSource: 'DirectModification' });
        addDetail(edge, { evaluation: 'Static', changeSource: 'ParameterReference', causingEntity: parameter });
      } else {
        addDetail(edge, { evaluation: 'Dynamic', changeSource: 'ParameterReference', causingEntity: parameter });
      }
    }
  }

  const queued = new Set<string>();
  const queue: string[] = [];
  const enqueueIfReplaced = (change: ResourceChange | undefined): void => {
    if (change === undefined || change.action !== 'Modify' || queued.has(change.logicalId)) return;
    if (resourceReplacement(change) === 'False') return;
    queued.add(change.logicalId);
    queue.push(change.logicalId);
  };
  for (const change of changes.values()) enqueueIfReplaced(change);
  for (let position = 0; position < queue.length; position++) {
    const next = queue[position];
    for (const edge of index.dependentsOf(next)) {
      if (edge.dependent === next) continue;
      const changeSource = edge.kind === 'Ref' ? 'ResourceReference' : 'ResourceAttribute';
      enqueueIfReplaced(addDetail(edge, { evaluation: 'Dynamic', changeSource, causingEntity: edge.causingEntity }));
    }
  }
  return changes;
}

function sameDetail(a: Detail, b: Detail): boolean {
  return a.attribute === b.attribute && a.name === b.name && a.evaluation === b.evaluation
    && a.changeSource === b.changeSource && a.causingEntity === b.causingEntity && a.requiresRecreation === b.requiresRecreation;
}
