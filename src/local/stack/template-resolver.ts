/**
 * Property values as CloudFormation would send them: intrinsic functions evaluated the way a
 * deployment evaluates them. What only a deployment knows (the physical id of a bucket, the
 * ARN of a queue) becomes a readable placeholder, and each placeholder is noted, so the user
 * sees which values of the request are stand-ins.
 *
 * Known exactly: parameters (their Default, or the value given), pseudo parameters (of the
 * local deployment), mappings, conditions, the names and ARNs of the assembly's Lambda
 * functions and SNS topics, exports of other stacks of the assembly, the physical ids and
 * Data of custom resources already played in this run, and the `Ref` of a resource the
 * template names explicitly, for the types whose `Ref` is that name (a bucket's `BucketName`,
 * a table's `TableName`: CloudFormation returns the name). The user's placeholders
 * (`Placeholders`) stand in for the rest.
 */
import { Deployment, nameSuffix } from './deployment';
import { FunctionRegistry } from './lambda-functions';
import { Placeholders } from './placeholders';
import { AssemblyStack } from '../../assembly/read-assembly';
import { cfnEqual } from '../../change-set/cfn-equal';
import { isPlainObject } from '../../change-set/input/read-template';
import { refNameProperty } from '../../spec/replacement-spec';
import { IntrinsicEvaluator, Known, known, NO_VALUE } from '../../template/intrinsic-evaluator';

/** What a played custom resource answered, for `Ref` and `Fn::GetAtt` on it. */
export interface PlayedResource {
  readonly physicalResourceId: string;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Everything a resolution may look up. */
export interface ResolverContext {
  readonly stack: AssemblyStack;
  readonly deployment: Deployment;
  readonly functions: FunctionRegistry;
  /** Every stack of the assembly (for `Fn::ImportValue`). */
  readonly stacks: readonly AssemblyStack[];
  /** Played custom resources of this stack, by logical id. */
  readonly played?: ReadonlyMap<string, PlayedResource>;
  /** Resources replaced by the change being played: their references get new placeholders. */
  readonly replaced?: ReadonlySet<string>;
  /** Parameter values that override the template's defaults. */
  readonly parameters?: Readonly<Record<string, string>>;
  /** The user's values for `Ref` and `Fn::GetAtt` (they win over defaults and placeholders, not over played resources). */
  readonly placeholders?: Placeholders;
}

/**
 * Types whose generated physical name CloudFormation writes in lower case: a bucket name may
 * hold no upper-case letter (Amazon S3 User Guide, "General purpose bucket naming rules").
 */
const LOWER_CASE_NAMES = new Set(['AWS::S3::Bucket']);

/** Resolves template values; `notes` collects the placeholders used, once each. */
export class TemplateResolver {
  public readonly notes: string[] = [];
  private readonly evaluator: IntrinsicEvaluator;
  /** Resources whose name is being resolved (a name that refers to itself is no name). */
  private readonly naming = new Set<string>();

  public constructor(private readonly context: ResolverContext) {
    const template = context.stack.template;
    this.evaluator = new IntrinsicEvaluator({
      conditions: isPlainObject(template.Conditions) ? template.Conditions : {},
      mappings: isPlainObject(template.Mappings) ? template.Mappings : {},
      ref: (name) => known(this.ref(name)),
      getAtt: (target, attribute) => known(this.getAtt(target, attribute)),
      other: (name, operand, depth) => this.other(name, operand, depth),
      literal: (value, depth) => known(this.literal(value, depth)),
      // What only a deployment knows becomes a placeholder, and is noted.
      unknown: (what, reason) => known(this.placeholder(what, reason.replace(/ is not evaluated$/, ' is not evaluated locally'))),
      // "Take the true branch": a deployment would decide; the runner plays one of them.
      unknownCondition: () => true,
      equals: (a, b) => cfnEqual(a, b),
    });
  }

  /** The value with every intrinsic evaluated (`AWS::NoValue` keys removed). */
  public resolve(value: unknown): unknown {
    const result = this.value(value, 0);
    return result === NO_VALUE ? undefined : result;
  }

  private value(value: unknown, depth: number): unknown {
    const result = this.evaluator.value(value, depth);
    return result.known ? result.value : this.placeholder('value', 'a value that cannot be evaluated locally');
  }

