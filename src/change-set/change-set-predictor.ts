import { nestedSides, predictApp } from './app/predict-app';
import { AppPredictOptions, AppStackTemplates } from './app-types';
import { isObject, own } from './json';
import { PredictOptions } from './predict-options';
import { predictWithSpec } from './predict-with-spec';
import { PredictedApp } from './predicted-app';
import { PredictedChangeSet } from './predicted-change-set';
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
   * Predicts the deployment of a whole app, stack by stack in the order `cdk deploy` takes
   * (each stack after the stacks it depends on): every stack's change set, and what only the
   * app shows. An export removed, or whose value changes, while another stack still imports it
   * (CloudFormation refuses both); an export name another stack still holds; a new import of an
   * export that is created only later; a named resource moved to another stack (or nested
   * stack) while the old one still holds the name. Each is a failure on the output or resource
   * concerned, with what to do.
   *
   * Never throws and never modifies the templates.
   *
   * @param stacks every stack of the app, in the order of its cloud assembly manifest
   * @param options the description, the rename threshold and importers outside the app
   */
  public static predictApp(stacks: AppStackTemplates[], options?: AppPredictOptions): PredictedApp {
    const settings: unknown = options ?? {};
    const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
    const inputs = (Array.isArray(stacks) ? stacks as unknown[] : []).filter(isObject).map((stack) => {
      const nested = nestedSides(own(stack, 'nestedStacks'));
      const account = text(own(stack, 'account'));
      const region = text(own(stack, 'region'));
      const name = String(own(stack, 'stackName'));
      const dependsOn = own(stack, 'dependsOn');
      return {
        name,
        before: own(stack, 'before'),
        after: own(stack, 'after'),
        nestedBefore: nested.before,
        nestedAfter: nested.after,
        options: {
          ...(own(stack, 'parameters') === undefined ? {} : { parameters: own(stack, 'parameters') as PredictOptions['parameters'] }),
          ...(isObject(settings) && own(settings, 'includePropertyValues') === true ? { includePropertyValues: true } : {}),
          ...(isObject(settings) && typeof own(settings, 'renameThreshold') === 'number' ? { renameThreshold: own(settings, 'renameThreshold') as number } : {}),
          environment: { stackName: name, ...(account === undefined ? {} : { account }), ...(region === undefined ? {} : { region }) },
        },
        dependsOn: Array.isArray(dependsOn) ? dependsOn.filter((entry): entry is string => typeof entry === 'string') : [],
        ...(account === undefined ? {} : { account }),
        ...(region === undefined ? {} : { region }),
      };
    });
    const external = isObject(settings) ? own(settings, 'externalImporters') : undefined;
    const importers = new Map<string, string[]>();
    if (isObject(external)) {
      for (const name of Object.keys(external)) {
        const list = external[name];
        if (Array.isArray(list)) importers.set(name, list.filter((entry): entry is string => typeof entry === 'string'));
      }
    }
    return PredictedApp._of(predictApp(inputs, GENERATED_SPEC, importers));
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
    // The planner is loaded when a plan is asked for: a diff of two templates never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { planRefactor } = require('./refactor/plan-refactor') as typeof import('./refactor/plan-refactor');
    return RefactorPlan._of(planRefactor(Array.isArray(stacks) ? stacks.map((stack) => ({
      name: String(stack.stackName),
      before: stack.before,
      after: stack.after,
      ...(typeof stack.account === 'string' ? { account: stack.account } : {}),
      ...(typeof stack.region === 'string' ? { region: stack.region } : {}),
    })) : [], GENERATED_SPEC, {
      mappings: options?.mappings,
      ...(Array.isArray(options?.stackNames) ? { stacks: options.stackNames.map(String) } : {}),
    }));
  }

  private constructor() {}
}
