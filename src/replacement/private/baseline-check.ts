/**
 * The guard's check of an app against its deployed baseline: predict the deployment of the
 * whole app (each stack's change set, in the order `cdk deploy` takes, with the exports that
 * tie the stacks and the names that move between them), then put an error on each resource
 * (or output) whose change will certainly fail (a named resource replaced, moved to a new
 * logical id or to another stack under the same name; an export removed or changed while
 * another stack imports it) and a warning on each that may fail. A rename or move that a stack
 * refactor would make without replacing anything says so, and a data-bearing resource whose
 * replacement or removal deletes its data is a finding of its own.
 *
 * CDK synthesizes each Stage on its own, nested Stages first, and writes its stacks' metadata
 * before the Stages around it are even prepared. So the prediction runs once per Stage, when
 * that Stage is validated, with the stacks known by then: its own and those of the Stages
 * synthesized before it (a deployed stack whose stack in the app is not prepared yet is left out
 * of that prediction, not taken for removed). The prediction made when the app itself is
 * validated sees every stack; a certain failure it finds in a Stage's stack that the Stage's own
 * prediction did not (a name moved in from a stack outside that Stage) can no longer be
 * annotated, and fails the app's synthesis (see GuardErrors).
 */
import { CfnElement, Stack, Stage, Token } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { AppStackTemplates } from '../../change-set/app-types';
import { ChangeSetPredictor } from '../../change-set/change-set-predictor';
import { FailureVerdict, PredictedDataVerdict } from '../../change-set/change-set-types';
import { FindingId } from '../finding-ids';
import { isAcknowledged } from './add-finding';
import { Baseline, DeployedTemplate } from './baseline';
import { GuardErrors } from './guard-errors';
import { logicalIdOf } from './logical-id';
import { ReplacementReport } from './replacement-report';

/** One stack of the app as the check knows it. */
interface CheckedStack {
  readonly stack: Stack;
  /** Undefined for a stack that is not deployed yet. */
  readonly deployed?: DeployedTemplate;
  readonly report?: ReplacementReport;
}

/** What the prediction says of one stack. */
interface StackVerdicts {
  readonly failures: readonly FailureVerdict[];
  readonly dataLoss: readonly PredictedDataVerdict[];
  /** Logical ids the refactor plan moves there without replacing them, with the stack each comes from. */
  readonly refactorable: ReadonlyMap<string, string>;
}

/** The check of one app (or Stage) against a baseline. */
export class BaselineCheck {
  private readonly stacks: CheckedStack[] = [];
  /** The prediction made when each Stage was validated, for the stacks known then. */
  private readonly verdicts = new Map<IConstruct, Map<Stack, StackVerdicts>>();

  public constructor(private readonly baseline: Baseline, private readonly errors: GuardErrors) {}

  /**
   * Adds a stack: one with a deployed template is checked; one without (a new stack) takes part
   * in the app's prediction only, so that what moves into it is seen.
   */
  public add(stack: Stack, deployed: DeployedTemplate | undefined, report?: ReplacementReport): void {
    if (this.stacks.some((checked) => checked.stack === stack)) return;
    this.stacks.push({ stack, ...(deployed === undefined ? {} : { deployed }), ...(report === undefined ? {} : { report }) });
  }

  /**
   * Annotates the stacks of `stage` (the App for the top-level stacks) with what the prediction
   * says of them; called when the Stage's tree is validated, after CDK has resolved references.
   */
  public checkStage(stage: IConstruct): void {
    const own = this.stacks.filter((checked) => stageOf(checked.stack) === stage);
    const isApp = stage === stage.node.root;
    if (own.length === 0 && !isApp) return;
    let verdicts = this.verdicts.get(stage);
    if (verdicts === undefined) this.verdicts.set(stage, verdicts = this.predict(stage.node.root));
    for (const checked of own) this.check(checked, verdicts.get(checked.stack));
    if (isApp) this.rememberLateFailures(verdicts);
  }

  /** Annotates what the prediction says about one stack. */
  private check(checked: CheckedStack, verdicts: StackVerdicts | undefined): void {
    const { stack } = checked;
    for (const warning of checked.deployed?.warnings ?? []) {
      this.errors.add(stack, 'warning', FindingId.BASELINE_TEMPLATE_WARNING, `The deployed baseline of this stack was read with a warning: ${warning}.`);
    }
    if (verdicts === undefined) return;
    const targets = targetsOf(stack);
    for (const failure of verdicts.failures) this.reportFailure(checked, failure, targets, verdicts.refactorable);
    for (const verdict of verdicts.dataLoss) this.reportDataLoss(checked, verdict, targets);
  }

