/**
 * Property values as CloudFormation would send them: intrinsic functions evaluated the way a
 * deployment evaluates them. What only a deployment knows (the physical id of a bucket, the
 * ARN of a queue) becomes a readable placeholder, and each placeholder is noted, so the user
 * sees which values of the request are stand-ins.
 *
 * Known exactly: parameters (their Default, or the value given), pseudo parameters (of the
 * local deployment), mappings, conditions, the names and ARNs of the assembly's Lambda
 * functions and SNS topics, exports of other stacks of the assembly, and the physical ids and
 * Data of custom resources already played in this run.
 */
import { Deployment, nameSuffix } from './deployment';
import { FunctionRegistry } from './lambda-functions';
import { AssemblyStack } from '../../assembly/read-assembly';
import { isPlainObject } from '../../change-set/input/read-template';

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
}

/** Removes the key or list item it stands for (`Ref: AWS::NoValue`). */
const NO_VALUE = Symbol('AWS::NoValue');

/** How deep values are followed. */
const MAX_DEPTH = 64;

/** Resolves template values; `notes` collects the placeholders used, once each. */
export class TemplateResolver {
  public readonly notes: string[] = [];

  public constructor(private readonly context: ResolverContext) {}

  /** The value with every intrinsic evaluated (`AWS::NoValue` keys removed). */
  public resolve(value: unknown): unknown {
    const result = this.value(value, 0);
    return result === NO_VALUE ? undefined : result;
  }

