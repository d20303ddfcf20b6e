/**
 * The provider's asset keeps every option of the user's `lambda.Code.fromAsset` (exclude,
 * bundling, assetHash, followSymlinks, ignoreMode, symlinks), checked against the asset
 * `lambda.Function` itself stages for the same Code; and an entry bundles to the same asset
 * from any working directory.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DockerImage, IgnoreMode, Stack, SymlinkFollowMode } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../../../src';
import { RUNTIME_DIR } from '../../../src/runtime/contract';
import { LocalCloudFormation } from '../../../src/testing';
import { appWithAssetMetadata, functionAssetDirs } from '../../helpers/assembly';

const ROOT = path.join(__dirname, '..', '..', '..');

/** A user's handler folder as real apps have them: a secret, test fixtures, a workspace's self link, a dangling link. */
function userFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-user-code-'));
  fs.writeFileSync(path.join(dir, 'index.js'), 'exports.onEvent = async () => ({ PhysicalResourceId: "from-source", Data: { from: "source" } });\n');
  fs.writeFileSync(path.join(dir, '.env'), 'DB_PASSWORD=hunter2\n');
  fs.mkdirSync(path.join(dir, 'test'));
  fs.writeFileSync(path.join(dir, 'test', 'fixture.json'), '{"big": "fixture"}\n');
  fs.mkdirSync(path.join(dir, 'lib'));
  fs.writeFileSync(path.join(dir, 'lib', 'keep.txt'), 'kept\n');
  fs.writeFileSync(path.join(dir, 'lib', 'drop.txt'), 'dropped\n');
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync('..', path.join(dir, 'node_modules', 'self'));
  fs.symlinkSync('./does-not-exist', path.join(dir, 'dangling'));
  return dir;
}

/** Every entry of a folder: a file by its content's hash, a link by its target. */
function tree(dir: string, prefix = ''): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const name = `${prefix}${entry.name}`;
    if (entry.isSymbolicLink()) entries[name] = `-> ${fs.readlinkSync(full)}`;
    else if (entry.isDirectory()) Object.assign(entries, tree(full, `${name}/`));
    else entries[name] = createHash('sha256').update(fs.readFileSync(full)).digest('hex').slice(0, 12);
  }
  return entries;
}

interface Pair {
  /** The provider function's staged asset, without the runtime. */
  readonly provider: Record<string, string>;
  /** The staged asset of a lambda.Function with the same code. */
  readonly plain: Record<string, string>;
  readonly providerKey: string;
  readonly directory: string;
}

/** Synthesizes a provider and a lambda.Function with `code()` (the same Code instance with `shared`). */
function synthesize(code: () => lambda.Code, shared = false): Pair {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-code-options-'));
  const app = appWithAssetMetadata(directory);
  const stack = new Stack(app, 'Code');
  const one = code();
  new lambda.Function(stack, 'Plain', { runtime: lambda.Runtime.NODEJS_24_X, handler: 'index.onEvent', code: one });
  const provider = new ResourceProvider(stack, 'Provider', { code: shared ? one : code(), handler: 'index.onEvent' });
  new ProvidedResource(stack, 'Thing', { provider, resourceType: 'Custom::Thing' });
  const assembly = app.synth();
  const dirs = functionAssetDirs(assembly, 'Code');
  const resources = assembly.getStackByName('Code').template.Resources as Record<string, any>;
  const providerId = Object.keys(dirs).find((id) => id.startsWith('ProviderFunction'))!;
  const providerTree = tree(dirs[providerId]);
  expect(providerTree[`${RUNTIME_DIR}/index.js`]).toBeDefined();
  delete providerTree[`${RUNTIME_DIR}/index.js`];
  return { provider: providerTree, plain: tree(dirs[Object.keys(dirs).find((id) => id.startsWith('Plain'))!]), providerKey: resources[providerId].Properties.Code.S3Key, directory };
}

