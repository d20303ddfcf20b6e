/**
 * Whether a security change broadens permissions, judged by what is allowed, not by what is
 * written: an `Allow` statement added broadens only if some (principal, action, resource) it
 * allows was not allowed before under conditions at least as strict; a `Deny` removed only if
 * what it denied is no longer denied; a managed policy, group membership or SSO assignment
 * added only if the principal did not have it before; a security-group rule added only if no
 * rule of the group allowed its traffic; a limit (a permissions boundary, a function URL's IAM
 * auth, a data protection policy) removed or changed while what it limited stays. So a
 * narrowing, or a statement moved to another policy or a renamed one, is no broadening.
 *
 * What cannot be read (a statement that is an `Fn::If`, an effect that is a token) counts as
 * allowing when added and as denying when removed, unless the same stands on the other side.
 */
import { isOpenRange } from './cidr';
import { IamStatement } from './iam-statement';
import { ManagedPolicyAttachment, SecurityItems, SecuritySetting } from './read-security';
import { ruleCovers, SecurityGroupRule } from './security-group-rule';
import { uncoveredPart } from './statement-cover';

/** Whether an addition (`+`) or removal (`-`) broadens permissions, and why. */
export interface Verdict {
  readonly broadening: boolean;
  /** What becomes allowed (`newly allows s3:PutObject on ${Bucket.Arn}/* for AWS:${Role}`), for a broadening. */
  readonly why?: string;
}

const NOT_BROADENING: Verdict = { broadening: false };

/** The two sides, the after side with renamed resources written with their old ids. */
export interface Sides {
  readonly before: SecurityItems;
  readonly after: SecurityItems;
  /** The logical ids of the after side, with renamed ones written with their old ids. */
  readonly afterIds: ReadonlySet<string>;
}

/** A statement added (judged against what was allowed before) or removed (a Deny, judged against what is still denied after). */
export function statementVerdict(change: '+' | '-', statement: IamStatement, sides: Sides): Verdict {
  const others = change === '+' ? sides.before.statements : sides.after.statements;
  if (statement.effect !== 'Allow' && statement.effect !== 'Deny') {
    if (others.some((other) => sameStatement(other, statement))) return NOT_BROADENING;
    return change === '+'
      ? { broadening: true, why: 'a statement that cannot be read is taken as allowing' }
      : { broadening: true, why: 'a statement that cannot be read is taken as denying' };
  }
  if ((change === '+') !== (statement.effect === 'Allow')) return NOT_BROADENING;
  // A Deny removed with what it governed (its resource, or every identity it applied to) takes nothing away.
  if (change === '-' && governsOnlyRemoved(statement, sides.afterIds)) return NOT_BROADENING;
  const part = uncoveredPart(statement, others);
  if (part === undefined) return NOT_BROADENING;
  const what = `${part.action} on ${part.resource} for ${part.principal}`;
  if (change === '+') {
    return { broadening: true, why: part.looserCondition ? `allows ${what} under looser conditions than before` : `newly allows ${what}` };
  }
  return { broadening: true, why: part.looserCondition ? `denies ${what} under stricter conditions than before` : `no longer denies ${what}` };
}

/**
 * A managed policy attached to a principal that did not have it: one defined in the template
 * by what its statements allow the principal (so moving it from the policy's `Roles` to the
 * role's `ManagedPolicyArns` broadens nothing), one from elsewhere always (its contents are not
 * known). Detaching one from the template takes its `Deny` statements away from the principal.
 */
export function attachmentVerdict(change: '+' | '-', attachment: ManagedPolicyAttachment, sides: Sides): Verdict {
  const same = (other: ManagedPolicyAttachment) => other.principal === attachment.principal && other.policyArn === attachment.policyArn;
  const local = (change === '+' ? sides.after : sides.before).localManagedPolicies.has(attachment.policyArn);
  if (change === '-') {
    if (!local || sides.after.managedPolicies.some(same)) return NOT_BROADENING;
    return firstBroadening(statementsFor(attachment, sides.before).filter((statement) => statement.effect !== 'Allow'), '-', sides);
  }
  if (sides.before.managedPolicies.some(same)) return NOT_BROADENING;
  if (!local) return { broadening: true, why: `${attachment.principal} did not have it before` };
  return firstBroadening(statementsFor(attachment, sides.after).filter((statement) => statement.effect !== 'Deny'), '+', sides);
}

/** The statements of a managed policy in the template, for the principal it is attached to. */
function statementsFor(attachment: ManagedPolicyAttachment, side: SecurityItems): IamStatement[] {
  const principal = `ManagedPolicy:${attachment.policyArn}`;
  return side.statements.filter((statement) => statement.principals.length === 1 && statement.principals[0] === principal)
    .map((statement) => ({ ...statement, principals: [attachment.principal] }));
}

function firstBroadening(statements: readonly IamStatement[], change: '+' | '-', sides: Sides): Verdict {
  for (const statement of statements) {
    const verdict = statementVerdict(change, statement, sides);
    if (verdict.broadening) return verdict;
  }
  return NOT_BROADENING;
}

/** A rule added whose traffic no rule of the group allowed before. */
export function ruleVerdict(change: '+' | '-', rule: SecurityGroupRule, sides: Sides): Verdict {
  if (change === '-' || sides.before.rules.some((other) => ruleCovers(other, rule))) return NOT_BROADENING;
  return { broadening: true, ...(isOpenRange(rule.peer) ? { why: `open to every ${rule.peer.includes(':') ? 'IPv6' : 'IPv4'} address` } : {}) };
}

/** A grant added that was not there, or a limit taken away (removed or changed) from something that stays. */
export function settingVerdict(change: '+' | '-', setting: SecuritySetting, sides: Sides): Verdict {
  const same = (other: SecuritySetting) => other.name === setting.name && other.subject === setting.subject && other.value === setting.value;
  if (setting.role === 'grant') {
    if (change === '-' || sides.before.settings.some(same)) return NOT_BROADENING;
    return { broadening: true, why: `${setting.subject} did not have it before` };
  }
  if (change === '+' || !sides.afterIds.has(setting.logicalId) || sides.after.settings.some(same)) return NOT_BROADENING;
  return { broadening: true, why: `${setting.subject} is no longer limited by it` };
}

/** Whether what the statement applies to is gone from the after side: its resource's policy, or each identity holding it. */
function governsOnlyRemoved(statement: IamStatement, afterIds: ReadonlySet<string>): boolean {
  const gone = (value: string) => {
    const id = /\$\{([A-Za-z0-9]+)\}$/.exec(value)?.[1];
    return id !== undefined && !afterIds.has(id);
  };
  return statement.scope === 'identity' ? statement.principals.length > 0 && statement.principals.every(gone) : gone(statement.scope);
}

function sameStatement(a: IamStatement, b: IamStatement): boolean {
  const { logicalId: _a, source: _as, ...left } = a;
  const { logicalId: _b, source: _bs, ...right } = b;
  return JSON.stringify(left) === JSON.stringify(right);
}
