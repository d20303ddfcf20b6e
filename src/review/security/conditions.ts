/**
 * An IAM `Condition` block read as clauses (operator, key, values), and whether one statement's
 * clauses are at least as loose as another's: the test that decides if an old grant still
 * covers a new one once conditions are involved. A clause of the wider statement must follow
 * from a clause of the narrower one:
 *
 * - operators whose values are alternatives (`StringEquals`, `StringLike`, `ArnLike`,
 *   `IpAddress`, ...): the wider clause accepts every value the narrower one accepts (more
 *   values, a wider pattern, a wider CIDR range);
 * - negated operators (`StringNotEquals`, `ArnNotLike`, `NotIpAddress`, ...): the wider
 *   clause excludes no value the narrower one accepts (it excludes fewer);
 * - `...IfExists` is looser than the same operator without it;
 * - anything else (`Bool`, `Null`, numeric and date comparisons, an unreadable block): equal.
 *
 * Keys compare without regard to case, as IAM compares them.
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_condition_operators.html
 */
import { cidrCovers } from './cidr';
import { globCovers } from './glob';
import { renderToken } from './render-token';

/** One condition: `StringEquals aws:SourceAccount [123456789012]`. */
export interface ConditionClause {
  readonly operator: string;
  /** Lower-case. */
  readonly key: string;
  /** Rendered and sorted. */
  readonly values: readonly string[];
}

/** The operator a block that cannot be read as clauses is kept under (equal only to itself). */
const UNREAD = '(unread condition)';

/**
 * Values of a condition key whose order is known: a later value allows more. A Lambda
 * permission's `FunctionUrlAuthType` `NONE` lets anyone call the URL, `AWS_IAM` only signed
 * callers the policy allows.
 * @see https://docs.aws.amazon.com/lambda/latest/dg/urls-auth.html
 */
const ORDERED_VALUES: Readonly<Record<string, readonly string[]>> = {
  'lambda:functionurlauthtype': ['AWS_IAM', 'NONE'],
};

/** The clauses of a `Condition` block, sorted (none for an absent block). */
export function conditionClauses(condition: unknown): ConditionClause[] {
  if (condition === undefined || condition === null) return [];
  if (typeof condition !== 'object' || Array.isArray(condition) || isIntrinsic(condition)) {
    return [{ operator: UNREAD, key: '', values: [renderToken(condition)] }];
  }
  const clauses: ConditionClause[] = [];
  for (const [operator, block] of Object.entries(condition as Record<string, unknown>)) {
    if (typeof block !== 'object' || block === null || Array.isArray(block) || isIntrinsic(block)) {
      clauses.push({ operator: UNREAD, key: operator, values: [renderToken(block)] });
      continue;
    }
    for (const [key, value] of Object.entries(block as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value : [value];
      clauses.push({ operator, key: key.toLowerCase(), values: [...new Set(list.map(renderToken))].sort() });
    }
  }
  return clauses.sort((a, b) => `${a.operator} ${a.key}`.localeCompare(`${b.operator} ${b.key}`));
}

/** Whether every clause of `wide` follows from some clause of `narrow` (`wide` allows whatever `narrow` allows, as far as conditions go). */
export function conditionsCover(wide: readonly ConditionClause[], narrow: readonly ConditionClause[]): boolean {
  return wide.every((clause) => narrow.some((other) => clauseCovers(clause, other)));
}

/** `StringEquals aws:SourceAccount 123456789012`, clauses joined by `, `. */
export function clausesText(clauses: readonly ConditionClause[]): string {
  return clauses.map((clause) => (clause.operator === UNREAD ? clause.values.join(', ') : `${clause.operator} ${clause.key} ${clause.values.join(', ')}`)).join(', ');
}

/** Whether `wide` holds whenever `narrow` holds. */
function clauseCovers(wide: ConditionClause, narrow: ConditionClause): boolean {
  if (wide.key !== narrow.key) return false;
  if (wide.operator === narrow.operator && sameValues(wide.values, narrow.values)) return true;
  if (wide.operator === UNREAD || narrow.operator === UNREAD) return false;
  const w = parseOperator(wide.operator);
  const n = parseOperator(narrow.operator);
  if (w.base !== n.base || w.prefix !== n.prefix || (n.ifExists && !w.ifExists)) return false;
  const match = valueMatcher(w.base, wide.key);
  if (match === undefined) return sameValues(wide.values, narrow.values);
  if (NEGATED.has(w.base)) return wide.values.every((excluded) => narrow.values.some((value) => match(value, excluded)));
  return narrow.values.every((value) => wide.values.some((accepted) => match(accepted, value)));
}

/** Operators whose values are alternatives, each with how one value covers another. */
function valueMatcher(base: string, key: string): ((wide: string, narrow: string) => boolean) | undefined {
  switch (base) {
    case 'StringEquals':
    case 'StringNotEquals': {
      const order = ORDERED_VALUES[key];
      if (order !== undefined) return (wide, narrow) => wide === narrow || (order.includes(narrow) && order.indexOf(wide) >= order.indexOf(narrow));
      return (wide, narrow) => wide === narrow;
    }
    case 'StringEqualsIgnoreCase':
    case 'StringNotEqualsIgnoreCase':
      return (wide, narrow) => wide.toLowerCase() === narrow.toLowerCase();
    case 'StringLike':
    case 'StringNotLike':
    case 'ArnLike':
    case 'ArnNotLike':
    case 'ArnEquals':
    case 'ArnNotEquals':
      return (wide, narrow) => globCovers(wide, narrow);
    case 'IpAddress':
    case 'NotIpAddress':
      return cidrCovers;
    case 'NumericEquals':
    case 'NumericNotEquals':
    case 'DateEquals':
    case 'DateNotEquals':
    case 'BinaryEquals':
      return (wide, narrow) => wide === narrow;
    default:
      return undefined;
  }
}

const NEGATED = new Set(['StringNotEquals', 'StringNotEqualsIgnoreCase', 'StringNotLike', 'ArnNotLike', 'ArnNotEquals', 'NotIpAddress', 'NumericNotEquals', 'DateNotEquals']);

/** `ForAnyValue:StringLikeIfExists` as its set prefix, base operator and `IfExists`. */
function parseOperator(operator: string): { prefix: string; base: string; ifExists: boolean } {
  const colon = operator.indexOf(':');
  const prefix = colon < 0 ? '' : operator.slice(0, colon);
  const rest = colon < 0 ? operator : operator.slice(colon + 1);
  const ifExists = rest.endsWith('IfExists');
  return { prefix, base: ifExists ? rest.slice(0, -'IfExists'.length) : rest, ifExists };
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function isIntrinsic(value: object): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'));
}
