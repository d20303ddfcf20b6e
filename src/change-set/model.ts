/**
 * Internal vocabulary of the change-set engine (TypeScript only, not part of the jsii API).
 *
 * The names are CloudFormation's own (`describe-change-set`): a change set lists resource
 * changes, each with details whose target says what changes and whether that recreates the
 * resource.
 */

import type { OutputChange } from './output-changes';
import type { TemplateImport } from '../template/template-exports';

/** Whether a change to a target recreates the resource (`ResourceTargetDefinition.RequiresRecreation`). */
export type Recreation = 'Always' | 'Conditionally' | 'Never';

/** What part of a resource a detail changes (`ResourceTargetDefinition.Attribute`). */
export type TargetAttribute = 'Properties' | 'Tags' | 'Metadata' | 'CreationPolicy' | 'UpdatePolicy' | 'DeletionPolicy' | 'UpdateReplacePolicy';

/** Whether CloudFormation knows the new value before executing the change set. */
export type Evaluation = 'Static' | 'Dynamic';

/** What caused a detail (`ResourceChangeDetail.ChangeSource`). */
export type ChangeSource = 'DirectModification' | 'ParameterReference' | 'ResourceReference' | 'ResourceAttribute' | 'Automatic';

/** Whether CloudFormation replaces the resource (`ResourceChange.Replacement`). */
export type Replacement = 'True' | 'Conditional' | 'False';

/** What CloudFormation does with a logical id. */
export type Action = 'Add' | 'Modify' | 'Remove';

/** One `ResourceChangeDetail`. */
export interface Detail {
  readonly attribute: TargetAttribute;
  /** The top-level property name; absent for every attribute but `Properties`. */
  readonly name?: string;
  readonly requiresRecreation: Recreation;
  readonly evaluation: Evaluation;
  readonly changeSource: ChangeSource;
  /** The parameter, `Resource` or `Resource.Attribute` behind a reference detail. */
  readonly causingEntity?: string;
  /**
   * Set on a `Tags` detail of a type for which no recorded change set shows whether
   * CloudFormation names the target `{Attribute: Tags}` or `{Attribute: Properties, Name: Tags}`.
   */
  readonly formUnverified?: boolean;
}

/** Which of CloudFormation's two descriptions of a change set (`DescribeChangeSet`'s `IncludePropertyValues`). */
export type Description = 'default' | 'property-values';

/** A detail as the change set shows it, with the values of its target (`ResourceTargetDefinition`). */
export interface RenderedDetail extends Detail {
  /** `/Properties/<Name>` or `/<Attribute>`. */
  readonly path: string;
  /** `Add`, `Remove` or `Modify`: whether the target appears, disappears or changes. */
  readonly changeType: 'Add' | 'Remove' | 'Modify';
  /** The target's value before and after, as CloudFormation writes it (a string; JSON for structures), secrets masked. */
  readonly beforeValue?: string;
  readonly afterValue?: string;
}

/** The engine's extra verdict: will CloudFormation fail to apply this change? */
export interface Failure {
  readonly certainty: 'Certain' | 'Possible';
  readonly reason: string;
}

/** The engine's extra finding: this Remove and that Add are probably one resource renamed. */
export interface Rename {
  readonly from: string;
  readonly to: string;
  /** Dice similarity of their properties over primitive values and keys, 0 to 1, rounded to two decimals. */
  readonly similarity: number;
}

/** What becomes of a data-bearing resource's data (`data-verdicts.ts`). */
export type DataFate = 'Deleted' | 'Snapshotted' | 'Retained' | 'Unknown';

/** The engine's extra verdict: what happens to the data of a removed or replaced data-bearing resource. */
export interface DataVerdict {
  /** A Remove (its `DeletionPolicy` applies) or a replacement (its `UpdateReplacePolicy` applies). */
  readonly trigger: 'Removal' | 'Replacement';
  /** The policy CloudFormation applies, as written or the type's default. */
  readonly policy: string;
  readonly policySource: 'Explicit' | 'TypeDefault';
  readonly fate: DataFate;
  /** Possible when the replacement is conditional or the resource's existence is unknown. */
  readonly certainty: 'Certain' | 'Possible';
  /** What becomes of the data, in words. */
  readonly consequence: string;
  /** Set when the service refuses to delete the resource while it holds data (a bucket with objects). */
  readonly deletionFailsUnlessEmpty?: boolean;
  /** Set for a custom resource whose provider CloudFormation sends Delete: what its handler deletes is up to it. */
  readonly providerDelete?: boolean;
}

/** One resource change while the pipeline builds it. */
export interface ResourceChange {
  readonly action: Action;
  readonly logicalId: string;
  readonly resourceType: string;
  readonly details: Detail[];
  /** Set when the logical id keeps its position but CloudFormation must recreate it regardless of details. */
  forcedReplacement?: boolean;
  failure?: Failure;
  nested?: PredictedStack;
}

