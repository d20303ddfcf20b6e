/**
 * Keys that say when a resource on one side of the change is the same as one on the other,
 * whatever its logical id and stack: its type, properties and attributes, with every reference
 * replaced by what it points at.
 *
 * A reference (`Ref`, `Fn::GetAtt`, `${X}` and `${X.Attr}` in `Fn::Sub`, `DependsOn`) to a
 * resource that keeps its place, or that is already paired with one on the other side, becomes
 * that place or that pair (the same token on both sides); a reference to any other resource
 * becomes that resource's own key, computed the same way. So a resource renamed together with
 * what it refers to keeps its key, down a whole renamed subtree, and the keys of both sides
 * agree once their pairs do (the caller pairs, then asks again: a fixed point). An
 * `Fn::ImportValue` of an export of the same side compares as the export's value in its own
 * stack: the `Ref` or `Fn::GetAtt` it carries, or its literal. The construct path
 * (`aws:cdk:path`) is left out: CDK changes it with every rename.
 *
 * `upKey` refines a key by what refers to the resource (resources and outputs, through exports
 * too), the same way: identical resources that different dependents use are told apart.
 */
import { createHash } from 'node:crypto';
import { AppExports } from './app-exports';
import { importsIn } from '../../template/template-exports';
import { getAttParts } from '../cfn-equal';
import { canonicalText, checkDepth, intrinsicName, isObject, JsonObject, own } from '../json';
import { NormalizedResource } from '../normalize';
import { collectReferences } from '../references';

/** One stack on one side. */
export interface KeyedStack {
  readonly name: string;
  readonly resources: ReadonlyMap<string, NormalizedResource>;
  /** The template as written (`DependsOn` and `Outputs` are read from it). */
  readonly raw: unknown;
}

/** The token of a resource that keeps its place or is already paired; undefined for the others. */
export type Tokens = (stack: string, logicalId: string) => string | undefined;

interface Dependent {
  /** How it refers: the property path and the reference's kind. */
  readonly via: string;
  readonly stack: string;
  /** A resource's logical id; undefined for an output. */
  readonly logicalId?: string;
  readonly outputId?: string;
}

const REF = '\u0000ref';
const ATT = '\u0000att';

/** The keys of one side, for the pairs known when it is made (make a new one when they change). */
export class StructuralKeys {
  private readonly keys = new Map<string, string>();
  private readonly upKeys = new Map<string, string>();
  private readonly busy = new Set<string>();
  private dependents?: Map<string, Dependent[]>;

  public constructor(
    private readonly stacks: ReadonlyMap<string, KeyedStack>,
    private readonly exports: AppExports,
    private readonly tokens: Tokens,
  ) {}

  /** The resource's token, or its key from its contents. */
  public key(stack: string, logicalId: string): string {
    const token = this.tokens(stack, logicalId);
    if (token !== undefined) return token;
    const id = place(stack, logicalId);
    const done = this.keys.get(id);
    if (done !== undefined) return done;
    if (this.busy.has(id)) return `C:${id}`;
    const resource = this.stacks.get(stack)?.resources.get(logicalId);
    if (resource === undefined) return `M:${id}`;
    this.busy.add(id);
    const attributes: Record<string, unknown> = { ...resource.attributes };
    const metadata = attributes.Metadata;
    if (isObject(metadata) && 'aws:cdk:path' in metadata) {
      const { 'aws:cdk:path': _path, ...rest } = metadata;
      attributes.Metadata = rest;
    }
    const dependsOn = namesIn(own(rawResource(this.stacks.get(stack)!, logicalId), 'DependsOn'))
      .map((name) => (this.isResource(stack, name) ? this.key(stack, name) : name)).sort();
    const text = canonicalText({
      T: resource.type,
      P: this.normalized(resource.properties, stack, 0),
      A: this.normalized(attributes, stack, 0),
      C: resource.condition ?? null,
      D: dependsOn,
    });
    this.busy.delete(id);
    const key = `H:${hash(text)}`;
    this.keys.set(id, key);
    return key;
  }

  /** The key refined by the resource's dependents, each by its token or its own refined key. */
  public upKey(stack: string, logicalId: string): string {
    const token = this.tokens(stack, logicalId);
    if (token !== undefined) return token;
    const id = place(stack, logicalId);
    const done = this.upKeys.get(id);
    if (done !== undefined) return done;
    if (this.busy.has(id)) return `C:${id}`;
    this.busy.add(id);
    const parts = (this.dependentsOf(stack, logicalId)).map((dependent) => `${dependent.via}>${dependent.logicalId === undefined
      ? `O:${place(dependent.stack, dependent.outputId!)}`
      : this.upKey(dependent.stack, dependent.logicalId)}`).sort();
    this.busy.delete(id);
    const key = `U:${hash(`${this.key(stack, logicalId)}|${parts.join(',')}`)}`;
    this.upKeys.set(id, key);
    return key;
  }

  private isResource(stack: string, name: string): boolean {
    return this.stacks.get(stack)?.resources.has(name) === true;
  }

