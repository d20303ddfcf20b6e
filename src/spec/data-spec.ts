/**
 * What the engine knows about data and stack refactoring, by resource type: which types hold
 * data a deletion destroys (with the facts that decide what a policy does to it), and which
 * types stack refactoring does not support.
 *
 * Backed by `data-spec.generated.ts` (build-tools/generate-data-spec.ts, from curated tables
 * checked against the CloudFormation spec). See docs/change-set-prediction.md.
 */
import * as generated from './data-spec.generated';

/** The facts about one data-bearing type. */
export type DataBearingFacts = typeof generated.DATA_BEARING_TYPES[string];

/** Where CloudFormation documents the policies, the refactoring limits, and how many stacks one refactor may touch. */
export const DATA_SPEC_SOURCES = {
  deletionPolicy: generated.DELETION_POLICY_SOURCE,
  updateReplacePolicy: generated.UPDATE_REPLACE_POLICY_SOURCE,
  refactor: generated.REFACTOR_SOURCE,
} as const;

/** At most this many stacks take part in one stack refactor. */
export const MAX_REFACTOR_STACKS = generated.MAX_REFACTOR_STACKS;

/** Pseudo parameters whose value differs between two stacks of one environment. */
export const STACK_PSEUDO_PARAMETERS: readonly string[] = generated.STACK_PSEUDO_PARAMETERS;

const UNSUPPORTED: ReadonlySet<string> = new Set(generated.REFACTOR_UNSUPPORTED_TYPES);

/** The facts of a data-bearing type; undefined for any other type. */
export function dataBearingType(resourceType: string): DataBearingFacts | undefined {
  return Object.prototype.hasOwnProperty.call(generated.DATA_BEARING_TYPES, resourceType) ? generated.DATA_BEARING_TYPES[resourceType] : undefined;
}

/** Whether stack refactoring supports the type: not for the User Guide's list, nor for custom resources (`Custom::*`). */
export function refactorSupports(resourceType: string): boolean {
  return !UNSUPPORTED.has(resourceType) && !resourceType.startsWith('Custom::');
}
