/**
 * One evaluator of CloudFormation's intrinsic functions for every reader of templates: the
 * change-set predictor (what can be known offline) and the local runner (the values a
 * deployment would send). It evaluates `Ref`, `Fn::Sub`, `Fn::Join`, `Fn::Select`,
 * `Fn::Split`, `Fn::FindInMap`, `Fn::If` and the condition functions (`Fn::Equals`,
 * `Fn::And`, `Fn::Or`, `Fn::Not`, `Condition`), with CloudFormation's rules for their
 * operands; a cycle between conditions is unknown, not an endless loop.
 *
 * The caller says only what differs, through its `IntrinsicHost`: what a `Ref` or
 * `Fn::GetAtt` names, the functions only it evaluates, and what an unknown value becomes (an
 * unknown for the predictor, a placeholder for the runner).
 */
import { intrinsicName, isObject, isScalar, JsonObject, MAX_DEPTH, own } from './json-values';

/** A value, when it can be known. */
export type Known = { readonly known: true; readonly value: unknown } | { readonly known: false };

/** A condition's value: undefined when it cannot be known. */
export type Truth = boolean | undefined;

/** The unknown value. */
export const UNKNOWN: Known = { known: false };

/** A known value. */
export const known = (value: unknown): Known => ({ known: true, value });

/** A value that removes the key or list item holding it (`Ref: AWS::NoValue`, when the host knows it). */
export const NO_VALUE = Symbol('AWS::NoValue');

/** What the caller decides. */
export interface IntrinsicHost {
  /** The `Conditions` section (empty when absent). */
  readonly conditions: JsonObject;
  /** The `Mappings` section (empty when absent). */
  readonly mappings: JsonObject;
  /** The value of `Ref` to a name: a parameter, a pseudo parameter or a resource. */
  ref(name: string): Known;
  /** The value of `Fn::GetAtt` (also `${Resource.Attribute}` in `Fn::Sub`); unknown without it. */
  getAtt?(target: string, attribute: string): Known;
  /** Intrinsic functions the caller evaluates itself (`Fn::Base64`, `Fn::ImportValue`, ...). */
  other?(name: string, operand: unknown, depth: number): Known | undefined;
  /** A value that is neither a scalar, a list nor an intrinsic function (an object, null); unknown without it. */
  literal?(value: unknown, depth: number): Known;
  /** What an unknown value becomes: `what` names it briefly, `reason` says why it is unknown. */
  unknown(what: string, reason: string): Known;
  /** What an `Fn::If` on a condition that cannot be known takes (default: unknown). */
  unknownCondition?(name: string): Truth;
  /** Equality as `Fn::Equals` sees it. */
  equals(a: unknown, b: unknown): boolean;
}

/** Evaluates the values and conditions of one template for one host; conditions are memoized. */
export class IntrinsicEvaluator {
  private readonly truths = new Map<string, Truth>();
  private readonly evaluating = new Set<string>();

  public constructor(private readonly host: IntrinsicHost) {}

  /** The value of a named condition of the `Conditions` section. */
  public condition(name: string): Truth {
    if (this.truths.has(name)) return this.truths.get(name);
    if (this.evaluating.has(name)) return undefined;
    this.evaluating.add(name);
    const truth = this.truth(own(this.host.conditions, name), 0);
    this.evaluating.delete(name);
    this.truths.set(name, truth);
    return truth;
  }

  /** The value of a condition function (`Fn::Equals`, `Fn::And`, `Fn::Or`, `Fn::Not`, `Condition`). */
  public truth(expression: unknown, depth: number): Truth {
    if (depth > MAX_DEPTH) return undefined;
    const fn = intrinsicName(expression) ?? (isObject(expression) && Object.keys(expression).length === 1 && 'Condition' in expression ? 'Condition' : undefined);
    if (fn === undefined) return undefined;
    const operand = (expression as JsonObject)[fn];
    switch (fn) {
      case 'Condition':
        return typeof operand === 'string' ? this.condition(operand) : undefined;
      case 'Fn::Equals': {
        if (!Array.isArray(operand) || operand.length !== 2) return undefined;
        const [a, b] = operand.map((item) => this.value(item, depth + 1));
        return a.known && b.known ? this.host.equals(a.value, b.value) : undefined;
      }
      case 'Fn::Not': {
        const inner = Array.isArray(operand) && operand.length === 1 ? this.truth(operand[0], depth + 1) : undefined;
        return inner === undefined ? undefined : !inner;
      }
      case 'Fn::And':
      case 'Fn::Or': {
        if (!Array.isArray(operand) || operand.length === 0) return undefined;
        const decisive = fn === 'Fn::Or';
        let unknown = false;
        for (const item of operand) {
          const truth = this.truth(item, depth + 1);
          if (truth === decisive) return decisive;
          if (truth === undefined) unknown = true;
        }
        return unknown ? undefined : !decisive;
      }
      default:
        return undefined;
    }
  }

