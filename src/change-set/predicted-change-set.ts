import { FailureVerdict, PredictedChangeDetail, PredictedDataVerdict, PredictedOutputChange, PredictedResourceChange, ProbableRename } from './change-set-types';
import { canonicalText } from './json';
import { DataVerdict, Failure, PredictedResource, PredictedStack, RenderedDetail } from './model';
import { OutputChange } from './output-changes';

/** The resource type a failure of an output (an export in use) is reported with. */
export const OUTPUT_TYPE = 'Output';

/**
 * A change set predicted offline from two templates.
 *
 * `toJson()` has the shape of `describe-change-set`'s `Changes`; the typed getters serve
 * tools that act on the prediction (a CLI, an aspect).
 */
export class PredictedChangeSet {
  /** @internal */
  public static _of(stack: PredictedStack, nestedStackPath?: string, stackName?: string): PredictedChangeSet {
    return new PredictedChangeSet(stack, nestedStackPath, stackName);
  }

  private constructor(private readonly stack: PredictedStack, private readonly nestedStackPath?: string, private readonly stackName?: string) {}

  /**
   * A copy in which every change of this stack, and every output it changes, fails with
   * `failure` unless it already fails for certain: a stack CloudFormation refuses to update
   * (its status, known only from the deployed state). A nested stack's changes are not marked:
   * its stack resource's change is.
   *
   * @internal
   */
  public _withStackFailure(failure: Failure): PredictedChangeSet {
    const fails = <T extends { readonly failure?: Failure }>(item: T): T => (item.failure?.certainty === 'Certain' ? item : { ...item, failure });
    return new PredictedChangeSet({
      ...this.stack,
      changes: this.stack.changes.map(fails),
      ...(this.stack.outputs === undefined ? {} : { outputs: this.stack.outputs.map((output) => (output.action === 'None' ? output : fails(output))) }),
    }, this.nestedStackPath, this.stackName);
  }

  /** Every resource that is added, modified or removed, sorted by logical id. */
  public get changes(): PredictedResourceChange[] {
    return this.stack.changes.map((change) => this.toResourceChange(change));
  }

  /** Probable renames, in this stack and in the nested stacks that were predicted. */
  public get renames(): ProbableRename[] {
    const typeOf = new Map(this.stack.changes.map((change) => [change.logicalId, change.resourceType]));
    const own = this.stack.renames.map((rename): ProbableRename => ({
      fromLogicalId: rename.from,
      toLogicalId: rename.to,
      resourceType: typeOf.get(rename.to) ?? '',
      similarity: rename.similarity,
      ...this.pathField(),
    }));
    return [...own, ...this.nestedSets().flatMap((nested) => nested.renames)];
  }

  /**
   * Changes CloudFormation will or may fail to apply, in this stack and in the nested stacks
   * that were predicted: certain ones first.
   */
  public get failures(): FailureVerdict[] {
    const all = [
      ...this.stack.changes.flatMap((change) => (change.failure ? [this.toFailure(change, change.failure)] : [])),
      ...this.ownOutputs().flatMap((output) => (output.failure === undefined ? [] : [output.failure])),
      ...this.nestedSets().flatMap((nested) => nested.failures),
    ];
    return [...all.filter((failure) => failure.certainty === 'Certain'), ...all.filter((failure) => failure.certainty !== 'Certain')];
  }

  /**
   * What happens to the data of each removed or replaced resource of a data-bearing type, in
   * this stack and in the nested stacks that were predicted: verdicts that delete data first.
   */
  public get dataVerdicts(): PredictedDataVerdict[] {
    const all = [
      ...this.stack.changes.flatMap((change) => (change.data ? [this.toDataVerdict(change, change.data)] : [])),
      ...this.nestedSets().flatMap((nested) => nested.dataVerdicts),
    ];
    return [...all.filter((verdict) => verdict.fate === 'Deleted'), ...all.filter((verdict) => verdict.fate !== 'Deleted')];
  }

  /** The predicted change sets of nested stacks, by the logical id of their stack resource. */
  public get nestedChangeSets(): { [logicalId: string]: PredictedChangeSet } {
    const sets: { [logicalId: string]: PredictedChangeSet } = {};
    for (const change of this.stack.changes) {
      if (change.nested) sets[change.logicalId] = PredictedChangeSet._of(change.nested, this.childPath(change.logicalId), this.stackName);
    }
    return sets;
  }

  /**
   * The outputs the update adds, modifies or removes, and the exports it leaves as they are
   * but that a prediction of the app found something about, in this stack and in the nested
   * stacks that were predicted.
   */
  public get outputs(): PredictedOutputChange[] {
    return [
      ...this.ownOutputs().filter((output) => output.action !== 'None' || output.failure !== undefined || output.notes.length > 0),
      ...this.nestedSets().flatMap((nested) => nested.outputs),
    ];
  }

