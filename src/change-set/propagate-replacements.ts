/**
 * Step 4b of the pipeline: follow changed resources through references to a fixed point.
 *
 * What a resource's change means for the properties (and `Metadata`) that reference it, as
 * CloudFormation's default description reports it (recorded change sets, 2025):
 * - certainly replaced (Replacement True): its `Ref` and attributes certainly change, so each
 *   dependent gets a **Static** detail, `ResourceReference` with the logical id (`Ref`,
 *   `${X}`) or `ResourceAttribute` with `Id.Attribute` (`Fn::GetAtt`, `${X.Attr}`): Always
 *   there is Replacement True;
 * - conditionally replaced: the same detail, **Dynamic** (Always there is Conditional); so is
 *   a reference to a certainly replaced resource that only a branch of an `Fn::If` makes,
 *   whose condition is not known offline (the branch may not be taken);
 * - updated in place (a property or tag changes): its `Ref` stays, but an attribute may
 *   change, so each `Fn::GetAtt` dependent gets a Dynamic `ResourceAttribute` detail; a `Ref`
 *   dependent gets nothing, and neither does a `Fn::GetAtt` of an attribute that is the physical
 *   id `Ref` returns (a security group's `GroupId`: `KEPT_IN_PLACE` in
 *   src/spec/in-place-attributes.ts). CloudFormation's change set marks those too; the
 *   deployment finds the same value and updates nothing, and the engine follows it.
 * With `IncludePropertyValues` CloudFormation describes it differently: a dependent of a
 * replaced resource gets a Dynamic `DirectModification` and a Static (Dynamic when the cause
 * is conditional) reference detail, and dependents of a resource updated in place get
 * nothing.
 *
 * Each detail's RequiresRecreation is the most intrusive over the paths where the reference
 * sits. A dependent changed this way propagates in turn; one that first looked conditional
 * and later turns certain is upgraded, and so are its own dependents. A resource's level
 * (none, in place, conditional, certain) only rises, so each is queued at most three times
 * and each edge followed at most three times: linear in the size of the reference index.
 * The changes given are not modified.
 */
import { addOnce, ChangeBuilder, edgeDetail, EdgeDetail } from './change-builder';
import { Description, Detail, Replacement, replacementOf, ResourceChange, worstReplacement } from './model';
import { NormalizedTemplate } from './normalize';
import { edgeRecreation, ReferenceEdge, ReferenceIndex } from './reference-index';
import { ResourceRules } from './resource-rules';
import { inPlaceFate } from '../spec/in-place-attributes';

/** How much of a resource changes for its dependents: nothing, attributes, maybe everything, everything. */
type Level = 0 | 1 | 2 | 3;

/** The changes with every detail that references add. */
export function propagateReplacements(
  given: ReadonlyMap<string, ResourceChange>,
  index: ReferenceIndex,
  after: NormalizedTemplate,
  rules: ResourceRules,
  description: Description,
): Map<string, ResourceChange> {
  const changes = new ChangeBuilder(given, after);
  /** Details each edge added, by dependent and edge: replaced when the edge's cause rises. */
  const byEdge = new Map<string, Map<string, readonly Detail[]>>();
  const levels = new Map<string, Level>();
  const queue: Array<{ readonly logicalId: string; readonly level: Level }> = [];
  const raise = (logicalId: string, level: Level): void => {
    if (level <= (levels.get(logicalId) ?? 0)) return;
    levels.set(logicalId, level);
    queue.push({ logicalId, level });
  };
  for (const change of given.values()) raise(change.logicalId, levelOf(change, change.details));

  for (let position = 0; position < queue.length; position++) {
    const { logicalId, level } = queue[position];
    if (levels.get(logicalId) !== level) continue; // raised again later: that entry follows the edges
    const type = after.resources.get(logicalId)?.type;
    for (const edge of index.dependentsOf(logicalId)) {
      if (edge.dependent === logicalId) continue;
      const kept = level === 1 && edge.kind === 'GetAtt' && type !== undefined && inPlaceFate(type, edge.causingEntity.slice(logicalId.length + 1)) === 'kept';
      const caused = kept ? [] : edgeDetails(edge, level, description);
      if (caused.length === 0) continue;
      const change = changes.writable(edge.dependent);
      if (change === undefined) continue;
      const recreation = edgeRecreation(edge, after.resources.get(edge.dependent)!, rules);
      const full = caused.map((detail) => edgeDetail(edge, recreation, detail));
      let edges = byEdge.get(edge.dependent);
      if (edges === undefined) byEdge.set(edge.dependent, edges = new Map());
      edges.set(`${edge.attribute}\u0000${edge.name ?? ''}\u0000${edge.kind}\u0000${edge.causingEntity}`, full);
      raise(edge.dependent, levelOf(change, [...change.details, ...full]));
    }
  }

  const result = changes.all();
  for (const [dependent, edges] of byEdge) {
    const change = result.get(dependent)!;
    const details = [...change.details];
    for (const caused of edges.values()) for (const detail of caused) addOnce(details, detail);
    result.set(dependent, { ...change, details });
  }
  return result;
}

/**
 * The level of a change with these details: 3 replaced, 2 maybe replaced, 1 updated in place
 * through a property or tag (a change of `Metadata` or a policy alone changes no attribute).
 */
function levelOf(change: ResourceChange, details: readonly Detail[]): Level {
  if (change.action !== 'Modify') return 0;
  const replacement = change.forcedReplacement ? 'True' : details.reduce<Replacement>((worst, detail) => worstReplacement(worst, replacementOf(detail)), 'False');
  if (replacement === 'True') return 3;
  if (replacement === 'Conditional') return 2;
  return details.some((detail) => detail.attribute === 'Properties' || detail.attribute === 'Tags') ? 1 : 0;
}

/** What an edge to a resource at this level gives its dependent, in the description asked for. */
function edgeDetails(edge: ReferenceEdge, level: Level, description: Description): EdgeDetail[] {
  const changeSource = edge.kind === 'Ref' ? 'ResourceReference' : 'ResourceAttribute';
  // A reference an Fn::If may not make (its condition unknown offline) changes only if the branch is taken.
  const reference: EdgeDetail = { evaluation: level === 3 && edge.conditional !== true ? 'Static' : 'Dynamic', changeSource, causingEntity: edge.causingEntity };
  if (level >= 2) {
    return description === 'default' ? [reference] : [{ evaluation: 'Dynamic', changeSource: 'DirectModification' }, reference];
  }
  if (level === 1 && edge.kind === 'GetAtt' && description === 'default') return [reference];
  return [];
}
