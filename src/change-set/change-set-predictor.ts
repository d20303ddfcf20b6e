import { PredictOptions } from './predict-options';
import { predictWithSpec } from './predict-with-spec';
import { PredictedChangeSet } from './predicted-change-set';
import { planRefactor } from './refactor/plan-refactor';
import { RefactorPlan } from './refactor/refactor-plan';
import { RefactorPlanOptions, RefactorStack } from './refactor/refactor-types';
import { GENERATED_SPEC } from './replacement-spec-lookup';

/**
 * Predicts the change set CloudFormation would create for a stack update, offline: from
 * the deployed template and the new one, without AWS credentials.
 *
 * It lists what CloudFormation adds, modifies and removes, with each modification's
 * details and whether it replaces the resource, following changed values through every
 * intrinsic function (`Ref`, `Fn::GetAtt`, `Fn::Sub`, `Fn::Join`, `Fn::If`, ...) to a fixed
 * point. It adds what CloudFormation does not say: probable renames of logical ids, and
 * changes that will or may fail because a named resource is replaced or moved.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/using-cfn-updating-stacks-changesets-samples.html
 */
export class ChangeSetPredictor {
  /**
   * Predicts the change set for updating a stack from `before` to `after`.
   *
   * Never throws and never modifies the templates: anything that is not a template reads
   * as an empty one, and odd resources are skipped.
   *
   * @param before the deployed template, as a parsed JSON object
   * @param after the new template, as a parsed JSON object
   * @param options parameter values, nested stack templates and the rename threshold
   */
  public static predict(before: any, after: any, options?: PredictOptions): PredictedChangeSet {
    return PredictedChangeSet._of(predictWithSpec(before, after, options ?? {}, GENERATED_SPEC));
  }

  /**
   * Plans how to make an app's renames and moves without replacing anything: which can be
   * done as CloudFormation stack refactors (and why the others cannot), the override file of
   * `cdk refactor` and the `CreateStackRefactor` inputs, and, when the same change also
   * edits those stacks, the update that follows the refactor.
   *
   * Never modifies the templates, and throws only for mappings that cannot be applied.
   *
   * @param stacks every stack of the app (of one or more environments), each with its deployed and new template
   * @param options the user's mappings of resources the plan cannot tell apart
   * @throws Error (`RefactorMappingError`) for a mapping of the wrong shape or one that does not fit the templates, naming the entry
   */
  public static planRefactor(stacks: RefactorStack[], options?: RefactorPlanOptions): RefactorPlan {
    return RefactorPlan._of(planRefactor(Array.isArray(stacks) ? stacks.map((stack) => ({
      name: String(stack.stackName),
      before: stack.before,
      after: stack.after,
      ...(typeof stack.account === 'string' ? { account: stack.account } : {}),
      ...(typeof stack.region === 'string' ? { region: stack.region } : {}),
    })) : [], GENERATED_SPEC, { mappings: options?.mappings }));
  }

  private constructor() {}
}