  /** An object that is no intrinsic function: each key resolved (`AWS::NoValue` ones removed); other values as they are. */
  private literal(value: unknown, depth: number): unknown {
    if (!isPlainObject(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'Condition') return this.truth(value, depth);
    const result: Record<string, unknown> = {};
    for (const key of keys) {
      const resolved = this.value(value[key], depth + 1);
      if (resolved !== NO_VALUE) result[key] = resolved;
    }
    return result;
  }

  /** The functions only the runner evaluates (a deployment's values), and conditions used as values. */
  private other(name: string, operand: unknown, depth: number): Known | undefined {
    const arg = (item: unknown) => this.value(item, depth + 1);
    switch (name) {
      case 'Fn::Base64': return known(Buffer.from(text(arg(operand)), 'utf8').toString('base64'));
      case 'Fn::GetAZs': return known(['a', 'b', 'c'].map((zone) => `${this.context.deployment.region}${zone}`));
      case 'Fn::ImportValue': return known(this.importValue(text(arg(operand))));
      case 'Fn::ToJsonString': return known(JSON.stringify(arg(operand)));
      case 'Fn::Length': {
        const list = arg(operand);
        return known(Array.isArray(list) ? list.length : 1);
      }
      case 'Fn::Equals': case 'Fn::And': case 'Fn::Or': case 'Fn::Not': return known(this.truth({ [name]: operand }, depth));
      default: return undefined;
    }
  }

  private truth(expression: unknown, depth: number): boolean {
    return this.evaluator.truth(expression, depth) ?? true;
  }

  private ref(target: string): unknown {
    const { deployment, stack } = this.context;
    switch (target) {
      case 'AWS::AccountId': return deployment.account;
      case 'AWS::Region': return deployment.region;
      case 'AWS::Partition': return deployment.partition;
      case 'AWS::URLSuffix': return deployment.urlSuffix;
      case 'AWS::StackName': return deployment.stackName;
      case 'AWS::StackId': return deployment.stackId;
      case 'AWS::NotificationARNs': return [];
      case 'AWS::NoValue': return NO_VALUE;
    }
    const parameters = stack.template.Parameters;
    if (isPlainObject(parameters) && isPlainObject(parameters[target])) {
      const given = this.context.parameters?.[target];
      const fallback = parameters[target].Default;
      if (given !== undefined) return given;
      const placeholder = this.given(target);
      if (placeholder !== NOT_GIVEN) return placeholder;
      if (fallback !== undefined) return this.value(fallback, 0);
      return this.placeholder(target, `parameter ${target} has no Default: give its value with the placeholder ${target}=<value>`);
    }
    const played = this.context.played?.get(target);
    if (played !== undefined) return played.physicalResourceId;
    const placeholder = this.given(target);
    if (placeholder !== NOT_GIVEN) return placeholder;
    const type = this.typeOf(target);
    if (type === 'AWS::Lambda::Function') return this.context.functions.byLogicalId(stack, target)?.name ?? this.resourceId(target);
    if (type === 'AWS::SNS::Topic') return this.topicArn(target);
    return this.explicitName(target) ?? this.resourceId(target);
  }

  private getAtt(target: string, attribute: string): unknown {
    const played = this.context.played?.get(target);
    if (played !== undefined) {
      const value = played.data?.[attribute];
      return value !== undefined ? value : this.placeholder(`${target}.${attribute}`, `Fn::GetAtt ${target}.${attribute}: the played resource answered no Data key ${attribute}; CloudFormation would fail the stack`);
    }
    const placeholder = this.given(target, attribute);
    if (placeholder !== NOT_GIVEN) return placeholder;
    const type = this.typeOf(target);
    const fn = type === 'AWS::Lambda::Function' ? this.context.functions.byLogicalId(this.context.stack, target) : undefined;
    if (fn !== undefined && attribute === 'Arn') return fn.arn;
    if (type === 'AWS::SNS::Topic' && attribute === 'TopicArn') return this.topicArn(target);
    if (type === 'AWS::SNS::Topic' && attribute === 'TopicName') return this.topicArn(target).split(':').pop();
    if (/Arn$/.test(attribute) && type !== undefined) {
      const service = type.split('::')[1]?.toLowerCase() ?? 'service';
      const { partition, region, account } = this.context.deployment;
      const name = this.explicitName(target) ?? this.resourceId(target, false).toLowerCase();
      return this.placeholder(`${target}.${attribute}`, undefined, `arn:${partition}:${service}:${region}:${account}:${name}`);
    }
    return this.placeholder(`${target}.${attribute}`);
  }

  /** The user's value for `Ref target` or `Fn::GetAtt target.attribute`, noted; NOT_GIVEN without one. */
  private given(target: string, attribute?: string): unknown {
    const found = this.context.placeholders?.lookup(this.context.stack, target, attribute);
    if (found === undefined) return NOT_GIVEN;
    this.note(`${attribute === undefined ? `Ref ${target}` : `Fn::GetAtt ${target}.${attribute}`} is ${JSON.stringify(found.value)}, as the placeholder ${found.key} gives it`);
    return found.value;
  }

  /**
   * The name the template gives the resource, when its type's `Ref` returns that name (the
   * spec's Ref identifier is the name property): a bucket's `BucketName`, a table's
   * `TableName`. Undefined when the template sets none, or not as a text.
   */
  private explicitName(target: string): string | undefined {
    const type = this.typeOf(target);
    const property = type === undefined ? undefined : refNameProperty(type);
    const resource = this.context.stack.template.Resources[target];
    const properties = isPlainObject(resource) && isPlainObject(resource.Properties) ? resource.Properties : {};
    if (property === undefined || properties[property] === undefined || this.naming.has(target)) return undefined;
    this.naming.add(target);
    try {
      const name = this.value(properties[property], 1);
      return typeof name === 'string' && name !== '' ? name : undefined;
    } finally {
      this.naming.delete(target);
    }
  }

  private importValue(exportName: string): unknown {
    for (const stack of this.context.stacks) {
      const outputs = stack.template.Outputs;
      if (!isPlainObject(outputs)) continue;
      for (const output of Object.values(outputs)) {
        if (!isPlainObject(output) || !isPlainObject(output.Export) || output.Export.Name !== exportName) continue;
        const other = new TemplateResolver({ ...this.context, stack, played: undefined, parameters: undefined });
        const value = other.resolve(output.Value);
        this.notes.push(...other.notes.filter((note) => !this.notes.includes(note)));
        return value;
      }
    }
    return this.placeholder(exportName, `Fn::ImportValue ${exportName}: no stack of the assembly exports it`);
  }

  private typeOf(logicalId: string): string | undefined {
    const resource = this.context.stack.template.Resources[logicalId];
    return isPlainObject(resource) && typeof resource.Type === 'string' ? resource.Type : undefined;
  }

  private topicArn(logicalId: string): string {
    const resource = this.context.stack.template.Resources[logicalId];
    const properties = isPlainObject(resource) && isPlainObject(resource.Properties) ? resource.Properties : {};
    const name = typeof properties.TopicName === 'string' ? properties.TopicName : this.resourceId(logicalId, false);
    const { partition, region, account } = this.context.deployment;
    return `arn:${partition}:sns:${region}:${account}:${name}`;
  }

  /**
   * `<stack>-<logical id>-<suffix>`, as CloudFormation names resources (in lower case for the
   * types whose names must be); noted unless `note` is false.
   */
  private resourceId(logicalId: string, note = true): string {
    const replaced = this.context.replaced?.has(logicalId) === true;
    const generated = `${this.context.deployment.stackName}-${logicalId}-${nameSuffix(`${this.context.deployment.stackId}/${logicalId}${replaced ? '/replacement' : ''}`)}`;
    const id = LOWER_CASE_NAMES.has(this.typeOf(logicalId) ?? '') ? generated.toLowerCase() : generated;
    if (note) this.note(`Ref ${logicalId} is the placeholder "${id}": CloudFormation sends the deployed resource's id${replaced ? ' (of its replacement)' : ''} (another with the placeholder ${logicalId}=<value>)`);
    return id;
  }

  private placeholder(what: string, reason?: string, value: string = `<${what}>`): string {
    this.note(reason === undefined ? `${what} is the placeholder "${value}": CloudFormation sends the deployed value (another with the placeholder ${what}=<value>)` : `${reason}; "${value}" is sent instead`);
    return value;
  }

  private note(note: string): void {
    if (!this.notes.includes(note)) this.notes.push(note);
  }
}

/** What `given` returns when the user gave no value. */
const NOT_GIVEN = Symbol('not given');

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null || value === NO_VALUE ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
