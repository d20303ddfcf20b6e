/**
 * Parameter values of the deployed stack and of the update.
 *
 * A parameter without a value here takes its template's `Default`; on the update side, a
 * parameter without a value keeps the deployed value given here (as `UsePreviousValue`
 * does). A parameter whose old or new value is unknown is treated as unchanged.
 */
export interface ParameterValues {
  /**
   * Values the deployed stack was created or last updated with.
   *
   * @default - the old template's defaults
   */
  readonly before?: { [name: string]: string };

  /**
   * Values given for the update.
   *
   * @default - the values in `before`, else the new template's defaults
   */
  readonly after?: { [name: string]: string };
}

/**
 * The templates of one nested stack (an `AWS::CloudFormation::Stack` resource) on both
 * sides, as parsed JSON objects.
 */
export interface NestedStackTemplates {
  /**
   * The nested stack's deployed template: needed when the deployed template has its stack
   * resource.
   *
   * @default - not known: a nested stack whose stack resource is on the deployed side is compared by its stack resource only
   */
  readonly before?: any;

  /**
   * The nested stack's new template: needed when the new template has its stack resource.
   *
   * @default - not known: a nested stack whose stack resource is on the new side is compared by its stack resource only
   */
  readonly after?: any;
}

/**
 * Where the stack is deployed, as far as the caller knows: the values of the pseudo
 * parameters `AWS::AccountId`, `AWS::Region` (with `AWS::Partition` and `AWS::URLSuffix`
 * derived from it) and `AWS::StackName`. Conditions, mapping look-ups and names that use them
 * can then be evaluated offline.
 */
export interface StackEnvironment {
  /**
   * The 12-digit account id.
   *
   * @default - unknown
   */
  readonly account?: string;

  /**
   * The Region, such as `eu-west-1`.
   *
   * @default - unknown
   */
  readonly region?: string;

  /**
   * The stack's name.
   *
   * @default - unknown
   */
  readonly stackName?: string;
}

/**
 * Options of `ChangeSetPredictor.predict`.
 */
export interface PredictOptions {
  /**
   * Parameter values on both sides. A property referencing a parameter whose value changes
   * is listed with CloudFormation's `ParameterReference` details.
   *
   * @default - only the templates' parameter defaults are known
   */
  readonly parameters?: ParameterValues;

  /**
   * Templates of nested stacks, keyed by the logical id of their `AWS::CloudFormation::Stack`
   * resource.
   *
   * A stack nested deeper is keyed by the path of logical ids, `Outer/Inner`. Each nested
   * stack is predicted as a stack of its own, its parameters the stack resource's
   * `Parameters` evaluated with the parent's values, and its changes are attached to the stack
   * resource's change: updated when the stack resource is on both sides, created whole when
   * it is added (also by its `Condition`), deleted whole, with a data verdict for everything
   * inside at any depth, when it is removed (kept whole when its `DeletionPolicy` is `Retain`).
   *
   * @default - nested stacks are compared by their stack resource's properties only
   */
  readonly nestedStacks?: { [logicalIdPath: string]: NestedStackTemplates };

  /**
   * Similarity (0 to 1) at or above which a removed and an added resource of the same type
   * are reported as a probable rename. Similarity is the share of equal primitive values and
   * keys in their properties. A value above 1 turns rename detection off.
   *
   * @default 0.8
   */
  readonly renameThreshold?: number;

  /**
   * Describe the change set as `DescribeChangeSet` does with `IncludePropertyValues`.
   *
   * Every detail then has its `Path`, `BeforeValue`, `AfterValue` and `AttributeChangeType`,
   * every change its `BeforeContext` and `AfterContext`, and the details are the ones
   * CloudFormation gives in that description: a dependent of a replaced resource gets a
   * Dynamic `DirectModification` and a reference detail, a dependent of a resource updated in
   * place gets none. Secrets are masked as CloudFormation masks them.
   *
   * @default false - CloudFormation's default description
   */
  readonly includePropertyValues?: boolean;

  /**
   * The account, Region and stack name of the deployed stack, for the pseudo parameters.
   *
   * @default - pseudo parameters are unknown
   */
  readonly environment?: StackEnvironment;
}
