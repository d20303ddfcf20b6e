/**
 * The report's data verdicts, right after the certain failures: for each removed or replaced
 * data-bearing resource, what happens to its data and why (the policy, written or the type's
 * default), deleting ones first. The label is the data's fate, except for a resource the
 * service deletes only when empty (a bucket: `[deletion fails if not empty]`) and a custom
 * resource whose provider CloudFormation sends Delete (`[provider's Delete runs]`).
 */
import { StackDiff } from './predict-stacks';
import { Style } from '../../render/style';

/** The section's lines (none when nothing data-bearing is removed or replaced). */
export function renderDataVerdicts(diffs: readonly StackDiff[], style: Style): string[] {
  const verdicts = diffs.flatMap((diff) => diff.changeSet.dataVerdicts.map((verdict) => ({ diff, verdict })));
  if (verdicts.length === 0) return [];
  const lines = [style.heading('Data: what happens to the data of removed and replaced resources')];
  for (const { diff, verdict } of verdicts) {
    // A bucket that holds objects cannot be deleted, and a provider's Delete does what its handler does: the label says so.
    const marker = verdict.deletionFailsUnlessEmpty ? '[deletion fails if not empty]' : verdict.providerDelete ? '[provider\'s Delete runs]' : `[${verdict.fate.toLowerCase()}]`;
    const colour = verdict.fate === 'Deleted' ? style.replaced : verdict.fate === 'Unknown' ? style.warning : style.modified;
    const constructPath = diff.constructPaths.get(verdict.nestedStackPath ?? '')?.get(verdict.logicalResourceId);
    const where = [
      ...(diff.name === undefined ? [] : [`stack ${diff.name}`]),
      ...(verdict.nestedStackPath === undefined ? [] : [`nested stack ${verdict.nestedStackPath}`]),
    ];
    const attribute = verdict.trigger === 'Removal' ? 'DeletionPolicy' : 'UpdateReplacePolicy';
    const policy = `${attribute} ${verdict.policy}${verdict.policySource === 'TypeDefault' ? ' (the type\'s default)' : ''}`;
    const event = verdict.trigger === 'Removal' ? 'removed' : verdict.certainty === 'Possible' ? 'may be replaced' : 'replaced';
    lines.push(
      `${colour(marker)} ${verdict.resourceType} ${constructPath === undefined ? '' : `${constructPath} `}${verdict.logicalResourceId}${where.length > 0 ? ` (${where.join(', ')})` : ''}: ${event}, ${policy}`,
      `    ${verdict.consequence}`,
    );
  }
  lines.push('');
  return lines;
}
