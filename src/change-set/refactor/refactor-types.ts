/**
 * The jsii structs of refactor plans: the stacks given to `ChangeSetPredictor.planRefactor`,
 * and the moves and steps of the plan it returns.
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
   * How the two were matched: `Name` (the same type and physical name), `IdenticalProperties`
   * (the same type and properties, between two stacks) or `Similarity` (a probable rename
   * within a stack, at or above the rename threshold).
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
}
