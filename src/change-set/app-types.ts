/**
 * The jsii structs of a prediction of a whole app: its stacks as given to
 * `ChangeSetPredictor.predictApp`, and its options.
 */
import { NestedStackTemplates, ParameterValues } from './predict-options';

/** One stack of an app on both sides: what is deployed and what is about to be. */
export interface AppStackTemplates {
  /** The stack name CloudFormation knows. */
  readonly stackName: string;

  /**
   * The deployed template, as a parsed JSON object.
   *
   * @default - the stack is not deployed yet
   */
  readonly before?: any;

  /**
   * The new template, as a parsed JSON object.
   *
   * @default - the app no longer has the stack: `cdk deploy` does not delete it, so it stays
   * deployed; its change set is empty, its notes say so, and its names and exports still
   * count against the other stacks
   */
  readonly after?: any;

  /**
   * Templates of its nested stacks, keyed by the path of logical ids of their
   * `AWS::CloudFormation::Stack` resources (`Outer/Inner`). A nested stack on one side only
   * has only that side: it is created or deleted whole, and its names and exports take part
   * in the app's verdicts like the stack's own.
   *
   * @default - nested stacks are compared by their stack resource's properties only
   */
  readonly nestedStacks?: { [logicalIdPath: string]: NestedStackTemplates };

  /**
   * Parameter values on both sides.
   *
   * @default - only the templates' parameter defaults are known
   */
  readonly parameters?: ParameterValues;

  /**
   * The names of the stacks it depends on (the cloud assembly manifest's `dependencies`):
   * `cdk deploy` deploys those first.
   *
   * @default - none
   */
  readonly dependsOn?: string[];

  /**
   * The stack's account.
   *
   * @default - not known (environment-agnostic)
   */
  readonly account?: string;

  /**
   * The stack's Region.
   *
   * @default - not known (environment-agnostic)
   */
  readonly region?: string;
}

/** Options of `ChangeSetPredictor.predictApp`. */
export interface AppPredictOptions {
  /**
   * Describe the change sets as `DescribeChangeSet` does with `IncludePropertyValues`.
   *
   * @default false
   */
  readonly includePropertyValues?: boolean;

  /**
   * Similarity (0 to 1) at or above which a removed and an added resource are reported as a
   * probable rename.
   *
   * @default 0.8
   */
  readonly renameThreshold?: number;

  /**
   * Stacks outside the app that import an export, by export name (CloudFormation's
   * `ListImports`, as a snapshot of the deployed state records it). When given, an export no
   * stack imports is known to be free; without it, removing an export no stack of the app
   * imports gets a note that importers outside the app cannot be seen offline.
   *
   * @default - importers outside the app are not known
   */
  readonly externalImporters?: { [exportName: string]: string[] };
}
