import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import { DEFAULT_OUTPUT, writeReplacementSpec } from '../../build-tools/generate-replacement-spec';
import { NAME_CORRECTIONS } from '../../build-tools/name-corrections';
import { followsNamingConvention, typeNameSuffixes } from '../../build-tools/name-properties';
import { lookupResourceType, resourceTypesWithNames } from '../../src/spec/replacement-spec';

const DOC = path.join(__dirname, '..', '..', 'docs', 'replacement-detection.md');

describe('generate-replacement-spec', () => {
  test('GIVEN the pinned spec WHEN the table is regenerated THEN it equals the committed file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replacement-spec-'));
    try {
      const output = path.join(dir, 'replacement-spec.generated.ts');
      writeReplacementSpec(output);
      // On failure: run `npx ts-node --transpile-only build-tools/generate-replacement-spec.ts`.
      expect(fs.readFileSync(output, 'utf-8') === fs.readFileSync(DEFAULT_OUTPUT, 'utf-8')).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('GIVEN the curated corrections WHEN checked against the spec THEN each names a real type and real string properties', () => {
    const db = loadAwsServiceSpecSync();
    const problems = Object.entries(NAME_CORRECTIONS).flatMap(([type, correction]) => {
      const resource = db.lookup('resource', 'cloudFormationType', 'equals', type)[0];
      if (!resource) {
        return [`${type}: not in the spec`];
      }
      return correction.names
        .filter((name) => resource.properties[name]?.type.type !== 'string')
        .map((name) => `${type}.${name}: not a string property`);
    });
    expect(problems).toEqual([]);
  });

  test.each([
    ['SecurityGroup', 'GroupName', 'strict', true],
    ['DBInstance', 'DBInstanceIdentifier', 'strict', true],
    ['Queue', 'QueueName', 'strict', true],
    ['Job', 'JobId', 'strict', true],
    ['UserPoolUser', 'Username', 'strict', true],
    ['UsagePlanKey', 'KeyId', 'strict', false],
    ['Schema', 'Schema', 'strict', false],
    ['UserPoolDomain', 'Domain', 'strict', false],
    ['UserPoolDomain', 'Domain', 'relaxed', true],
    ['Table', 'KeyspaceName', 'relaxed', false],
  ] as const)('GIVEN type %s WHEN checking %s (%s) THEN it follows the naming convention: %s', (typeName, property, strictness, expected) => {
    expect(followsNamingConvention(typeName, property, strictness)).toBe(expected);
  });

  test('GIVEN acronyms in a type name WHEN splitting it THEN the trailing-word suffixes keep them whole', () => {
    expect(typeNameSuffixes('DBInstance')).toEqual(['DBInstance', 'Instance']);
    expect(typeNameSuffixes('VPCEndpointService')).toEqual(['VPCEndpointService', 'EndpointService', 'Service']);
  });
});

describe('docs/replacement-detection.md', () => {
  const doc = fs.readFileSync(DOC, 'utf-8');

  test('GIVEN the name table in the docs WHEN compared with the table THEN every row matches and there are at least 60', () => {
    const section = doc.slice(doc.indexOf('### Name properties of common resource types'), doc.indexOf('### Common resource types without a name property'));
    const rows = [...section.matchAll(/^\| `(AWS::[A-Za-z0-9]+::[A-Za-z0-9]+)` \| ((?:`\w+`(?:, )?)+) \| /gm)]
      .map(([, type, names]) => ({ type, names: names.split(', ').map((n) => n.replace(/`/g, '')) }));
    const common = rows.filter((row) => lookupResourceType(row.type)?.nameProperties.length);
    expect(common.length).toBeGreaterThanOrEqual(60);
    for (const { type, names } of rows) {
      expect({ type, names }).toEqual({ type, names: [...lookupResourceType(type)!.nameProperties] });
    }
  });

  test('GIVEN the closing note WHEN compared with the table THEN it gives the current number of named types', () => {
    const count = resourceTypesWithNames().length.toLocaleString('en-US');
    expect(doc).toContain(`**${count} of the `);
  });
});
