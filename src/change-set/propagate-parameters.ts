/**
 * Step 4a of the pipeline: properties (and `Metadata`) that reference a changed parameter.
 *
 * Each gets CloudFormation's pair of details: a Dynamic `DirectModification` and a Static
 * `ParameterReference` naming the parameter (the User Guide's "modify an input parameter"
 * example). A parameter added by this update gives the same pair, in place of the Static
 * `DirectModification` the edit of the property would otherwise give (recorded change sets,
 * 2025). A parameter whose value is known only at deploy time (a nested stack's parameter
 * fed from a replaced resource) gives one Dynamic `ParameterReference` detail.
 *
 * The changes given are not modified.
 */
import { addOnce, ChangeBuilder, edgeDetail } from './change-builder';
import { ResourceChange } from './model';
import { NormalizedTemplate } from './normalize';
import { ParameterChanges } from './parameter-changes';
import { edgeRecreation, ReferenceIndex } from './reference-index';
import { ResourceRules } from './resource-rules';

/** The changes with the details changed parameters add. */
export function propagateParameters(
  direct: ReadonlyMap<string, ResourceChange>,
  index: ReferenceIndex,
  parameters: ParameterChanges,
  after: NormalizedTemplate,
  rules: ResourceRules,
): Map<string, ResourceChange> {
  const changes = new ChangeBuilder(direct, after);
  for (const [parameter, change] of parameters) {
    for (const edge of index.dependentsOf(parameter)) {
      const dependent = changes.writable(edge.dependent);
      if (dependent === undefined) continue;
      const recreation = edgeRecreation(edge, after.resources.get(edge.dependent)!, rules);
      if (change === 'Dynamic') {
        addOnce(dependent.details, edgeDetail(edge, recreation, { evaluation: 'Dynamic', changeSource: 'ParameterReference', causingEntity: parameter }));
        continue;
      }
      if (change === 'Added') {
        const stale = dependent.details.findIndex((detail) => detail.changeSource === 'DirectModification' && detail.evaluation === 'Static'
          && detail.attribute === edge.attribute && detail.name === edge.name);
        if (stale >= 0) dependent.details.splice(stale, 1);
      }
      addOnce(dependent.details, edgeDetail(edge, recreation, { evaluation: 'Dynamic', changeSource: 'DirectModification' }));
      addOnce(dependent.details, edgeDetail(edge, recreation, { evaluation: 'Static', changeSource: 'ParameterReference', causingEntity: parameter }));
    }
  }
  return changes.all();
}
