/**
 * What a change does to security: the IAM statements, managed policies, security-group rules
 * and security settings each template pair adds and removes (as the CDK CLI tables them, with
 * the resource policies of every type it covers), each judged by what it allows: whether it
 * broadens permissions (see `broadening.ts`) and, if so, what becomes allowed and what makes
 * it wide (a wildcard action, principal or resource; `0.0.0.0/0`, `::/0`).
 *
 * Statements and rules are listed as sets (one whose effect, actions, principals, resources or
 * condition differ is one removed and one added, as the CDK CLI shows them), but judged against
 * everything the other side allows: a statement moved to another policy, or a policy renamed,
 * is listed as removed and added and broadens nothing.
 */
import { attachmentVerdict, ruleVerdict, settingVerdict, Sides, statementVerdict, Verdict } from './broadening';
import { isOpenRange } from './cidr';
import { IamStatement, statementText } from './iam-statement';
import { ManagedPolicyAttachment, readSecurity, Resources, SecurityItems, SecuritySetting } from './read-security';
import { renamedResources, undoRenames } from './renames';
import { ruleText, SecurityGroupRule } from './security-group-rule';

export type { IamStatement } from './iam-statement';
export { statementText } from './iam-statement';
export type { ManagedPolicyAttachment, SecuritySetting } from './read-security';
export type { SecurityGroupRule } from './security-group-rule';
export { ruleText } from './security-group-rule';

/** An addition (`+`) or removal (`-`), and whether it broadens permissions. */
export interface SecurityDelta<T> {
  readonly change: '+' | '-';
  readonly item: T;
  readonly broadening: boolean;
  /** For a broadening: what becomes allowed, or what no longer limits it. */
  readonly why?: string;
}

/** The security changes of one template pair. */
export interface SecurityChanges {
  readonly statements: ReadonlyArray<SecurityDelta<IamStatement>>;
  readonly managedPolicies: ReadonlyArray<SecurityDelta<ManagedPolicyAttachment>>;
  readonly rules: ReadonlyArray<SecurityDelta<SecurityGroupRule>>;
  /** Permissions boundaries, group memberships, SSO assignments, a function URL's IAM auth, data protection policies, ... */
  readonly settings: ReadonlyArray<SecurityDelta<SecuritySetting>>;
  /** Per logical id: whether its changes broaden permissions, and how. */
  readonly byResource: ReadonlyMap<string, ResourceSecurity>;
}

/** What a resource's changes do to security. */
export interface ResourceSecurity {
  readonly broadening: boolean;
  /** One line per broadening: `adds Allow s3:* on * (Policies[app]): wildcard action s3:*; newly allows ...`, `adds the ingress rule tcp 22 from 0.0.0.0/0 (...)`. */
  readonly reasons: readonly string[];
  /** How many statements, attachments, rules and settings it adds and removes. */
  readonly added: number;
  readonly removed: number;
}

/** The security changes from `before` to `after` (absent for a stack on one side). */
export function securityChanges(before: unknown, after: unknown): SecurityChanges {
  const oldResources = resourcesOf(before);
  const newResources = resourcesOf(after);
  const renames = renamedResources(oldResources, newResources);
  // A parameter stands on the after side too: a policy on `${BucketName}` still governs something.
  const afterIds = new Set([...Object.keys(newResources).map((id) => renames.get(id) ?? id), ...Object.keys(parametersOf(after))]);
  const old = withoutImplicit(readSecurity(oldResources), (id) => afterIds.has(id));
  const current = withoutImplicit(readSecurity(newResources), (id) => (renames.get(id) ?? id) in oldResources);
  const canon = canonicalizers(undoRenames(renames));
  const sides: Sides = {
    before: old,
    after: renames.size === 0 ? current : {
      statements: current.statements.map(canon.statement),
      managedPolicies: current.managedPolicies.map(canon.attachment),
      rules: current.rules.map(canon.rule),
      settings: current.settings.map(canon.setting),
      localManagedPolicies: new Set([...current.localManagedPolicies].map(canon.value)),
    },
    afterIds,
  };
  // An addition is judged in the before side's names; a removal already is in them.
  const judge = <T>(items: ReadonlyArray<{ change: '+' | '-'; item: T }>, toBefore: (item: T) => T, verdict: (change: '+' | '-', item: T, on: Sides) => Verdict) =>
    items.map(({ change, item }): SecurityDelta<T> => ({ change, item, ...verdict(change, change === '+' ? toBefore(item) : item, sides) }));
  const statements = judge(delta(old.statements, current.statements), canon.statement, statementVerdict);
  const managedPolicies = judge(delta(old.managedPolicies, current.managedPolicies), canon.attachment, attachmentVerdict);
  const rules = judge(delta(old.rules, current.rules), canon.rule, ruleVerdict);
  const settings = judge(delta(old.settings, current.settings), canon.setting, settingVerdict);
  return { statements, managedPolicies, rules, settings, byResource: byResource({ statements, managedPolicies, rules, settings }) };
}

