/**
 * The changes of one prediction while propagation adds details to them: the given changes
 * are never modified (a changed entry is copied once, then extended), and a resource that
 * only a reference changes gets a new Modify.
 */
import { Detail, ResourceChange } from './model';
import { NormalizedTemplate } from './normalize';
import { ReferenceEdge } from './reference-index';

/** A detail without its target, which the edge gives. */
export type EdgeDetail = Omit<Detail, 'attribute' | 'name' | 'requiresRecreation' | 'formUnverified'>;

/** Changes being extended. */
export class ChangeBuilder {
  private readonly changes: Map<string, ResourceChange>;
  private readonly copied = new Set<string>();

  constructor(given: ReadonlyMap<string, ResourceChange>, private readonly after: NormalizedTemplate) {
    this.changes = new Map(given);
  }

  /** The change of a logical id as it stands. */
  public get(logicalId: string): ResourceChange | undefined {
    return this.changes.get(logicalId);
  }

  /** Every change. */
  public all(): Map<string, ResourceChange> {
    return this.changes;
  }

  /**
   * The dependent's change, made writable (copied, or created as a Modify); undefined when
   * it is not in the new template or is not a Modify.
   */
  public writable(logicalId: string): ResourceChange | undefined {
    const resource = this.after.resources.get(logicalId);
    if (resource === undefined) return undefined;
    let change = this.changes.get(logicalId);
    if (change === undefined || !this.copied.has(logicalId)) {
      change = change === undefined
        ? { action: 'Modify', logicalId, resourceType: resource.type, details: [] }
        : { ...change, details: [...change.details] };
      this.changes.set(logicalId, change);
      this.copied.add(logicalId);
    }
    return change.action === 'Modify' ? change : undefined;
  }
}

/** The full detail for an edge: its target, its recreation, and what caused it. */
export function edgeDetail(edge: ReferenceEdge, requiresRecreation: Detail['requiresRecreation'], detail: EdgeDetail): Detail {
  return {
    attribute: edge.attribute,
    ...(edge.name === undefined ? {} : { name: edge.name }),
    requiresRecreation,
    ...detail,
    ...(edge.formUnverified ? { formUnverified: true } : {}),
  };
}

/** Whether two details say the same. */
export function sameDetail(a: Detail, b: Detail): boolean {
  return a.attribute === b.attribute && a.name === b.name && a.evaluation === b.evaluation
    && a.changeSource === b.changeSource && a.causingEntity === b.causingEntity && a.requiresRecreation === b.requiresRecreation;
}

/** Adds a detail unless an equal one is there. */
export function addOnce(details: Detail[], detail: Detail): void {
  if (!details.some((existing) => sameDetail(existing, detail))) details.push(detail);
}
