/**
 * A small replacement spec of the tests' own, for behaviours where the generated table's
 * content does not matter: `Test::Thing` replaces on `Create` (Always) and `Maybe`
 * (Conditionally), and is named by `Name`.
 */
import { deepFreeze } from './helpers';
import { PredictedChangeSet } from '../../src/change-set';
import { PredictOptions } from '../../src/change-set/predict-options';
import { predictWithSpec } from '../../src/change-set/predict-with-spec';
import { PredictedChangeSet as ChangeSetClass } from '../../src/change-set/predicted-change-set';
import { ReplacementSpec } from '../../src/change-set/replacement-spec-lookup';

/** The spec. */
export const SPEC: ReplacementSpec = {
  requiresRecreation: (type, path) => {
    if (type !== 'Test::Thing') return 'Never';
    if (path[0] === 'Create' || path[0] === 'Name') return 'Always';
    return path[0] === 'Maybe' ? 'Conditionally' : 'Never';
  },
  lookupResourceType: (type) => (type === 'Test::Thing' ? { nameProperties: ['Name'] } : undefined),
};

/** Predicts with the test spec, on deep-frozen inputs. */
export function predict(before: unknown, after: unknown, options: PredictOptions = {}): PredictedChangeSet {
  return ChangeSetClass._of(predictWithSpec(deepFreeze(before), deepFreeze(after), options, SPEC));
}

/** A `Test::Thing` with these properties. */
export const thing = (properties: Record<string, unknown>) => ({ Type: 'Test::Thing', Properties: properties });
/** Replacement (or action) by logical id. */
export const replacementOf = (changeSet: PredictedChangeSet) =>
  Object.fromEntries(changeSet.changes.map((c) => [c.logicalResourceId, c.replacement ?? c.action]));

