/**
 * The ids of the findings cdk-lifecycle adds to constructs (the ReplacementGuard's and the
 * custom-resource constructs'). They are stable: acknowledge a finding with
 * `Annotations.of(scope).acknowledgeWarning(FindingId.NAMED_RESOURCE_REPLACEMENT, reason)`.
 */
export class FindingId {
  /** A resource with an explicit name has properties whose change would replace it. */
  public static readonly NAMED_RESOURCE_REPLACEMENT = 'cdk-lifecycle:named-resource-replacement';

  /** Compared with the deployed baseline, this change replaces a named resource: it will fail. */
  public static readonly REPLACEMENT_WILL_FAIL = 'cdk-lifecycle:replacement-will-fail';

  /** Compared with the deployed baseline, this change may replace a named resource and fail. */
  public static readonly REPLACEMENT_MAY_FAIL = 'cdk-lifecycle:replacement-may-fail';

  /**
   * Two resources of the app hold the same unique name in the same scope (the same explicit
   * account and region, or a name unique across the partition such as a bucket's): one of
   * the two deployments will fail.
   */
  public static readonly NAME_COLLISION = 'cdk-lifecycle:name-collision';

  /**
   * Two resources of the app hold the same unique name, and a stack's account or region is
   * not known at synth time: if they deploy to the same scope, one of them fails.
   */
  public static readonly NAME_MAY_COLLIDE = 'cdk-lifecycle:name-may-collide';

  /**
   * The deployed baseline template was read with a warning: a YAML key repeated in one
   * mapping, where CloudFormation takes the last value.
   */
  public static readonly BASELINE_TEMPLATE_WARNING = 'cdk-lifecycle:baseline-template-warning';

  /**
   * Compared with the deployed baseline, this change replaces or removes a resource that
   * holds data (a table, a bucket, a database...) and its policy deletes that data.
   */
  public static readonly DATA_WILL_BE_DELETED = 'cdk-lifecycle:data-will-be-deleted';

  /**
   * A `ResourceProvider` in a VPC cannot reach an AWS service its runtime calls (S3 for every
   * answer, SSM for `exactlyOnce` and long waits, Lambda for `onEventFunction` and long waits):
   * its subnets have no way out of the VPC and the VPC has no endpoint for the service, or its
   * security groups allow no outbound HTTPS. Requests would go unanswered or fail.
   */
  public static readonly PROVIDER_CANNOT_REACH_AWS = 'cdk-lifecycle:provider-cannot-reach-aws';

  /**
   * A `ResourceProvider` was given a role this app cannot change (an immutable imported role):
   * the statements its runtime needs were not added, and the role must already allow them.
   */
  public static readonly PROVIDER_ROLE_NOT_UPDATED = 'cdk-lifecycle:provider-role-not-updated';

  private constructor() {}
}
