/**
 * The guard's check of one stack against its deployed baseline: predict the change set
 * CloudFormation would create, then put an error on each resource whose change will
 * certainly fail (a named resource replaced, or moved to a new logical id, under the same
 * name) and a warning on each that may fail (a conditional replacement). A rename that a
 * stack refactor would make without replacing anything says so, and a data-bearing resource
 * whose replacement or removal deletes its data is a finding of its own.
 */
import { CfnResource, Stack, Token } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { ChangeSetPredictor } from '../../change-set/change-set-predictor';
import { FindingId } from '../finding-ids';
import { addFinding } from './add-finding';
import { DeployedTemplate } from './baseline';
import { logicalIdOf } from './logical-id';
import { ReplacementReport } from './replacement-report';

/** Predicts `stack`'s update from `deployed` and annotates what will or may fail. */
export function checkAgainstBaseline(stack: Stack, deployed: DeployedTemplate, report?: ReplacementReport): void {
  for (const warning of deployed.warnings) {
    addFinding(stack, 'warning', FindingId.BASELINE_TEMPLATE_WARNING, `The deployed baseline of this stack was read with a warning: ${warning}.`);
  }
  // Rendered at validation time, after CDK has resolved references: the template as synthesized.
  const template = (stack as unknown as { _toCloudFormation(): unknown })._toCloudFormation();
  // The stack's name, and its account and Region where the app sets them: the pseudo parameters
  // a mapping look-up, a condition or a name may use.
  const known = (value: string) => (Token.isUnresolved(value) ? {} : { value });
  const environment = {
    ...(stack.nested ? {} : withKey('stackName', known(stack.stackName).value)),
    ...withKey('account', known(stack.account).value),
    ...withKey('region', known(stack.region).value),
  };
  const prediction = ChangeSetPredictor.predict(deployed.template, template, { environment });
  const dataLoss = prediction.dataVerdicts.filter((verdict) => verdict.fate === 'Deleted');
  if (prediction.failures.length === 0 && dataLoss.length === 0) return;
  const refactorable = new Set(ChangeSetPredictor.planRefactor([{ stackName: stack.stackName, before: deployed.template, after: template }]).moves
    .filter((move) => move.refactorable).map((move) => move.destination.logicalResourceId));

  const resources = new Map<string, CfnResource>();
  for (const child of stack.node.findAll()) {
    if (CfnResource.isCfnResource(child) && Stack.of(child) === stack) resources.set(logicalIdOf(stack, child), child);
  }
  for (const failure of prediction.failures) {
    const target: IConstruct = (failure.nestedStackPath ? undefined : resources.get(failure.logicalResourceId)) ?? stack;
    const where = failure.nestedStackPath ? ` (nested stack ${failure.nestedStackPath})` : '';
    const refactor = !failure.nestedStackPath && refactorable.has(failure.logicalResourceId)
      ? '. A stack refactor would move the deployed resource to its new logical id without replacing it: `cdk-lifecycle diff <deployed cdk.out> cdk.out --refactor-plan plan.json` writes the plan'
      : '';
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
  for (const verdict of dataLoss) {
    const target: IConstruct = (verdict.nestedStackPath || verdict.trigger === 'Removal' ? undefined : resources.get(verdict.logicalResourceId)) ?? stack;
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

function withKey<K extends string>(key: K, value: string | undefined): { [key in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [key in K]?: string };
}
