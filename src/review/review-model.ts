/**
 * The one model every review output is rendered from: the predicted change sets of the stacks
 * compared, each change with where it is (stack, nested stack, construct path, source line),
 * why it happens (its details and the chain of references behind a replacement) and the level
 * a team's review rules give it. The text report, `--json`, HTML, Markdown, SARIF and JUnit
 * are thin renderers over it.
 */
import type { PredictedChangeSet, PredictedChangeDetail, PredictedOutputChange, PredictedResourceChange } from '../change-set';
import { referenceChain, targetOf } from './reference-chain';
import type { ResourceSecurity, SecurityChanges } from './security/security-changes';
import { ValueChange, valueDiff } from './value-diff';
import type { ExportLink } from '../change-set/app/export-links';

/** How much a change matters to the review: `fail` stops the pipeline (exit code 1). */
export type ReviewLevel = 'fail' | 'warn' | 'info' | 'ignore';

/** Levels from the most to the least severe. */
export const REVIEW_LEVELS: readonly ReviewLevel[] = ['fail', 'warn', 'info', 'ignore'];

/** What kind of change it is, the most telling first (what a reviewer sorts and filters by). */
export type ChangeKind = 'failure' | 'data-loss' | 'security' | 'replace' | 'maybe-replace' | 'remove' | 'rename' | 'add' | 'modify';

/** Where a construct was defined, when CDK recorded its creation stack. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column?: number;
}

/** Where a resource is. */
export interface ResourceLocation {
  /** The stack name; '' when two template files are compared. */
  readonly stack: string;
  /** `Outer/Inner` for a resource of a nested stack. */
  readonly nestedStackPath?: string;
  readonly logicalId: string;
  /** The construct path CDK recorded (`aws:cdk:path`), when it did. */
  readonly constructPath?: string;
  /** Where the construct is defined in the app's source (absent for a removed resource: the line now holds other code). */
  readonly source?: SourceLocation;
  /** For a removed resource: where its construct was defined in the deployed version of the app. */
  readonly formerSource?: SourceLocation;
}

/** One detail of a change, with what a reviewer needs to read it. */
export interface ReviewDetail extends PredictedChangeDetail {
  /** `KeySchema`, `Tags`, `Metadata`, ...: the property name or the attribute. */
  readonly target: string;
  /** For a detail caused by another resource: the chain back to the change that started it. */
  readonly chain?: string;
  /** The value before and after, as compact JSON, where the prediction knows them. */
  readonly beforeValue?: string;
  readonly afterValue?: string;
  /** For a direct change: each path of the value that changed, with its value before and after. */
  readonly valueChanges?: readonly ValueChange[];
}

/** What becomes of a resource's data when it is removed or replaced (the engine's data verdict). */
export interface ReviewDataVerdict {
  /** `deleted`, `snapshotted`, `retained` or `unknown`. */
  readonly verdict: string;
  /** The consequence, in words. */
  readonly consequence: string;
  /** Whether it happens for certain (a removal, a certain replacement) or may (a conditional one). */
  readonly certain: boolean;
  /** `Removal` (its `DeletionPolicy` applies) or `Replacement` (its `UpdateReplacePolicy` applies). */
  readonly trigger: 'Removal' | 'Replacement';
  /** The policy CloudFormation applies (`Delete`, `Retain`, `Snapshot`, ...). */
  readonly policy: string;
  /** True when the policy is the type's default, not written in the template. */
  readonly policyIsDefault: boolean;
  /** Set when the service refuses to delete the resource while it holds data (a bucket with objects). */
  readonly deletionFailsUnlessEmpty?: boolean;
  /** Set for a custom resource whose provider CloudFormation sends Delete. */
  readonly providerDelete?: boolean;
}

/** What an output change adds to a review change (its `resourceType` is then `Output`, its `logicalId` the output's key). */
export interface ReviewOutput {
  /** The export name, when the output is exported. */
  readonly exportName?: string;
  /** The deployed export name, when it changes. */
  readonly previousExportName?: string;
  /** What happens to the output itself: `Add`, `Modify`, `Remove`, or `None` (kept, its export in use or noted). */
  readonly outputAction: string;
  /** `None`, `Certain` or `Possible`. */
  readonly valueChange: string;
  readonly valueChangeReason?: string;
  /** What cannot be known offline (importers outside the app). */
  readonly notes: readonly string[];
}

/** The resource CDK adds to every stack for version reporting: never counted as a change. */
export const CDK_METADATA_TYPE = 'AWS::CDK::Metadata';

