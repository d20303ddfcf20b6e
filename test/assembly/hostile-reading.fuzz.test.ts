/**
 * Issue 36, item 5: `cdk-lifecycle diff` (and `invoke`'s reading) on generated hostile inputs:
 * templates (JSON and YAML, deep, aliased, invalid UTF-8, large), cloud assemblies made in a
 * temporary folder (manifests whose paths leave the folder, links out, Stages and nested stacks
 * that form cycles) and rules files (aliases, deep, globs full of stars). Whatever is generated:
 * no crash with a stack trace, nothing outside the folders given is opened or quoted, the run
 * finishes (a hang fails the test by its timeout), and there is a result or a clear error.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as fc from 'fast-check';
import { Entry, manifest, RecordedRun, runRecordingOpens, SENTINEL, topics, Workspace } from '../helpers/hostile-files';

let ws: Workspace;
let cases = 0;
beforeAll(() => {
  ws = new Workspace();
});
afterAll(() => ws.remove());

/** The outcome every generated input must have: 0 or 1 with a report, or 2 with one clear line. */
function wellBehaved(result: RecordedRun): void {
  expect([0, 1, 2]).toContain(result.code);
  expect(result.stderr).not.toContain('unexpected error');
  expect(result.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/);
  if (result.code === 2) expect(result.stderr).toMatch(/^cdk-lifecycle: \S/);
  expect(result.stdout + result.stderr).not.toContain(SENTINEL);
  expect(result.opened.filter((file) => ws.isOutside(file))).toEqual([]);
}

/** Paths a manifest or template may name: inside, outside, odd. */
const hostilePath = fc.constantFrom(
  'App.template.json', 'other.json', 'sub/App.template.json', 'sub/../App.template.json', './App.template.json', 'link.json', 'link-dir',
  'manifest.json', '.', '..', '', '../outside/template.json', '../outside/secret.txt', '../outside', '/etc/hostname', 'OUTSIDE_ABSOLUTE',
  'sub', 'missing.json', 'a\u0000b', 'big.json', 'deep.json', 'latin1.json',
);

/** A template's text: plain, deep, aliased, not UTF-8, large, or not a template at all. */
const templateText: fc.Arbitrary<Entry> = fc.oneof(
  { arbitrary: fc.constantFrom(topics('Topic'), topics('Topic', 'Queue')), weight: 6 },
  fc.integer({ min: 1, max: 3_000 }).map((depth) => `{"Resources":{"T":{"Type":"X","Properties":{"P":${'['.repeat(depth)}1${']'.repeat(depth)}}}}}`),
  fc.integer({ min: 1, max: 30 }).map((levels) => `Metadata:\n  l0: &l0 [a, b, c]\n${Array.from({ length: levels }, (_, i) => `  l${i + 1}: &l${i + 1} [*l${i}, *l${i}, *l${i}]`).join('\n')}\nResources: {}\n`),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => Buffer.concat([Buffer.from('{"Resources":{},"Description":"'), Buffer.from(bytes), Buffer.from('"}')])),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 80 }),
  fc.constant(`{"Resources":{},"Description":"${'x'.repeat(1_100_000)}"}`),
  fc.constant('a: &a [x, *a]\nResources: {}\n'),
);

/** Resources that make the reader follow paths: nested stacks by metadata or by asset object key. */
const nestedStacks = fc.array(fc.record({ assetPath: fc.option(hostilePath, { nil: undefined }), byKey: fc.boolean() }), { maxLength: 3 })
  .map((stacks) => JSON.stringify({
    Resources: Object.fromEntries(stacks.map((stack, index) => [`Nested${index}`, {
      Type: 'AWS::CloudFormation::Stack',
      ...(stack.assetPath === undefined ? {} : { Metadata: { 'aws:asset:path': stack.assetPath } }),
      Properties: { TemplateURL: stack.byKey ? 'https://s3/key0.json' : 'https://s3/none' },
    }])),
  }));

/** A stack's template file: mostly one that is there (so the reading goes on to what it names), else any path. */
const templateFile = fc.oneof(
  { arbitrary: fc.constantFrom('App.template.json', 'other.json', 'sub/App.template.json'), weight: 3 },
  { arbitrary: hostilePath, weight: 1 },
);

/** Mostly nothing, sometimes a hostile value: each hostile part alone, as often as together. */
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 4 }, { arbitrary, weight: 1 });

/** A cloud assembly: its manifest's artifacts and the files beside it. */
const assembly = fc.record({
  stacks: fc.array(fc.record({ templateFile, metadataFile: rarely(hostilePath) }), { minLength: 1, maxLength: 3 }),
  stages: rarely(hostilePath).map((stage) => (stage === undefined ? [] : [stage])),
  assetSource: fc.option(hostilePath, { nil: undefined }),
  app: fc.oneof(templateText, nestedStacks, nestedStacks),
  other: templateText,
  deployedState: rarely(fc.constantFrom<Entry>({ symlink: '../outside/secret.txt' }, '{"version": 1,', 'not json')),
});

type AssemblySpec = typeof assembly extends fc.Arbitrary<infer T> ? T : never;

