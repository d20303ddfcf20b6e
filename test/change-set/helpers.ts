/** Small helpers shared by the change-set tests and the benchmark. */
import type { PredictedChangeSet } from '../../src/change-set';

/** Freezes a value and everything inside it, so any write by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** A template with these resources. */
export function template(resources: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...extra, Resources: resources };
}

/** A value nested `depth` objects deep (`{ a: { a: ... leaf } }`), for the engine's depth limit (64). */
export function nest(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** A value nested `depth` lists deep (`[[... leaf]]`). */
export function nestInLists(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

/** A resource of `type` with these properties (and attributes such as `DeletionPolicy`). */
export function resource(type: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { Type: type, Properties: properties, ...extra };
}

/** `Replacement` (or the action) of each change by logical id, with the failure's certainty when one is predicted. */
export function outcome(changeSet: PredictedChangeSet): Record<string, string> {
  return Object.fromEntries(changeSet.changes.map((change) => [
    change.logicalResourceId, `${change.replacement ?? change.action}${change.failure ? ` ${change.failure.certainty}` : ''}`,
  ]));
}
