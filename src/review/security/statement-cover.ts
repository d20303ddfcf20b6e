/**
 * Whether what one statement allows (or denies) was already allowed (or is still denied) by
 * others: the statement is split into its parts, one (principal, action, resource) each, and
 * every part must be covered by one statement of the same scope and effect whose principals,
 * actions and resources hold it (wildcards as patterns; `NotAction`, `NotPrincipal` and
 * `NotResource` as "all but") and whose conditions are at least as loose.
 *
 * The answer errs on one side only: a part is called uncovered unless coverage is shown, so a
 * gate built on it never passes a real widening.
 */
import { conditionsCover } from './conditions';
import { globCovers, globsIntersect } from './glob';
import { IamStatement } from './iam-statement';

/** A part of a statement no other statement covers. */
export interface UncoveredPart {
  readonly principal: string;
  readonly action: string;
  readonly resource: string;
  /** True when a statement covers the part but only under stricter conditions. */
  readonly looserCondition: boolean;
}

/** One side of a statement's part: a value, or "everything but" a list. */
type Target = { readonly value: string } | { readonly allBut: readonly string[] };

/** How a statement's lists compare: actions without regard to case, the rest as written. */
const KINDS = {
  principals: { ignoreCase: false, glob: false },
  actions: { ignoreCase: true, glob: true },
  resources: { ignoreCase: false, glob: true },
} as const;
type Kind = keyof typeof KINDS;

/** The first part of `statement` that none of `others` covers, or undefined when every part is covered. */
export function uncoveredPart(statement: IamStatement, others: readonly IamStatement[]): UncoveredPart | undefined {
  const candidates = others.filter((other) => other.scope === statement.scope && other.effect === statement.effect);
  for (const principal of targets(statement, 'principals')) {
    const byPrincipal = candidates.filter((other) => covers(other, 'principals', principal));
    for (const action of targets(statement, 'actions')) {
      const byAction = byPrincipal.filter((other) => covers(other, 'actions', action));
      for (const resource of targets(statement, 'resources')) {
        const holders = byAction.filter((other) => covers(other, 'resources', resource));
        if (holders.some((other) => conditionsCover(other.clauses, statement.clauses))) continue;
        return { principal: text(principal), action: text(action), resource: text(resource), looserCondition: holders.length > 0 };
      }
    }
  }
  return undefined;
}

/** `AWS:123456789012` and `AWS:arn:aws:iam::123456789012:root` are the same principal (the account). */
export function principalKey(principal: string): string {
  const account = /^AWS:(?:arn:[^:]+:iam::(\d{12}):root|(\d{12}))$/.exec(principal);
  return account === null ? principal : `AWS:account:${account[1] ?? account[2]}`;
}

function targets(statement: IamStatement, kind: Kind): Target[] {
  const list = comparable(statement, kind);
  return isNot(statement, kind) ? [{ allBut: list }] : list.map((value) => ({ value }));
}

/** The values compared: principals by key, a resource filled in for a statement that names none as `*` (all the policy governs). */
function comparable(statement: IamStatement, kind: Kind): readonly string[] {
  if (kind === 'principals') return statement.principals.map(principalKey);
  if (kind === 'resources' && statement.resourceDefaulted === true) return ['*'];
  return statement[kind];
}

function isNot(statement: IamStatement, kind: Kind): boolean {
  return statement.not[kind] === true;
}

/** Whether `holder`'s list of this kind holds the target. */
function covers(holder: IamStatement, kind: Kind, target: Target): boolean {
  const { ignoreCase, glob } = KINDS[kind];
  const list = comparable(holder, kind);
  const holds = (wide: string, narrow: string) => wide === '*' || (glob ? globCovers(wide, narrow, ignoreCase) : wide === narrow);
  const meets = (a: string, b: string) => a === '*' || b === '*' || (glob ? globsIntersect(a, b, ignoreCase) : a === b);
  if (!isNot(holder, kind)) {
    // A list of values holds a single value one of them matches; it holds "all but" only as `*`.
    return 'value' in target ? list.some((wide) => holds(wide, target.value)) : list.includes('*');
  }
  // "All but X" holds a value X cannot match, and "all but Y" when every Y is in X.
  return 'value' in target
    ? !list.some((excluded) => meets(excluded, target.value))
    : list.every((excluded) => target.allBut.some((other) => holds(other, excluded)));
}

function text(target: Target): string {
  return 'value' in target ? target.value : `all but ${target.allBut.join(', ')}`;
}
