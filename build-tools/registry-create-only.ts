/**
 * The CloudFormation registry schemas' createOnlyProperties, to compare with the replacement
 * table (which `@aws-cdk/aws-service-spec` merges from the registry schemas, the older
 * resource specification and its own patches).
 *
 * No npm package ships the registry schemas themselves. `@pulumi/aws-native` is generated
 * from them and lists each type's createOnlyProperties as the `replaceOnChanges` of its
 * resource class (camel-cased, `[*]` for array elements), so this script reads an unpacked
 * copy of that package and maps the paths back to CloudFormation's property names through
 * the spec. It writes `build-tools/data/registry-create-only.json` for the types in the name
 * model; `test/spec/registry-decisions.test.ts` compares the committed table with it.
 *
 *   (cd /tmp && npm pack @pulumi/aws-native@1.79.0 && tar xzf pulumi-aws-native-1.79.0.tgz)
 *   npx ts-node --transpile-only build-tools/registry-create-only.ts /tmp/package
 */
import * as fs from 'fs';
import * as path from 'path';
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import type { Property, PropertyType, SpecDatabase } from '@aws-cdk/service-spec-types';
import { nameModelOf } from './replacement-table';

export const SNAPSHOT = path.join(__dirname, 'data', 'registry-create-only.json');

/** The committed snapshot. */
export interface RegistrySnapshot {
  readonly source: string;
  /** createOnlyProperties by type, dot-separated CloudFormation paths without array markers. */
  readonly types: Readonly<Record<string, readonly string[]>>;
  /** Types of the name model the source does not have. */
  readonly missing: readonly string[];
  /** Paths the source lists that the spec does not have, by type. */
  readonly unmapped: Readonly<Record<string, readonly string[]>>;
}

/** Reads the committed snapshot. */
export function readRegistrySnapshot(): RegistrySnapshot {
  return JSON.parse(fs.readFileSync(SNAPSHOT, 'utf-8'));
}

/** One place where the table and the registry schema disagree. */
export interface Disagreement {
  readonly path: string;
  readonly table: 'Always' | 'Conditionally' | 'Never';
  readonly registry: 'Always' | 'Never';
}

/**
 * Where a type's replacement paths and its registry createOnly paths disagree: a table path
 * (Always, or Conditionally) no registry path covers, and a registry path no table path
 * covers. A path covers itself and every path below it.
 */
export function disagreements(paths: Readonly<Record<string, 'A' | 'C'>>, createOnly: readonly string[]): Disagreement[] {
  const covered = (candidate: string, by: Iterable<string>) => [...by].some((p) => candidate === p || candidate.startsWith(`${p}.`));
  const found: Disagreement[] = [];
  for (const [p, code] of Object.entries(paths)) {
    const inRegistry = covered(p, createOnly);
    if (code === 'A' && !inRegistry) found.push({ path: p, table: 'Always', registry: 'Never' });
    if (code === 'C' && inRegistry) found.push({ path: p, table: 'Conditionally', registry: 'Always' });
  }
  for (const p of createOnly) {
    if (!covered(p, Object.keys(paths))) found.push({ path: p, table: 'Never', registry: 'Always' });
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function readPulumi(root: string): { version: string; byType: Map<string, string[]> } {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf-8')).version;
  const byType = new Map<string, string[]>();
  for (const dir of fs.readdirSync(root)) {
    const full = path.join(root, dir);
    if (!fs.statSync(full).isDirectory()) continue;
    for (const file of fs.readdirSync(full).filter((name) => name.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(full, file), 'utf8');
      const type = /static __pulumiType = 'aws-native:([^:]+):([^']+)'/.exec(text);
      if (!type) continue;
      const replace = /replaceOnChanges: (\[.*\]) };/.exec(text);
      byType.set(`aws::${type[1]}::${type[2]}`.toLowerCase(), replace ? JSON.parse(replace[1]) : []);
    }
  }
  return { version, byType };
}

/** A camel-cased Pulumi path as CloudFormation property names, through the spec's types. */
function toCloudFormationPath(db: SpecDatabase, properties: Record<string, Property>, camel: string): string | undefined {
  const segments = camel.replace(/\[\*\]/g, '').replace(/\.\*$/, '').split('.');
  const out: string[] = [];
  let level: Record<string, Property> | undefined = properties;
  for (const segment of segments) {
    if (level === undefined) return undefined;
    // Pulumi renames a property called `id` to `awsId`.
    const name: string | undefined = Object.keys(level).find((key) => [key.toLowerCase(), `aws${key.toLowerCase()}`].includes(segment.toLowerCase()));
    if (name === undefined) return undefined;
    out.push(name);
    level = definitionOf(db, level[name].type);
  }
  return out.join('.');
}

function definitionOf(db: SpecDatabase, type: PropertyType): Record<string, Property> | undefined {
  switch (type.type) {
    case 'ref': return db.get('typeDefinition', type.reference).properties;
    case 'array':
    case 'map': return definitionOf(db, type.element);
    case 'union': return type.types.map((member) => definitionOf(db, member)).find((found) => found !== undefined);
    default: return undefined;
  }
}

if (require.main === module) {
  const root = process.argv[2];
  if (!root) throw new Error('usage: registry-create-only.ts <unpacked @pulumi/aws-native package folder>');
  const db = loadAwsServiceSpecSync();
  const pulumi = readPulumi(root);
  const types: Record<string, string[]> = {};
  const unmapped: Record<string, string[]> = {};
  const missing: string[] = [];
  for (const resource of [...db.all('resource')].sort((a, b) => (a.cloudFormationType < b.cloudFormationType ? -1 : 1))) {
    if (nameModelOf(db, resource).names.length === 0) continue;
    const paths = pulumi.byType.get(resource.cloudFormationType.toLowerCase());
    if (paths === undefined) {
      missing.push(resource.cloudFormationType);
      continue;
    }
    const mapped = paths.map((camel) => [camel, toCloudFormationPath(db, resource.properties, camel)] as const);
    types[resource.cloudFormationType] = [...new Set(mapped.flatMap(([, p]) => (p === undefined ? [] : [p])))].sort();
    const lost = mapped.filter(([, p]) => p === undefined).map(([camel]) => camel);
    if (lost.length > 0) unmapped[resource.cloudFormationType] = lost;
  }
  const snapshot: RegistrySnapshot = {
    source: `CloudFormation registry schemas (createOnlyProperties), as listed by @pulumi/aws-native ${pulumi.version} (replaceOnChanges)`,
    types,
    missing,
    unmapped,
  };
  fs.mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  fs.writeFileSync(SNAPSHOT, `${JSON.stringify(snapshot, null, 1)}\n`);
  console.log(`${SNAPSHOT}: ${Object.keys(types).length} types, ${missing.length} missing, ${Object.keys(unmapped).length} with unmapped paths`);
}
