import type { Resource } from '@aws-cdk/service-spec-types';
import { NAME_COUPLED } from './name-coupled';
import { deriveNameProperties, NameRule } from './name-properties';
import { NAME_SCOPES, ScopeEntry, ScopeKind } from './name-scopes';

export type { ScopeKind } from './name-scopes';

/** Which rule produced a scope part (shown in docs/replacement-detection.md). */
export type ScopeRule = 'curated' | 'curated for the service' | 'ARN format' | 'primary identifier' | 'default';

/** The name model of one resource type: its unique names and where they are unique. */
export interface NameModel {
  /** Properties holding a physical name unique in the scope (sorted). */
  readonly names: string[];
  readonly nameRule: NameRule;
  /** Where the names are unique (meaningful only when there are names). */
  readonly kind: ScopeKind;
  readonly kindRule: ScopeRule;
  /** Properties naming the parent (or other key parts) the names are unique under (sorted). */
  readonly within: string[];
  readonly withinRule: ScopeRule | 'none';
  /** Replacing properties that cannot change without the name changing (curated, sorted). */
  readonly coupled: string[];
}

/**
 * Derives a type's name model.
 *
 * Names: `deriveNameProperties`. Scope kind, first that applies: a curated entry for the
 * type, one for its service (`AWS::IAM::*`), the ARN format (no Region and no account:
 * `partition`, as `arn:${Partition}:s3:::${BucketName}`; an account but no Region:
 * `account`, as IAM; else `region`), else `region`. Parents: a curated entry's `within`,
 * else its service's (those of its properties the type has), else the writable parts of the
 * primary identifier that are not names (`LogGroupName` of a MetricFilter, `Cluster` of an
 * ECS service, `Scope` of a WAFv2 web ACL), else none.
 *
 * The spec's relationship references are not used for parents: on named types, 25
 * create-only properties refer to another type of the same service, and 10 of those are
 * not parents (an S3 access point's `Bucket`: access point names are unique per account and
 * Region; a DB instance's `DBClusterIdentifier`). The right ones are in the curated table.
 */
export function deriveNameModel(resource: Resource, typeNamesOfService: ReadonlySet<string>): NameModel {
  const { names, rule: nameRule } = deriveNameProperties(resource, typeNamesOfService);
  const type = resource.cloudFormationType;
  const own: ScopeEntry | undefined = NAME_SCOPES[type];
  const service: ScopeEntry | undefined = NAME_SCOPES[`${type.split('::').slice(0, 2).join('::')}::*`];

  let kind: ScopeKind = 'region';
  let kindRule: ScopeRule = 'default';
  const fromArn = arnScope(resource.arnTemplate);
  if (own?.kind) [kind, kindRule] = [own.kind, 'curated'];
  else if (service?.kind) [kind, kindRule] = [service.kind, 'curated for the service'];
  else if (fromArn) [kind, kindRule] = [fromArn, 'ARN format'];

  let within: string[] = [];
  let withinRule: NameModel['withinRule'] = 'none';
  const identifierParents = (resource.primaryIdentifier ?? []).filter((part) => part in resource.properties && !names.includes(part));
  const serviceParents = (service?.within ?? []).filter((part) => part in resource.properties && !names.includes(part));
  if (own?.within) [within, withinRule] = [[...own.within].sort(), 'curated'];
  else if (serviceParents.length > 0 && names.length > 0) [within, withinRule] = [serviceParents.sort(), 'curated for the service'];
  else if (identifierParents.length > 0 && names.length > 0) [within, withinRule] = [identifierParents.sort(), 'primary identifier'];

  const coupled = names.length === 0 ? [] : (NAME_COUPLED[type] ?? [])
    .map((entry) => entry.property)
    .filter((property) => property in resource.properties)
    .sort();
  return { names: [...names].sort(), nameRule, kind, kindRule, within, withinRule, coupled };
}

/** The scope an ARN format implies, or undefined without one. */
export function arnScope(arnTemplate: string | undefined): ScopeKind | undefined {
  if (arnTemplate === undefined) return undefined;
  const [, , , region, account] = arnTemplate.split(':');
  if (region === undefined || account === undefined) return undefined;
  if (region === '' && account === '') return 'partition';
  if (region === '') return 'account';
  return 'region';
}
