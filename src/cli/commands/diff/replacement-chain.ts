/**
 * The reference chain behind a replacement: which resource's replacement, through which
 * references, makes a detail recreate its resource.
 *
 *   Bucket replaced (BucketName: Always, Static) → Queue.QueueName (GetAtt Bucket.Arn) → Policy.Queues (Ref Queue)
 */
import { detailReplacement, isReference } from './replacement-rule';
import { PredictedChangeDetail, PredictedResourceChange } from '../../../change-set';

/**
 * The chain that ends at `detail` of `logicalId`, walking back through the causing
 * resources' own replacement details until a direct or parameter change; undefined for a
 * detail that does not come from another resource.
 *
 * @param byId the changes of the stack (or nested stack) the resource is in, by logical id
 */
export function replacementChain(
  byId: ReadonlyMap<string, PredictedResourceChange>,
  logicalId: string,
  detail: PredictedChangeDetail,
): string | undefined {
  if (!isReference(detail)) return undefined;
  return walk(byId, logicalId, detail, new Set([logicalId])).join(' → ');
}

function walk(
  byId: ReadonlyMap<string, PredictedResourceChange>,
  logicalId: string,
  detail: PredictedChangeDetail,
  seen: ReadonlySet<string>,
): string[] {
  const link = `${logicalId}.${targetOf(detail)} (${detail.changeSource === 'ResourceAttribute' ? 'GetAtt' : 'Ref'} ${detail.causingEntity})`;
  const causeId = (detail.causingEntity ?? '').split('.')[0];
  const cause = byId.get(causeId);
  const root = cause === undefined ? undefined : rootDetail(cause);
  if (cause === undefined || root === undefined || seen.has(causeId)) return [`${causeId} replaced`, link];
  if (isReference(root)) return [...walk(byId, causeId, root, new Set([...seen, causeId])), link];
  const verb = cause.replacement === 'True' ? 'replaced' : 'may be replaced';
  const via = root.changeSource === 'ParameterReference' ? ` ← parameter ${root.causingEntity}` : '';
  return [`${causeId} ${verb} (${targetOf(root)}${via}: ${root.requiresRecreation}, ${root.evaluation})`, link];
}

/**
 * The detail that best explains a resource's replacement: the most intrusive one, a direct or
 * parameter change before a reference (it ends the chain sooner).
 */
function rootDetail(change: PredictedResourceChange): PredictedChangeDetail | undefined {
  const rank = (detail: PredictedChangeDetail): number =>
    (detailReplacement(detail) === 'True' ? 0 : 2) + (isReference(detail) ? 1 : 0);
  return change.details
    .filter((detail) => detailReplacement(detail) !== 'False')
    .sort((a, b) => rank(a) - rank(b))[0];
}

/** What a detail changes, for display: the property name, or the attribute (`Tags`, `Metadata`, ...). */
export function targetOf(detail: PredictedChangeDetail): string {
  if (detail.attribute !== 'Properties') return detail.attribute;
  if (detail.name !== undefined) return detail.name;
  return detail.changeSource === 'Automatic' ? 'nested stack template' : 'Properties';
}
