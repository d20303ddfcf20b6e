/**
 * Rewrites the references a template value makes to resources (`Ref`, both `Fn::GetAtt`
 * forms, `${X}` and `${X.Attr}` in `Fn::Sub`, and `Fn::ImportValue`), for the templates of a
 * refactor step: a resource renamed or moved keeps its definition, but what points at it must
 * use its new logical id, or, from another stack, import it.
 */
import { getAttParts } from '../cfn-equal';
import { checkDepth, intrinsicName, isObject } from '../json';

/**
 * The logical id a name referenced from the template being written has after the refactor, or
 * `undefined` to leave the name as written.
 */
export type Resolver = (name: string) => string | undefined;

/** What each kind of reference becomes; `undefined` leaves it as written. */
export interface ReferenceHooks {
  /** The expression `{ "Ref": name }` becomes (pseudo parameters `AWS::*` are never asked). */
  ref(name: string): unknown;
  /** The expression `Fn::GetAtt` of `name` becomes; `attribute` is the rest of its operands, rewritten. */
  getAtt(name: string, attribute: readonly unknown[]): unknown;
  /**
   * What `${name}` or `${name.attribute}` in an `Fn::Sub` becomes: a new placeholder text, and
   * optionally a variable that text names (added to the `Fn::Sub`'s variable map).
   */
  sub(name: string, attribute: string | undefined): { readonly text: string; readonly variable?: readonly [string, unknown] } | undefined;
  /** The expression `{ "Fn::ImportValue": operand }` becomes. */
  importValue?(operand: unknown): unknown;
}

/** A copy of `value` with its resource references rewritten by `resolve` (names only). */
export function rewriteReferences(value: unknown, resolve: Resolver, depth = 0): unknown {
  return rewriteWith(value, renamingHooks(resolve), depth);
}

/** Hooks that rename targets and change nothing else. */
export function renamingHooks(resolve: Resolver): ReferenceHooks {
  return {
    ref: (name) => {
      const renamed = resolve(name);
      return renamed === undefined ? undefined : { Ref: renamed };
    },
    getAtt: (name, attribute) => {
      const renamed = resolve(name);
      return renamed === undefined ? undefined : { 'Fn::GetAtt': [renamed, ...attribute] };
    },
    sub: (name, attribute) => {
      const renamed = resolve(name);
      return renamed === undefined ? undefined : { text: attribute === undefined ? renamed : `${renamed}.${attribute}` };
    },
  };
}

/** A copy of `value` with its references rewritten by `hooks`. */
export function rewriteWith(value: unknown, hooks: ReferenceHooks, depth = 0): unknown {
  checkDepth(depth);
  if (Array.isArray(value)) return value.map((item) => rewriteWith(item, hooks, depth + 1));
  if (!isObject(value)) return value;
  const intrinsic = intrinsicName(value);
  if (intrinsic === 'Ref') {
    const name = value.Ref;
    return typeof name === 'string' && !name.startsWith('AWS::') ? hooks.ref(name) ?? value : value;
  }
  const parts = getAttParts(value);
  if (parts !== undefined) {
    const [target, ...attribute] = parts;
    const rest = attribute.map((part) => rewriteWith(part, hooks, depth + 1));
    const rewritten = typeof target === 'string' ? hooks.getAtt(target, rest) : undefined;
    return rewritten ?? { 'Fn::GetAtt': [target, ...rest] };
  }
  if (intrinsic === 'Fn::Sub') {
    const operand = value['Fn::Sub'];
    if (typeof operand === 'string') {
      const { text, added } = subText(operand, new Set(), hooks);
      return { 'Fn::Sub': Object.keys(added).length === 0 ? text : [text, added] };
    }
    if (Array.isArray(operand) && typeof operand[0] === 'string') {
      const tail = operand.slice(1).map((part) => rewriteWith(part, hooks, depth + 1));
      const variables = isObject(operand[1]) ? operand[1] : {};
      const { text, added } = subText(operand[0], new Set(Object.keys(variables)), hooks);
      if (Object.keys(added).length === 0 || (tail.length > 0 && !isObject(tail[0]))) return { 'Fn::Sub': [text, ...tail] };
      return { 'Fn::Sub': [text, { ...(tail[0] as Record<string, unknown> | undefined), ...added }, ...tail.slice(1)] };
    }
  }
  if (intrinsic === 'Fn::ImportValue' && hooks.importValue !== undefined) {
    const rewritten = hooks.importValue(value['Fn::ImportValue']);
    if (rewritten !== undefined) return rewritten;
  }
  return Object.fromEntries(Object.keys(value).map((key) => [key, rewriteWith(value[key], hooks, depth + 1)]));
}

/** `DependsOn` (a name or a list of names) with each name rewritten; a name resolved to `null` is left out (undefined when none is left of a single name). */
export function rewriteDependsOn(dependsOn: unknown, resolve: (name: string) => string | null | undefined): unknown {
  const renamed = (name: unknown): unknown => {
    if (typeof name !== 'string') return name;
    const resolved = resolve(name);
    return resolved === undefined ? name : resolved;
  };
  if (Array.isArray(dependsOn)) return dependsOn.map(renamed).filter((name) => name !== null);
  const one = renamed(dependsOn);
  return one === null ? undefined : one;
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

/** A `Fn::Sub` text with its placeholders rewritten, and the variables the new placeholders name. */
function subText(text: string, defined: ReadonlySet<string>, hooks: ReferenceHooks): { text: string; added: Record<string, unknown> } {
  const added: Record<string, unknown> = {};
  const replaced = text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    if (name.startsWith('!') || defined.has(name)) return whole;
    const dot = name.indexOf('.');
    const target = dot < 0 ? name : name.slice(0, dot);
    if (target === '' || target.startsWith('AWS::')) return whole;
    const rewritten = hooks.sub(target, dot < 0 ? undefined : name.slice(dot + 1));
    if (rewritten === undefined) return whole;
    if (rewritten.variable !== undefined) added[rewritten.variable[0]] = rewritten.variable[1];
    return `\${${rewritten.text}}`;
  });
  return { text: replaced, added };
}
