/**
 * One IAM statement as the security review reads it: where it is written, what it governs (its
 * scope), and its effect, principals, actions, resources and conditions normalised (values
 * rendered, lists sorted without repeats, `NotAction`/`NotPrincipal`/`NotResource` kept as
 * such, the condition as clauses).
 */
import { clausesText, ConditionClause, conditionClauses } from './conditions';
import { renderToken } from './render-token';

/** One IAM statement, its values rendered (`${Role.Arn}`), lists sorted. */
export interface IamStatement {
  /** The resource that holds it, and where (`Policies[app]`, `AssumeRolePolicyDocument`, ...). */
  readonly logicalId: string;
  readonly source: string;
  /**
   * What it governs: `identity` for an identity policy (its principal is the role, user, group
   * or permission set it is attached to), else the resource whose policy it is (`${Bucket}`,
   * `${Fn.Arn}`, `AWS::ECR::RegistryPolicy` for a policy of the account's registry).
   */
  readonly scope: string;
  /** `Allow`, `Deny`, or what was written (a statement that is an intrinsic is `(unread)`). */
  readonly effect: string;
  readonly actions: readonly string[];
  readonly principals: readonly string[];
  /** The resources written, or the resource the policy is on when none is written. */
  readonly resources: readonly string[];
  /** True when `resources` is the policy's own resource, filled in for a statement that names none. */
  readonly resourceDefaulted?: boolean;
  /** `NotAction`, `NotPrincipal`, `NotResource`, written `Not`, when the statement uses them. */
  readonly negated: readonly string[];
  /** Which of `actions`, `principals`, `resources` are written as `NotAction`, `NotPrincipal`, `NotResource`. */
  readonly not: { readonly actions?: boolean; readonly principals?: boolean; readonly resources?: boolean };
  /** The condition, as text (`StringEquals aws:SourceAccount 123456789012`, or a Lambda permission's fields). */
  readonly condition?: string;
  /** The condition as clauses. */
  readonly clauses: readonly ConditionClause[];
  /**
   * Set for what AWS allows when a type's policy is absent (an EFS file system or a VPC endpoint
   * without one): it counts only while the resource is on both sides, so that adding a policy
   * narrows and removing one broadens, but a new resource is not a new grant.
   */
  readonly implicit?: boolean;
}

/** Whose statements they are and what they govern, for statements that leave them out. */
export interface StatementContext {
  readonly logicalId: string;
  readonly source: string;
  readonly scope: string;
  /** The principal of an identity policy (`AWS:${Role}`), or of a policy with no `Principal` element. */
  readonly principal?: string;
  /** The resource a resource policy is on, for statements that name none. */
  readonly resource?: string;
}

/** The effect of a statement that is itself an intrinsic (`Fn::If`): it cannot be read. */
export const UNREAD_EFFECT = '(unread)';

/** The statements of a policy document (an object, or a JSON string); none for anything else. */
export function statementsOf(document: unknown, context: StatementContext): IamStatement[] {
  const text = typeof document === 'string' ? document
    : typeof document === 'object' && document !== null && !Array.isArray(document) && isIntrinsic(document) ? renderToken(document) : undefined;
  const parsed = text === undefined ? document : parseJson(text);
  // A document that is an intrinsic (`Fn::If`) or a string that is not JSON: one statement nobody can read.
  if (text !== undefined && (typeof parsed !== 'object' || parsed === null)) return [readStatement(document, context)];
  if (typeof parsed !== 'object' || parsed === null) return [];
  const raw = (parsed as { Statement?: unknown }).Statement;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((statement) => readStatement(statement, context));
}