/** Writes an assembly into a new folder of the workspace; returns its name. */
function writeAssembly(spec: AssemblySpec): string {
  const name = `case-${cases++}`;
  const real = (written: string) => (written === 'OUTSIDE_ABSOLUTE' ? path.join(ws.outside, 'secret.txt') : written);
  const artifacts: Record<string, unknown> = {};
  spec.stacks.forEach((stack, index) => {
    artifacts[`Stack${index}`] = {
      type: 'aws:cloudformation:stack',
      properties: { templateFile: real(stack.templateFile), stackName: `Stack${index}` },
      ...(stack.metadataFile === undefined ? {} : { additionalMetadataFile: real(stack.metadataFile) }),
    };
  });
  spec.stages.forEach((stage, index) => {
    artifacts[`Stage${index}`] = { type: 'cdk:cloud-assembly', properties: { directoryName: real(stage) } };
  });
  if (spec.assetSource !== undefined) artifacts.Assets = { type: 'cdk:asset-manifest', properties: { file: 'App.assets.json' } };
  const entries: Record<string, Entry> = {
    'manifest.json': manifest(artifacts),
    'App.template.json': spec.app,
    'other.json': spec.other,
    'sub/App.template.json': topics('InSub'),
    'sub/manifest.json': manifest({ Back: { type: 'cdk:cloud-assembly', properties: { directoryName: '..' } } }),
    'deep.json': `{"Resources":{"T":{"Type":"X","Properties":{"P":${'{"a":'.repeat(100)}1${'}'.repeat(100)}}}}}`,
    'latin1.json': Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]),
    'link.json': { symlink: '../outside/template.json' },
    'link-dir': { symlink: '../outside' },
  };
  if (spec.assetSource !== undefined) {
    entries['App.assets.json'] = JSON.stringify({ files: { key0: { source: { path: real(spec.assetSource) }, destinations: { d: { objectKey: 'key0.json' } } } } });
  }
  if (spec.deployedState !== undefined) entries['cdk-lifecycle.deployed.json'] = spec.deployedState;
  ws.folder(name, entries);
  return name;
}

describe('generated hostile inputs', () => {
  test('GIVEN two generated template files WHEN diffed THEN a report or one clear error, nothing outside read', async () => {
    await fc.assert(fc.asyncProperty(templateText, templateText, async (before, after) => {
      const name = `case-${cases++}`;
      ws.folder(name, { 'a.template': before, 'b.yaml': after });
      wellBehaved(await runRecordingOpens(['diff', `${name}/a.template`, `${name}/b.yaml`], ws.root));
    }), { numRuns: 40 });
  });

  test('GIVEN generated cloud assemblies WHEN diffed THEN a report or one clear error, nothing outside read, nothing hangs', async () => {
    await fc.assert(fc.asyncProperty(assembly, assembly, async (before, after) => {
      const a = writeAssembly(before);
      const b = writeAssembly(after);
      wellBehaved(await runRecordingOpens(['diff', a, b], ws.root));
    }), { numRuns: 60 });
  });

  test('GIVEN a generated cloud assembly WHEN opened by invoke THEN a result or one clear error, nothing outside read', async () => {
    await fc.assert(fc.asyncProperty(assembly, async (spec) => {
      const result = await runRecordingOpens(['invoke', writeAssembly(spec), '--request', 'create'], ws.root);
      wellBehaved(result);
    }), { numRuns: 30 });
  });

  /** A rules file: valid rules with hostile globs, aliases, depth, or bytes. */
  const rulesFile: fc.Arbitrary<string | Buffer> = fc.oneof(
    fc.tuple(fc.integer({ min: 1, max: 40 }), fc.constantFrom('stack', 'resourceType', 'property'))
      .map(([stars, field]) => `rules:\n  - id: r\n    level: fail\n    message: m\n    match:\n      ${field}: '${'a*'.repeat(stars)}b'\n`),
    fc.integer({ min: 1, max: 12 }).map((levels) => `l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n${Array.from({ length: levels }, (_, i) => `l${i + 1}: &l${i + 1} [${Array(9).fill(`*l${i}`).join(', ')}]`).join('\n')}\nrules: []\n`),
    fc.integer({ min: 1, max: 2_000 }).map((depth) => `rules: ${'['.repeat(depth)}${']'.repeat(depth)}\n`),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.concat([Buffer.from('rules: []\n# '), Buffer.from(bytes)])),
    fc.string({ maxLength: 80 }),
  );

  test('GIVEN generated rules files WHEN a diff is reviewed with them THEN a report or one clear error, in bounded time', async () => {
    const name = `case-${cases++}`;
    ws.folder(name, {
      'manifest.json': manifest({ App: { type: 'aws:cloudformation:stack', properties: { templateFile: 'App.json', stackName: 'a'.repeat(5_000) } } }),
      'App.json': topics('aaaaaaaaaaaaaaaaaaaa'),
    });
    await fc.assert(fc.asyncProperty(rulesFile, async (rules) => {
      fs.writeFileSync(path.join(ws.root, name, 'rules.yaml'), rules);
      wellBehaved(await runRecordingOpens(['diff', name, name, '--rules', `${name}/rules.yaml`], ws.root));
    }), { numRuns: 40 });
  });
});
