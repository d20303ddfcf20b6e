/**
 * The guard's check of one stack against its deployed baseline: predict the change set
 * CloudFormation would create, then put an error on each resource whose change will
 * certainly fail (a named resource replaced, or moved to a new logical id, under the same
 * name) and a warning on each that may fail (a conditional replacement).
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
  if (prediction.failures.length === 0) return;

  const resources = new Map<string, CfnResource>();
  for (const child of stack.node.findAll()) {
    if (CfnResource.isCfnResource(child) && Stack.of(child) === stack) resources.set(logicalIdOf(stack, child), child);
  }
  for (const failure of prediction.failures) {
    const target: IConstruct = (failure.nestedStackPath ? undefined : resources.get(failure.logicalResourceId)) ?? stack;
    const where = failure.nestedStackPath ? ` (nested stack ${failure.nestedStackPath})` : '';
    const message = `${failure.resourceType} ${failure.logicalResourceId}${where}: ${failure.reason}`;
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
}

function withKey<K extends string>(key: K, value: string | undefined): { [key in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [key in K]?: string };
}