  /**
   * The certain failures that the prediction of the whole app finds in the stacks of Stages, and
   * that their Stage's own prediction (made with fewer stacks) did not: their Stage's assembly is
   * written, so they fail the app's synthesis instead of being annotated.
   */
  private rememberLateFailures(app: ReadonlyMap<Stack, StackVerdicts>): void {
    for (const checked of this.stacks) {
      const stage = stageOf(checked.stack);
      const early = this.verdicts.get(stage)?.get(checked.stack);
      if (stage === checked.stack.node.root || early === undefined) continue;
      const seen = new Set(early.failures.filter((failure) => failure.certainty === 'Certain').map(failureKey));
      const targets = targetsOf(checked.stack);
      for (const failure of app.get(checked.stack)?.failures ?? []) {
        if (failure.certainty !== 'Certain' || seen.has(failureKey(failure))) continue;
        const target = (failure.nestedStackPath ? undefined : targets.get(failure.logicalResourceId)) ?? checked.stack;
        if (isAcknowledged(target, FindingId.REPLACEMENT_WILL_FAIL)) continue;
        const { message } = describeFailure(checked.stack, failure, new Map());
        this.errors.remember(target, `${message} (seen once the whole app was known, after this Stage was synthesized: it is not in the stack's metadata) [${FindingId.REPLACEMENT_WILL_FAIL}]`);
      }
    }
  }

  /**
   * Predicts the app from the stacks known so far (all prepared: this Stage's and those of the
   * Stages synthesized before it) and the deployed stacks the app no longer has.
   */
  private predict(root: IConstruct): Map<Stack, StackVerdicts> {
    const inputs: AppStackTemplates[] = this.stacks.map(({ stack, deployed }) => ({
      stackName: stack.stackName,
      ...(deployed === undefined ? {} : { before: deployed.template }),
      // Rendered at validation time, after CDK has resolved references: the template as synthesized.
      after: (stack as unknown as { _toCloudFormation(): unknown })._toCloudFormation(),
      dependsOn: stack.dependencies.map((dependency) => dependency.stackName),
      ...known('account', stack.account),
      ...known('region', stack.region),
    }));
    // A deployed stack is gone only when no stack of the app has its name; one whose stack is not
    // prepared yet (in a Stage synthesized later) is left out until then. A deployed stack the app
    // no longer has by its name stays deployed (its construct may now be another stack, by another name).
    const inApp = root.node.findAll().filter((node): node is Stack => Stack.isStack(node) && !node.nested);
    const names = new Set(inApp.map((stack) => stack.stackName));
    for (const gone of this.baseline.stacks) {
      if (!names.has(gone.stackName)) inputs.push({ stackName: gone.stackName, before: gone.deployed.template });
    }
    const app = ChangeSetPredictor.predictApp(inputs);
    const moves = ChangeSetPredictor.planRefactor(inputs).moves.filter((move) => move.refactorable);
    const verdicts = new Map<Stack, StackVerdicts>();
    for (const { stack, deployed } of this.stacks) {
      const changeSet = app.changeSetOf(stack.stackName);
      if (changeSet === undefined) continue;
      // A new stack's resources are all added: what fails there comes from the rest of the app (a
      // name still held elsewhere, an export made later); its other findings are the guard's without a baseline.
      verdicts.set(stack, {
        failures: changeSet.failures,
        dataLoss: deployed === undefined ? [] : changeSet.dataVerdicts.filter((verdict) => verdict.fate === 'Deleted'),
        refactorable: new Map(moves.flatMap((move) => (move.destination.stackName === stack.stackName
          ? [[move.destination.logicalResourceId, move.source.stackName] as const]
          : []))),
      });
    }
    return verdicts;
  }