describe('GIVEN a handler folder with a secret, test fixtures, a cyclic and a dangling symlink', () => {
  const dir = userFolder();

  test.each([
    ['no options', {}],
    ['exclude', { exclude: ['.env', 'test'] }],
    ['exclude with ignoreMode DOCKER', { exclude: ['lib/*.txt', '!lib/keep.txt', '.env'], ignoreMode: IgnoreMode.DOCKER }],
    ['followSymlinks NEVER', { followSymlinks: SymlinkFollowMode.NEVER }],
    // BLOCK_EXTERNAL follows internal links: aws-cdk-lib itself cannot stage a cyclic one that way.
    ['followSymlinks BLOCK_EXTERNAL', { followSymlinks: SymlinkFollowMode.BLOCK_EXTERNAL, exclude: ['dangling', 'node_modules'] }],
  ])('WHEN given with %s THEN the provider deploys exactly what lambda.Function deploys for it, plus the runtime', (_name, options) => {
    const pair = synthesize(() => lambda.Code.fromAsset(dir, options));
    expect(pair.provider).toEqual(pair.plain);
  });

  test('WHEN .env and test are excluded THEN neither the secret nor the fixtures ship', () => {
    const pair = synthesize(() => lambda.Code.fromAsset(dir, { exclude: ['.env', 'test'] }));
    expect(Object.keys(pair.provider).sort()).toEqual(['dangling', 'index.js', 'lib/drop.txt', 'lib/keep.txt', 'node_modules/self']);
    expect(pair.provider['node_modules/self']).toBe('-> ..');
  });

  test('WHEN the same Code instance is also used by a lambda.Function THEN the provider deploys what it stages', () => {
    const pair = synthesize(() => lambda.Code.fromAsset(dir, { exclude: ['.env'] }), true);
    expect(pair.provider).toEqual(pair.plain);
    expect(pair.provider['.env']).toBeUndefined();
  });

  test('WHEN an excluded file changes THEN the provider\'s asset hash does not; WHEN a shipped file changes THEN it does', () => {
    const options = { exclude: ['.env', 'test'] };
    const before = synthesize(() => lambda.Code.fromAsset(dir, options)).providerKey;
    fs.writeFileSync(path.join(dir, '.env'), 'DB_PASSWORD=rotated\n');
    expect(synthesize(() => lambda.Code.fromAsset(dir, options)).providerKey).toBe(before);
    fs.appendFileSync(path.join(dir, 'lib', 'keep.txt'), 'more\n');
    expect(synthesize(() => lambda.Code.fromAsset(dir, options)).providerKey).not.toBe(before);
  });

  test('WHEN given an assetHash THEN the provider\'s hash follows it, not the files', () => {
    const custom = (assetHash: string) => synthesize(() => lambda.Code.fromAsset(dir, { assetHash, exclude: ['.env'] })).providerKey;
    const v1 = custom('release-1');
    fs.appendFileSync(path.join(dir, 'index.js'), '// edited\n');
    expect(custom('release-1')).toBe(v1);
    expect(custom('release-2')).not.toBe(v1);
  });
});

describe('GIVEN code with bundling', () => {
  const dir = userFolder();
  const bundled = () => lambda.Code.fromAsset(dir, {
    bundling: {
      image: DockerImage.fromRegistry('never-pulled'),
      local: {
        tryBundle(outputDir: string) {
          fs.writeFileSync(path.join(outputDir, 'index.js'), 'exports.onEvent = async () => ({ PhysicalResourceId: "from-bundle", Data: { from: "bundle" } });\n');
          return true;
        },
      },
    },
  });

  test('WHEN synthesized THEN the provider deploys the bundle, as lambda.Function does, not the source', () => {
    const pair = synthesize(bundled);
    expect(pair.provider).toEqual(pair.plain);
    expect(Object.keys(pair.provider)).toEqual(['index.js']);
  });

  test('WHEN the bundled provider is created locally THEN the bundle answers', async () => {
    const pair = synthesize(bundled);
    const cfn = await LocalCloudFormation.open(pair.directory, { sdkSearch: [ROOT] });
    try {
      const step = await cfn.create({ resource: 'Thing' });
      expect([step.status, step.physicalResourceId, step.response?.Data]).toEqual(['SUCCESS', 'from-bundle', { from: 'bundle' }]);
    } finally {
      await cfn.close();
    }
  }, 60_000);

  test('WHEN the bundle lacks the handler\'s module THEN synth fails naming what the bundle holds', () => {
    const stack = new Stack(appWithAssetMetadata(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-code-options-'))), 'Code');
    expect(() => new ResourceProvider(stack, 'Provider', { code: bundled(), handler: 'main.onEvent' }))
      .toThrow(/Code\/Provider: code has no module "main" for the handler: none of main.js, main.cjs, main.mjs, main\/index.js is in .*cdk-lifecycle-user-code-\w+ as staged with its options \(.*asset\./);
  });
});

test('GIVEN a TypeScript entry WHEN synthesized from two working directories THEN the asset is the same', () => {
  const app = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-cwd-app-')), 'app.ts');
  const entry = path.join(ROOT, 'test', 'fixtures', 'handlers', 'typescript', 'handler.ts');
  fs.writeFileSync(app, [
    `import { App, Stack } from '${path.join(ROOT, 'node_modules', 'aws-cdk-lib')}';`,
    `import { ResourceProvider } from '${path.join(ROOT, 'src')}';`,
    'const app = new App({ outdir: process.env.OUT });',
    `new ResourceProvider(new Stack(app, 'Cwd'), 'Provider', { entry: ${JSON.stringify(entry)} });`,
    'app.synth();',
  ].join('\n'));
  const keyFrom = (cwd: string) => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-cwd-out-'));
    execFileSync(process.execPath, ['-r', require.resolve('ts-node/register/transpile-only'), app], { cwd, env: { ...process.env, OUT: out, TS_NODE_PROJECT: path.join(ROOT, 'tsconfig.dev.json') }, stdio: 'pipe' });
    const template = JSON.parse(fs.readFileSync(path.join(out, 'Cwd.template.json'), 'utf8'));
    return Object.values<any>(template.Resources).find((r) => r.Type === 'AWS::Lambda::Function').Properties.Code.S3Key;
  };
  const nested = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-cwd-')), 'deep', 'er');
  fs.mkdirSync(nested, { recursive: true });
  expect(keyFrom(nested)).toBe(keyFrom(ROOT));
}, 120_000);
