/**
 * Synth-time errors that say what was wrong, where (the construct path and the property)
 * and what was given.
 */
import { IConstruct } from 'constructs';

/** An error about one property of one construct. */
export class ConstructPropsError extends Error {
  constructor(path: string, property: string, message: string) {
    super(`${path}: ${property} ${message}`);
    this.name = 'ConstructPropsError';
  }
}

/** The path a construct will have once created under `scope` with `id`. */
export function futurePath(scope: IConstruct, id: string): string {
  return scope.node.path ? `${scope.node.path}/${id}` : id;
}
