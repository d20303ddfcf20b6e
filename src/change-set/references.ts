/**
 * Finds every reference a value makes, through any intrinsic function and at any depth.
 *
 * `Ref` and `Fn::GetAtt` (both forms) are references; `Fn::Sub` references the names in its
 * `${...}` placeholders, except `${!Literal}` escapes and names its variable map defines.
 * Every other intrinsic (`Fn::Join`, `Fn::Select`, `Fn::Split`, `Fn::Base64`,
 * `Fn::FindInMap`, `Fn::Cidr`, `Fn::GetAZs`, `Fn::ImportValue`, `Fn::Length`,
 * `Fn::ToJsonString`, ...) is searched through: whatever it computes from a changed value
 * may change too. Which targets are resources, parameters or pseudo parameters is decided
 * later, against the template.
 */
import { getAttParts } from './cfn-equal';
import { checkDepth, intrinsicName, isObject } from './json';

/** One reference found in a value. */
export interface Reference {
  /** `Ref` (the target's reference value) or `GetAtt` (one of its attributes). */
  readonly kind: 'Ref' | 'GetAtt';
  /** The logical id or parameter name referenced. */
  readonly target: string;
  /** For `GetAtt`: the attribute name, when it is a literal. */
  readonly attribute?: string;
  /**
   * Where the reference sits, as a property path without array indices, up to the first
   * intrinsic that computes a value from it (the branches of `Fn::If` keep the path).
   */
  readonly path: readonly string[];
  /**
   * Set when the reference sits in a branch of an `Fn::If` and the other branch does not make
   * it too: in a template whose known conditions are resolved, such an `Fn::If`'s condition is
   * not known offline, so the reference may not be made.
   */
  readonly conditional?: boolean;
}

/** All references in a value, `path` being the value's own property path. */
export function collectReferences(value: unknown, path: readonly string[] = []): Reference[] {
  const found: Reference[] = [];
  visit(value, path.reduce<PathNode | undefined>((parent, key) => ({ key, parent }), undefined), false, found, 0);
  return found;
}

/** A property path as a linked list, cheap to extend; made an array only where a reference is. */
interface PathNode {
  readonly key: string;
  readonly parent: PathNode | undefined;
}

function toArray(node: PathNode | undefined): string[] {
  const path: string[] = [];
  for (let current = node; current !== undefined; current = current.parent) path.push(current.key);
  return path.reverse();
}

function visit(value: unknown, path: PathNode | undefined, frozen: boolean, found: Reference[], depth: number): void {
  checkDepth(depth);
  if (Array.isArray(value)) {
    for (const item of value) visit(item, path, frozen, found, depth + 1);
    return;
  }
  if (!isObject(value)) return;
  const fn = intrinsicName(value);
  if (fn === undefined) {
    for (const key of Object.keys(value)) visit(value[key], frozen ? path : { key, parent: path }, frozen, found, depth + 1);
    return;
  }
  const operand = value[fn];
  switch (fn) {
    case 'Ref':
      if (typeof operand === 'string') found.push({ kind: 'Ref', target: operand, path: toArray(path) });
      else visit(operand, path, true, found, depth + 1);
      return;
    case 'Fn::GetAtt': {
      const [target, attribute, ...rest] = getAttParts(value) ?? [];
      if (typeof target === 'string') {
        found.push({ kind: 'GetAtt', target, path: toArray(path), ...(typeof attribute === 'string' ? { attribute } : {}) });
      } else {
        visit(target, path, true, found, depth + 1);
      }
      if (typeof attribute !== 'string') visit(attribute, path, true, found, depth + 1);
      visit(rest, path, true, found, depth + 1);
      return;
    }
    case 'Fn::Sub':
      visitSub(operand, path, found, depth);
      return;
    case 'Fn::If':
      // [condition name, value if true, value if false]: both branches are property values.
      if (Array.isArray(operand)) {
        visit(operand[0], path, true, found, depth + 1);
        found.push(...eitherBranch(operand.slice(1, 3).map((branch) => {
          const references: Reference[] = [];
          visit(branch, path, frozen, references, depth + 1);
          return references;
        })));
        visit(operand.slice(3), path, frozen, found, depth + 1);
      } else {
        visit(operand, path, true, found, depth + 1);
      }
      return;
    default:
      visit(operand, path, true, found, depth + 1);
  }
}

/**
 * The references of an `Fn::If`'s branches: a reference stays unconditional only when both
 * branches make it unconditionally (whichever branch is taken, it is made).
 */
function eitherBranch(branches: readonly Reference[][]): Reference[] {
  const key = (reference: Reference) => `${reference.kind}\u0000${reference.target}\u0000${reference.attribute ?? ''}`;
  const made = branches.map((references) => new Set(references.filter((reference) => !reference.conditional).map(key)));
  const surely = (reference: Reference) => branches.length === 2 && made.every((keys) => keys.has(key(reference)));
  return branches.flat().map((reference) => (reference.conditional || surely(reference) ? reference : { ...reference, conditional: true }));
}

function visitSub(operand: unknown, path: PathNode | undefined, found: Reference[], depth: number): void {
  if (typeof operand === 'string') {
    found.push(...subReferences(operand, new Set(), toArray(path)));
    return;
  }
  if (Array.isArray(operand)) {
    const [text, variables] = operand;
    const defined = new Set(isObject(variables) ? Object.keys(variables) : []);
    if (typeof text === 'string') found.push(...subReferences(text, defined, toArray(path)));
    else visit(text, path, true, found, depth + 1);
    visit(variables, path, true, found, depth + 1);
    visit(operand.slice(2), path, true, found, depth + 1);
    return;
  }
  visit(operand, path, true, found, depth + 1);
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;

/** The references in a `Fn::Sub` string; `defined` are the names its variable map shadows. */
export function subReferences(text: string, defined: ReadonlySet<string>, path: readonly string[] = []): Reference[] {
  const found: Reference[] = [];
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1].trim();
    if (name === '' || name.startsWith('!') || defined.has(name)) continue;
    const dot = name.indexOf('.');
    if (dot < 0) {
      found.push({ kind: 'Ref', target: name, path });
    } else {
      found.push({ kind: 'GetAtt', target: name.slice(0, dot), attribute: name.slice(dot + 1), path });
    }
  }
  return found;
}