  private value(value: unknown, depth: number): unknown {
    if (depth > MAX_DEPTH) return value;
    if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1)).filter((item) => item !== NO_VALUE);
    if (!isPlainObject(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1 && (keys[0] === 'Ref' || keys[0].startsWith('Fn::') || keys[0] === 'Condition')) {
      return this.intrinsic(keys[0], value[keys[0]], depth);
    }
    const result: Record<string, unknown> = {};
    for (const key of keys) {
      const resolved = this.value(value[key], depth + 1);
      if (resolved !== NO_VALUE) result[key] = resolved;
    }
    return result;
  }

  private intrinsic(name: string, argument: unknown, depth: number): unknown {
    const arg = (value: unknown) => this.value(value, depth + 1);
    switch (name) {
      case 'Ref': return this.ref(String(argument));
      case 'Fn::GetAtt': return this.getAtt(argument, arg);
      case 'Fn::Sub': return this.sub(argument, arg);
      case 'Fn::Join': {
        const [separator, items] = asArray(argument);
        return asArray(arg(items)).map(text).join(text(arg(separator)));
      }
      case 'Fn::Select': {
        const [index, items] = asArray(argument);
        return asArray(arg(items))[Number(arg(index))];
      }
      case 'Fn::Split': {
        const [separator, source] = asArray(argument);
        return text(arg(source)).split(text(arg(separator)));
      }
      case 'Fn::Base64': return Buffer.from(text(arg(argument)), 'utf8').toString('base64');
      case 'Fn::GetAZs': return ['a', 'b', 'c'].map((zone) => `${this.context.deployment.region}${zone}`);
      case 'Fn::FindInMap': {
        const [map, top, second] = asArray(argument).map((item) => text(arg(item)));
        const mappings = this.context.stack.template.Mappings;
        const entry = isPlainObject(mappings) && isPlainObject(mappings[map]) ? mappings[map][top] : undefined;
        const found = isPlainObject(entry) ? entry[second] : undefined;
        return found === undefined ? this.placeholder(`${map}.${top}.${second}`, `Fn::FindInMap ${map}.${top}.${second} is not in the template's Mappings`) : arg(found);
      }
      case 'Fn::If': {
        const [condition, whenTrue, whenFalse] = asArray(argument);
        return this.condition(String(condition), depth) ? arg(whenTrue) : arg(whenFalse);
      }
      case 'Fn::Equals': {
        const [a, b] = asArray(argument);
        return JSON.stringify(arg(a)) === JSON.stringify(arg(b));
      }
      case 'Fn::And': return asArray(argument).every((item) => arg(item) === true);
      case 'Fn::Or': return asArray(argument).some((item) => arg(item) === true);
      case 'Fn::Not': return arg(asArray(argument)[0]) !== true;
      case 'Condition': return this.condition(String(argument), depth);
      case 'Fn::ImportValue': return this.importValue(text(arg(argument)));
      case 'Fn::ToJsonString': return JSON.stringify(arg(argument));
      case 'Fn::Length': return asArray(arg(argument)).length;
      default: return this.placeholder(name, `${name} is not evaluated locally`);
    }
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
      if (fallback !== undefined) return this.value(fallback, 0);
      return this.placeholder(target, `parameter ${target} has no Default: pass its value`);
    }
    const played = this.context.played?.get(target);
    if (played !== undefined) return played.physicalResourceId;
    const type = this.typeOf(target);
    if (type === 'AWS::Lambda::Function') return this.context.functions.byLogicalId(stack, target)?.name ?? this.resourceId(target);
    if (type === 'AWS::SNS::Topic') return this.topicArn(target);
    return this.resourceId(target);
  }

  private getAtt(argument: unknown, arg: (value: unknown) => unknown): unknown {
    const parts = typeof argument === 'string' ? [argument.slice(0, argument.indexOf('.')), argument.slice(argument.indexOf('.') + 1)] : asArray(argument);
    const target = text(parts[0]);
    const attribute = text(arg(parts[1]));
    const played = this.context.played?.get(target);
    if (played !== undefined) {
      const value = played.data?.[attribute];
      return value !== undefined ? value : this.placeholder(`${target}.${attribute}`, `Fn::GetAtt ${target}.${attribute}: the played resource answered no Data key ${attribute}; CloudFormation would fail the stack`);
    }
    const type = this.typeOf(target);
    const fn = type === 'AWS::Lambda::Function' ? this.context.functions.byLogicalId(this.context.stack, target) : undefined;
    if (fn !== undefined && attribute === 'Arn') return fn.arn;
    if (type === 'AWS::SNS::Topic' && attribute === 'TopicArn') return this.topicArn(target);
    if (type === 'AWS::SNS::Topic' && attribute === 'TopicName') return this.topicArn(target).split(':').pop();
    if (/Arn$/.test(attribute) && type !== undefined) {
      const service = type.split('::')[1]?.toLowerCase() ?? 'service';
      const { partition, region, account } = this.context.deployment;
      return this.placeholder(`${target}.${attribute}`, undefined, `arn:${partition}:${service}:${region}:${account}:${this.resourceId(target, false).toLowerCase()}`);
    }
    return this.placeholder(`${target}.${attribute}`);
  }

  private sub(argument: unknown, arg: (value: unknown) => unknown): string {
    const [template, variables] = typeof argument === 'string' ? [argument, {}] : asArray(argument);
    const values = isPlainObject(variables) ? variables : {};
    return text(template).replace(/\$\{([^}]*)\}/g, (_whole, name: string) => {
      if (name.startsWith('!')) return `\${${name.slice(1)}}`;
      if (name in values) return text(arg(values[name]));
      const dot = name.indexOf('.');
      return text(dot === -1 || name.startsWith('AWS::') ? this.ref(name) : arg({ 'Fn::GetAtt': [name.slice(0, dot), name.slice(dot + 1)] }));
    });
  }

  private condition(name: string, depth: number): boolean {
    const conditions = this.context.stack.template.Conditions;
    if (!isPlainObject(conditions) || !(name in conditions) || depth > MAX_DEPTH) return true;
    return this.value(conditions[name], depth + 1) === true;
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

  /** `<stack>-<logical id>-<suffix>`, as CloudFormation names resources; noted unless `note` is false. */
  private resourceId(logicalId: string, note = true): string {
    const replaced = this.context.replaced?.has(logicalId) === true;
    const id = `${this.context.deployment.stackName}-${logicalId}-${nameSuffix(`${this.context.deployment.stackId}/${logicalId}${replaced ? '/replacement' : ''}`)}`;
    if (note) this.note(`Ref ${logicalId} is the placeholder "${id}": CloudFormation sends the deployed resource's id${replaced ? ' (of its replacement)' : ''}`);
    return id;
  }

  private placeholder(what: string, reason?: string, value: string = `<${what}>`): string {
    this.note(reason === undefined ? `${what} is the placeholder "${value}": CloudFormation sends the deployed value` : `${reason}; "${value}" is sent instead`);
    return value;
  }

  private note(note: string): void {
    if (!this.notes.includes(note)) this.notes.push(note);
  }
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null || value === NO_VALUE ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}
