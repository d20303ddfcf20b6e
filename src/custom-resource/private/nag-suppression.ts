/**
 * cdk-nag's documented suppression metadata (`cdk_nag.rules_to_suppress`), written on the
 * library's own resources where a finding is by design, with the reason. cdk-nag is not a
 * dependency: the metadata is plain template metadata it reads when a user runs it.
 */
import { CfnResource } from 'aws-cdk-lib';

/** One suppression: the rule, why, and (for rules about findings in a list) which of them. */
export interface NagSuppression {
  readonly id: string;
  readonly reason: string;
  readonly applies_to?: ReadonlyArray<{ readonly regex: string }>;
}

/** Adds the suppressions to the resource's `cdk_nag` metadata. */
export function suppressNagFindings(resource: CfnResource, ...suppressions: NagSuppression[]): void {
  resource.addMetadata('cdk_nag', { rules_to_suppress: suppressions });
}