/** Each logical id's additions, removals and broadenings, with a reason per broadening. */
function byResource(changes: Omit<SecurityChanges, 'byResource'>): Map<string, ResourceSecurity> {
  const found = new Map<string, { broadening: boolean; reasons: string[]; added: number; removed: number }>();
  const note = (logicalId: string, { change, broadening, why }: SecurityDelta<unknown>, reason: () => string) => {
    let entry = found.get(logicalId);
    if (entry === undefined) found.set(logicalId, entry = { broadening: false, reasons: [], added: 0, removed: 0 });
    if (change === '+') entry.added++; else entry.removed++;
    if (!broadening) return;
    entry.broadening = true;
    entry.reasons.push(`${reason()}${why === undefined ? '' : `; ${why}`}`);
  };
  const verb = (change: '+' | '-') => (change === '+' ? 'adds' : 'removes');
  for (const d of changes.statements) note(d.item.logicalId, d, () => `${verb(d.change)} ${statementText(d.item)}${wideParts(d.item)}`);
  for (const d of changes.managedPolicies) note(d.item.logicalId, d, () => `attaches the managed policy ${d.item.policyArn} to ${d.item.principal}`);
  for (const d of changes.rules) {
    // The rule's reason says where it is open in its own words (kept as the CDK CLI's users know them).
    note(d.item.logicalId, { ...d, why: undefined }, () => `adds the ${d.item.direction} rule ${ruleText(d.item)}${d.why === undefined ? '' : ` (${d.why})`}`);
  }
  for (const d of changes.settings) {
    note(d.item.logicalId, d, () => (d.change === '+' ? `adds the ${d.item.name} ${d.item.value} to ${d.item.subject}` : `removes the ${d.item.name} ${d.item.value} from ${d.item.subject}`));
  }
  return found;
}

/** `: wildcard action s3:*, any principal`, when an Allow grants widely. */
function wideParts(statement: IamStatement): string {
  if (statement.effect !== 'Allow') return '';
  const parts = [
    ...(statement.not.actions === true ? [] : statement.actions.filter((action) => action === '*' || action.endsWith(':*')).map((action) => `wildcard action ${action}`)),
    ...(statement.not.principals === true ? [] : statement.principals.filter((principal) => principal === '*').map(() => 'any principal')),
    ...(statement.not.resources === true ? [] : statement.resources.filter((resource) => resource === '*').map(() => 'every resource')),
    ...statement.clauses.filter((clause) => clause.operator.endsWith('IpAddress') && clause.values.some(isOpenRange)).map(() => 'any address'),
  ];
  return parts.length === 0 ? '' : `: ${parts.join(', ')}`;
}

/** The items, an implicit statement (what a type allows without a policy) only for a resource on both sides. */
function withoutImplicit(items: SecurityItems, onBothSides: (logicalId: string) => boolean): SecurityItems {
  return { ...items, statements: items.statements.filter((statement) => statement.implicit !== true || onBothSides(statement.logicalId)) };
}

/** Each kind of item with renamed resources written with their old ids. */
function canonicalizers(undo: (value: string) => string) {
  return {
    value: undo,
    statement: (statement: IamStatement): IamStatement => ({
      ...statement,
      scope: undo(statement.scope),
      actions: statement.actions.map(undo),
      principals: statement.principals.map(undo),
      resources: statement.resources.map(undo),
      clauses: statement.clauses.map((clause) => ({ ...clause, values: clause.values.map(undo) })),
    }),
    attachment: (item: ManagedPolicyAttachment): ManagedPolicyAttachment => ({
      ...item, principal: undo(item.principal), policyArn: undo(item.policyArn),
    }),
    rule: (item: SecurityGroupRule): SecurityGroupRule => ({ ...item, group: undo(item.group), peer: undo(item.peer) }),
    setting: (item: SecuritySetting): SecuritySetting => ({ ...item, subject: undo(item.subject), value: undo(item.value) }),
  };
}

function parametersOf(template: unknown): object {
  const parameters = typeof template === 'object' && template !== null ? (template as { Parameters?: unknown }).Parameters : undefined;
  return typeof parameters === 'object' && parameters !== null ? parameters : {};
}

function resourcesOf(template: unknown): Resources {
  if (typeof template !== 'object' || template === null) return {};
  const resources = (template as { Resources?: unknown }).Resources;
  return typeof resources === 'object' && resources !== null ? resources as Resources : {};
}

/** The items only one side has (each one on the other side pairs with one here), compared by everything, where they are written included. */
function delta<T>(before: readonly T[], after: readonly T[]): Array<{ change: '+' | '-'; item: T }> {
  // Each item's key once: a template has hundreds of statements and rules, and most pair up.
  const keyed = (items: readonly T[]) => items.map((item) => ({ item, key: JSON.stringify(item) }));
  const count = (items: ReadonlyArray<{ key: string }>) => {
    const counts = new Map<string, number>();
    for (const { key } of items) counts.set(key, (counts.get(key) ?? 0) + 1);
    return counts;
  };
  const old = keyed(before);
  const current = keyed(after);
  const unpaired = (other: Map<string, number>) => ({ key }: { key: string }): boolean => {
    const left = other.get(key) ?? 0;
    if (left === 0) return true;
    other.set(key, left - 1);
    return false;
  };
  const removed = old.filter(unpaired(count(current)));
  const added = current.filter(unpaired(count(old)));
  return [...removed.map(({ item }) => ({ change: '-' as const, item })), ...added.map(({ item }) => ({ change: '+' as const, item }))];
}
