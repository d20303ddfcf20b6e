/**
 * What can be known offline about a template's values: its `Conditions` and the intrinsic
 * functions that compute strings, from the parameter values of one side of the update (the
 * values given, else the template's defaults).
 *
 * A condition is `true`, `false`, or `undefined` when it depends on something not known here
 * (a parameter without a value, a pseudo parameter such as `AWS::Region`, an import, a
 * resource attribute). Values are evaluated the same way: `Ref` to a parameter with a value,
 * `Fn::Sub`, `Fn::Join`, `Fn::Select`, `Fn::Split`, `Fn::FindInMap`, `Fn::If`, and literals;
 * anything else is unknown. The evaluation itself is the shared `IntrinsicEvaluator` (the local
 * runner uses it too); here every value it cannot know stays unknown.
 */
import { cfnEqual } from './cfn-equal';
import { JsonObject } from './json';
import { IntrinsicEvaluator, Known, known, Truth, UNKNOWN } from '../template/intrinsic-evaluator';

export type { Known, Truth } from '../template/intrinsic-evaluator';

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
  private readonly evaluator: IntrinsicEvaluator;

  /**
   * @param template the template's Conditions, Mappings and list parameters
   * @param values the parameter values of this side (given, else the defaults); a parameter absent here has no known value
   */
  constructor(private readonly template: EvaluatedTemplate, values: ReadonlyMap<string, string>) {
    this.evaluator = new IntrinsicEvaluator({
      conditions: template.conditions,
      mappings: template.mappings,
      ref: (name) => parameter(template, values, name),
      unknown: () => UNKNOWN,
      equals: (a, b) => cfnEqual(a, b),
    });
  }

  /** Whether the template has any condition at all (most do not: then nothing needs resolving). */
  public get hasConditions(): boolean {
    return Object.keys(this.template.conditions).length > 0;
  }

  /** The value of a named condition of the `Conditions` section. */
  public condition(name: string): Truth {
    return this.evaluator.condition(name);
  }

  /** The value of a condition function (`Fn::Equals`, `Fn::And`, `Fn::Or`, `Fn::Not`, `Condition`). */
  public truth(expression: unknown, depth: number): Truth {
    return this.evaluator.truth(expression, depth);
  }

  /** The value of an expression, as far as it can be known offline. */
  public value(expression: unknown, depth = 0): Known {
    return this.evaluator.value(expression, depth);
  }
}

/** A parameter's value on this side: a list parameter's is its items. */
function parameter(template: EvaluatedTemplate, values: ReadonlyMap<string, string>, name: string): Known {
  const value = values.get(name);
  if (value === undefined) return UNKNOWN;
  return known(template.listParameters.has(name) ? value.split(',') : value);
}
