/**
 * Rewrites the references a template value makes to resources (`Ref`, both `Fn::GetAtt`
 * forms, `${X}` and `${X.Attr}` in `Fn::Sub`), for the templates of a refactor step: a
 * resource renamed or moved keeps its definition, but what points at it must use its new
 * logical id, and a reference that would cross into another stack cannot stay a `Ref`.
 */
import { getAttParts } from '../cfn-equal';
import { intrinsicName, isObject, MAX_DEPTH } from '../json';

/**
 * The logical id a name referenced from the template being written has after the refactor, or
 * `undefined` to leave the name as written (no resource of the refactor, or one that would be
 * in another stack: the resolver records that crossing itself).
 */
export type Resolver = (name: string) => string | undefined;

/** A copy of `value` with its resource references rewritten. */
export function rewriteReferences(value: unknown, resolve: Resolver, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, resolve, depth + 1));
  if (!isObject(value)) return value;
  const intrinsic = intrinsicName(value);
  const renamed = (name: unknown): unknown => (typeof name === 'string' && !name.startsWith('AWS::') ? resolve(name) ?? name : name);
  if (intrinsic === 'Ref') return { Ref: renamed(value.Ref) };
  const parts = getAttParts(value);
  if (parts !== undefined) {
    const [target, ...attribute] = parts;
    return { 'Fn::GetAtt': [renamed(target), ...attribute.map((part) => rewriteReferences(part, resolve, depth + 1))] };
  }
  if (intrinsic === 'Fn::Sub') {
    const operand = value['Fn::Sub'];
    if (typeof operand === 'string') return { 'Fn::Sub': rewriteSubText(operand, new Set(), renamed) };
    if (Array.isArray(operand) && typeof operand[0] === 'string') {
      const variables = operand[1];
      const defined = new Set(Object.keys(isObject(variables) ? variables : {}));
      return { 'Fn::Sub': [rewriteSubText(operand[0], defined, renamed), ...operand.slice(1).map((part) => rewriteReferences(part, resolve, depth + 1))] };
    }
  }
  return Object.fromEntries(Object.keys(value).map((key) => [key, rewriteReferences(value[key], resolve, depth + 1)]));
}

/** `DependsOn` (a name or a list of names) with each name rewritten. */
export function rewriteDependsOn(dependsOn: unknown, resolve: Resolver): unknown {
  const renamed = (name: unknown): unknown => (typeof name === 'string' ? resolve(name) ?? name : name);
  return Array.isArray(dependsOn) ? dependsOn.map(renamed) : renamed(dependsOn);
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

function rewriteSubText(text: string, defined: ReadonlySet<string>, renamed: (name: unknown) => unknown): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    if (name.startsWith('!') || defined.has(name)) return whole;
    const dot = name.indexOf('.');
    const target = dot < 0 ? name : name.slice(0, dot);
    if (target === '') return whole;
    return `\${${String(renamed(target))}${name.slice(target.length)}}`;
  });
}