/** The resource type a review change of an output carries. */
export const OUTPUT_RESOURCE_TYPE = 'Output';

/** One resource (or output) change under review. */
export interface ReviewChange extends ResourceLocation {
  readonly resourceType: string;
  readonly action: 'Add' | 'Modify' | 'Remove';
  readonly replacement?: 'True' | 'Conditional' | 'False';
  readonly kind: ChangeKind;
  readonly details: readonly ReviewDetail[];
  readonly failure?: { readonly certainty: 'Certain' | 'Possible'; readonly reason: string };
  readonly dataVerdict?: ReviewDataVerdict;
  /** The other half of a probable rename (`to` on a Remove, `from` on an Add). */
  readonly rename?: { readonly direction: 'from' | 'to'; readonly logicalId: string; readonly similarity: number };
  /** Set for a change of an output (an export in use, above all), not of a resource. */
  readonly output?: ReviewOutput;
  /** What the change does to IAM statements, managed policies, security-group rules and security settings, when it touches them. */
  readonly security?: ResourceSecurity;
  /** The level a review rule gave it, or the built-in one. */
  readonly level: ReviewLevel;
  /** The rule that decided the level (absent for the built-in level). */
  readonly ruleId?: string;
  /** The rule's message, or what the built-in level means (`lowered by rule <id>: <message>` for a lowered certain failure). */
  readonly levelReason: string;
  /** Set when a rule matching `kind: failure` lowered a certain failure below its built-in level. */
  readonly lowered?: LoweredLevel;
}

/** A certain failure's level lowered on purpose by a rule. */
export interface LoweredLevel {
  /** The built-in level it would have had. */
  readonly from: ReviewLevel;
  readonly ruleId: string;
  readonly message: string;
}

/** One stack under review. */
export interface ReviewStack {
  /** The stack name; '' when two template files are compared. */
  readonly name: string;
  readonly displayName?: string;
  /** Set for a stack on one side only. */
  readonly onlyIn?: 'before' | 'after';
  /** What the prediction says of the stack as a whole (a stack the app no longer has stays deployed); absent when nothing. */
  readonly notes?: readonly string[];
  readonly changes: readonly ReviewChange[];
  /** The stack's security changes (IAM statements, managed policies, security-group rules), by nested stack path ('' at the top). */
  readonly security?: ReadonlyMap<string, SecurityChanges>;
}

/** The whole review. */
export interface Review {
  readonly stacks: readonly ReviewStack[];
  /** Who imports which export between the stacks (and from stacks outside the app), each once. */
  readonly links: readonly ExportLink[];
  /** Every change of every stack, in stack order then logical id. */
  readonly changes: readonly ReviewChange[];
  readonly counts: ReviewCounts;
}

/** Counts of changes by what CloudFormation does, fails and deletes. */
export interface ChangeCounts {
  readonly added: number;
  readonly modified: number;
  readonly replaced: number;
  readonly maybeReplaced: number;
  readonly removed: number;
  readonly certainFailures: number;
  readonly possibleFailures: number;
  /** Outputs added, modified or removed (not counted as resources above; an export kept as it is, listed for its notes, is not). */
  readonly outputs: number;
  /** Removed or replaced data-bearing resources. */
  readonly dataVerdicts: number;
  /** Those whose data is deleted (certainly or possibly). */
  readonly dataLoss: number;
  readonly renames: number;
  /** Changes that broaden permissions: something allowed after that was not allowed before (docs/review.md, "Security changes"). */
  readonly securityBroadening: number;
}

/** Counts over the whole review: of the changes no rule ignores, and of every level. */
export interface ReviewCounts extends ChangeCounts {
  readonly byLevel: Readonly<Record<ReviewLevel, number>>;
}

/** A stack's prediction and how to locate its resources, as the review is built from it. */
export interface ReviewInputStack {
  readonly name?: string;
  readonly displayName?: string;
  readonly onlyIn?: 'before' | 'after';
  readonly changeSet: PredictedChangeSet;
  /** The security changes of the stack's templates, by nested stack path ('' at the top). */
  readonly security?: ReadonlyMap<string, SecurityChanges>;
  /** The imports of exports the stack holds or imports. */
  readonly links?: readonly ExportLink[];
  /** Where a resource is defined (construct path, source line), by nested stack path ('' at the top) and logical id. */
  readonly locate?: (nestedStackPath: string, logicalId: string) => { constructPath?: string; source?: SourceLocation } | undefined;
}

