/**
 * The ids of the findings cdk-lifecycle adds to constructs. They are stable: acknowledge a
 * finding with `Annotations.of(scope).acknowledgeWarning(FindingId.NAMED_RESOURCE_REPLACEMENT, reason)`.
 */
export class FindingId {
  /** A resource with an explicit name has properties whose change would replace it. */
  public static readonly NAMED_RESOURCE_REPLACEMENT = 'cdk-lifecycle:named-resource-replacement';

  /** Compared with the deployed baseline, this change replaces a named resource: it will fail. */
  public static readonly REPLACEMENT_WILL_FAIL = 'cdk-lifecycle:replacement-will-fail';

  /** Compared with the deployed baseline, this change may replace a named resource and fail. */
  public static readonly REPLACEMENT_MAY_FAIL = 'cdk-lifecycle:replacement-may-fail';

  private constructor() {}
}