  /**
   * What the prediction says of the stack as a whole, beside its changes: for a stack the app
   * no longer has (`ChangeSetPredictor.predictApp` without its new template), that `cdk deploy`
   * leaves it deployed with what it holds, and what deleting it would do to its data. Empty
   * for most stacks.
   */
  public get notes(): string[] {
    return [...this.stack.notes ?? []];
  }

  /**
   * The change set as `describe-change-set` lists its `Changes`:
   * `[{ Type: 'Resource', ResourceChange: { Action, LogicalResourceId, ResourceType,
   * Replacement, Scope, Details: [{ Target: { Attribute, Name, RequiresRecreation },
   * Evaluation, ChangeSource, CausingEntity }] } }]`, without `PhysicalResourceId`.
   *
   * Fields CloudFormation does not have, present only when they apply:
   * `ResourceChange.ProbableRename` (`{ From, Similarity }` on an Add, `{ To, Similarity }`
   * on a Remove), `ResourceChange.Failure` (`{ Certainty: 'Certain' | 'Possible', Reason }`),
   * `ResourceChange.NestedChanges` (a nested stack's own `Changes`), on a detail whose target
   * is `Tags` of a type for which no recorded change set shows the form,
   * `TargetForm: 'Unverified'`; and, marked as the predictor's additions,
   * `ResourceChange.PredictorAdditions.DataVerdict` (`{ Trigger, Policy, PolicySource, Fate,
   * Certainty, Consequence, DeletionFailsUnlessEmpty?, ProviderDelete? }`) on a removed or
   * replaced data-bearing resource, and on a removed or replaced custom resource.
   *
   * Predicted with `includePropertyValues`, each `Target` also has `Path`, `BeforeValue`,
   * `AfterValue` (when there is one) and `AttributeChangeType`, and each `ResourceChange`
   * its `BeforeContext` and `AfterContext`, as `DescribeChangeSet` gives them with
   * `IncludePropertyValues`.
   */
  public toJson(): any {
    return renderChanges(this.stack);
  }

  private toResourceChange(change: PredictedResource): PredictedResourceChange {
    const renamed = change.rename;
    return {
      action: change.action,
      logicalResourceId: change.logicalId,
      resourceType: change.resourceType,
      ...(change.replacement ? { replacement: change.replacement } : {}),
      scope: [...change.scope],
      details: change.details.map(toDetail),
      ...(renamed ? {
        probableRename: {
          fromLogicalId: renamed.direction === 'From' ? renamed.logicalId : change.logicalId,
          toLogicalId: renamed.direction === 'To' ? renamed.logicalId : change.logicalId,
          resourceType: change.resourceType,
          similarity: renamed.similarity,
          ...this.pathField(),
        },
      } : {}),
      ...(change.failure ? { failure: this.toFailure(change, change.failure) } : {}),
      ...(change.data ? { dataVerdict: this.toDataVerdict(change, change.data) } : {}),
    };
  }

  private toDataVerdict(change: PredictedResource, verdict: DataVerdict): PredictedDataVerdict {
    return {
      logicalResourceId: change.logicalId,
      resourceType: change.resourceType,
      trigger: verdict.trigger,
      policy: verdict.policy,
      policySource: verdict.policySource,
      fate: verdict.fate,
      certainty: verdict.certainty,
      consequence: verdict.consequence,
      deletionFailsUnlessEmpty: verdict.deletionFailsUnlessEmpty === true,
      providerDelete: verdict.providerDelete === true,
      ...this.pathField(),
    };
  }

  private toFailure(change: PredictedResource, failure: Failure): FailureVerdict {
    return {
      logicalResourceId: change.logicalId,
      resourceType: change.resourceType,
      certainty: failure.certainty,
      reason: failure.reason,
      ...this.pathField(),
      ...this.stackField(),
    };
  }

  /** This template's own outputs, every export included. */
  private ownOutputs(): PredictedOutputChange[] {
    return (this.stack.outputs ?? []).map((output) => this.toOutputChange(output));
  }

