/**
 * `--sarif <file>`: the review's failures, data verdicts, replacements and removals, and every
 * change a review rule rates, as SARIF results. The rule of a result is the review rule that
 * decided its level, else the verdict kind (`cdk-lifecycle:certain-failure`, ...).
 */
import { explain } from './reference-chain';
import type { Review, ReviewChange, ReviewLevel } from './review-model';
import type { ReviewRule } from './review-rules';
import { SarifFinding, SarifLevel, sarifLog, SarifRule } from './sarif-log';

/** The verdict kinds, as SARIF rules. */
export const VERDICT_RULES: readonly SarifRule[] = [
  { id: 'cdk-lifecycle:certain-failure', name: 'CertainFailure', shortDescription: 'CloudFormation will fail to apply this change', defaultLevel: 'error' },
  { id: 'cdk-lifecycle:possible-failure', name: 'PossibleFailure', shortDescription: 'CloudFormation may fail to apply this change', defaultLevel: 'warning' },
  { id: 'cdk-lifecycle:data-deleted', name: 'DataDeleted', shortDescription: 'The resource is removed or replaced and its data is deleted', defaultLevel: 'warning' },
  { id: 'cdk-lifecycle:data-kept', name: 'DataKept', shortDescription: 'The resource is removed or replaced; its data is retained or snapshotted, not carried over', defaultLevel: 'note' },
  { id: 'cdk-lifecycle:security-broadening', name: 'SecurityBroadening', shortDescription: 'The change broadens permissions: something is allowed that was not allowed before (a statement, managed policy, rule or setting)', defaultLevel: 'warning' },
  { id: 'cdk-lifecycle:replacement', name: 'Replacement', shortDescription: 'CloudFormation replaces the resource (a new physical resource)', defaultLevel: 'warning' },
  { id: 'cdk-lifecycle:conditional-replacement', name: 'ConditionalReplacement', shortDescription: 'CloudFormation may replace the resource (known at deploy time)', defaultLevel: 'warning' },
  { id: 'cdk-lifecycle:removal', name: 'Removal', shortDescription: 'The resource is removed from the stack', defaultLevel: 'note' },
  { id: 'cdk-lifecycle:change', name: 'Change', shortDescription: 'A change a review rule rates', defaultLevel: 'note' },
];

/** A review level as a SARIF level. */
export function sarifLevel(level: ReviewLevel): SarifLevel {
  return level === 'fail' ? 'error' : level === 'warn' ? 'warning' : level === 'info' ? 'note' : 'none';
}

/** The verdict rule of a change, or undefined when it is an ordinary one. */
function verdictRule(change: ReviewChange): string | undefined {
  if (change.failure !== undefined) return change.failure.certainty === 'Certain' ? 'cdk-lifecycle:certain-failure' : 'cdk-lifecycle:possible-failure';
  if (change.dataVerdict !== undefined) return change.dataVerdict.verdict === 'deleted' ? 'cdk-lifecycle:data-deleted' : 'cdk-lifecycle:data-kept';
  if (change.security?.broadening === true) return 'cdk-lifecycle:security-broadening';
  if (change.replacement === 'True') return 'cdk-lifecycle:replacement';
  if (change.replacement === 'Conditional') return 'cdk-lifecycle:conditional-replacement';
  if (change.action === 'Remove') return 'cdk-lifecycle:removal';
  return undefined;
}

/** The SARIF log of a review. */
export function renderSarif(review: Review, rules: readonly ReviewRule[], tool: { name: string; version: string; informationUri: string }): string {
  const reviewRules: SarifRule[] = rules.map((rule) => ({
    id: rule.id, name: rule.id, shortDescription: rule.message, defaultLevel: sarifLevel(rule.level),
  }));
  const findings: SarifFinding[] = review.changes.flatMap((change): SarifFinding[] => {
    // A certain failure a rule lowered is still reported (at the rule's level), even when ignored.
    if (change.level === 'ignore' && change.lowered === undefined) return [];
    const ruleId = change.ruleId ?? verdictRule(change) ?? undefined;
    if (ruleId === undefined) return [];
    return [{
      ruleId,
      level: sarifLevel(change.level),
      message: messageOf(change),
      logicalLocation: [change.stack, change.nestedStackPath, change.constructPath ?? change.logicalId].filter(Boolean).join('/'),
      ...(change.source === undefined ? {} : {
        file: change.source.file, line: change.source.line, ...(change.source.column === undefined ? {} : { column: change.source.column }),
      }),
      identity: [change.stack, change.nestedStackPath ?? '', change.logicalId, change.kind],
      properties: {
        stack: change.stack,
        logicalId: change.logicalId,
        resourceType: change.resourceType,
        action: change.action,
        ...(change.replacement === undefined ? {} : { replacement: change.replacement }),
      },
    }];
  });
  return `${JSON.stringify(sarifLog(tool, [...VERDICT_RULES, ...reviewRules], findings), null, 2)}\n`;
}

/** What a result says: the resource, what happens and why, and the rule's message. */
function messageOf(change: ReviewChange): string {
  const where = `${change.resourceType} ${change.logicalId}${change.stack === '' ? '' : ` in stack ${change.stack}`}${change.nestedStackPath === undefined ? '' : ` (nested stack ${change.nestedStackPath})`}`;
  const what = change.failure !== undefined || change.dataVerdict !== undefined || change.replacement === 'True' || change.replacement === 'Conditional'
    ? explain(change)
    : change.security?.broadening === true ? `broadens permissions: ${change.security.reasons.join('; ')}`
      : change.action === 'Remove' ? 'is removed' : `is ${change.action === 'Add' ? 'added' : 'modified'}`;
  const was = change.formerSource === undefined ? '' : ` It was defined at ${change.formerSource.file}:${change.formerSource.line} in the deployed version of the app.`;
  return `${where}: ${what}${change.ruleId === undefined ? '' : ` [${change.ruleId}: ${change.levelReason}]`}${was}`;
}
