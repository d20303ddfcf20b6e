/**
 * Each provider deploys its own code: two entries in one folder, two inline sources, one code
 * folder with and without polling. Checked in the synthesized assets (what would be uploaded)
 * and by playing the resources' requests against them.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider, ResourceProviderProps } from '../../../src';
import { claimAsset } from '../../../src/custom-resource/private/provider-code';
import { LocalCloudFormation } from '../../../src/testing';
import { appWithAssetMetadata, functionAssetDirs, listFiles } from '../../helpers/assembly';

const SHARED = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'shared-folder');
const SHARED_JS = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'shared-folder-js');
const ROOT = path.join(__dirname, '..', '..', '..');

interface Synthesized {
  readonly directory: string;
  /** The S3Key of each provider's function, by the provider's id. */
  readonly keys: Record<string, string>;
  /** The staged asset folder of each provider's function, by the provider's id. */
  readonly dirs: Record<string, string>;
}

function synthesize(providers: Record<string, ResourceProviderProps>): Synthesized {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-assets-'));
  const app = appWithAssetMetadata(directory);
  const stack = new Stack(app, 'Assets');
  for (const [id, props] of Object.entries(providers)) {
    const provider = new ResourceProvider(stack, id, props);
    new ProvidedResource(stack, `${id}Resource`, { provider, resourceType: 'Custom::Thing', properties: { n: 1 } });
  }
  const assembly = app.synth();
  const resources = assembly.getStackByName('Assets').template.Resources as Record<string, { Type: string; Properties: { Code?: { S3Key?: string } } }>;
  const byProvider = <T>(of: (logicalId: string) => T): Record<string, T> => Object.fromEntries(Object.keys(providers).map((id) => {
    const logicalId = Object.keys(resources).find((candidate) => candidate.startsWith(`${id}Function`) && resources[candidate].Type === 'AWS::Lambda::Function')!;
    return [id, of(logicalId)];
  }));
  const dirs = functionAssetDirs(assembly, 'Assets');
  const keys = byProvider((logicalId) => resources[logicalId].Properties.Code!.S3Key!);
  return { directory, keys, dirs: byProvider((logicalId) => dirs[logicalId]) };
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

describe('GIVEN two providers whose entries a.ts and b.ts sit in one folder', () => {
  const synthesized = synthesize({
    A: { entry: path.join(SHARED, 'a.ts') },
    B: { entry: path.join(SHARED, 'b.ts') },
  });

  test('WHEN synthesized THEN each function has its own S3Key and its asset holds its own bundle', () => {
    expect(synthesized.keys.A).not.toEqual(synthesized.keys.B);
    expect(read(synthesized.dirs.A, 'index.js')).toContain('entry a.ts');
    expect(read(synthesized.dirs.A, 'index.js')).not.toContain('entry b.ts');
    expect(read(synthesized.dirs.B, 'index.js')).toContain('entry b.ts');
    expect(listFiles(synthesized.dirs.A)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
  });

  test('WHEN each resource is created locally THEN each answers from its own entry', async () => {
    const cfn = await LocalCloudFormation.open(synthesized.directory, { sdkSearch: [ROOT] });
    try {
      const a = await cfn.create({ resource: 'AResource' });
      const b = await cfn.create({ resource: 'BResource' });
      expect([a.status, a.physicalResourceId, a.response?.Data]).toEqual(['SUCCESS', 'from-a', { answeredBy: 'entry a.ts' }]);
      expect([b.status, b.physicalResourceId, b.response?.Data]).toEqual(['SUCCESS', 'from-b', { answeredBy: 'entry b.ts' }]);
    } finally {
      await cfn.close();
    }
  }, 60_000);

  test('WHEN synthesized THEN no staging folder is left in the assembly', () => {
    expect(fs.readdirSync(synthesized.directory).filter((name) => name.startsWith('cdk-lifecycle-staging-'))).toEqual([]);
  });
});

test('GIVEN two providers with different inline code WHEN synthesized THEN each deploys its own source', () => {
  const synthesized = synthesize({
    One: { code: lambda.Code.fromInline('exports.onEvent = async () => ({ Data: { n: "one" } });'), handler: 'index.onEvent' },
    Two: { code: lambda.Code.fromInline('exports.onEvent = async () => ({ Data: { n: "two" } });'), handler: 'index.onEvent' },
  });
  expect(synthesized.keys.One).not.toEqual(synthesized.keys.Two);
  expect(read(synthesized.dirs.One, 'index.js')).toContain('"one"');
  expect(read(synthesized.dirs.Two, 'index.js')).toContain('"two"');
});

test('GIVEN one code folder used with and without isCompleteHandler WHEN synthesized THEN the polling provider keeps its polling runtime', () => {
  const synthesized = synthesize({
    Plain: { code: lambda.Code.fromAsset(SHARED_JS), handler: 'index.onEvent' },
    Polls: { code: lambda.Code.fromAsset(SHARED_JS), handler: 'index.onEvent', isCompleteHandler: 'index.isComplete' },
  });
  expect(synthesized.keys.Plain).not.toEqual(synthesized.keys.Polls);
  expect(read(synthesized.dirs.Polls, 'cdk-lifecycle-runtime/index.js')).toContain('cdkLifecyclePoll');
  expect(read(synthesized.dirs.Plain, 'cdk-lifecycle-runtime/index.js')).not.toContain('cdkLifecyclePoll');
});

test('GIVEN two identical providers WHEN synthesized THEN they share one asset, as aws-cdk-lib does for identical assets', () => {
  const synthesized = synthesize({
    First: { entry: path.join(SHARED, 'a.ts') },
    Second: { entry: path.join(SHARED, 'a.ts') },
  });
  expect(synthesized.keys.First).toEqual(synthesized.keys.Second);
  expect(synthesized.dirs.First).toEqual(synthesized.dirs.Second);
});

describe('the asset identity check', () => {
  const staged = (digest: string, inputs: string) => ({ digest, inputs });

  test('GIVEN two providers claiming one asset hash for different files WHEN the second claims THEN synth fails naming both and what each was made from', () => {
    const stack = new Stack(new App(), 'Claims');
    const first = new Stack(stack, 'First');
    const second = new Stack(stack, 'Second');
    claimAsset(first, 'entry', 'abcdef0123456789.zip', staged('digest-1', 'the entry /app/a.ts with the runtime'));
    expect(() => claimAsset(second, 'entry', 'abcdef0123456789.zip', staged('digest-2', 'the entry /app/b.ts with the runtime')))
      .toThrow('Claims/Second: entry would deploy the asset abcdef0123456789.zip, which Claims/First deploys too, but the two were made from different files (the entry /app/b.ts with the runtime; the entry /app/a.ts with the runtime)');
  });

  test('GIVEN the same files WHEN claimed twice, or the same hash in another app THEN nothing is refused', () => {
    const app = new App();
    claimAsset(new Stack(app, 'A'), 'entry', 'hash', staged('same', 'the entry /app/a.ts'));
    expect(() => claimAsset(new Stack(app, 'B'), 'entry', 'hash', staged('same', 'the entry /elsewhere/a.ts'))).not.toThrow();
    expect(() => claimAsset(new Stack(new App(), 'C'), 'entry', 'hash', staged('other', 'the entry /app/c.ts'))).not.toThrow();
  });
});

test('GIVEN a provider whose function aws-cdk-lib refuses (a reserved environment variable) WHEN constructed THEN the error is aws-cdk-lib\'s and no staging folder is left in the assembly', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-assets-'));
  const stack = new Stack(appWithAssetMetadata(directory), 'Assets');
  expect(() => new ResourceProvider(stack, 'Refused', { code: lambda.Code.fromInline('exports.onEvent = async () => ({});'), handler: 'index.onEvent', environment: { AWS_REGION: 'eu-west-1' } }))
    .toThrow(/AWS_REGION/);
  expect(fs.readdirSync(directory).filter((name) => name.startsWith('cdk-lifecycle-staging-'))).toEqual([]);
});
