/**
 * The security changes as rows, one per statement, managed policy, rule or setting added or
 * removed, for the text report, the HTML and the Markdown to render alike (so their counts agree).
 */
import { SecurityChanges, statementText, ruleText } from './security-changes';

/** One row of a security table. */
export interface SecurityRow {
  readonly change: '+' | '-';
  readonly broadening: boolean;
  /** `IAM statement`, `managed policy`, `security group ingress`, `permissions boundary`, ... */
  readonly what: string;
  readonly text: string;
}

/** The rows of one template pair's security changes: statements, managed policies, rules, then settings. */
export function securityRows(changes: SecurityChanges): SecurityRow[] {
  return [
    ...changes.statements.map(({ change, item, broadening }) => ({ change, broadening, what: 'IAM statement', text: statementText(item) })),
    ...changes.managedPolicies.map(({ change, item, broadening }) => ({ change, broadening, what: 'managed policy', text: `${item.policyArn} on ${item.logicalId}` })),
    ...changes.rules.map(({ change, item, broadening }) => ({ change, broadening, what: `security group ${item.direction}`, text: `${ruleText(item)} (${item.logicalId})` })),
    ...changes.settings.map(({ change, item, broadening }) => ({ change, broadening, what: item.name, text: `${item.value} for ${item.subject} (${item.logicalId})` })),
  ];
}
