/**
 * What can be known offline about a template's values: its `Conditions` and the intrinsic
 * functions that compute strings, from the parameter values of one side of the update (the
 * values given, else the template's defaults).
 *
 * A condition is `true`, `false`, or `undefined` when it depends on something not known here
 * (a parameter without a value, a pseudo parameter such as `AWS::Region`, an import, a
 * resource attribute). Values are evaluated the same way: `Ref` to a parameter with a value,
 * `Fn::Sub`, `Fn::Join`, `Fn::Select`, `Fn::Split`, `Fn::FindInMap`, `Fn::If`, and literals;
 * anything else is unknown. A cycle between conditions is unknown, not an endless loop.
 */
import { cfnEqual } from './cfn-equal';
import { intrinsicName, isObject, JsonObject, MAX_DEPTH, own } from './json';
import { subReferences } from './references';

/** A condition's value: `undefined` when it cannot be known offline. */
export type Truth = boolean | undefined;

/** The value of an expression, when it can be known offline. */
export type Known = { readonly known: true; readonly value: unknown } | { readonly known: false };

const UNKNOWN: Known = { known: false };
const known = (value: unknown): Known => ({ known: true, value });

/** The template parts an evaluator reads. */
export interface EvaluatedTemplate {
  /** The `Conditions` section (empty when absent). */
  readonly conditions: JsonObject;
  /** The `Mappings` section (empty when absent). */
  readonly mappings: JsonObject;
  /** Parameters whose value is a list (`CommaDelimitedList`, `List<...>`). */
  readonly listParameters: ReadonlySet<string>;
}

/** Evaluates one side of an update; results are memoized. */
export class TemplateEvaluator {
  private readonly truths = new Map<string, Truth>();
  private readonly evaluating = new Set<string>();

  /**
   * @param template the template's Conditions, Mappings and list parameters
   * @param values the parameter values of this side (given, else the defaults); a parameter absent here has no known value
   */
  constructor(private readonly template: EvaluatedTemplate, private readonly values: ReadonlyMap<string, string>) {}

  /** Whether the template has any condition at all (most do not: then nothing needs resolving). */
  public get hasConditions(): boolean {
    return Object.keys(this.template.conditions).length > 0;
  }

  /** The value of a named condition of the `Conditions` section. */
  public condition(name: string): Truth {
    if (this.truths.has(name)) return this.truths.get(name);
    if (this.evaluating.has(name)) return undefined;
    this.evaluating.add(name);
    const truth = this.truth(own(this.template.conditions, name), 0);
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
        return a.known && b.known ? cfnEqual(a.value, b.value) : undefined;
      }
      case 'Fn::Not': {
        const inner = Array.isArray(operand) && operand.length === 1 ? this.truth(operand[0], depth + 1) : undefined;
        return inner === undefined ? undefined : !inner;
      }
      case 'Fn::And':
      case 'Fn::Or': {
        if (!Array.isArray(operand) || operand.length === 0) return undefined;
        const decisive = fn === 'Fn::And' ? false : true;
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

  /** The value of an expression, as far as it can be known offline. */
  public value(expression: unknown, depth = 0): Known {
    if (depth > MAX_DEPTH) return UNKNOWN;
    if (typeof expression === 'string' || typeof expression === 'number' || typeof expression === 'boolean') return known(expression);
    if (Array.isArray(expression)) {
      const items = expression.map((item) => this.value(item, depth + 1));
      return items.every((item) => item.known) ? known(items.map((item) => (item as { value: unknown }).value)) : UNKNOWN;
    }
    const fn = intrinsicName(expression);
    if (fn === undefined) return UNKNOWN;
    const operand = (expression as JsonObject)[fn];
    switch (fn) {
      case 'Ref': return typeof operand === 'string' ? this.parameter(operand) : UNKNOWN;
      case 'Fn::Sub': return this.sub(operand, depth);
      case 'Fn::Join': return this.join(operand, depth);
      case 'Fn::Select': return this.select(operand, depth);
      case 'Fn::Split': return this.split(operand, depth);
      case 'Fn::FindInMap': return this.findInMap(operand, depth);
      case 'Fn::If': {
        if (!Array.isArray(operand) || operand.length !== 3 || typeof operand[0] !== 'string') return UNKNOWN;
        const truth = this.condition(operand[0]);
        return truth === undefined ? UNKNOWN : this.value(operand[truth ? 1 : 2], depth + 1);
      }
      default: return UNKNOWN;
    }
  }

  private parameter(name: string): Known {
    const value = this.values.get(name);
    if (value === undefined) return UNKNOWN;
    return known(this.template.listParameters.has(name) ? value.split(',') : value);
  }

  private sub(operand: unknown, depth: number): Known {
    const [text, variables] = Array.isArray(operand) ? operand : [operand, undefined];
    if (typeof text !== 'string' || (variables !== undefined && !isObject(variables))) return UNKNOWN;
    const defined = isObject(variables) ? variables : {};
    const replacements = new Map<string, string>();
    for (const reference of subReferences(text, new Set())) {
      const name = reference.attribute === undefined ? reference.target : `${reference.target}.${reference.attribute}`;
      const variable = Object.prototype.hasOwnProperty.call(defined, name);
      const value = variable ? this.value(defined[name], depth + 1) : reference.attribute === undefined ? this.parameter(name) : UNKNOWN;
      if (!value.known || !isScalar(value.value)) return UNKNOWN;
      replacements.set(name, String(value.value));
    }
    return known(text.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
      const name = inner.trim();
      if (name.startsWith('!')) return `\${${inner.slice(inner.indexOf('!') + 1)}}`;
      return replacements.get(name) ?? whole;
    }));
  }

  private join(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length !== 2 || typeof operand[0] !== 'string') return UNKNOWN;
    const list = this.value(operand[1], depth + 1);
    if (!list.known || !Array.isArray(list.value) || !list.value.every(isScalar)) return UNKNOWN;
    return known(list.value.map(String).join(operand[0]));
  }

  private select(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length !== 2) return UNKNOWN;
    const index = this.value(operand[0], depth + 1);
    const list = this.value(operand[1], depth + 1);
    if (!index.known || !list.known || !Array.isArray(list.value)) return UNKNOWN;
    const position = Number(index.value);
    return Number.isInteger(position) && position >= 0 && position < list.value.length ? known(list.value[position]) : UNKNOWN;
  }

  private split(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length !== 2 || typeof operand[0] !== 'string' || operand[0] === '') return UNKNOWN;
    const text = this.value(operand[1], depth + 1);
    return text.known && typeof text.value === 'string' ? known(text.value.split(operand[0])) : UNKNOWN;
  }

  private findInMap(operand: unknown, depth: number): Known {
    if (!Array.isArray(operand) || operand.length < 3) return UNKNOWN;
    const keys = operand.slice(0, 3).map((item) => this.value(item, depth + 1));
    if (!keys.every((key) => key.known && isScalar(key.value))) return UNKNOWN;
    let level: unknown = this.template.mappings;
    for (const key of keys) {
      level = isObject(level) ? own(level, String((key as { value: unknown }).value)) : undefined;
    }
    return level === undefined ? UNKNOWN : known(level);
  }
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