/** `Allow s3:GetObject on ${Bucket.Arn}/* for AWS:${Role}`. */
export function statementText(statement: IamStatement): string {
  const list = (items: readonly string[]) => (items.length === 0 ? '(none)' : items.join(', '));
  const principal = statement.principals.length === 0 ? '' : ` for ${list(statement.principals)}`;
  const negated = statement.negated.length === 0 ? '' : ` (${statement.negated.join(', ')})`;
  const condition = statement.condition === undefined ? '' : ` when ${statement.condition}`;
  return `${statement.effect} ${list(statement.actions)} on ${list(statement.resources)}${principal}${negated}${condition} (${statement.logicalId} ${statement.source})`;
}

/** A principal as written in a Lambda permission or a `Principal` element: `*`, `AWS:...`, `Service:...`. */
export function principalOf(value: string): string {
  if (value === '*') return '*';
  if (/^\d{12}$/.test(value) || value.startsWith('arn:') || value.startsWith('${')) return `AWS:${value}`;
  return `Service:${value}`;
}

/** `${X.Arn}` and `${X}` name the same resource: a scope is written the second way. */
export function scopeOf(value: string): string {
  return value.endsWith('.Arn}') ? value.replace(/^\$\{([^.}]+)\.Arn\}$/, '${$1}') : value;
}

function readStatement(statement: unknown, context: StatementContext): IamStatement {
  const base = { logicalId: context.logicalId, source: context.source, scope: context.scope };
  if (typeof statement !== 'object' || statement === null || Array.isArray(statement) || isIntrinsic(statement)) {
    return { ...base, effect: UNREAD_EFFECT, actions: [renderToken(statement)], principals: [], resources: [], negated: [], not: {}, clauses: [] };
  }
  const s = statement as Record<string, unknown>;
  const not = {
    ...(s.NotAction !== undefined ? { actions: true } : {}),
    ...(s.NotPrincipal !== undefined ? { principals: true } : {}),
    ...(s.NotResource !== undefined ? { resources: true } : {}),
  };
  const principals = context.principal !== undefined && (s.Principal === undefined && s.NotPrincipal === undefined || context.scope === 'identity')
    ? [context.principal]
    : principalsOf(not.principals === true ? s.NotPrincipal : s.Principal);
  const written = values(not.resources === true ? s.NotResource : s.Resource);
  const defaulted = written.length === 0 && not.resources !== true && context.resource !== undefined;
  const clauses = conditionClauses(s.Condition);
  return {
    ...base,
    effect: renderToken(s.Effect ?? 'Allow'),
    actions: values(not.actions === true ? s.NotAction : s.Action),
    principals,
    resources: defaulted ? [context.resource!] : written,
    ...(defaulted ? { resourceDefaulted: true } : {}),
    negated: s.NotAction === undefined && s.NotPrincipal === undefined && s.NotResource === undefined ? []
      : NOT_KEYS.filter((key) => s[key] !== undefined).map((key) => `${key} ${values(s[key]).join(', ')}`),
    not,
    ...(clauses.length === 0 ? {} : { condition: clausesText(clauses) }),
    clauses,
  };
}

const NOT_KEYS = ['NotAction', 'NotPrincipal', 'NotResource'] as const;

/** `*`, `AWS:arn`, `Service:lambda.amazonaws.com`, `Federated:...`, sorted. */
function principalsOf(principal: unknown): string[] {
  if (principal === undefined) return [];
  if (typeof principal === 'string') return [principal === '*' ? '*' : `AWS:${principal}`];
  if (typeof principal !== 'object' || principal === null || Array.isArray(principal) || isIntrinsic(principal)) return [renderToken(principal)];
  const record = principal as Record<string, unknown>;
  return [...new Set(Object.keys(record).flatMap((kind) => values(record[kind]).map((value) => (kind === 'AWS' && value === '*' ? '*' : `${kind}:${value}`))))].sort();
}

/** A value or list of values, rendered, sorted and without repeats (`AWS::NoValue` left out, as CloudFormation leaves it out). */
export function values(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.filter((item) => !isNoValue(item)).map(renderToken))].sort();
}

function isNoValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { Ref?: unknown }).Ref === 'AWS::NoValue';
}

function isIntrinsic(value: object): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::'));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