/** One resource change as the engine reports it. */
export interface PredictedResource {
  readonly action: Action;
  readonly logicalId: string;
  readonly resourceType: string;
  /** For Modify only. */
  readonly replacement?: Replacement;
  /** The distinct attributes of the details, in detail order. */
  readonly scope: readonly TargetAttribute[];
  /** Sorted: direct changes, parameter changes, reference changes; within each, in template order. */
  readonly details: readonly RenderedDetail[];
  /** The resource's `Properties` and `Metadata` before and after (JSON text, secrets masked): `BeforeContext`, `AfterContext`. */
  readonly beforeContext?: string;
  readonly afterContext?: string;
  /** On a Remove: the Add it probably became (`To`); on an Add: the Remove it probably was (`From`). */
  readonly rename?: { readonly direction: 'From' | 'To'; readonly logicalId: string; readonly similarity: number };
  readonly failure?: Failure;
  /** For a removed or replaced data-bearing resource: what happens to its data. */
  readonly data?: DataVerdict;
  /** The nested stack's own changes, for an `AWS::CloudFormation::Stack` whose templates were given. */
  readonly nested?: PredictedStack;
  /** For an added or removed named resource: its physical identity (`name-identities.ts`), to find the name elsewhere in the app. */
  readonly identity?: NameIdentity;
}

/** The physical identity of a named resource. */
export interface NameIdentity {
  /** Type, names and parents, as the failure verdicts compare them. */
  readonly key: string;
  /** The names, as the report shows them (`BucketName "archive"`). */
  readonly names: string;
  /** The resource's `DeletionPolicy` when it is written as a string. */
  readonly deletionPolicy?: string;
  /** Set when the resource's existence rests on a condition not known offline. */
  readonly existenceUnknown?: boolean;
}

/** The engine's whole answer for one template pair (and its nested stacks). */
export interface PredictedStack {
  /** Changes sorted by logical id. */
  readonly changes: readonly PredictedResource[];
  /** Probable renames, sorted by the removed logical id. */
  readonly renames: readonly Rename[];
  /** The description the details follow. */
  readonly description: Description;
  /** The outputs that change and every export (`output-changes.ts`); absent when there are none. */
  readonly outputs?: readonly OutputChange[];
  /** The `Fn::ImportValue`s each side takes; absent when neither takes any. */
  readonly imports?: { readonly before: readonly TemplateImport[]; readonly after: readonly TemplateImport[] };
  /**
   * Nested stacks on both sides whose update changes nothing (no change of their own is
   * listed), by the logical id of their stack resource: their exports and imports still tie
   * them to the app. Absent when there are none.
   */
  readonly unchangedNested?: ReadonlyArray<{ readonly logicalId: string; readonly predicted: PredictedStack }>;
  /**
   * For a stack with nested stacks: whether one resource of the new template is created or
   * updated only after another (its dependencies, transitively), as CloudFormation orders them.
   */
  readonly order?: { waitsFor(from: string, to: string): boolean };
  /** What the prediction says of the stack as a whole (a stack the app no longer has stays deployed); absent when nothing. */
  readonly notes?: readonly string[];
}

/** How intrusive each value is; the reducers below pick the most intrusive. */
const RECREATION_RANK: Record<Recreation, number> = { Never: 0, Conditionally: 1, Always: 2 };
const REPLACEMENT_RANK: Record<Replacement, number> = { False: 0, Conditional: 1, True: 2 };

/** The more intrusive of two recreation values. */
export function worstRecreation(a: Recreation, b: Recreation): Recreation {
  return RECREATION_RANK[b] > RECREATION_RANK[a] ? b : a;
}

/** The more intrusive of two replacement values. */
export function worstReplacement(a: Replacement, b: Replacement): Replacement {
  return REPLACEMENT_RANK[b] > REPLACEMENT_RANK[a] ? b : a;
}

/**
 * CloudFormation's rule: Never is no replacement; Always with a value known now (Static) is
 * a replacement; Always with a value known only at deploy time (Dynamic), and Conditionally,
 * may be one.
 */
export function replacementOf(detail: Pick<Detail, 'requiresRecreation' | 'evaluation'>): Replacement {
  switch (detail.requiresRecreation) {
    case 'Never': return 'False';
    case 'Conditionally': return 'Conditional';
    default: return detail.evaluation === 'Static' ? 'True' : 'Conditional';
  }
}

/** A Modify's Replacement: its most intrusive detail (or True when the change itself forces it). */
export function resourceReplacement(change: ResourceChange): Replacement {
  if (change.forcedReplacement) return 'True';
  return change.details.reduce<Replacement>((worst, detail) => worstReplacement(worst, replacementOf(detail)), 'False');
}