  private toOutputChange(output: OutputChange): PredictedOutputChange {
    const shown = (name: OutputChange['exportBefore']) => (name === undefined ? undefined : name.name ?? canonicalText(name.written));
    const exportName = shown(output.exportAfter ?? output.exportBefore);
    const previous = output.exportAfter === undefined ? undefined : shown(output.exportBefore);
    return {
      outputId: output.outputId,
      action: output.action,
      ...(exportName === undefined ? {} : { exportName }),
      ...(previous === undefined || previous === exportName ? {} : { previousExportName: previous }),
      ...(output.beforeValue === undefined ? {} : { beforeValue: output.beforeValue }),
      ...(output.afterValue === undefined ? {} : { afterValue: output.afterValue }),
      valueChange: output.valueChange,
      ...(output.valueReason === undefined ? {} : { valueChangeReason: output.valueReason }),
      ...(output.failure === undefined ? {} : {
        failure: {
          logicalResourceId: output.outputId,
          resourceType: OUTPUT_TYPE,
          certainty: output.failure.certainty,
          reason: output.failure.reason,
          ...this.pathField(),
          ...this.stackField(),
          ...(exportName === undefined ? {} : { exportName }),
        },
      }),
      notes: [...output.notes ?? []],
      ...this.pathField(),
    };
  }

  private stackField(): { stackName?: string } {
    return this.stackName === undefined ? {} : { stackName: this.stackName };
  }

  private nestedSets(): PredictedChangeSet[] {
    return Object.values(this.nestedChangeSets);
  }

  private childPath(logicalId: string): string {
    return this.nestedStackPath === undefined ? logicalId : `${this.nestedStackPath}/${logicalId}`;
  }

  private pathField(): { nestedStackPath?: string } {
    return this.nestedStackPath === undefined ? {} : { nestedStackPath: this.nestedStackPath };
  }
}

function toDetail(detail: RenderedDetail): PredictedChangeDetail {
  return {
    attribute: detail.attribute,
    ...(detail.name === undefined ? {} : { name: detail.name }),
    requiresRecreation: detail.requiresRecreation,
    evaluation: detail.evaluation,
    changeSource: detail.changeSource,
    ...(detail.causingEntity === undefined ? {} : { causingEntity: detail.causingEntity }),
    path: detail.path,
    attributeChangeType: detail.changeType,
    ...(detail.beforeValue === undefined ? {} : { beforeValue: detail.beforeValue }),
    ...(detail.afterValue === undefined ? {} : { afterValue: detail.afterValue }),
    ...(detail.formUnverified ? { targetFormUnverified: true } : {}),
  };
}

/** CloudFormation's `Changes` array for a predicted stack. */
function renderChanges(stack: PredictedStack): unknown[] {
  const values = stack.description === 'property-values';
  return stack.changes.map((change) => ({
    Type: 'Resource',
    ResourceChange: {
      Action: change.action,
      LogicalResourceId: change.logicalId,
      ResourceType: change.resourceType,
      ...(change.replacement ? { Replacement: change.replacement } : {}),
      Scope: [...change.scope],
      Details: change.details.map((detail) => ({
        Target: {
          Attribute: detail.attribute,
          ...(detail.name === undefined ? {} : { Name: detail.name }),
          RequiresRecreation: detail.requiresRecreation,
          ...(values ? {
            Path: detail.path,
            ...(detail.beforeValue === undefined ? {} : { BeforeValue: detail.beforeValue }),
            ...(detail.afterValue === undefined ? {} : { AfterValue: detail.afterValue }),
            AttributeChangeType: detail.changeType,
          } : {}),
        },
        Evaluation: detail.evaluation,
        ChangeSource: detail.changeSource,
        ...(detail.causingEntity === undefined ? {} : { CausingEntity: detail.causingEntity }),
        ...(detail.formUnverified ? { TargetForm: 'Unverified' } : {}),
      })),
      ...(change.beforeContext === undefined ? {} : { BeforeContext: change.beforeContext }),
      ...(change.afterContext === undefined ? {} : { AfterContext: change.afterContext }),
      ...(change.rename ? { ProbableRename: { [change.rename.direction]: change.rename.logicalId, Similarity: change.rename.similarity } } : {}),
      ...(change.failure ? { Failure: { Certainty: change.failure.certainty, Reason: change.failure.reason } } : {}),
      ...(change.nested ? { NestedChanges: renderChanges(change.nested) } : {}),
      ...(change.data ? { PredictorAdditions: { DataVerdict: renderDataVerdict(change.data) } } : {}),
    },
  }));
}

/** A data verdict in the change set's own spelling. */
function renderDataVerdict(verdict: DataVerdict): unknown {
  return {
    Trigger: verdict.trigger,
    Policy: verdict.policy,
    PolicySource: verdict.policySource,
    Fate: verdict.fate,
    Certainty: verdict.certainty,
    Consequence: verdict.consequence,
    ...(verdict.deletionFailsUnlessEmpty ? { DeletionFailsUnlessEmpty: true } : {}),
    ...(verdict.providerDelete ? { ProviderDelete: true } : {}),
  };
}
