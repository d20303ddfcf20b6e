/**
 * What a change's details say to a reviewer: each detail's target, whether it alone replaces
 * the resource, the chain of references behind a replacement that comes from another resource,
 * and one sentence on why a change matters. The text report and every review output use these.
 */
import type { PredictedChangeDetail, PredictedResourceChange } from '../change-set';
import type { ReviewChange } from './review-model';
import { Detail, Replacement, replacementOf } from '../change-set/model';

/**
 * Why a change matters, in one sentence: why it fails; else what becomes of its data and why it
 * is replaced; else why it is replaced (the chains behind it); else what its level says.
 */
export function explain(change: ReviewChange): string {
  if (change.failure !== undefined) return change.failure.reason;
  const replaced = change.replacement === 'True' || change.replacement === 'Conditional';
  const why = change.details.filter((detail) => detail.requiresRecreation !== 'Never')
    .map((detail) => detail.chain ?? `${detail.target} (${detail.requiresRecreation}, ${detail.evaluation})`).join('; ');
  const because = replaced && why !== '' ? `${change.replacement === 'True' ? 'replaced' : 'may be replaced'}: ${why}` : undefined;
  if (change.dataVerdict !== undefined) {
    const data = `${change.dataVerdict.certain ? '' : 'if it is replaced, '}${change.dataVerdict.consequence}`;
    return because === undefined ? data : `${data} (${because})`;
  }
  return because ?? change.levelReason;
}

/** What a detail changes, for display: the property name, or the attribute (`Tags`, `Metadata`, ...). */
export function targetOf(detail: PredictedChangeDetail): string {
  if (detail.attribute !== 'Properties') return detail.attribute;
  if (detail.name !== undefined) return detail.name;
  return detail.changeSource === 'Automatic' ? 'nested stack template' : 'Properties';
}

/**
 * The replacement a detail alone causes: CloudFormation's rule, the engine's own
 * `replacementOf` (which also computes each resource's Replacement).
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ResourceChange.html
 */
export function detailReplacement(detail: PredictedChangeDetail): Replacement {
  return replacementOf(detail as unknown as Pick<Detail, 'requiresRecreation' | 'evaluation'>);
}

/** Whether a detail comes from another resource (its `Ref` or an attribute). */
export function isReference(detail: PredictedChangeDetail): boolean {
  return detail.changeSource === 'ResourceReference' || detail.changeSource === 'ResourceAttribute';
}

/**
 * The chain behind a detail caused by another resource, walking back through the causing
 * resources' own details until a direct or parameter change:
 * `Bucket replaced (BucketName ← parameter Env: Always, Static) → Policy.Bucket (Ref Bucket)`.
 */
export function referenceChain(
  byId: ReadonlyMap<string, PredictedResourceChange>, logicalId: string, detail: PredictedChangeDetail,
): string | undefined {
  if (!isReference(detail)) return undefined;
  return walk(byId, logicalId, detail, new Set([logicalId])).join(' → ');
}

function walk(
  byId: ReadonlyMap<string, PredictedResourceChange>, logicalId: string, detail: PredictedChangeDetail, seen: ReadonlySet<string>,
): string[] {
  const link = `${logicalId}.${targetOf(detail)} (${detail.changeSource === 'ResourceAttribute' ? 'GetAtt' : 'Ref'} ${detail.causingEntity})`;
  const causeId = (detail.causingEntity ?? '').split('.')[0];
  const cause = byId.get(causeId);
  const root = cause === undefined ? undefined : rootDetail(cause);
  // A cause outside the changes given was replaced (only replacements reach other stacks' changes).
  const verb = cause === undefined || cause.replacement === 'True' ? 'replaced' : cause.replacement === 'Conditional' ? 'may be replaced' : 'updated';
  if (cause === undefined || root === undefined || seen.has(causeId)) return [`${causeId} ${verb}`, link];
  if (isReference(root)) return [...walk(byId, causeId, root, new Set([...seen, causeId])), link];
  const via = root.changeSource === 'ParameterReference' ? ` ← parameter ${root.causingEntity}` : '';
  return [`${causeId} ${verb} (${targetOf(root)}${via}: ${root.requiresRecreation}, ${root.evaluation})`, link];
}

/** The detail that best explains a change: the most intrusive, a direct or parameter change before a reference. */
function rootDetail(change: PredictedResourceChange): PredictedChangeDetail | undefined {
  const order = { True: 0, Conditional: 2, False: 4 };
  const rank = (detail: PredictedChangeDetail): number => order[detailReplacement(detail)] + (isReference(detail) ? 1 : 0);
  return [...change.details].sort((a, b) => rank(a) - rank(b))[0];
}

