/**
 * Rewrites the references a template value makes to resources (`Ref`, both `Fn::GetAtt`
 * forms, `${X}` and `${X.Attr}` in `Fn::Sub`), for the templates of a refactor step: a
 * resource renamed or moved keeps its definition, but what points at it must use its new
 * logical id, and a reference that would cross into another stack cannot stay a `Ref`.
 */
import { getAttParts } from '../cfn-equal';
import { intrinsicName, isObject, MAX_DEPTH } from '../json';

/** Where a referenced name is after the refactor, seen from the template being written. */
export type Resolution =
  | { readonly kind: 'here'; readonly logicalId: string }
  | { readonly kind: 'elsewhere' }
  | { readonly kind: 'not-a-resource' };

/** Resolves a name referenced from the template being written. */
export type Resolver = (name: string) => Resolution;

/**
 * A copy of `value` with its resource references rewritten; the names that would point into
 * another stack are added to `crossing` (and left as they are).
 */
export function rewriteReferences(value: unknown, resolve: Resolver, crossing: Set<string>, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => rewriteReferences(item, resolve, crossing, depth + 1));
  if (!isObject(value)) return value;
  const intrinsic = intrinsicName(value);
  const renamed = (name: unknown): unknown => (typeof name === 'string' && name.startsWith('AWS::') ? name : newName(name, resolve, crossing));
  if (intrinsic === 'Ref') return { Ref: renamed(value.Ref) };
  if (intrinsic === 'Fn::GetAtt') {
    const [target, ...attribute] = getAttParts(value) ?? [];
    return { 'Fn::GetAtt': [renamed(target), ...attribute.map((part) => rewriteReferences(part, resolve, crossing, depth + 1))] };
  }
  if (intrinsic === 'Fn::Sub') {
    const operand = value['Fn::Sub'];
    if (typeof operand === 'string') return { 'Fn::Sub': rewriteSubText(operand, new Set(), renamed) };
    if (Array.isArray(operand) && typeof operand[0] === 'string') {
      const variables = operand[1];
      const defined = new Set(isObject(variables) ? Object.keys(variables) : []);
      return { 'Fn::Sub': [rewriteSubText(operand[0], defined, renamed), ...operand.slice(1).map((part) => rewriteReferences(part, resolve, crossing, depth + 1))] };
    }
  }
  return Object.fromEntries(Object.keys(value).map((key) => [key, rewriteReferences(value[key], resolve, crossing, depth + 1)]));
}

/** `DependsOn` (a name or a list of names) with each name rewritten. */
export function rewriteDependsOn(dependsOn: unknown, resolve: Resolver, crossing: Set<string>): unknown {
  return Array.isArray(dependsOn) ? dependsOn.map((name) => newName(name, resolve, crossing)) : newName(dependsOn, resolve, crossing);
}

/** A referenced name after the refactor: the new logical id, or the name as it is (added to `crossing` when it is in another stack). */
function newName(name: unknown, resolve: Resolver, crossing: Set<string>): unknown {
  if (typeof name !== 'string') return name;
  const where = resolve(name);
  if (where.kind === 'elsewhere') crossing.add(name);
  return where.kind === 'here' ? where.logicalId : name;
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

function rewriteSubText(text: string, defined: ReadonlySet<string>, renamed: (name: unknown) => unknown): string {
  return text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    if (name === '' || name.startsWith('!') || defined.has(name)) return whole;
    const dot = name.indexOf('.');
    const target = dot < 0 ? name : name.slice(0, dot);
    return `\${${String(renamed(target))}${dot < 0 ? '' : name.slice(dot)}}`;
  });
}
