/**
 * A seeded, deterministic generator of realistic template pairs, for the cross-check
 * against `@aws-cdk/cloudformation-diff` and for the benchmark.
 *
 * Templates use real resource types and properties, reference earlier resources through
 * every common intrinsic (bare `Ref`/`Fn::GetAtt` and references inside `Fn::Sub`,
 * `Fn::Join`, `Fn::If`, ...), and the new template applies logged mutations: property
 * changes (in place, create-only, conditional, nested create-only), no-op rewrites
 * (`"10"` for `10`, key order), metadata and `DependsOn` changes, added and removed
 * resources, and logical-id renames.
 */
import { Random } from './random';
import { KINDS, KIND_BY_TYPE, REFERENCE_FORMS, referenceIn } from './resource-catalog';

/** What a mutation did, for the cross-check's classification. */
export type Mutation =
  | { readonly kind: 'property'; readonly logicalId: string; readonly path: readonly string[]; readonly label: string }
  | { readonly kind: 'no-op'; readonly logicalId: string; readonly label: string }
  | { readonly kind: 'metadata' | 'depends-on' | 'remove' | 'add'; readonly logicalId: string }
  | { readonly kind: 'rename'; readonly logicalId: string; readonly to: string };

/** A generated pair. */
export interface TemplatePair {
  readonly before: Record<string, any>;
  readonly after: Record<string, any>;
  readonly mutations: readonly Mutation[];
}

/** Options of `generatePair`. */
export interface GenerateOptions {
  readonly resources: number;
  readonly mutations: number;
}

/** Resources being built, indexed by type, each referencing only resources built before it. */
class ResourcePool {
  private readonly byType = new Map<string, string[]>();
  private readonly ids: string[] = [];

  constructor(private readonly random: Random, readonly resources: Record<string, any>) {
    for (const [logicalId, resource] of Object.entries(resources)) this.index(logicalId, resource.Type);
  }

  /** Builds one resource of a random buildable kind; returns its logical id. */
  public add(index: number): string {
    const buildable = KINDS.filter((kind) => kind.needs.every((type) => this.byType.has(type))
      && (this.ids.length > 0 || !REFERENCES_ANY.has(kind.type)));
    const kind = this.random.pick(buildable);
    const logicalId = `${kind.type.split('::').pop()}${index}`;
    const built = kind.build({
      random: this.random,
      index,
      existing: (type) => this.random.pick(this.byType.get(type)!),
      anyReference: () => {
        const target = this.random.pick(this.ids);
        const form = this.random.pick(REFERENCE_FORMS);
        return referenceIn(form, target, this.resources[target].Type === 'AWS::EC2::VPC' ? 'CidrBlock' : 'Arn');
      },
    });
    this.resources[logicalId] = { Type: kind.type, Properties: built.properties, ...(built.metadata ? { Metadata: built.metadata } : {}) };
    this.index(logicalId, kind.type);
    return logicalId;
  }

  private index(logicalId: string, type: string): void {
    const list = this.byType.get(type);
    if (list === undefined) this.byType.set(type, [logicalId]);
    else list.push(logicalId);
    this.ids.push(logicalId);
  }
}

/** Kinds that reference any earlier resource. */
const REFERENCES_ANY = new Set(['AWS::Lambda::Function', 'AWS::SSM::Parameter']);

/** A deterministic template pair for the seed. */
export function generatePair(seed: number, options: GenerateOptions): TemplatePair {
  const random = new Random(seed);
  const pool = new ResourcePool(random, {});
  for (let index = 0; index < options.resources; index++) pool.add(index);

  const before = templateOf(pool.resources);
  const after = templateOf(structuredClone(pool.resources));
  const mutations: Mutation[] = [];
  const touched = new Set<string>();
  const mentions = (id: string, other: string) => JSON.stringify(after.Resources[other]).includes(id);
  const isReferenced = (id: string) => Object.keys(after.Resources).some((other) => other !== id && mentions(id, other));
  for (let count = 0; count < options.mutations; count++) {
    const roll = random.next();
    const candidates = Object.keys(after.Resources).filter((id) => !touched.has(id) && before.Resources[id]);
    if (candidates.length === 0) break;
    const logicalId = random.pick(candidates);
    const resource = after.Resources[logicalId];
    touched.add(logicalId);
    if (roll < 0.6) {
      const mutation = random.pick(KIND_BY_TYPE.get(resource.Type)!.mutations);
      mutation.apply(resource.Properties, random);
      mutations.push({ kind: 'property', logicalId, path: mutation.path, label: mutation.label });
    } else if (roll < 0.68) {
      resource.Properties = noOpRewrite(resource.Properties);
      mutations.push({ kind: 'no-op', logicalId, label: 'scalars as strings, keys reordered' });
    } else if (roll < 0.74) {
      resource.Metadata = { ...resource.Metadata, 'aws:cdk:path': `Stack/${logicalId}/v${count}` };
      mutations.push({ kind: 'metadata', logicalId });
    } else if (roll < 0.78) {
      const other = random.pick(Object.keys(after.Resources).filter((id) => id !== logicalId && !mentions(logicalId, id)));
      if (other !== undefined) {
        resource.DependsOn = [other];
        mutations.push({ kind: 'depends-on', logicalId });
      }
    } else if (roll < 0.86) {
      if (!isReferenced(logicalId)) {
        delete after.Resources[logicalId];
        mutations.push({ kind: 'remove', logicalId });
      }
    } else if (roll < 0.93) {
      const to = `${logicalId}Moved`;
      // The logical id itself is a quoted key, so it is renamed with the references.
      after.Resources = renameReferences(after.Resources, logicalId, to);
      touched.add(to);
      mutations.push({ kind: 'rename', logicalId, to });
    } else {
      const added = new ResourcePool(random, after.Resources).add(options.resources + count);
      touched.add(added);
      mutations.push({ kind: 'add', logicalId: added });
    }
  }
  return { before, after, mutations };
}

/** Every reference to `from` (in any intrinsic form the generator writes) pointed at `to`. */
function renameReferences(resources: Record<string, any>, from: string, to: string): Record<string, any> {
  const text = JSON.stringify(resources)
    .split(`"${from}"`).join(`"${to}"`)
    .split(`"${from}.`).join(`"${to}.`)
    .split(`\${${from}}`).join(`\${${to}}`)
    .split(`\${${from}.`).join(`\${${to}.`);
  return JSON.parse(text);
}

function templateOf(resources: Record<string, any>): Record<string, any> {
  return {
    Transform: 'AWS::LanguageExtensions',
    Parameters: { Env: { Type: 'String', Default: 'dev' } },
    Conditions: { IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] } },
    Mappings: { Labels: { default: { Label: 'x' } } },
    Resources: resources,
  };
}

/** The same values as CloudFormation sees them: numbers and booleans as strings, keys reversed. */
function noOpRewrite(value: any): any {
  if (Array.isArray(value)) return value.map(noOpRewrite);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.keys(value).reverse().map((key) => [key, noOpRewrite(value[key])]));
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}
