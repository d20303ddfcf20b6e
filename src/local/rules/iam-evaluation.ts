/**
 * IAM's evaluation of identity-based policies, for the calls a provider makes to the local
 * AWS APIs: an explicit `Deny` wins, else an `Allow` grants, else the call is denied (implicit
 * deny). A statement matches when its `Action` (or `NotAction`) and `Resource` (or
 * `NotResource`) match, with IAM's wildcards (`*` any run of characters, `?` one character;
 * actions compared without case). `Condition` blocks are not evaluated: a statement with one
 * is taken to apply (the runner knows none of the request's context keys).
 *
 * Written here rather than taken from an IAM simulator package: the runner needs only these
 * few rules, and a simulator brings AWS's whole action catalogue with it.
 *
 * @see https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_evaluation-logic.html
 */
import { isPlainObject } from '../../change-set/input/read-template';

/** The outcome of evaluating policies for one action on one resource. */
export type IamDecision = 'allow' | 'deny' | 'none';

/** The statements of a policy document (`Statement` may be one object or a list). */
export function statementsOf(document: unknown): Record<string, unknown>[] {
  const statement = isPlainObject(document) ? document.Statement : undefined;
  const list = Array.isArray(statement) ? statement : [statement];
  return list.filter(isPlainObject);
}

/** What the statements decide for `action` on `resource`. */
export function evaluate(statements: readonly Record<string, unknown>[], action: string, resource: string): IamDecision {
  let allowed = false;
  for (const statement of statements) {
    if (!applies(statement, action, resource)) continue;
    if (statement.Effect === 'Deny') return 'deny';
    if (statement.Effect === 'Allow') allowed = true;
  }
  return allowed ? 'allow' : 'none';
}

function applies(statement: Record<string, unknown>, action: string, resource: string): boolean {
  const actionMatches = 'NotAction' in statement
    ? !patterns(statement.NotAction).some((pattern) => wildcardMatch(pattern, action, true))
    : patterns(statement.Action).some((pattern) => wildcardMatch(pattern, action, true));
  if (!actionMatches) return false;
  return 'NotResource' in statement
    ? !patterns(statement.NotResource).some((pattern) => wildcardMatch(pattern, resource, false))
    : patterns(statement.Resource).some((pattern) => wildcardMatch(pattern, resource, false));
}

function patterns(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
}

/** Whether `text` matches an IAM pattern (`*` any run of characters, `?` one). */
export function wildcardMatch(pattern: string, text: string, ignoreCase: boolean): boolean {
  const source = pattern.split('').map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${source}$`, ignoreCase ? 'is' : 's').test(text);
}