  private reportFailure(
    checked: CheckedStack, failure: FailureVerdict, targets: ReadonlyMap<string, IConstruct>, refactorable: ReadonlyMap<string, string>,
  ): void {
    const { stack, report } = checked;
    const target: IConstruct = (failure.nestedStackPath ? undefined : targets.get(failure.logicalResourceId)) ?? stack;
    const { message, id, severity } = describeFailure(stack, failure, refactorable);
    if (this.errors.add(target, severity, id, message) && report) {
      report.findings.push({
        id,
        severity,
        constructPath: target.node.path,
        logicalId: failure.logicalResourceId,
        resourceType: failure.resourceType,
        certainty: failure.certainty,
        reason: failure.reason,
        ...(failure.nestedStackPath ? { nestedStackPath: failure.nestedStackPath } : {}),
        message,
      });
    }
  }

  private reportDataLoss(checked: CheckedStack, verdict: PredictedDataVerdict, targets: ReadonlyMap<string, IConstruct>): void {
    const { stack, report } = checked;
    const target: IConstruct = (verdict.nestedStackPath || verdict.trigger === 'Removal' ? undefined : targets.get(verdict.logicalResourceId)) ?? stack;
    const where = verdict.nestedStackPath ? ` (nested stack ${verdict.nestedStackPath})` : '';
    const attribute = verdict.trigger === 'Removal' ? 'DeletionPolicy' : 'UpdateReplacePolicy';
    const event = verdict.trigger === 'Removal' ? 'is removed' : verdict.certainty === 'Possible' ? 'may be replaced' : 'is replaced';
    const message = `${verdict.resourceType} ${verdict.logicalResourceId}${where} ${event} and its ${attribute} is ${verdict.policy}${verdict.policySource === 'TypeDefault' ? ' (the type\'s default)' : ''}: ${verdict.consequence}. Keep the data with RemovalPolicy.RETAIN or SNAPSHOT (a Retain or Snapshot policy), or acknowledge this if the data may go`;
    const severity = verdict.certainty === 'Certain' ? 'error' : 'warning';
    if (this.errors.add(target, severity, FindingId.DATA_WILL_BE_DELETED, message) && report) {
      report.findings.push({
        id: FindingId.DATA_WILL_BE_DELETED,
        severity,
        constructPath: target.node.path,
        logicalId: verdict.logicalResourceId,
        resourceType: verdict.resourceType,
        certainty: verdict.certainty,
        reason: verdict.consequence,
        ...(verdict.nestedStackPath ? { nestedStackPath: verdict.nestedStackPath } : {}),
        message,
      });
    }
  }
}

/** The finding of a failure verdict: its message (with the refactor that avoids it, if any), id and level. */
function describeFailure(stack: Stack, failure: FailureVerdict, refactorable: ReadonlyMap<string, string>) {
  const where = failure.nestedStackPath ? ` (nested stack ${failure.nestedStackPath})` : '';
  const source = failure.nestedStackPath ? undefined : refactorable.get(failure.logicalResourceId);
  const place = source === stack.stackName ? 'its new logical id' : `this stack (from ${source})`;
  const refactor = source === undefined ? ''
    : `. A stack refactor would move the deployed resource to ${place} without replacing it: \`cdk-lifecycle diff <deployed cdk.out> cdk.out --refactor-plan plan.json\` writes the plan`;
  const certain = failure.certainty === 'Certain';
  return {
    message: `${failure.resourceType} ${failure.logicalResourceId}${where}: ${failure.reason}${refactor}`,
    id: certain ? FindingId.REPLACEMENT_WILL_FAIL : FindingId.REPLACEMENT_MAY_FAIL,
    severity: certain ? 'error' as const : 'warning' as const,
  };
}

/** What makes two failure verdicts of one stack the same. */
function failureKey(failure: FailureVerdict): string {
  return `${failure.nestedStackPath ?? ''}\u0000${failure.logicalResourceId}`;
}

/** The resources and outputs of a stack by logical id: every element of the template has its own. */
function targetsOf(stack: Stack): Map<string, IConstruct> {
  const targets = new Map<string, IConstruct>();
  for (const child of stack.node.findAll()) {
    if (CfnElement.isCfnElement(child) && Stack.of(child) === stack) targets.set(logicalIdOf(stack, child), child);
  }
  return targets;
}

/** The Stage a stack is synthesized with (the App for a top-level stack). */
function stageOf(stack: Stack): IConstruct {
  return Stage.of(stack) ?? stack.node.root;
}

function known<K extends string>(key: K, value: string): { [key in K]?: string } {
  return (Token.isUnresolved(value) ? {} : { [key]: value }) as { [key in K]?: string };
}
