/**
 * The jsii structs of refactor plans: the stacks and options given to
 * `ChangeSetPredictor.planRefactor`, and the moves, ambiguities, uploads and steps of the plan
 * it returns.
 */

/** One stack of an app on both sides: what is deployed and what is about to be. */
export interface RefactorStack {
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
   * @default - the stack is removed
   */
  readonly after?: any;

  /**
   * The stack's account: stacks of different environments are never refactored together.
   *
   * @default - not known (environment-agnostic); the override file says `unknown-account`
   */
  readonly account?: string;

  /**
   * The stack's Region.
   *
   * @default - not known (environment-agnostic); the override file says `unknown-region`
   */
  readonly region?: string;
}

/** A resource's place: a stack and a logical id (CloudFormation's `ResourceLocation`). */
export interface StackResourceLocation {
  /** The stack name. */
  readonly stackName: string;

  /** The logical id in that stack. */
  readonly logicalResourceId: string;
}

/**
 * A resource removed from one place and added at another: a rename within a stack, or a
 * move between two stacks of one environment.
 */
export interface ResourceMove {
  /** Where the resource is deployed. */
  readonly source: StackResourceLocation;

  /** Where the new templates put it. */
  readonly destination: StackResourceLocation;

  /** The resource type. */
  readonly resourceType: string;

  /**
   * How the two were matched: `Mapping` (the user's mappings said so), `Name` (the same type
   * and physical name), `IdenticalProperties` (the same type, properties and attributes, with
   * references compared by what they point at), `Dependents` (identical to others, told apart
   * by the resources and outputs that refer to it) or `Similarity` (a probable rename within a
   * stack, at or above the rename threshold).
   */
  readonly matchedBy: string;

  /** Dice similarity of the two property sets, 0 to 1 (two decimals). */
  readonly similarity: number;

  /** Whether the move can be done as a stack refactor. */
  readonly refactorable: boolean;

  /** Why it cannot be a stack refactor (empty when it can). */
  readonly reasons: string[];

  /** What CloudFormation does without a refactor: the name collision, or what happens to the data. */
  readonly withoutRefactor: string;
}

/**
 * Resources that are identical to each other, removed at some places and added at others, that
 * nothing tells apart: which one went where is the user's decision (`RefactorPlanOptions.mappings`,
 * `--refactor-mappings`), and none of them is paired until it is made.
 */
export interface RefactorAmbiguity {
  /** The resource type they share. */
  readonly resourceType: string;

  /** Where they are deployed. */
  readonly sources: StackResourceLocation[];

  /** Where the new templates put them. */
  readonly destinations: StackResourceLocation[];
}

/**
 * The user's decisions for one environment, in the shape of an entry of `cdk refactor`'s
 * `--override-file` (`{ "environments": [ <this> ] }`).
 */
export interface RefactorMappingGroup {
  /** The account of the stacks (`unknown-account` for environment-agnostic stacks). */
  readonly account: string;

  /** The Region of the stacks (`unknown-region` for environment-agnostic stacks). */
  readonly region: string;

  /**
   * Source to destination: each a `Stack.LogicalId` or a construct path (`Stack/Bucket/Resource`,
   * the resource's `aws:cdk:path`); the source is read in the deployed templates, the
   * destination in the new ones.
   */
  readonly resources: { [source: string]: string };
}

/** Options of `ChangeSetPredictor.planRefactor`. */
export interface RefactorPlanOptions {
  /**
   * Which resource went where, where the plan cannot tell: a mapping pairs its source and its
   * destination before anything else is compared.
   *
   * @default - none: ambiguous resources are reported and not paired
   */
  readonly mappings?: RefactorMappingGroup[];

  /**
   * The names of the stacks to compare, as `cdk refactor STACKS` picks them: only their resources
   * are paired as renames and moves. The other stacks are still read for their exports and
   * imports (an export one of them imports stays in use), and they are not deployed by the plan.
   *
   * @default - every stack given
   */
  readonly stackNames?: string[];
}

/**
 * A template too large for `CreateStackRefactor`'s `TemplateBody` (51,200 bytes): it must be
 * uploaded to S3 first, and the refactor's input names it by `TemplateURL`. The place is the
 * one `cdk refactor` uses: the CDK bootstrap bucket, key `cdk-refactor/<stack>/<sha256>.json`.
 */
export interface RefactorTemplateUpload {
  /** The stack whose refactor template it is. */
  readonly stackName: string;

  /** The bucket: `cdk-<qualifier>-assets-<account>-<region>`, the bootstrap template's default name. */
  readonly bucketName: string;

  /** The object key. */
  readonly objectKey: string;

  /** The object's URL, as `TemplateURL` gives it. */
  readonly templateUrl: string;

  /** The template's size in bytes (UTF-8). */
  readonly bytes: number;

  /** The template, as the object's content. */
  readonly templateBody: string;
}

/** One deployment of a refactor plan: the stack refactor, or the update that follows it. */
export interface RefactorStep {
  /** 1 for the refactor, 2 for the update after it. */
  readonly step: number;

  /** `Refactor` (CreateStackRefactor or `cdk refactor`) or `Deploy` (the normal update). */
  readonly kind: string;

  /** The stacks the step changes. */
  readonly stackNames: string[];

  /** What the step does, one line each (`move Data.Orders -> Api.Orders`, `Api: [+] AWS::SQS::Queue Jobs`). */
  readonly actions: string[];

  /** False when the step fails as planned (an export removed while another stack imports it). */
  readonly safe: boolean;

  /** Why the step fails as planned, and what to do instead (empty when it is safe). */
  readonly problems: string[];
}
