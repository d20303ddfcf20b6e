import type { Property, Resource } from '@aws-cdk/service-spec-types';
import { NAME_CORRECTIONS } from './name-corrections';

/** Which rule produced a type's name properties (shown in docs/replacement-detection.md). */
export type NameRule = 'primary identifier' | 'naming convention' | 'naming convention and ARN format' | 'curated' | 'none';

/** The name properties of one resource type and the rule that produced them. */
export interface DerivedNames {
  readonly names: string[];
  readonly rule: NameRule;
}

/**
 * Derives the properties that hold a resource type's physical name.
 *
 * 1. A curated correction wins (`name-corrections.ts`).
 * 2. When every part of the primaryIdentifier is a writable property, the parts the resource
 *    owns are its names: a part that refers to another resource (an ARN, an id or name of a
 *    parent such as `RestApiId` or `Bucket`) is not. With several parts, only the parts that
 *    follow the type's naming convention count (an HTTP method or a principal is a key, not a name).
 * 3. Otherwise, the string properties that follow the strict naming convention (see
 *    `ConventionStrictness`) and either always replace the resource when changed or appear
 *    in the type's ARN format (`arn:...:codecommit:${Region}:${Account}:${RepositoryName}`:
 *    the name is part of the resource's identity, so it is unique, even where it can be
 *    changed in place).
 *
 * A name that can be changed in place still collides when the resource moves to a new logical
 * id under the same name: CloudFormation creates the new resource before deleting the old one.
 *
 * @param resource the resource type from the spec database
 * @param typeNamesOfService the last segments of all resource types of the same service
 */
export function deriveNameProperties(resource: Resource, typeNamesOfService: ReadonlySet<string>): DerivedNames {
  const correction = NAME_CORRECTIONS[resource.cloudFormationType];
  if (correction) {
    return { names: [...correction.names], rule: 'curated' };
  }
  const typeName = lastSegment(resource.cloudFormationType);
  const identifier = resource.primaryIdentifier ?? [];
  if (identifier.length > 0 && identifier.every((part) => part in resource.properties)) {
    const owned = identifier.filter((part) => isNameCandidate(resource.properties[part], 'yes-or-maybe')
      && !refersToAnotherResource(part, resource.properties[part], typeName, typeNamesOfService));
    const names = identifier.length === 1 ? owned : owned.filter((part) => followsNamingConvention(typeName, part, 'relaxed'));
    return { names, rule: names.length > 0 ? 'primary identifier' : 'none' };
  }
  const arnVariables = new Set([...(resource.arnTemplate ?? '').matchAll(/\$\{([^}]+)\}/g)].map((match) => match[1]));
  const names = Object.keys(resource.properties)
    .filter((name) => followsNamingConvention(typeName, name, 'strict')
      && (isNameCandidate(resource.properties[name], 'yes') || (resource.properties[name].type.type === 'string' && arnVariables.has(name))))
    .sort();
  if (names.length === 0) return { names, rule: 'none' };
  const updatable = names.some((name) => resource.properties[name].causesReplacement !== 'yes');
  return { names, rule: updatable ? 'naming convention and ARN format' : 'naming convention' };
}

/**
 * How strictly a property name must follow the naming convention.
 *
 * - `strict` (a property outside the identifier, which only its name can qualify): `Name`,
 *   `<Suffix>Name` or `<Suffix>Identifier`, where Suffix is the type name or its trailing words
 *   (`SecurityGroup` -> `GroupName`, `DBInstance` -> `DBInstanceIdentifier`), and `<TypeName>Id`
 *   for the whole type name (`AWS::IoT::Job` -> `JobId`). A bare word or `<Word>Id` is too often
 *   a value or a reference (`Schema`, `Certificate`, `Status`, `KeyId` in a UsagePlanKey).
 * - `relaxed` (a part of the primary identifier, already known to identify the resource; the
 *   convention only tells owned parts from parent references): also `<Suffix>`, `<Suffix>Id`,
 *   `Id` and `Identifier` (`Domain` in a UserPoolDomain, `Identifier` in a ResourceServer).
 */
export type ConventionStrictness = 'strict' | 'relaxed';

/** Whether `property` is named like a physical name of type `typeName`, ignoring case. */
export function followsNamingConvention(typeName: string, property: string, strictness: ConventionStrictness): boolean {
  const lower = property.toLowerCase();
  const whole = typeName.toLowerCase();
  if (lower === 'name' || lower === `${whole}id`) {
    return true;
  }
  if (strictness === 'relaxed' && (lower === 'id' || lower === 'identifier')) {
    return true;
  }
  return typeNameSuffixes(typeName).some((suffix) => {
    const s = suffix.toLowerCase();
    const strictMatch = lower === `${s}name` || lower === `${s}identifier`;
    return strictMatch || (strictness === 'relaxed' && (lower === s || lower === `${s}id`));
  });
}

/** `SecurityGroup` -> ['SecurityGroup', 'Group']; `DBInstance` -> ['DBInstance', 'Instance']. */
export function typeNameSuffixes(typeName: string): string[] {
  const words = typeName.match(/[A-Z]+[0-9]*(?![a-z])|[A-Z][a-z0-9]*|[a-z0-9]+/g) ?? [typeName];
  return words.map((_, i) => words.slice(i).join(''));
}

/** The last segment of `AWS::Service::TypeName`. */
export function lastSegment(cloudFormationType: string): string {
  return cloudFormationType.split('::').pop() ?? cloudFormationType;
}

function isNameCandidate(property: Property, replaces: 'yes' | 'yes-or-maybe'): boolean {
  const forcesReplacement = property.causesReplacement === 'yes'
    || (replaces === 'yes-or-maybe' && property.causesReplacement === 'maybe');
  return forcesReplacement && property.type.type === 'string';
}

/**
 * Whether an identifier part points at another resource rather than naming this one.
 *
 * A resource's own ARN and generated id are attributes, so a writable `...Arn` always refers to
 * another resource, and so does a writable `...Id` that does not follow this type's convention.
 * A part whose name (without `Name`/`Identifier`) is another type of the same service names
 * the parent (`BucketName` or `Bucket` in `AWS::S3::BucketPolicy`, `RestApiId`). The spec's
 * relationship references are a last hint; they are noisy (`AWS::Logs::LogGroup`'s LogGroupName
 * "refers" to a Lambda function), so they never override the naming convention.
 */
function refersToAnotherResource(part: string, property: Property, typeName: string, typeNamesOfService: ReadonlySet<string>): boolean {
  if (/arn$/i.test(part)) {
    return true;
  }
  if (followsNamingConvention(typeName, part, 'relaxed')) {
    return false;
  }
  if (/Id$/.test(part)) {
    return true;
  }
  const stem = part.replace(/(Name|Identifier)$/, '');
  if ([part, stem].some((candidate) => candidate !== typeName && typeNamesOfService.has(candidate))) {
    return true;
  }
  return (property.relationshipRefs ?? []).some((ref) => lastSegment(ref.cloudFormationType) !== typeName);
}
