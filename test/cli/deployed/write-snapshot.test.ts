/**
 * The snapshot folder's layout: a cloud assembly the reader takes as any other, each deployed
 * template written as it was read, nested templates where the reader finds them (the file the
 * `aws:asset:path` metadata names, or one an asset manifest publishes under the TemplateURL),
 * stacks with nothing to update left out of the manifest but kept in the deployed state.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { queues, writeAssembly } from './assembly-builder';
import { SnapshotRead, StackRead } from '../../../src/cli/deployed/snapshot-read';
import { writeSnapshotInto } from '../../../src/cli/deployed/write-snapshot';
import { readAssembly } from '../../../src/cli/input/read-assembly';
import { checkDeployedState } from '../../../src/cli/input/read-deployed-state';
import { readSide } from '../../../src/cli/input/stack-pairs';
import { listFiles } from '../../helpers/assembly';

let tmp: string;
beforeAll(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-write-')); });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A nested stack resource as CDK writes it, its template's object key (the asset hash) in the TemplateURL. */
const nestedResource = (extra: Record<string, unknown>, hash = 'abc123') => ({
  Type: 'AWS::CloudFormation::Stack',
  Properties: { TemplateURL: { 'Fn::Join': ['', ['https://s3.', { Ref: 'AWS::Region' }, `.amazonaws.com/bucket/${hash}.json`]] } },
  ...extra,
});

let folders = 0;
/** What was "read" for stacks of a built app: each given its deployed template and nested templates. */
interface ReadStack {
  readonly id: string;
  readonly status?: string;
  readonly template?: Record<string, any>;
  readonly nested?: Array<[string, Record<string, unknown>]>;
}

function readOf(stacks: readonly ReadStack[]): SnapshotRead {
  const app = readAssembly(writeAssembly(path.join(tmp, `app-${++folders}`), stacks.map(({ id }) => ({ id, template: queues('A'), environment: 'aws://111111111111/eu-west-1' }))));
  return {
    takenAt: '2026-12-01T09:30:00.000Z',
    manifestVersion: '41.0.0',
    exports: [],
    stacks: stacks.map((stack, index): StackRead => ({
      stack: app[index],
      stackName: stack.id,
      environment: { account: '111111111111', region: 'eu-west-1' },
      deployed: {
        status: stack.status ?? 'UPDATE_COMPLETE',
        ...(stack.template === undefined ? {} : { stackId: `arn:aws:cloudformation:eu-west-1:111111111111:stack/${stack.id}/1` }),
        parameters: {},
      },
      ...(stack.template === undefined ? {} : { template: stack.template as StackRead['template'] }),
      nested: new Map((stack.nested ?? []).map(([key, template], n) => [key, { template: template as any, stackId: `arn:aws:cloudformation:eu-west-1:111111111111:stack/${stack.id}-n${n}/1` }])),
    })),
  };
}

function written(read: SnapshotRead): { dir: string; warnings: string[] } {
  const dir = fs.mkdtempSync(path.join(tmp, 'snap-'));
  const warnings: string[] = [];
  writeSnapshotInto(read, dir, warnings);
  return { dir, warnings };
}

test('GIVEN nested stacks without asset metadata, two levels deep WHEN written THEN an asset manifest publishes them under their TemplateURL and the reader finds both', () => {
  const inner = queues('Deep');
  const middle = { Resources: { Inner: nestedResource({}, 'def456') } };
  const root = { Resources: { Middle: nestedResource({}) } };
  const { dir } = written(readOf([{ id: 'Api', template: root, nested: [['Middle', middle], ['Middle/Inner', inner]] }]));

  expect(listFiles(dir)).toEqual(['Api.Middle.Inner.nested.template.json', 'Api.Middle.nested.template.json', 'Api.template.json', 'cdk-lifecycle.deployed.json', 'manifest.json', 'snapshot.assets.json']);
  const side = readSide(dir, tmp);
  expect(side.kind === 'assembly' && side.stacks[0].template).toEqual(root);
  expect(side.kind === 'assembly' && [...side.stacks[0].nestedTemplates]).toEqual([['Middle', middle], ['Middle/Inner', inner]]);
});

