import { PredictedChangeDetail } from '../../../change-set';
import { Detail, Replacement, replacementOf } from '../../../change-set/model';

/** A detail's verdict, in `Replacement`'s vocabulary. */
export type DetailReplacement = Replacement;

/**
 * CloudFormation's rule for one detail (the engine's own `replacementOf`, which also computes
 * each resource's `Replacement`); the report uses it to mark the details behind a replacement.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ResourceChange.html
 */
export function detailReplacement(detail: PredictedChangeDetail): DetailReplacement {
  return replacementOf(detail as unknown as Pick<Detail, 'requiresRecreation' | 'evaluation'>);
}

/** Whether a detail's change comes from another resource (a `Ref` or an attribute of it). */
export function isReference(detail: PredictedChangeDetail): boolean {
  return detail.changeSource === 'ResourceReference' || detail.changeSource === 'ResourceAttribute';
}
