import { Plan } from './plan-refactor';
import { RefactorAmbiguity, RefactorStep, RefactorTemplateUpload, ResourceMove, StackResourceLocation } from './refactor-types';

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
   * Identical resources that nothing tells apart, removed at some places and added at others:
   * none of them is paired (so none is in `moves`) until the plan is given the user's decision
   * (`RefactorPlanOptions.mappings`). Sorted by first source.
   */
  public get ambiguities(): RefactorAmbiguity[] {
    const at = (location: { stack: string; logicalId: string }) => ({ stackName: location.stack, logicalResourceId: location.logicalId });
    return this.plan.ambiguities.map((ambiguity) => ({
      resourceType: ambiguity.resourceType,
      sources: ambiguity.sources.map(at),
      destinations: ambiguity.destinations.map(at),
    }));
  }

  /** The refactor templates too large for `TemplateBody`, to upload before the refactor (their inputs name them by `TemplateURL`). */
  public get templateUploads(): RefactorTemplateUpload[] {
    return this.plan.groups.flatMap((group) => [...group.uploads.values()].map((upload) => ({ ...upload })));
  }

  /**
   * The deployments, in order: the stack refactor (step 1), then, when the same change also
   * edits the stacks, the update of what is left (step 2). Empty when nothing can be refactored.
   */
  public get steps(): RefactorStep[] {
    return this.plan.steps.map((step, index) => ({
      step: index + 1,
      kind: step.kind,
      stackNames: [...step.stacks],
      actions: [...step.actions],
      safe: step.problems.length === 0,
      problems: [...step.problems],
    }));
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
   * stack's template for the refactor, as `TemplateBody`, or as `TemplateURL` when it is over
   * 51,200 bytes: see `templateUploads`), `ResourceMappings` (`Source` and
   * `Destination`, each `{ StackName, LogicalResourceId }`) and, when a destination stack is
   * new, `EnableStackCreation: true`.
   */
  public toCreateStackRefactorInputs(): any[] {
    return this.plan.groups.map((group) => ({
      Description: `cdk-lifecycle refactor plan: ${group.moves.length} resource${group.moves.length === 1 ? '' : 's'} moved or renamed in ${group.stacks.join(', ')}`.slice(0, 1024),
      StackDefinitions: group.stacks.map((name) => {
        const upload = group.uploads.get(name);
        if (upload !== undefined) return { StackName: name, TemplateURL: upload.templateUrl };
        return { StackName: name, TemplateBody: JSON.stringify(group.templates.get(name)) };
      }),
      ResourceMappings: group.moves.map((move) => ({
        Source: { StackName: move.source.stack, LogicalResourceId: move.source.logicalId },
        Destination: { StackName: move.destination.stack, LogicalResourceId: move.destination.logicalId },
      })),
      ...(group.createsStacks.length > 0 ? { EnableStackCreation: true } : {}),
    }));
  }

  /**
   * The whole plan as one JSON object: `environments` (so the file itself is a `cdk refactor`
   * override file), `StackRefactors` (the `CreateStackRefactor` inputs), `TemplateUploads`
   * (`StackName`, `Bucket`, `Key`, `TemplateURL`, `Bytes`), `Moves`, `Ambiguities` and `Steps`.
   */
  public toJson(): any {
    return {
      environments: this.toCdkRefactorOverrides().environments,
      StackRefactors: this.toCreateStackRefactorInputs(),
      TemplateUploads: this.templateUploads.map((upload) => ({
        StackName: upload.stackName,
        Bucket: upload.bucketName,
        Key: upload.objectKey,
        TemplateURL: upload.templateUrl,
        Bytes: upload.bytes,
      })),
      Moves: this.moves.map((move) => ({
        Source: cfnLocation(move.source),
        Destination: cfnLocation(move.destination),
        ResourceType: move.resourceType,
        MatchedBy: move.matchedBy,
        Similarity: move.similarity,
        Refactorable: move.refactorable,
        Reasons: move.reasons,
        WithoutRefactor: move.withoutRefactor,
      })),
      Ambiguities: this.ambiguities.map((ambiguity) => ({
        ResourceType: ambiguity.resourceType,
        Sources: ambiguity.sources.map(cfnLocation),
        Destinations: ambiguity.destinations.map(cfnLocation),
      })),
      Steps: this.steps.map((step) => ({
        Step: step.step,
        Kind: step.kind,
        Stacks: step.stackNames,
        Actions: step.actions,
        Safe: step.safe,
        Problems: step.problems,
      })),
    };
  }
}

/** A location in CloudFormation's spelling (`ResourceLocation`). */
function cfnLocation(location: StackResourceLocation): { StackName: string; LogicalResourceId: string } {
  return { StackName: location.stackName, LogicalResourceId: location.logicalResourceId };
}
