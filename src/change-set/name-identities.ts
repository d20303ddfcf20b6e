/**
 * A pipeline step for the app: the physical identity (type, name and parents) of every named
 * resource the update adds or removes, so that a name moved between stacks (or between nested
 * stacks of one stack) can be found across the app (`app/cross-stack-names.ts`). Names are
 * keyed as the failure verdicts key them: each value as CloudFormation resolves it where that
 * is known offline, else as written.
 */
import { describeName, describeValue, nameKey, SideEvaluators } from './judge-failures';
import { PredictedResource, PredictedStack } from './model';
import { NormalizedTemplate } from './normalize';
import { ResourceRules } from './resource-rules';

/** The stack's changes, each added or removed named resource with its identity. */
export function withNameIdentities(
  stack: PredictedStack,
  before: NormalizedTemplate,
  after: NormalizedTemplate,
  rules: ResourceRules,
  evaluators: SideEvaluators,
): PredictedStack {
  let changes: PredictedResource[] | undefined;
  stack.changes.forEach((change, index) => {
    if (change.action === 'Modify') return;
    const removed = change.action === 'Remove';
    const resource = (removed ? before : after).resources.get(change.logicalId);
    const key = resource === undefined ? undefined : nameKey(resource, rules, removed ? evaluators.before : evaluators.after);
    if (resource === undefined || key === undefined) return;
    const policy = resource.attributes.DeletionPolicy;
    const evaluator = removed ? evaluators.before : evaluators.after;
    const shown = (value: unknown) => describeValue(value, removed ? before : after, evaluator);
    changes ??= [...stack.changes];
    changes[index] = {
      ...change,
      identity: {
        key,
        names: describeName(resource, rules, shown),
        ...(typeof policy === 'string' ? { deletionPolicy: policy } : {}),
        ...(resource.existenceUnknown === true ? { existenceUnknown: true } : {}),
      },
    };
  });
  return changes === undefined ? stack : { ...stack, changes };
}