/** Decides a change's level; returns the rule that matched, if any. */
export type LevelDecider = (change: Omit<ReviewChange, 'level' | 'ruleId' | 'levelReason' | 'lowered'>) => { level: ReviewLevel; ruleId?: string; reason: string; lowered?: LoweredLevel };

/** Builds the review from the stacks' predictions. */
export function buildReview(stacks: readonly ReviewInputStack[], decide: LevelDecider): Review {
  const reviewed = stacks.map((stack): ReviewStack => ({
    name: stack.name ?? '',
    ...(stack.displayName === undefined ? {} : { displayName: stack.displayName }),
    ...(stack.onlyIn === undefined ? {} : { onlyIn: stack.onlyIn }),
    ...(stack.changeSet.notes.length === 0 ? {} : { notes: stack.changeSet.notes }),
    changes: changesOf(stack, stack.changeSet, undefined, decide),
    ...(stack.security === undefined ? {} : { security: stack.security }),
  }));
  const changes = reviewed.flatMap((stack) => stack.changes);
  const links = [...new Set(stacks.flatMap((stack) => stack.links ?? []))];
  return { stacks: reviewed, links, changes, counts: countChanges(changes) };
}

function changesOf(
  stack: ReviewInputStack, changeSet: PredictedChangeSet, nestedStackPath: string | undefined, decide: LevelDecider,
): ReviewChange[] {
  const byId = new Map(changeSet.changes.map((change) => [change.logicalResourceId, change]));
  // CDK's version reporting (its Analytics string changes with the libraries) is not a change to review.
  const own = changeSet.changes.filter((change) => change.resourceType !== CDK_METADATA_TYPE).map((change) => {
    const where = stack.locate?.(nestedStackPath ?? '', change.logicalResourceId);
    const rename = change.probableRename;
    const base = {
      stack: stack.name ?? '',
      ...(nestedStackPath === undefined ? {} : { nestedStackPath }),
      logicalId: change.logicalResourceId,
      ...(where?.constructPath === undefined ? {} : { constructPath: where.constructPath }),
      // A removed resource's recorded line is the deployed app's: the code there may now be another construct's.
      ...(where?.source === undefined ? {} : change.action === 'Remove' ? { formerSource: where.source } : { source: where.source }),
      resourceType: change.resourceType,
      action: change.action as ReviewChange['action'],
      ...(change.replacement === undefined ? {} : { replacement: change.replacement as ReviewChange['replacement'] }),
      details: change.details.map((detail) => reviewDetail(byId, change.logicalResourceId, detail)),
      ...(change.failure === undefined ? {} : { failure: { certainty: change.failure.certainty as 'Certain' | 'Possible', reason: change.failure.reason } }),
      ...(rename === undefined ? {} : {
        rename: rename.fromLogicalId === change.logicalResourceId
          ? { direction: 'to' as const, logicalId: rename.toLogicalId, similarity: rename.similarity }
          : { direction: 'from' as const, logicalId: rename.fromLogicalId, similarity: rename.similarity },
      }),
    };
    const security = stack.security?.get(nestedStackPath ?? '')?.byResource.get(change.logicalResourceId);
    const data = change.dataVerdict;
    const dataVerdict: ReviewDataVerdict | undefined = data === undefined ? undefined
      : {
        verdict: data.fate.toLowerCase(),
        consequence: data.consequence,
        certain: data.certainty === 'Certain',
        trigger: data.trigger === 'Removal' ? 'Removal' : 'Replacement',
        policy: data.policy,
        policyIsDefault: data.policySource === 'TypeDefault',
        ...(data.deletionFailsUnlessEmpty ? { deletionFailsUnlessEmpty: true } : {}),
        ...(data.providerDelete ? { providerDelete: true } : {}),
      };
    const located = {
      ...base,
      ...(dataVerdict === undefined ? {} : { dataVerdict }),
      ...(security === undefined ? {} : { security }),
      kind: kindOf({ ...base, security }, dataVerdict),
    };
    return { ...located, ...decided(decide(located)) };
  });
  // The outputs of this template only: a nested stack's come with its own changes below.
  const outputs = changeSet.outputs
    .filter((output) => output.nestedStackPath === nestedStackPath)
    .map((output) => outputChange(stack, output, nestedStackPath, decide));
  const nested = Object.entries(changeSet.nestedChangeSets).flatMap(([logicalId, set]) =>
    changesOf(stack, set, nestedStackPath === undefined ? logicalId : `${nestedStackPath}/${logicalId}`, decide));
  return [...own, ...outputs, ...nested];
}

