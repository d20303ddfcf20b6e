/**
 * One detail of a resource change: what changes and whether that recreates the resource
 * (CloudFormation's `ResourceChangeDetail` with its `Target` flattened).
 */
export interface PredictedChangeDetail {
  /**
   * The changed part of the resource: `Properties`, `Tags`, `Metadata`, `CreationPolicy`,
   * `UpdatePolicy`, `DeletionPolicy` or `UpdateReplacePolicy`.
   */
  readonly attribute: string;

  /**
   * The top-level property, for `Properties` details.
   *
   * @default - none (not a `Properties` detail)
   */
  readonly name?: string;

  /** Whether the change recreates the resource: `Always`, `Conditionally` or `Never`. */
  readonly requiresRecreation: string;

  /** `Static` (the new value is known now) or `Dynamic` (known only at deploy time). */
  readonly evaluation: string;

  /**
   * What caused the change: `DirectModification`, `ParameterReference`,
   * `ResourceReference`, `ResourceAttribute` or `Automatic` (a nested stack's template).
   */
  readonly changeSource: string;

  /**
   * The parameter (`ParameterReference`), logical id (`ResourceReference`) or
   * `LogicalId.Attribute` (`ResourceAttribute`) behind the change.
   *
   * @default - none (a direct or automatic change)
   */
  readonly causingEntity?: string;

  /**
   * Where the change is: `/Properties/<Name>` for a property (tags included), `/<Attribute>`
   * for a resource attribute such as `/Metadata`.
   */
  readonly path: string;

  /** `Add` (the target appears), `Remove` (it disappears) or `Modify`. */
  readonly attributeChangeType: string;

  /**
   * The target's value in the deployed template, as `DescribeChangeSet` writes it with
   * `IncludePropertyValues`: a string, JSON text for a structure. Intrinsic functions are
   * evaluated where that is known offline, else shown as written; `NoEcho` parameters are
   * masked as `****`.
   *
   * @default - none (the target is added)
   */
  readonly beforeValue?: string;

  /**
   * The target's value in the new template, written like `beforeValue`.
   *
   * @default - none (the target is removed)
   */
  readonly afterValue?: string;

  /**
   * True on a `Tags` detail of a type for which no recorded change set shows whether
   * CloudFormation reports it as `{Attribute: Tags}` (as here) or as
   * `{Attribute: Properties, Name: Tags}`.
   *
   * @default false
   */
  readonly targetFormUnverified?: boolean;
}

/**
 * A removed and an added resource of the same type that are probably one resource under a
 * new logical id.
 */
export interface ProbableRename {
  /** The removed logical id. */
  readonly fromLogicalId: string;

  /** The added logical id. */
  readonly toLogicalId: string;

  /** The resource type of both. */
  readonly resourceType: string;

  /** Share of equal primitive values and keys in their properties, 0 to 1 (two decimals). */
  readonly similarity: number;

  /**
   * The nested stack the resources are in (`Outer/Inner`).
   *
   * @default - the stack that was predicted
   */
  readonly nestedStackPath?: string;
}

/**
 * A change CloudFormation will fail to apply (`Certain`) or may fail to apply (`Possible`).
 */
export interface FailureVerdict {
  /** The logical id of the resource whose change fails. */
  readonly logicalResourceId: string;

  /** Its resource type. */
  readonly resourceType: string;

  /** `Certain` or `Possible`. */
  readonly certainty: string;

  /** What fails, why, and what to do. */
  readonly reason: string;

  /**
   * The nested stack the resource is in (`Outer/Inner`).
   *
   * @default - the stack that was predicted
   */
  readonly nestedStackPath?: string;

  /**
   * The stack, when the failure comes from a prediction of a whole app (`ChangeSetPredictor.predictApp`).
   *
   * @default - the stack that was predicted
   */
  readonly stackName?: string;

  /**
   * For a failure of an export (`resourceType` is then `Output` and `logicalResourceId` the
   * output's key): the export's name.
   *
   * @default - not the failure of an export
   */
  readonly exportName?: string;
}

/**
 * What an update does to one output of the stack. CloudFormation's change sets do not list
 * outputs, but it refuses to change or delete an export that another stack imports.
 */
export interface PredictedOutputChange {
  /** The output's key in `Outputs`. */
  readonly outputId: string;

  /** `Add`, `Modify`, `Remove`, or `None` for an export the update leaves as it is. */
  readonly action: string;

