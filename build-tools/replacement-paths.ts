import type { Property, PropertyType, Resource, SpecDatabase, TypeDefinition } from '@aws-cdk/service-spec-types';

/** Compact recreation codes stored in the generated table: 'A' = Always, 'C' = Conditionally. */
export type RecreationCode = 'A' | 'C';

/**
 * The property paths of a resource type whose change forces replacement.
 *
 * Keys are dot-separated paths, top-level property first, without array indices
 * (`ResourcesVpcConfig.SubnetIds`); a map level is written `*` because its keys are the user's
 * (`Events.*.Type`). `causesReplacement: 'yes'` becomes 'A' (Always), `'maybe'`
 * becomes 'C' (Conditionally), anything else is Never and is not stored. A path below a path
 * with the same or a stronger code is not stored: look-ups take the strongest prefix anyway.
 */
export function replacementPaths(db: SpecDatabase, resource: Resource): Record<string, RecreationCode> {
  const out: Record<string, RecreationCode> = {};
  walkProperties(db, resource.properties, [], new Set(), out);

  // Replacement facts that the spec cannot attach to a type definition. They count as 'yes'.
  // Their paths start at a nested property (`CreationInfo.OwnerUid` lives under
  // `RootDirectory`) and a '*' marks an array element (`Tags.*.Key`); we anchor each one at
  // every property path that ends with it.
  const additional = resource.additionalReplacementProperties ?? [];
  if (additional.length > 0) {
    const allPaths = propertyPaths(db, resource.properties, [], new Set());
    for (const raw of additional) {
      const suffix = raw.filter((segment) => segment !== '*').join('.');
      for (const path of allPaths.filter((p) => p === suffix || p.endsWith(`.${suffix}`))) {
        out[path] = 'A';
      }
    }
  }
  return dropCoveredPaths(out);
}

function walkProperties(
  db: SpecDatabase,
  properties: Record<string, Property>,
  prefix: readonly string[],
  visiting: Set<string>,
  out: Record<string, RecreationCode>,
): void {
  for (const [name, property] of Object.entries(properties)) {
    const path = [...prefix, name];
    const code = toCode(property.causesReplacement);
    if (code) {
      out[path.join('.')] = code;
    }
    if (code === 'A') {
      continue; // everything below an Always path replaces anyway
    }
    // The current type only: `previousTypes` describe templates of older spec versions.
    for (const { definition, mapLevels } of referencedDefinitions(db, property.type, 0)) {
      // Cycle guard: a recursive type (a rule statement containing statements) is walked once
      // per path; a replacement path inside the repetition is already found at its first level.
      if (visiting.has(definition.$id)) {
        continue;
      }
      visiting.add(definition.$id);
      walkProperties(db, definition.properties, [...path, ...Array<string>(mapLevels).fill('*')], visiting, out);
      visiting.delete(definition.$id);
    }
  }
}

interface ReferencedDefinition {
  readonly definition: TypeDefinition;
  /** How many map levels lie between the property and the definition (each adds a `*` segment). */
  readonly mapLevels: number;
}

/** The type definitions a property type leads to, through arrays, maps and unions. */
function referencedDefinitions(db: SpecDatabase, type: PropertyType, mapLevels: number): ReferencedDefinition[] {
  switch (type.type) {
    case 'ref':
      return [{ definition: db.get('typeDefinition', type.reference), mapLevels }];
    case 'array':
      return referencedDefinitions(db, type.element, mapLevels);
    case 'map':
      return referencedDefinitions(db, type.element, mapLevels + 1);
    case 'union':
      return type.types.flatMap((member) => referencedDefinitions(db, member, mapLevels));
    default:
      return [];
  }
}

function toCode(causesReplacement: Property['causesReplacement']): RecreationCode | undefined {
  switch (causesReplacement) {
    case 'yes':
      return 'A';
    case 'maybe':
      return 'C';
    default:
      return undefined;
  }
}

/** Every property path of a resource (used to anchor the spec's additional replacement paths). */
function propertyPaths(db: SpecDatabase, properties: Record<string, Property>, prefix: readonly string[], visiting: Set<string>): string[] {
  const result: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const path = [...prefix, name];
    result.push(path.join('.'));
    for (const { definition, mapLevels } of referencedDefinitions(db, property.type, 0)) {
      if (!visiting.has(definition.$id)) {
        visiting.add(definition.$id);
        result.push(...propertyPaths(db, definition.properties, [...path, ...Array<string>(mapLevels).fill('*')], visiting));
        visiting.delete(definition.$id);
      }
    }
  }
  return result;
}

/** Removes entries that a proper prefix already covers with the same or a stronger code. */
function dropCoveredPaths(paths: Record<string, RecreationCode>): Record<string, RecreationCode> {
  const result: Record<string, RecreationCode> = {};
  for (const [path, code] of Object.entries(paths)) {
    const segments = path.split('.');
    const covered = segments.slice(0, -1).some((_, i) => {
      const prefixCode = paths[segments.slice(0, i + 1).join('.')];
      return prefixCode === 'A' || prefixCode === code;
    });
    if (!covered) {
      result[path] = code;
    }
  }
  return result;
}