/** An output change as a review change: located at its stack, a failure when an export in use makes it fail. */
function outputChange(
  stack: ReviewInputStack, output: PredictedOutputChange, nestedStackPath: string | undefined, decide: LevelDecider,
): ReviewChange {
  const action = output.action === 'None' ? 'Modify' : output.action as ReviewChange['action'];
  const base = {
    stack: stack.name ?? '',
    ...(nestedStackPath === undefined ? {} : { nestedStackPath }),
    logicalId: output.outputId,
    resourceType: OUTPUT_RESOURCE_TYPE,
    action,
    details: [],
    ...(output.failure === undefined ? {} : { failure: { certainty: output.failure.certainty as 'Certain' | 'Possible', reason: output.failure.reason } }),
    output: {
      ...(output.exportName === undefined ? {} : { exportName: output.exportName }),
      ...(output.previousExportName === undefined ? {} : { previousExportName: output.previousExportName }),
      outputAction: output.action,
      valueChange: output.valueChange,
      ...(output.valueChangeReason === undefined ? {} : { valueChangeReason: output.valueChangeReason }),
      notes: output.notes,
    },
  };
  const located = { ...base, kind: kindOf(base) };
  return { ...located, ...decided(decide(located)) };
}

/** A decision as the fields of a review change. */
function decided({ level, ruleId, reason, lowered }: ReturnType<LevelDecider>): Pick<ReviewChange, 'level' | 'ruleId' | 'levelReason' | 'lowered'> {
  return { level, ...(ruleId === undefined ? {} : { ruleId }), levelReason: reason, ...(lowered === undefined ? {} : { lowered }) };
}

/** The kind of a change: a failure first, then data loss, then what CloudFormation does (a broadening before an ordinary add, remove or modify). */
export function kindOf(change: Pick<ReviewChange, 'action' | 'replacement' | 'failure' | 'rename' | 'security'>, data?: ReviewDataVerdict): ChangeKind {
  if (change.failure !== undefined) return 'failure';
  if (data?.verdict === 'deleted') return 'data-loss';
  if (change.replacement === 'True') return 'replace';
  if (change.replacement === 'Conditional') return 'maybe-replace';
  if (change.rename !== undefined) return 'rename';
  if (change.security?.broadening === true) return 'security';
  if (change.action === 'Remove') return 'remove';
  if (change.action === 'Add') return 'add';
  return 'modify';
}

function reviewDetail(byId: ReadonlyMap<string, PredictedResourceChange>, logicalId: string, detail: PredictedChangeDetail): ReviewDetail {
  const chain = referenceChain(byId, logicalId, detail);
  const target = targetOf(detail);
  const values = detail.changeSource === 'DirectModification' ? valueDiff(target, detail.beforeValue, detail.afterValue) : [];
  return { ...detail, target, ...(chain === undefined ? {} : { chain }), ...(values.length === 0 ? {} : { valueChanges: values }) };
}

function countChanges(changes: readonly ReviewChange[]): ReviewCounts {
  const byLevel = { fail: 0, warn: 0, info: 0, ignore: 0 };
  for (const change of changes) byLevel[change.level]++;
  return { ...changeCounts(changes.filter((change) => change.level !== 'ignore')), byLevel };
}

/** The counts of these changes (the text report's summary counts every change). */
export function changeCounts(changes: readonly ReviewChange[]): ChangeCounts {
  const count = (predicate: (change: ReviewChange) => boolean) => changes.filter(predicate).length;
  const resource = (predicate: (change: ReviewChange) => boolean) => count((change) => change.output === undefined && predicate(change));
  return {
    added: resource((change) => change.action === 'Add'),
    modified: resource((change) => change.action === 'Modify' && change.replacement === 'False'),
    replaced: resource((change) => change.replacement === 'True'),
    maybeReplaced: resource((change) => change.replacement === 'Conditional'),
    removed: resource((change) => change.action === 'Remove'),
    // An export kept as it is (`None`) is listed for its notes, not counted as changed.
    outputs: count((change) => change.output !== undefined && change.output.outputAction !== 'None'),
    certainFailures: count((change) => change.failure?.certainty === 'Certain'),
    possibleFailures: count((change) => change.failure?.certainty === 'Possible'),
    dataVerdicts: count((change) => change.dataVerdict !== undefined),
    dataLoss: count((change) => change.dataVerdict?.verdict === 'deleted'),
    renames: count((change) => change.rename?.direction === 'from'),
    securityBroadening: count((change) => change.security?.broadening === true),
  };
}
