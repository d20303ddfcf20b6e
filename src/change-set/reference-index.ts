/**
 * Step 3 of the pipeline: who references whom, so propagation stays linear.
 *
 * Only resources present in both templates can be affected by a reference (an added
 * resource has no old value to compare), and only their properties (tags included) and
 * their `Metadata` count: CloudFormation reports reference changes there.
 *
 * The index is built in two steps. On the first question, each resource's JSON text is
 * scanned for the names it may reference (`"Ref":"X"`, `"Fn::GetAtt":["X"`, `"Fn::GetAtt":"X.`, `${X}`): a
 * native, cheap superset. A resource's properties are walked for their exact references
 * (with the paths where they sit) only when one of those names turns out to change, and
 * then once. Most resources of a large template never are.
 */
import { Recreation, TargetAttribute, worstRecreation } from './model';
import { NormalizedResource, NormalizedTemplate } from './normalize';
import { collectReferences } from './references';
import { propertyTarget, ResourceRules } from './resource-rules';

/** One top-level property of one resource referencing one entity. */
export interface ReferenceEdge {
  /** The referencing resource. */
  readonly dependent: string;
  readonly attribute: TargetAttribute;
  /** The top-level property that holds the reference (`Metadata` for the attribute). */
  readonly property: string;
  readonly name?: string;
  /** Set by `propertyTarget` when the form of a `Tags` target is not recorded for the type. */
  readonly formUnverified?: boolean;
  /** `Ref` or `GetAtt`. */
  readonly kind: 'Ref' | 'GetAtt';
  /** The logical id or parameter referenced. */
  readonly target: string;
  /** The parameter, `Resource` or `Resource.Attribute` referenced. */
  readonly causingEntity: string;
  /** Every property path (top-level first) where the reference occurs. */
  readonly paths: ReadonlyArray<readonly string[]>;
  /** Set when every occurrence sits in an `Fn::If` branch that may not be taken (its condition is not known offline). */
  readonly conditional?: boolean;
}

/** Reverse references: the properties that reference a resource or a parameter. */
export interface ReferenceIndex {
  /** Properties of resources in both templates that reference this resource of the new template. */
  dependentsOf(target: string): readonly ReferenceEdge[];
}

/** The index of the new template's references from resources that exist in both templates. */
export function buildReferenceIndex(before: NormalizedTemplate, after: NormalizedTemplate): ReferenceIndex {
  let candidates: Map<string, string[]> | undefined;
  // Built on the first question: an update that replaces nothing and changes no parameter never asks.
  const candidatesOf = (target: string): readonly string[] => {
    if (candidates === undefined) {
      candidates = new Map();
      for (const [logicalId, resource] of after.resources) {
        if (!before.resources.has(logicalId)) continue;
        for (const name of namesIn(resource.text)) {
          const list = candidates.get(name);
          if (list === undefined) candidates.set(name, [logicalId]);
          else list.push(logicalId);
        }
      }
    }
    return candidates.get(target) ?? [];
  };
  const edgesOf = new Map<string, readonly ReferenceEdge[]>();
  const exactEdges = (resource: NormalizedResource): readonly ReferenceEdge[] => {
    let edges = edgesOf.get(resource.logicalId);
    if (edges === undefined) {
      edges = referenceEdges(resource);
      edgesOf.set(resource.logicalId, edges);
    }
    return edges;
  };
  return {
    dependentsOf: (target) => candidatesOf(target)
      .flatMap((dependent) => exactEdges(after.resources.get(dependent)!).filter((edge) => edge.target === target)),
  };
}

/** The attribute whose references count beside the properties'. */
const METADATA = 'Metadata' as const;

/**
 * The exact references of a resource's properties, one edge per property, kind and entity,
 * and of its `Metadata` (CloudFormation reports a changed parameter there with `Metadata`
 * details beside the properties').
 */
function referenceEdges(resource: NormalizedResource): ReferenceEdge[] {
  const edges: ReferenceEdge[] = [];
  const add = (property: string, value: unknown, target: { attribute: TargetAttribute; name?: string }) => {
    const grouped = new Map<string, { kind: 'Ref' | 'GetAtt'; target: string; causingEntity: string; paths: Array<readonly string[]>; conditional: boolean }>();
    for (const reference of collectReferences(value, [property])) {
      const causingEntity = reference.attribute === undefined ? reference.target : `${reference.target}.${reference.attribute}`;
      const key = `${reference.kind}\u0000${causingEntity}`;
      const edge = grouped.get(key) ?? { kind: reference.kind, target: reference.target, causingEntity, paths: [], conditional: true };
      edge.paths.push(reference.path);
      edge.conditional &&= reference.conditional === true;
      grouped.set(key, edge);
    }
    for (const { conditional, ...edge } of grouped.values()) {
      edges.push({ dependent: resource.logicalId, ...target, property, ...edge, ...(conditional ? { conditional } : {}) });
    }
  };
  for (const property of Object.keys(resource.properties)) add(property, resource.properties[property], propertyTarget(resource.type, property));
  if (resource.attributes.Metadata !== undefined) add(METADATA, resource.attributes.Metadata, { attribute: METADATA });
  return edges;
}

/** Every name the JSON text may reference: a superset of its exact references. */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (let at = text.indexOf('"Ref":"'); at >= 0; at = text.indexOf('"Ref":"', at + 1)) {
    names.add(unescape(stringAt(text, at + 7)));
  }
  for (let at = text.indexOf('"Fn::GetAtt":'); at >= 0; at = text.indexOf('"Fn::GetAtt":', at + 1)) {
    const start = at + 13;
    if (text[start] === '"') names.add(unescape(stringAt(text, start + 1)).split('.')[0]);
    else if (text.startsWith('["', start)) names.add(unescape(stringAt(text, start + 2)));
  }
  for (let at = text.indexOf('${'); at >= 0; at = text.indexOf('${', at + 1)) {
    const end = text.indexOf('}', at + 2);
    if (end < 0) break;
    const placeholder = unescape(text.slice(at + 2, end)).trim();
    if (!placeholder.startsWith('!')) names.add(placeholder.split('.')[0]);
  }
  return names;
}

/** The content of the JSON string starting at `start` (just after its opening quote). */
function stringAt(text: string, start: number): string {
  let end = start;
  while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  return text.slice(start, end);
}

/** The value of JSON string content (the text between the quotes). */
function unescape(content: string): string {
  if (!content.includes('\\')) return content;
  try {
    return JSON.parse(`"${content}"`);
  } catch {
    return content;
  }
}

/** How intrusive a change of the value an edge carries is: the most intrusive of its paths (Never in `Metadata`). */
export function edgeRecreation(edge: ReferenceEdge, resource: NormalizedResource, rules: ResourceRules): Recreation {
  if (edge.attribute === METADATA) return 'Never';
  return edge.paths.reduce<Recreation>((worst, path) => worstRecreation(worst, rules.recreation(resource, path)), 'Never');
}
