/**
 * The values a replacement keeps when it keeps the identity: a named resource replaced under the
 * same names and parents (a table whose key schema changes, `TableName` fixed) has the same `Ref`
 * and ARN afterwards, where those are built from the identity alone. An export of one keeps its
 * value, so no importer is in its way (the replacement itself is what fails, the name being taken).
 *
 * Derived from the spec, for named types only:
 * - an attribute named as an identity property (`TopicName` of a topic, `QueueName` of a queue)
 *   is that property's value;
 * - the ARN attributes (`Arn`, `<TypeName>Arn`) when the ARN format's variables are the
 *   partition, Region, account and identity properties only
 *   (`arn:${Partition}:dynamodb:${Region}:${Account}:table/${TableName}`); a variable that is not a
 *   property (`${RoleNameWithPath}`, `${SecurityGroupId}`) keeps the ARN out;
 * - `Ref`, when every part of what it returns (the spec's `cfnRefIdentifier`, else the primary
 *   identifier) is an identity property or one of the attributes above (a topic's `Ref` is its
 *   `TopicArn`; a queue's is its URL, which the spec does not derive, so it is left out).
 */
import type { Resource } from '@aws-cdk/service-spec-types';
import type { NameModel } from './name-model';
import { lastSegment } from './name-properties';

const ENVIRONMENT_VARIABLES = new Set(['Partition', 'Region', 'Account', 'AWS::Partition', 'AWS::Region', 'AWS::AccountId']);

/** `Ref` and the attributes of `resource` that a replacement keeping its identity keeps (sorted); empty for unnamed types. */
export function identityValues(resource: Resource, model: NameModel): string[] {
  if (model.names.length === 0) return [];
  const identity = new Set([...model.names, ...model.within]);
  const attributes = Object.keys(resource.attributes);
  const sameAsProperty = attributes.filter((attribute) => identity.has(attribute));
  const variables = [...(resource.arnTemplate ?? '').matchAll(/\$\{([^}]+)\}/g)].map((match) => match[1]);
  const arnDerived = resource.arnTemplate !== undefined
    && variables.every((variable) => ENVIRONMENT_VARIABLES.has(variable) || identity.has(variable));
  const typeName = lastSegment(resource.cloudFormationType);
  const arns = arnDerived ? attributes.filter((attribute) => attribute === 'Arn' || attribute === `${typeName}Arn`) : [];
  const kept = new Set([...sameAsProperty, ...arns]);
  const refParts = resource.cfnRefIdentifier ?? resource.primaryIdentifier ?? [];
  const ref = refParts.length > 0 && refParts.every((part) => identity.has(part) || kept.has(part));
  return [...(ref ? ['Ref'] : []), ...[...kept].sort()];
}
