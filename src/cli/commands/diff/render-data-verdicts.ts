/**
 * The report's data verdicts, right after the certain failures: for each removed or replaced
 * data-bearing resource, what happens to its data and why (the policy, written or the type's
 * default), deleting ones first in each stack. The label is the data's fate, except for a
 * resource the service deletes only when empty (a bucket: `[deletion fails if not empty]`) and a
 * custom resource whose provider CloudFormation sends Delete (`[provider's Delete runs]`).
 */
import { describeChange } from './describe-change';
import { Review, ReviewChange, ReviewDataVerdict } from '../../../review/review-model';
import { Style } from '../../render/style';

/** The section's lines (none when nothing data-bearing is removed or replaced). */
export function renderDataVerdicts(review: Review, style: Style): string[] {
  const verdicts = review.stacks.flatMap((stack) => {
    const withData = stack.changes.filter((change): change is ReviewChange & { dataVerdict: ReviewDataVerdict } => change.dataVerdict !== undefined);
    return [...withData.filter(deletes), ...withData.filter((change) => !deletes(change))];
  });
  if (verdicts.length === 0) return [];
  const lines = [style.heading('Data: what happens to the data of removed and replaced resources')];
  for (const change of verdicts) {
    const verdict = change.dataVerdict;
    // A bucket that holds objects cannot be deleted, and a provider's Delete does what its handler does: the label says so.
    const marker = verdict.deletionFailsUnlessEmpty === true ? '[deletion fails if not empty]' : verdict.providerDelete === true ? '[provider\'s Delete runs]' : `[${verdict.verdict}]`;
    const colour = verdict.verdict === 'deleted' ? style.replaced : verdict.verdict === 'unknown' ? style.warning : style.modified;
    const attribute = verdict.trigger === 'Removal' ? 'DeletionPolicy' : 'UpdateReplacePolicy';
    const policy = `${attribute} ${verdict.policy}${verdict.policyIsDefault ? ' (the type\'s default)' : ''}`;
    const event = verdict.trigger === 'Removal' ? 'removed' : verdict.certain ? 'replaced' : 'may be replaced';
    lines.push(`${colour(marker)} ${describeChange(change)}: ${event}, ${policy}`, `    ${verdict.consequence}`);
  }
  lines.push('');
  return lines;
}

function deletes(change: ReviewChange): boolean {
  return change.dataVerdict?.verdict === 'deleted';
}
