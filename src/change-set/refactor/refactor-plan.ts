import { Plan } from './plan-refactor';
import { RefactorStep, ResourceMove } from './refactor-types';

/**
 * A refactor plan for an app's stacks: its renames and moves, whether each can be done as a
 * CloudFormation stack refactor (and why not), and the deployments that make the change.
 *
 * The plan is offered in the two formats that perform it: the override file of
 * `cdk refactor --unstable=refactor --override-file` and the input of CloudFormation's
 * `CreateStackRefactor` (`aws cloudformation create-stack-refactor --cli-input-json`).
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/stack-refactoring.html
 */
export class RefactorPlan {
  /** @internal */
  public static _of(plan: Plan): RefactorPlan {
    return new RefactorPlan(plan);
  }

  private constructor(private readonly plan: Plan) {}

  /** Every rename and move found, refactorable or not, sorted by source stack and logical id. */
  public get moves(): ResourceMove[] {
    return this.plan.moves.map(({ move, reasons, withoutRefactor }) => ({
      source: { stackName: move.source.stack, logicalResourceId: move.source.logicalId },
      destination: { stackName: move.destination.stack, logicalResourceId: move.destination.logicalId },
      resourceType: move.resourceType,
      matchedBy: move.matchedBy,
      similarity: move.similarity,
      refactorable: reasons.length === 0,
      reasons: [...reasons],
      withoutRefactor,
    }));
  }

  /**
   * The deployments, in order: the stack refactor (step 1), then, when the same change also
   * edits the stacks, the update of what is left (step 2). Empty when nothing can be refactored.
   */
  public get steps(): RefactorStep[] {
    return this.plan.steps.map((step, index) => ({ step: index + 1, kind: step.kind, stackNames: [...step.stacks], actions: [...step.actions] }));
  }

  /**
   * `cdk refactor`'s override file: `{ "environments": [{ "account", "region", "resources":
   * { "Stack.OldId": "Stack.NewId" } }] }`, one entry per environment (the shape the CDK
   * CLI's `parseMappingGroups` reads).
   */
  public toCdkRefactorOverrides(): any {
    const byEnvironment = new Map<string, { account: string; region: string; resources: Record<string, string> }>();
    for (const group of this.plan.groups) {
      const id = `${group.account}/${group.region}`;
      const entry = byEnvironment.get(id) ?? { account: group.account, region: group.region, resources: {} };
      for (const move of group.moves) entry.resources[`${move.source.stack}.${move.source.logicalId}`] = `${move.destination.stack}.${move.destination.logicalId}`;
      byEnvironment.set(id, entry);
    }
    return { environments: [...byEnvironment.values()] };
  }

  /**
   * One `CreateStackRefactor` input per refactor: `Description`, `StackDefinitions` (each
   * stack's template for the refactor, as `TemplateBody`), `ResourceMappings` (`Source` and
   * `Destination`, each `{ StackName, LogicalResourceId }`) and, when a destination stack is
   * new, `EnableStackCreation: true`.
   */
  public toCreateStackRefactorInputs(): any[] {
    return this.plan.groups.map((group) => ({
      Description: `cdk-lifecycle refactor plan: ${group.moves.length} resource${group.moves.length === 1 ? '' : 's'} moved or renamed in ${group.stacks.join(', ')}`.slice(0, 1024),
      StackDefinitions: group.stacks.map((name) => ({ StackName: name, TemplateBody: JSON.stringify(group.templates.get(name)) })),
      ResourceMappings: group.moves.map((move) => ({
        Source: { StackName: move.source.stack, LogicalResourceId: move.source.logicalId },
        Destination: { StackName: move.destination.stack, LogicalResourceId: move.destination.logicalId },
      })),
      ...(group.createsStacks.length > 0 ? { EnableStackCreation: true } : {}),
    }));
  }

  /**
   * The whole plan as one JSON object: `environments` (so the file itself is a `cdk refactor`
   * override file), `StackRefactors` (the `CreateStackRefactor` inputs), `Moves` and `Steps`.
   */
  public toJson(): any {
    return {
      environments: this.toCdkRefactorOverrides().environments,
      StackRefactors: this.toCreateStackRefactorInputs(),
      Moves: this.moves.map((move) => ({
        Source: { StackName: move.source.stackName, LogicalResourceId: move.source.logicalResourceId },
        Destination: { StackName: move.destination.stackName, LogicalResourceId: move.destination.logicalResourceId },
        ResourceType: move.resourceType,
        MatchedBy: move.matchedBy,
        Similarity: move.similarity,
        Refactorable: move.refactorable,
        Reasons: move.reasons,
        WithoutRefactor: move.withoutRefactor,
      })),
      Steps: this.steps.map((step) => ({ Step: step.step, Kind: step.kind, Stacks: step.stackNames, Actions: step.actions })),
    };
  }
}
