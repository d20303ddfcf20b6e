/**
 * What a resource's `UpdatePolicy` attribute changes about replacement. The spec's
 * replacement facts describe a resource without one; these policies change them:
 *
 * - `AutoScalingReplacingUpdate` with `WillReplace: true` on an `AWS::AutoScaling::AutoScalingGroup`:
 *   a change of its launch configuration, launch template, mixed instances policy or subnets
 *   replaces the whole group (CloudFormation creates the new group, then deletes the old one
 *   when the new one is ready), so a group with an `AutoScalingGroupName` fails.
 * - `EnableVersionUpgrade: true` on an `AWS::Elasticsearch::Domain` or an
 *   `AWS::OpenSearchService::Domain`: a new `ElasticsearchVersion` or `EngineVersion` upgrades
 *   the domain in place instead of replacing it (without the policy, the table says the
 *   OpenSearch domain is replaced, as its reference page does).
 * - `UseOnlineResharding: true` on an `AWS::ElastiCache::ReplicationGroup`: a new
 *   `NumNodeGroups` or `NodeGroupConfiguration` adds or removes shards in place.
 *
 * Not listed because they change nothing about replacement: `AutoScalingRollingUpdate` and
 * `AutoScalingScheduledAction` (they replace instances, never the group) and
 * `CodeDeployLambdaAliasUpdate` (it shifts an alias's traffic through CodeDeploy).
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-attribute-updatepolicy.html
 */

/** One effect of an update policy on the replacement of some top-level properties. */
export interface UpdatePolicyEffect {
  readonly resourceType: string;
  /** Path in `UpdatePolicy` of the switch that turns the effect on. */
  readonly policy: readonly string[];
  /** Top-level properties whose change the effect concerns. */
  readonly properties: readonly string[];
  /** RequiresRecreation of such a change while the switch is on. */
  readonly recreation: 'Always' | 'Never';
}

export const UPDATE_POLICY_EFFECTS: readonly UpdatePolicyEffect[] = [
  {
    resourceType: 'AWS::AutoScaling::AutoScalingGroup',
    policy: ['AutoScalingReplacingUpdate', 'WillReplace'],
    properties: ['LaunchConfigurationName', 'LaunchTemplate', 'MixedInstancesPolicy', 'VPCZoneIdentifier'],
    recreation: 'Always',
  },
  {
    resourceType: 'AWS::Elasticsearch::Domain',
    policy: ['EnableVersionUpgrade'],
    properties: ['ElasticsearchVersion'],
    recreation: 'Never',
  },
  {
    resourceType: 'AWS::OpenSearchService::Domain',
    policy: ['EnableVersionUpgrade'],
    properties: ['EngineVersion'],
    recreation: 'Never',
  },
  {
    resourceType: 'AWS::ElastiCache::ReplicationGroup',
    policy: ['UseOnlineResharding'],
    properties: ['NumNodeGroups', 'NodeGroupConfiguration'],
    recreation: 'Never',
  },
];

/** Whether a policy switch is on: `true`, `false`, or `undefined` when it is an unresolved intrinsic. */
export type PolicySwitch = boolean | undefined;

/**
 * The RequiresRecreation an update policy gives a change of `property`, or undefined when no
 * policy of the type concerns it or its switch is off. A switch that cannot be read offline
 * (an intrinsic) makes the change `Conditionally`: the policy may or may not be on.
 *
 * @param resourceType the resource's type
 * @param updatePolicy the resource's `UpdatePolicy` attribute, as written in the new template
 * @param property the top-level property that changes
 */
export function updatePolicyRecreation(resourceType: string, updatePolicy: unknown, property: string): 'Always' | 'Conditionally' | 'Never' | undefined {
  for (const effect of UPDATE_POLICY_EFFECTS) {
    if (effect.resourceType !== resourceType || !effect.properties.includes(property)) continue;
    const on = policySwitch(updatePolicy, effect.policy);
    if (on === true) return effect.recreation;
    if (on === undefined) return 'Conditionally';
  }
  return undefined;
}

/** The value of a policy switch: absent or `false`/`"false"` is off. */
export function policySwitch(updatePolicy: unknown, path: readonly string[]): PolicySwitch {
  let value: unknown = updatePolicy;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.prototype.hasOwnProperty.call(value, key)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false' || value === undefined || value === null) return false;
  return typeof value === 'object' ? undefined : false;
}