test('GIVEN nested stacks with asset metadata WHEN written THEN each goes to the file its metadata names, and the templates are left as they were deployed', () => {
  const root = { Resources: { Workers: nestedResource({ Metadata: { 'aws:asset:path': 'nested/ApiWorkers.nested.template.json', 'aws:asset:property': 'TemplateURL' } }) } };
  const { dir } = written(readOf([{ id: 'Api', template: root, nested: [['Workers', queues('W')]] }]));

  expect(listFiles(dir)).toEqual(['Api.template.json', 'cdk-lifecycle.deployed.json', 'manifest.json', 'nested/ApiWorkers.nested.template.json']);
  expect(JSON.parse(fs.readFileSync(path.join(dir, 'Api.template.json'), 'utf8'))).toEqual(root);
  const side = readSide(dir, tmp);
  expect(side.kind === 'assembly' && side.stacks[0].nestedTemplates.get('Workers')).toEqual(queues('W'));
});

test('GIVEN two nested stacks that name one file with different templates WHEN written THEN the first is kept and a warning says so', () => {
  const named = nestedResource({ Metadata: { 'aws:asset:path': 'Shared.nested.template.json' } });
  const { dir, warnings } = written(readOf([{ id: 'A', template: { Resources: { N: named } }, nested: [['N', queues('One')]] }, { id: 'B', template: { Resources: { N: named } }, nested: [['N', queues('Two')]] }]));

  expect(JSON.parse(fs.readFileSync(path.join(dir, 'Shared.nested.template.json'), 'utf8'))).toEqual(queues('One'));
  expect(warnings).toEqual(['two deployed nested stacks name the same template file, Shared.nested.template.json, with different templates: the snapshot keeps the first']);
});

test('GIVEN two nested stacks deployed from one TemplateURL WHEN written THEN one file serves both, with a warning when their templates differ', () => {
  const same = written(readOf([{ id: 'A', template: { Resources: { N: nestedResource({}), M: nestedResource({}) } }, nested: [['M', queues('One')], ['N', queues('One')]] }]));
  const different = written(readOf([{ id: 'A', template: { Resources: { N: nestedResource({}), M: nestedResource({}) } }, nested: [['M', queues('One')], ['N', queues('Two')]] }]));

  const side = readSide(same.dir, tmp);
  expect(side.kind === 'assembly' && [...side.stacks[0].nestedTemplates.values()]).toEqual([queues('One'), queues('One')]);
  expect(same.warnings).toEqual([]);
  expect(different.warnings).toEqual([expect.stringMatching(/^two deployed nested stacks have the same TemplateURL, .*abc123\.json.*, with different templates: the snapshot keeps A\.M\.nested\.template\.json, and both read it$/)]);
});

test('GIVEN a stack not deployed and one whose creation failed WHEN written THEN neither is in the manifest, both are in the deployed state, which the schema accepts', () => {
  const { dir } = written(readOf([{ id: 'Api', template: queues('A') }, { id: 'New', status: 'NOT_FOUND' }, { id: 'Failed', status: 'ROLLBACK_COMPLETE' }]));

  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  expect(manifest).toEqual({
    version: '41.0.0',
    artifacts: { Api: { type: 'aws:cloudformation:stack', environment: 'aws://111111111111/eu-west-1', properties: { templateFile: 'Api.template.json', stackName: 'Api' }, displayName: 'Api' } },
  });
  const state = checkDeployedState(JSON.parse(fs.readFileSync(path.join(dir, 'cdk-lifecycle.deployed.json'), 'utf8')), 'the file');
  expect(Object.entries(state.stacks).map(([name, stack]) => [name, stack.status])).toEqual([['Api', 'UPDATE_COMPLETE'], ['New', 'NOT_FOUND'], ['Failed', 'ROLLBACK_COMPLETE']]);
});
