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
 * The prediction runs once, when the first stack is validated (after every stack has been
 * visited and CDK has resolved the cross-stack references); each stack then reports its own.
 */
import { CfnElement, Stack, Token } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { AppStackTemplates } from '../../change-set/app-types';
import { ChangeSetPredictor } from '../../change-set/change-set-predictor';
import { FailureVerdict, PredictedDataVerdict } from '../../change-set/change-set-types';
import { FindingId } from '../finding-ids';
import { addFinding } from './add-finding';
import { Baseline, DeployedTemplate } from './baseline';
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
  private verdicts?: Map<Stack, StackVerdicts>;

  public constructor(private readonly baseline: Baseline) {}

  /**
   * Adds a stack: one with a deployed template is checked; one without (a new stack) takes part
   * in the app's prediction only, so that what moves into it is seen.
   */
  public add(stack: Stack, deployed: DeployedTemplate | undefined, report?: ReplacementReport): void {
    if (this.stacks.some((checked) => checked.stack === stack)) return;
    this.stacks.push({ stack, ...(deployed === undefined ? {} : { deployed }), ...(report === undefined ? {} : { report }) });
    stack.node.addValidation({ validate: () => { this.check(stack); return []; } });
  }

  /** Annotates what the prediction of the app says about `stack`. */
  private check(stack: Stack): void {
    const checked = this.stacks.find((candidate) => candidate.stack === stack)!;
    for (const warning of checked.deployed?.warnings ?? []) {
      addFinding(stack, 'warning', FindingId.BASELINE_TEMPLATE_WARNING, `The deployed baseline of this stack was read with a warning: ${warning}.`);
    }
    const verdicts = (this.verdicts ??= this.predict()).get(stack);
    if (verdicts === undefined) return;
    const targets = new Map<string, IConstruct>();
    for (const child of stack.node.findAll()) {
      // Resources and outputs (an export in use): every element of the template has its own logical id.
      if (CfnElement.isCfnElement(child) && Stack.of(child) === stack) targets.set(logicalIdOf(stack, child), child);
    }
    for (const failure of verdicts.failures) this.reportFailure(checked, failure, targets, verdicts.refactorable);
    for (const verdict of verdicts.dataLoss) this.reportDataLoss(checked, verdict, targets);
  }

  /** Predicts the app: every stack added, and the deployed stacks the app no longer has. */
  private predict(): Map<Stack, StackVerdicts> {
    const inputs: AppStackTemplates[] = this.stacks.map(({ stack, deployed }) => ({
      stackName: stack.stackName,
      ...(deployed === undefined ? {} : { before: deployed.template }),
      // Rendered at validation time, after CDK has resolved references: the template as synthesized.
      after: (stack as unknown as { _toCloudFormation(): unknown })._toCloudFormation(),
      dependsOn: stack.dependencies.map((dependency) => dependency.stackName),
      ...known('account', stack.account),
      ...known('region', stack.region),
    }));
    // A deployed stack the app no longer has by its name stays deployed (its construct may now be another stack, by another name).
    const names = new Set(this.stacks.map(({ stack }) => stack.stackName));
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
    const where = failure.nestedStackPath ? ` (nested stack ${failure.nestedStackPath})` : '';
    const source = failure.nestedStackPath ? undefined : refactorable.get(failure.logicalResourceId);
    const place = source === stack.stackName ? 'its new logical id' : `this stack (from ${source})`;
    const refactor = source === undefined ? ''
      : `. A stack refactor would move the deployed resource to ${place} without replacing it: \`cdk-lifecycle diff <deployed cdk.out> cdk.out --refactor-plan plan.json\` writes the plan`;
    const message = `${failure.resourceType} ${failure.logicalResourceId}${where}: ${failure.reason}${refactor}`;
    const certain = failure.certainty === 'Certain';
    const id = certain ? FindingId.REPLACEMENT_WILL_FAIL : FindingId.REPLACEMENT_MAY_FAIL;
    const severity = certain ? 'error' : 'warning';
    if (addFinding(target, severity, id, message) && report) {
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
    if (addFinding(target, severity, FindingId.DATA_WILL_BE_DELETED, message) && report) {
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

function known<K extends string>(key: K, value: string): { [key in K]?: string } {
  return (Token.isUnresolved(value) ? {} : { [key]: value }) as { [key in K]?: string };
}