  /**
   * The export name, as CloudFormation resolves it where that is known offline, else as
   * written (JSON). It is the new name, or the deployed one for a removed output.
   *
   * @default - the output is not exported
   */
  readonly exportName?: string;

  /**
   * The deployed export name, when it differs from `exportName`.
   *
   * @default - the same as `exportName`
   */
  readonly previousExportName?: string;

  /**
   * The deployed value (evaluated where known offline, `NoEcho` parameters masked).
   *
   * @default - none (the output is added)
   */
  readonly beforeValue?: string;

  /**
   * The new value, written like `beforeValue`.
   *
   * @default - none (the output is removed)
   */
  readonly afterValue?: string;

  /** Whether the value changes at deployment: `None`, `Certain` or `Possible`. */
  readonly valueChange: string;

  /**
   * Why the value changes.
   *
   * @default - it does not change
   */
  readonly valueChangeReason?: string;

  /**
   * Why CloudFormation will or may refuse this change (an export in use).
   *
   * @default - no failure is predicted
   */
  readonly failure?: FailureVerdict;

  /** What cannot be known offline about it (importers outside the app). */
  readonly notes: string[];

  /**
   * The nested stack the output is in (`Outer/Inner`).
   *
   * @default - the stack that was predicted
   */
  readonly nestedStackPath?: string;
}

/**
 * One resource change (CloudFormation's `ResourceChange`, without the physical id an
 * offline prediction cannot know), plus the engine's rename and failure findings.
 */
export interface PredictedResourceChange {
  /** `Add`, `Modify` or `Remove`. */
  readonly action: string;

  /** The resource's logical id. */
  readonly logicalResourceId: string;

  /** The resource type (the new one, for a Modify). */
  readonly resourceType: string;

  /**
   * For a Modify: `True`, `Conditional` or `False`, the most intrusive of the details.
   *
   * @default - none (an Add or a Remove)
   */
  readonly replacement?: string;

  /** The distinct attributes the details change. */
  readonly scope: string[];

  /** What changes, for a Modify (empty for an Add or a Remove). */
  readonly details: PredictedChangeDetail[];

  /**
   * The rename this Add or Remove is probably half of.
   *
   * @default - none
   */
  readonly probableRename?: ProbableRename;

  /**
   * Why CloudFormation will or may fail to apply this change.
   *
   * @default - no failure is predicted
   */
  readonly failure?: FailureVerdict;

  /**
   * What happens to the data, for a removed or replaced resource of a data-bearing type.
   *
   * @default - not a removed or replaced data-bearing resource
   */
  readonly dataVerdict?: PredictedDataVerdict;
}

/**
 * What happens to the data of a removed or replaced resource of a data-bearing type (a
 * table, a bucket, a database...): deleted, snapshotted or retained, from the policy
 * CloudFormation applies. One of the engine's additions to CloudFormation's change set.
 */
export interface PredictedDataVerdict {
  /** The logical id of the removed or replaced resource. */
  readonly logicalResourceId: string;

  /** Its resource type. */
  readonly resourceType: string;

  /** `Removal` (the `DeletionPolicy` applies) or `Replacement` (the `UpdateReplacePolicy` applies). */
  readonly trigger: string;

  /** The policy CloudFormation applies: `Delete`, `Retain`, `RetainExceptOnCreate`, `Snapshot`, or the JSON of a computed one. */
  readonly policy: string;

  /** `Explicit` (written in the template) or `TypeDefault` (CloudFormation's default for the type). */
  readonly policySource: string;

  /** `Deleted`, `Snapshotted`, `Retained` or `Unknown`. */
  readonly fate: string;

  /** `Certain`, or `Possible` when the replacement is conditional or the resource may not exist. */
  readonly certainty: string;

  /** What becomes of the data, in words. */
  readonly consequence: string;

  /** Whether the service refuses to delete the resource while it holds data (a bucket with objects). */
  readonly deletionFailsUnlessEmpty: boolean;

  /**
   * Whether CloudFormation sends Delete to a custom resource's provider for the old physical id
   * (a removed, renamed or replaced custom resource with the `Delete` policy): what it deletes is
   * up to the provider's handler, so `fate` is `Unknown`.
   */
  readonly providerDelete: boolean;

  /**
   * The nested stack the resource is in (`Outer/Inner`).
   *
   * @default - the stack that was predicted
   */
  readonly nestedStackPath?: string;
}