  /** The value of an expression. */
  public value(expression: unknown, depth = 0): Known {
    if (depth > MAX_DEPTH) return this.host.unknown('…', `nested deeper than ${MAX_DEPTH} levels`);
    if (isScalar(expression)) return known(expression);
    if (Array.isArray(expression)) {
      const items = expression.map((item) => this.value(item, depth + 1));
      if (!items.every((item) => item.known)) return UNKNOWN;
      return known(items.map((item) => (item as { value: unknown }).value).filter((item) => item !== NO_VALUE));
    }
    const fn = intrinsicName(expression);
    if (fn === undefined) return this.host.literal?.(expression, depth) ?? UNKNOWN;
    const operand = (expression as JsonObject)[fn];
    switch (fn) {
      case 'Ref': return typeof operand === 'string' ? this.host.ref(operand) : this.malformed(fn);
      case 'Fn::Sub': return this.sub(operand, depth);
      case 'Fn::Join': return this.join(operand, depth);
      case 'Fn::Select': return this.select(operand, depth);
      case 'Fn::Split': return this.split(operand, depth);
      case 'Fn::FindInMap': return this.findInMap(operand, depth);
      case 'Fn::If': {
        if (!Array.isArray(operand) || operand.length !== 3 || typeof operand[0] !== 'string') return this.malformed(fn);
        const truth = this.condition(operand[0]) ?? this.host.unknownCondition?.(operand[0]);
        return truth === undefined ? UNKNOWN : this.value(operand[truth ? 1 : 2], depth + 1);
      }
      case 'Fn::GetAtt': {
        const parts = typeof operand === 'string' && operand.includes('.') ? [operand.slice(0, operand.indexOf('.')), operand.slice(operand.indexOf('.') + 1)] : operand;
        if (!Array.isArray(parts) || parts.length !== 2 || typeof parts[0] !== 'string') return this.malformed(fn);
        const attribute = this.value(parts[1], depth + 1);
        if (!attribute.known) return UNKNOWN;
        if (typeof attribute.value !== 'string') return this.malformed(fn);
        return this.host.getAtt?.(parts[0], attribute.value) ?? UNKNOWN;
      }
      default: return this.host.other?.(fn, operand, depth) ?? this.host.unknown(fn, `${fn} is not evaluated`);
    }
  }

  private malformed(fn: string): Known {
    return this.host.unknown(fn, `${fn} has operands it does not take`);
  }

  private sub(operand: unknown, depth: number): Known {
    const [text, variables] = Array.isArray(operand) ? operand : [operand, undefined];
    if (typeof text !== 'string' || (variables !== undefined && !isObject(variables))) return this.malformed('Fn::Sub');
    const defined = isObject(variables) ? variables : {};
    const replacements = new Map<string, string>();
    for (const match of text.matchAll(/\$\{([^}]*)\}/g)) {
      const name = match[1].trim();
      if (name === '' || name.startsWith('!') || replacements.has(name)) continue;
      const dot = name.indexOf('.');
      const value = Object.prototype.hasOwnProperty.call(defined, name) ? this.value(defined[name], depth + 1)
        : dot < 0 ? this.host.ref(name) : this.host.getAtt?.(name.slice(0, dot), name.slice(dot + 1)) ?? UNKNOWN;
      if (!value.known) return UNKNOWN;
      if (!isScalar(value.value)) return this.malformed('Fn::Sub');
      replacements.set(name, String(value.value));
    }
    return known(text.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
      const name = inner.trim();
      if (name.startsWith('!')) return `\${${inner.slice(inner.indexOf('!') + 1)}}`;
      return replacements.get(name) ?? whole;
    }));
  }

  private join(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length !== 2 || typeof operand[0] !== 'string') return this.malformed('Fn::Join');
    const list = this.value(operand[1], depth + 1);
    if (!list.known) return UNKNOWN;
    if (!Array.isArray(list.value) || !list.value.every(isScalar)) return this.malformed('Fn::Join');
    return known(list.value.map(String).join(operand[0]));
  }

  private select(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length !== 2) return this.malformed('Fn::Select');
    const index = this.value(operand[0], depth + 1);
    const list = this.value(operand[1], depth + 1);
    if (!index.known || !list.known) return UNKNOWN;
    const position = Number(index.value);
    if (!Array.isArray(list.value) || !Number.isInteger(position) || position < 0 || position >= list.value.length) return this.malformed('Fn::Select');
    return known(list.value[position]);
  }

  private split(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length !== 2 || typeof operand[0] !== 'string' || operand[0] === '') return this.malformed('Fn::Split');
    const text = this.value(operand[1], depth + 1);
    if (!text.known) return UNKNOWN;
    return typeof text.value === 'string' ? known(text.value.split(operand[0])) : this.malformed('Fn::Split');
  }

  private findInMap(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length < 3) return this.malformed('Fn::FindInMap');
    const keys = operand.slice(0, 3).map((item) => this.value(item, depth + 1));
    if (!keys.every((key) => key.known)) return UNKNOWN;
    if (!keys.every((key) => isScalar((key as { value: unknown }).value))) return this.malformed('Fn::FindInMap');
    const names = keys.map((key) => String((key as { value: unknown }).value));
    let level: unknown = this.host.mappings;
    for (const name of names) level = isObject(level) ? own(level, name) : undefined;
    return level === undefined ? this.host.unknown(names.join('.'), `Fn::FindInMap ${names.join('.')} is not in the template's Mappings`) : known(level);
  }
}
