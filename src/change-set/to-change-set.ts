/**
 * Last step of the pipeline: the changes in the order and shape a change set lists them.
 *
 * Changes are sorted by logical id. Details are sorted the way CloudFormation's examples
 * show them: direct changes first (Static before Dynamic), then parameter references, then
 * resource references and attributes, then `Automatic`; within a group, in the order of the
 * properties in the new template (removed properties and other attributes after them).
 */
import { compareText } from './json';
import { ChangeSource, Description, Detail, Evaluation, PredictedResource, PredictedStack, Rename, ResourceChange, resourceReplacement, TargetAttribute } from './model';
import { NormalizedTemplate, REPORTED_ATTRIBUTES } from './normalize';
import { ValueRenderer, withValues } from './property-values';

/** How the result is described, and the renderers of each side's values. */
export interface Rendering {
  readonly description: Description;
  readonly before: ValueRenderer;
  readonly after: ValueRenderer;
}

const SOURCE_RANK: Record<ChangeSource, Record<Evaluation, number>> = {
  DirectModification: { Static: 0, Dynamic: 1 },
  ParameterReference: { Static: 2, Dynamic: 3 },
  ResourceReference: { Static: 4, Dynamic: 4 },
  ResourceAttribute: { Static: 4, Dynamic: 4 },
  Automatic: { Static: 5, Dynamic: 5 },
};

/** The final, ordered change set. */
export function toChangeSet(
  changes: ReadonlyMap<string, ResourceChange>,
  renames: readonly Rename[],
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  rendering: Rendering,
): PredictedStack {
  const renameOf = new Map<string, PredictedResource['rename']>();
  for (const rename of renames) {
    renameOf.set(rename.from, { direction: 'To', logicalId: rename.to, similarity: rename.similarity });
    renameOf.set(rename.to, { direction: 'From', logicalId: rename.from, similarity: rename.similarity });
  }
  const sorted = [...changes.values()].sort((a, b) => compareText(a.logicalId, b.logicalId));
  return {
    renames,
    description: rendering.description,
    changes: sorted.map((change) => {
      const old = before.resources.get(change.logicalId);
      const current = after.resources.get(change.logicalId);
      const details = (change.details.length < 2 ? [...change.details] : sortDetails(change.details, targetOrder(change.logicalId, before, after)))
        .map((detail) => withValues(detail, old, current, rendering));
      const rename = renameOf.get(change.logicalId);
      const contexts = rendering.description === 'property-values' ? {
        // An added resource has no deployed definition, a removed one no new definition.
        ...(change.action === 'Add' ? {} : { beforeContext: rendering.before.context(old!) }),
        ...(change.action === 'Remove' ? {} : { afterContext: rendering.after.context(current!) }),
      } : {};
      return {
        action: change.action,
        logicalId: change.logicalId,
        resourceType: change.resourceType,
        ...(change.action === 'Modify' ? { replacement: resourceReplacement(change) } : {}),
        scope: [...new Set(details.map((detail) => detail.attribute))],
        details,
        ...(rename ? { rename } : {}),
        ...(change.failure ? { failure: change.failure } : {}),
        ...(change.nested ? { nested: change.nested } : {}),
        ...contexts,
      };
    }),
  };
}

/** Position of each target (property name, or attribute) in the resource's template. */
function targetOrder(logicalId: string, before: NormalizedTemplate, after: NormalizedTemplate): Map<string, number> {
  const order = new Map<string, number>();
  const keys = [
    ...Object.keys(after.resources.get(logicalId)?.properties ?? {}),
    ...Object.keys(before.resources.get(logicalId)?.properties ?? {}),
    ...REPORTED_ATTRIBUTES.map((attribute) => `\u0000${attribute}`),
  ];
  for (const key of keys) if (!order.has(key)) order.set(key, order.size);
  return order;
}

function sortDetails(details: readonly Detail[], order: ReadonlyMap<string, number>): Detail[] {
  const position = (detail: Detail): number => order.get(targetKey(detail)) ?? order.size;
  return [...details].sort((a, b) =>
    SOURCE_RANK[a.changeSource][a.evaluation] - SOURCE_RANK[b.changeSource][b.evaluation]
    || position(a) - position(b)
    || compareText(a.causingEntity ?? '', b.causingEntity ?? ''));
}

function targetKey(detail: Detail): string {
  const attribute: TargetAttribute = detail.attribute;
  if (attribute === 'Properties') return detail.name ?? '';
  if (attribute === 'Tags') return 'Tags';
  return `\u0000${attribute}`;
}
