/**
 * A team's review rules: which changes fail the review, which only warn, which are noise.
 *
 * Each rule matches changes by resource type, action, replacement, changed property, change
 * source, data verdict, kind and stack (every field a value or a list; `*` globs for types,
 * properties and stacks); all given fields must match. The first rule that matches a change
 * decides its level; a change no rule matches keeps its built-in level (see `builtInLevel`).
 */
import type { ChangeKind, LevelDecider, ReviewChange, ReviewLevel } from './review-model';

/** The fields a rule matches on, each a list of accepted values (globs where noted). */
export interface RuleMatch {
  /** Resource type globs (`AWS::RDS::*`). */
  readonly resourceType?: readonly string[];
  readonly action?: readonly string[];
  /** `True`, `Conditional`, `False`. */
  readonly replacement?: readonly string[];
  /** Globs over the changed targets: a property name, or `Tags`, `Metadata`, ... */
  readonly property?: readonly string[];
  readonly changeSource?: readonly string[];
  /** `deleted`, `snapshotted`, `retained`, `unknown`. */
  readonly dataVerdict?: readonly string[];
  readonly kind?: readonly ChangeKind[];
  /** Stack name or construct path globs. */
  readonly stack?: readonly string[];
}

/** One rule. */
export interface ReviewRule {
  readonly id: string;
  readonly match: RuleMatch;
  readonly level: ReviewLevel;
  readonly message: string;
}

/** What makes `diff` fail when no rule says otherwise (`--fail-on`). */
export type FailOn = 'replacement' | 'failure' | 'data-loss' | 'none';

/** The change a level is decided for. */
type Judged = Parameters<LevelDecider>[0];

/**
 * Whether `--fail-on` fails the review for this change:
 * `failure` for a certain failure; `data-loss` for that or data deleted (certainly or possibly);
 * `replacement` for a certain failure or a certain or conditional replacement; `none` never.
 */
export function failsOn(failOn: FailOn, change: Pick<ReviewChange, 'failure' | 'replacement' | 'dataVerdict'>): boolean {
  const certainFailure = change.failure?.certainty === 'Certain';
  const dataLoss = change.dataVerdict?.verdict === 'deleted';
  switch (failOn) {
    case 'none': return false;
    case 'failure': return certainFailure;
    case 'data-loss': return certainFailure || dataLoss;
    case 'replacement': return certainFailure || change.replacement === 'True' || change.replacement === 'Conditional';
  }
}

/** The level of a change no rule matches: `fail` where `--fail-on` says so, `warn` for what may hurt, else `info`. */
export function builtInLevel(failOn: FailOn, change: Judged): { level: ReviewLevel; reason: string } {
  if (failsOn(failOn, change)) return { level: 'fail', reason: `fails the review (--fail-on ${failOn})` };
  if (change.failure !== undefined) return { level: 'warn', reason: `CloudFormation ${change.failure.certainty === 'Certain' ? 'will' : 'may'} fail this change` };
  if (change.dataVerdict?.verdict === 'deleted') return { level: 'warn', reason: 'its data is deleted' };
  if (change.replacement === 'True' || change.replacement === 'Conditional' || change.action === 'Remove') {
    return { level: 'warn', reason: change.action === 'Remove' ? 'the resource is removed' : 'the resource is replaced' };
  }
  return { level: 'info', reason: 'an ordinary change' };
}

/** The level decider for these rules over the built-in levels of `--fail-on`. */
export function levelDecider(rules: readonly ReviewRule[], failOn: FailOn): LevelDecider {
  return (change) => {
    const rule = rules.find((candidate) => ruleMatches(candidate.match, change));
    if (rule !== undefined) return { level: rule.level, ruleId: rule.id, reason: rule.message };
    return builtInLevel(failOn, change);
  };
}

/** Whether every field the rule gives matches the change. */
export function ruleMatches(match: RuleMatch, change: Judged): boolean {
  const anyOf = (accepted: readonly string[] | undefined, values: readonly string[], glob = false): boolean => {
    if (accepted === undefined) return true;
    return values.some((value) => accepted.some((pattern) => (glob ? globMatches(pattern, value) : pattern === value)));
  };
  return anyOf(match.resourceType, [change.resourceType], true)
    && anyOf(match.action, [change.action])
    && anyOf(match.replacement, change.replacement === undefined ? [] : [change.replacement])
    && anyOf(match.property, change.details.map((detail) => detail.target), true)
    && anyOf(match.changeSource, change.details.map((detail) => detail.changeSource))
    && anyOf(match.dataVerdict, change.dataVerdict === undefined ? [] : [change.dataVerdict.verdict])
    && anyOf(match.kind, [change.kind])
    && anyOf(match.stack, [change.stack, ...(change.nestedStackPath === undefined ? [] : [`${change.stack}/${change.nestedStackPath}`])], true);
}

/** `*` matches any characters (`::` included); everything else is literal. */
export function globMatches(pattern: string, value: string): boolean {
  const regexp = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return regexp.test(value);
}
