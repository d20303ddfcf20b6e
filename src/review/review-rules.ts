/**
 * A team's review rules: which changes fail the review, which only warn, which are noise.
 *
 * Each rule matches changes by resource type, action, replacement, changed property, change
 * source, data verdict, kind and stack (every field a value or a list; `*` globs for types,
 * properties and stacks, matched without backtracking: `rules-glob.ts`); all given fields must match. The first rule that matches a change
 * decides its level; a change no rule matches keeps its built-in level (see `builtInLevel`).
 *
 * One exception keeps a review honest: a certain failure is never lowered below its built-in
 * level by a rule written for something else. Only a rule whose `match` names `kind: failure`
 * lowers it, and the change then says "lowered by rule <id>: <message>" in every output; a
 * rule that would lower it by accident is passed over (the change says so), and the next rule
 * that matches decides. Raising a level is always allowed.
 */
import { REVIEW_LEVELS } from './review-model';
import type { ChangeKind, LevelDecider, ReviewChange, ReviewLevel } from './review-model';
import { globMatches } from './rules-glob';

/** The fields a rule matches on, each a list of accepted values (globs where noted). */
export interface RuleMatch {
  /** Resource type globs (`AWS::RDS::*`). */
  readonly resourceType?: readonly string[];
  readonly action?: readonly string[];
  /** `True`, `Conditional`, `False`. */
  readonly replacement?: readonly string[];
  /** Globs over the changed targets: matches when any changed target matches (a property name, or `Tags`, `Metadata`, ...). */
  readonly property?: readonly string[];
  /**
   * Globs over the changed targets: matches when every changed target matches one of them
   * (`onlyProperties: Tags` is "only tags change"). A change without details (an added or
   * removed resource) has no changed targets and never matches.
   */
  readonly onlyProperties?: readonly string[];
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
export type FailOn = 'replacement' | 'failure' | 'data-loss' | 'security' | 'none';

/** The change a level is decided for. */
type Judged = Parameters<LevelDecider>[0];

/**
 * Whether `--fail-on` fails the review for this change:
 * `failure` for a certain failure; `data-loss` for that or data deleted (certainly or possibly);
 * `replacement` for a certain failure or a certain or conditional replacement; `security` for a
 * certain failure or permissions broadened; `none` never.
 */
export function failsOn(failOn: FailOn, change: Pick<ReviewChange, 'failure' | 'replacement' | 'dataVerdict' | 'security'>): boolean {
  const certainFailure = change.failure?.certainty === 'Certain';
  const dataLoss = change.dataVerdict?.verdict === 'deleted';
  switch (failOn) {
    case 'none': return false;
    case 'failure': return certainFailure;
    case 'data-loss': return certainFailure || dataLoss;
    case 'security': return certainFailure || change.security?.broadening === true;
    case 'replacement': return certainFailure || change.replacement === 'True' || change.replacement === 'Conditional';
  }
}

/** The level of a change no rule matches: `fail` where `--fail-on` says so, `warn` for what may hurt, else `info`. */
export function builtInLevel(failOn: FailOn, change: Judged): { level: ReviewLevel; reason: string } {
  if (failsOn(failOn, change)) return { level: 'fail', reason: `fails the review (--fail-on ${failOn})` };
  if (change.failure !== undefined) return { level: 'warn', reason: `CloudFormation ${change.failure.certainty === 'Certain' ? 'will' : 'may'} fail this change` };
  if (change.dataVerdict?.verdict === 'deleted') return { level: 'warn', reason: 'its data is deleted' };
  if (change.security?.broadening === true) return { level: 'warn', reason: `it broadens permissions: ${change.security.reasons.join('; ')}` };
  if (change.replacement === 'True' || change.replacement === 'Conditional' || change.action === 'Remove') {
    return { level: 'warn', reason: change.action === 'Remove' ? 'the resource is removed' : 'the resource is replaced' };
  }
  return { level: 'info', reason: 'an ordinary change' };
}

/** How severe a level is: 0 for `fail`, 3 for `ignore`. */
function severity(level: ReviewLevel): number {
  return REVIEW_LEVELS.indexOf(level);
}

/**
 * The level decider for these rules over the built-in levels of `--fail-on`: the first rule
 * that matches decides, except that a certain failure is lowered only by a rule whose match
 * names `kind: failure` (others are passed over, and the change's reason says which).
 */
export function levelDecider(rules: readonly ReviewRule[], failOn: FailOn): LevelDecider {
  return (change) => {
    const builtIn = builtInLevel(failOn, change);
    const certainFailure = change.failure?.certainty === 'Certain';
    const passedOver: ReviewRule[] = [];
    for (const rule of rules) {
      if (!ruleMatches(rule.match, change)) continue;
      const lowers = severity(rule.level) > severity(builtIn.level);
      if (certainFailure && lowers) {
        if (!(rule.match.kind ?? []).includes('failure')) {
          passedOver.push(rule);
          continue;
        }
        return { level: rule.level, ruleId: rule.id, reason: `lowered by rule ${rule.id}: ${rule.message}`, lowered: { from: builtIn.level, ruleId: rule.id, message: rule.message } };
      }
      return { level: rule.level, ruleId: rule.id, reason: rule.message };
    }
    if (passedOver.length === 0) return builtIn;
    const ids = passedOver.map((rule) => `${rule.id} (${rule.level})`).join(', ');
    return { ...builtIn, reason: `${builtIn.reason}; not lowered by ${passedOver.length === 1 ? 'rule' : 'rules'} ${ids}: only a rule whose match names kind: failure lowers a certain failure` };
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
    && everyOf(match.onlyProperties, change.details.map((detail) => detail.target))
    && anyOf(match.changeSource, change.details.map((detail) => detail.changeSource))
    && anyOf(match.dataVerdict, change.dataVerdict === undefined ? [] : [change.dataVerdict.verdict])
    && anyOf(match.kind, kindsOf(change))
    && anyOf(match.stack, [change.stack, ...(change.nestedStackPath === undefined ? [] : [`${change.stack}/${change.nestedStackPath}`])], true);
}

/** The kinds a change matches: its own, and `security` when it broadens permissions. */
export function kindsOf(change: Pick<ReviewChange, 'kind' | 'security'>): ChangeKind[] {
  return change.security?.broadening === true && change.kind !== 'security' ? [change.kind, 'security'] : [change.kind];
}

/** Whether there are values and every one matches one of the globs (true when no globs are given). */
function everyOf(accepted: readonly string[] | undefined, values: readonly string[]): boolean {
  if (accepted === undefined) return true;
  return values.length > 0 && values.every((value) => accepted.some((pattern) => globMatches(pattern, value)));
}
