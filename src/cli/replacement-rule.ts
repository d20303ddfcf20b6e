import { PredictedChangeDetail } from '../change-set';

/** A detail's verdict, in `Replacement`'s vocabulary. */
export type DetailReplacement = 'True' | 'Conditional' | 'False';

/**
 * CloudFormation's rule for one detail, as its documentation states it: Never is no
 * replacement; Always with a value known now (Static) is one; Always with a value known only
 * at deploy time (Dynamic), and Conditionally, may be one. The engine applies the same rule
 * to compute each resource's `Replacement`; the report uses it to mark the details behind it.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_ResourceChange.html
 */
export function detailReplacement(detail: PredictedChangeDetail): DetailReplacement {
  if (detail.requiresRecreation === 'Never') return 'False';
  if (detail.requiresRecreation === 'Always' && detail.evaluation === 'Static') return 'True';
  return 'Conditional';
}

/** Whether a detail's change comes from another resource (a `Ref` or an attribute of it). */
export function isReference(detail: PredictedChangeDetail): boolean {
  return detail.changeSource === 'ResourceReference' || detail.changeSource === 'ResourceAttribute';
}
