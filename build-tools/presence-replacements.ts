/**
 * Top-level properties whose addition or removal replaces a resource although a change of
 * their value does not (or only may): the spec has one value per path, and AWS documents or
 * records more for these. Generated into the table as `p`; the engine reads them when a
 * property appears or disappears (`presenceRecreation` in src/spec/replacement-spec.ts).
 *
 * Each entry has its reason and source; a test fails when an entry names a type or property the
 * spec does not have, or one whose value change the table already treats as Always.
 */

/** One property whose presence matters. */
export interface PresenceReplacement {
  readonly property: string;
  /** RequiresRecreation when the property appears or disappears. */
  readonly recreation: 'Always';
  /** Why (one line, shown in the docs). */
  readonly reason: string;
  /** The AWS page, or the recorded change set, that says so. */
  readonly source: string;
}

export const PRESENCE_REPLACEMENTS: Readonly<Record<string, readonly PresenceReplacement[]>> = {
  'AWS::ElastiCache::ReplicationGroup': [{
    property: 'AuthToken',
    recreation: 'Always',
    reason: 'Adding an AUTH token replaces the group, and so does removing it (a change set recorded for a switch from AuthToken to UserGroupIds shows Replacement); a new token value keeps the spec\'s Conditionally.',
    source: 'CloudFormation Template Reference, AWS::ElastiCache::ReplicationGroup AuthToken ("If ADDING the AuthToken, update requires Replacement"); cloudformation-coverage-roadmap#2356 (the recorded change set)',
  }],
};