  /** A value with its references replaced by keys (see the file comment). */
  private normalized(value: unknown, stack: string, depth: number): unknown {
    checkDepth(depth);
    if (Array.isArray(value)) return value.map((item) => this.normalized(item, stack, depth + 1));
    if (!isObject(value)) return value;
    const intrinsic = intrinsicName(value);
    if (intrinsic === 'Ref' && typeof value.Ref === 'string' && this.isResource(stack, value.Ref)) return { [REF]: this.key(stack, value.Ref) };
    const parts = getAttParts(value);
    if (parts !== undefined && typeof parts[0] === 'string' && this.isResource(stack, parts[0])) {
      return { [ATT]: [this.key(stack, parts[0]), ...parts.slice(1).map((part) => this.normalized(part, stack, depth + 1))] };
    }
    if (intrinsic === 'Fn::Sub') return { 'Fn::Sub': this.normalizedSub(value['Fn::Sub'], stack, depth) };
    if (intrinsic === 'Fn::ImportValue') {
      const exported = this.exports.imported(stack, value['Fn::ImportValue']);
      if (exported !== undefined) return this.normalized(exported.value, exported.stack, depth + 1);
    }
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = this.normalized(value[key], stack, depth + 1);
    return copy;
  }

  private normalizedSub(operand: unknown, stack: string, depth: number): unknown {
    const text = typeof operand === 'string' ? operand : Array.isArray(operand) && typeof operand[0] === 'string' ? operand[0] : undefined;
    if (text === undefined) return this.normalized(operand, stack, depth + 1);
    const variables = Array.isArray(operand) && isObject(operand[1]) ? operand[1] : {};
    const replaced = text.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
      const name = inner.trim();
      if (name.startsWith('!') || name in variables) return whole;
      const target = name.includes('.') ? name.slice(0, name.indexOf('.')) : name;
      return this.isResource(stack, target) ? `\${${REF}${this.key(stack, target)}${name.slice(target.length)}}` : whole;
    });
    return Array.isArray(operand) ? [replaced, ...operand.slice(1).map((part) => this.normalized(part, stack, depth + 1))] : replaced;
  }

  /** What refers to the resource on this side: resources and outputs of its stack, and importers of its exports. */
  private dependentsOf(stack: string, logicalId: string): readonly Dependent[] {
    if (this.dependents === undefined) this.dependents = this.indexDependents();
    return this.dependents.get(place(stack, logicalId)) ?? [];
  }

  private indexDependents(): Map<string, Dependent[]> {
    const index = new Map<string, Dependent[]>();
    const add = (stack: string, target: string, dependent: Dependent) => {
      if (!this.isResource(stack, target)) return;
      const id = place(stack, target);
      index.set(id, [...(index.get(id) ?? []), dependent]);
    };
    const referencesIn = (value: unknown, path: string[], stack: string, from: Omit<Dependent, 'via' | 'stack'>) => {
      for (const reference of collectReferences(value, path)) {
        add(stack, reference.target, { ...from, stack, via: `${reference.path.join('.')}:${reference.kind}:${reference.attribute ?? ''}` });
      }
      for (const operand of importsIn(value)) {
        const exported = this.exports.imported(stack, operand);
        if (exported === undefined) continue;
        for (const reference of collectReferences(exported.value)) {
          add(exported.stack, reference.target, { ...from, stack, via: `${path.join('.')}:import:${reference.kind}:${reference.attribute ?? ''}` });
        }
      }
    };
    for (const keyed of this.stacks.values()) {
      for (const resource of keyed.resources.values()) {
        const from = { logicalId: resource.logicalId };
        referencesIn(resource.properties, ['Properties'], keyed.name, from);
        for (const name of namesIn(own(rawResource(keyed, resource.logicalId), 'DependsOn'))) add(keyed.name, name, { ...from, stack: keyed.name, via: 'DependsOn' });
      }
      const outputs = isObject(keyed.raw) ? own(keyed.raw, 'Outputs') : undefined;
      if (!isObject(outputs)) continue;
      for (const outputId of Object.keys(outputs)) {
        const output = outputs[outputId];
        if (isObject(output)) referencesIn(own(output, 'Value'), ['Value'], keyed.name, { outputId });
      }
    }
    return index;
  }
}

function place(stack: string, logicalId: string): string {
  return `${stack}\u0000${logicalId}`;
}

function hash(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

function rawResource(stack: KeyedStack, logicalId: string): JsonObject {
  const resources = isObject(stack.raw) ? own(stack.raw, 'Resources') : undefined;
  const resource = isObject(resources) ? own(resources, logicalId) : undefined;
  return isObject(resource) ? resource : {};
}

/** The names of a `DependsOn` (a name or a list of names). */
function namesIn(dependsOn: unknown): string[] {
  const names = Array.isArray(dependsOn) ? dependsOn : [dependsOn];
  return names.filter((name): name is string => typeof name === 'string');
}
