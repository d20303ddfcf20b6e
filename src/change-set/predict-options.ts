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
   * The nested stack's deployed template.
   *
   * @default - an empty template
   */
  readonly before?: any;

  /**
   * The nested stack's new template.
   *
   * @default - an empty template
   */
  readonly after?: any;
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
   * A stack nested deeper is keyed by the path of logical ids, `Outer/Inner`. A
   * nested stack present on both sides is predicted too, its parameters read from the stack
   * resource's `Parameters`, and its changes are attached to the stack resource's change.
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
}
