/**
 * `bundling` of an entry: what esbuild writes and what is installed beside it, checked in the
 * real staged asset (what would be uploaded), and the asset played as Lambda runs it.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { EntryBundlingOptions, ProvidedResource, ResourceProvider } from '../../../src';
import { LocalCloudFormation } from '../../../src/testing';
import { appWithAssetMetadata, functionAssetDirs, listFiles } from '../../helpers/assembly';

const APP = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'db-client');
const ENTRY = path.join(APP, 'handler.ts');

// The fixture's lock file names packages npm has cached here: installing them needs no network.
process.env.npm_config_prefer_offline = 'true';

interface Bundled {
  readonly directory: string;
  readonly asset: string;
  readonly variables: Record<string, string>;
}

function synthesize(bundling: EntryBundlingOptions | undefined, entry = ENTRY): Bundled {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-bundling-'));
  const app = appWithAssetMetadata(directory);
  const stack = new Stack(app, 'Bundled');
  const provider = new ResourceProvider(stack, 'Provider', { entry, bundling });
  new ProvidedResource(stack, 'Driver', { provider, resourceType: 'Custom::Driver', properties: { version: '1.2.3' } });
  const assembly = app.synth();
  const [asset] = Object.values(functionAssetDirs(assembly, 'Bundled'));
  const fn = Object.values<any>(Template.fromJSON(assembly.getStackByName('Bundled').template).findResources('AWS::Lambda::Function'))[0];
  return { directory, asset, variables: fn.Properties.Environment.Variables };
}

const FULL: EntryBundlingOptions = {
  externalModules: ['@aws-sdk/*', 'pg-native'],
  nodeModules: ['semver'],
  define: { BUILD_STAGE: JSON.stringify('production') },
  minify: true,
  sourceMap: true,
  banner: '/* db-client handler, built by cdk-lifecycle */',
};

describe('GIVEN an entry whose driver is installed from the lock file and whose native binding is external', () => {
  const bundled = synthesize(FULL);
  const index = fs.readFileSync(path.join(bundled.asset, 'index.js'), 'utf8');

  test('WHEN synthesized THEN the asset holds the bundle, its source map, the runtime and only the listed node module', () => {
    const files = listFiles(bundled.asset);
    expect(files.filter((file) => !file.startsWith('node_modules/'))).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js', 'index.js.map']);
    const installed = fs.readdirSync(path.join(bundled.asset, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['semver']);
  });

  test('THEN the node module has the version of the app\'s lock file (7.7.4), not the newest its range allows', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(APP, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/semver'].version).toBe('7.7.4');
    expect(JSON.parse(fs.readFileSync(path.join(APP, 'package.json'), 'utf8')).dependencies.semver).toBe('^7.0.0');
    expect(JSON.parse(fs.readFileSync(path.join(bundled.asset, 'node_modules', 'semver', 'package.json'), 'utf8')).version).toBe('7.7.4');
  });

  test('THEN the bundle requires the installed and the external modules, and carries the bundled one (ms) inside', () => {
    expect(index).toMatch(/require\("semver"\)/);
    expect(index).toMatch(/require\("pg-native"\)/);
    expect(index).not.toMatch(/require\("ms"\)/);
    expect(fs.existsSync(path.join(bundled.asset, 'node_modules', 'pg-native'))).toBe(false);
    expect(fs.existsSync(path.join(bundled.asset, 'node_modules', 'ms'))).toBe(false);
  });

  test('THEN the banner comes first, the define is applied, and the code is minified with a linked source map', () => {
    expect(index.startsWith('/* db-client handler, built by cdk-lifecycle */\n')).toBe(true);
    expect(index).toContain('"production"');
    expect(index).not.toContain('BUILD_STAGE');
    expect(index.trimEnd().split('\n').length).toBeLessThan(10);
    expect(index.trimEnd().endsWith('//# sourceMappingURL=index.js.map')).toBe(true);
    const map = JSON.parse(fs.readFileSync(path.join(bundled.asset, 'index.js.map'), 'utf8'));
    expect(map.sources.some((source: string) => source.endsWith('db-client/handler.ts'))).toBe(true);
  });

  test('THEN Node.js is told to use the source map', () => {
    expect(bundled.variables.NODE_OPTIONS).toBe('--enable-source-maps');
  });

  test('WHEN the asset is run as Lambda runs it THEN the handler loads the installed driver and the defined stage', async () => {
    const cfn = await LocalCloudFormation.open(bundled.directory);
    try {
      const step = await cfn.create({ resource: 'Driver' });
      expect(step.status).toBe('SUCCESS');
      expect(step.response?.Data).toEqual({ driverVersion: '7.7.4', valid: '1.2.3', waitMs: 172_800_000, nativeBinding: 'not asked for', stage: 'production' });
      const native = await cfn.create({ resource: 'Driver', properties: { version: '1.2.3', native: true } });
      expect(native.status).toBe('FAILED');
      expect(native.response?.Reason).toContain("Cannot find module 'pg-native'");
    } finally {
      await cfn.close();
    }
  }, 60_000);
});

describe('GIVEN the same entry bundled without options', () => {
  test('WHEN synthesized THEN esbuild cannot resolve the native binding, and synth says so', () => {
    expect(() => synthesize(undefined)).toThrow(/Bundled\/Provider: entry esbuild could not read .*handler\.ts: .*Could not resolve "pg-native"/);
  });

  test('WHEN only the native binding is external THEN the driver is bundled in, from the app\'s own node_modules, and no node_modules folder ships', () => {
    const bundled = synthesize({ externalModules: ['@aws-sdk/*', 'pg-native'], define: { BUILD_STAGE: '"dev"' } });
    expect(listFiles(bundled.asset)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
    const index = fs.readFileSync(path.join(bundled.asset, 'index.js'), 'utf8');
    expect(index).not.toMatch(/require\("semver"\)/);
    expect(index).toContain('SEMVER_SPEC_VERSION');
    expect(bundled.variables.NODE_OPTIONS).toBeUndefined();
  });
});

describe('GIVEN bundling options that cannot work', () => {
  const stack = () => new Stack(appWithAssetMetadata(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-bundling-bad-'))), 'Bad');

  test('WHEN a node module is not a dependency of the app THEN synth names it and the package.json read', () => {
    expect(() => new ResourceProvider(stack(), 'Provider', { entry: ENTRY, bundling: { ...FULL, nodeModules: ['semver', 'left-pad'] } }))
      .toThrow(`Bad/Provider: bundling.nodeModules names "left-pad", which is neither a dependency in ${path.join(APP, 'package.json')} nor in its lock file ${path.join(APP, 'package-lock.json')}: add it to the app (npm install left-pad) so that its version is known`);
  });

  test('WHEN a node module name is not a package name THEN synth says so', () => {
    expect(() => new ResourceProvider(stack(), 'Provider', { entry: ENTRY, bundling: { ...FULL, nodeModules: ['../semver'] } }))
      .toThrow('Bad/Provider: bundling.nodeModules must list npm package names (for example "pg"), got "../semver"');
  });

  test('WHEN the entry has no lock file above it THEN nodeModules cannot be installed, and synth says why', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-no-lock-'));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { semver: '^7.0.0' } }));
    fs.writeFileSync(path.join(dir, 'handler.js'), 'exports.onEvent = async () => ({ Data: { v: require("semver").SEMVER_SPEC_VERSION } });\n');
    expect(() => new ResourceProvider(stack(), 'Provider', { entry: path.join(dir, 'handler.js'), bundling: { nodeModules: ['semver'] } }))
      .toThrow(`Bad/Provider: bundling.nodeModules needs the app's lock file to install "semver" with the versions the app was tested with, and there is none (package-lock.json, yarn.lock, pnpm-lock.yaml, bun.lockb, bun.lock) in ${dir} or a folder above it`);
  });

  test('WHEN the app\'s lock file is yarn\'s THEN synth says npm ci needs package-lock.json, and what to do instead', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-yarn-'));
    fs.writeFileSync(path.join(dir, 'yarn.lock'), '# yarn lockfile v1\n');
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ dependencies: { semver: '^7.0.0' } }));
    fs.writeFileSync(path.join(dir, 'handler.js'), 'exports.onEvent = async () => ({ Data: { v: require("semver").SEMVER_SPEC_VERSION } });\n');
    expect(() => new ResourceProvider(stack(), 'Provider', { entry: path.join(dir, 'handler.js'), bundling: { nodeModules: ['semver'] } }))
      .toThrow(`Bad/Provider: bundling.nodeModules installs with npm ci, which needs npm's package-lock.json, and the app's lock file is ${path.join(dir, 'yarn.lock')}: install these modules in a layer (layers), or stage the code yourself (code: lambda.Code.fromAsset(dir, { bundling }))`);
  });

  test('WHEN bundling is given with code THEN synth says it applies to entry only', () => {
    expect(() => new ResourceProvider(stack(), 'Provider', { code: lambda.Code.fromInline('exports.onEvent = async () => {}'), handler: 'index.onEvent', bundling: { minify: true } }))
      .toThrow('Bad/Provider: bundling applies to entry only: with code, give lambda.Code.fromAsset(dir, { bundling }) its own bundling');
  });

  test('WHEN a define\'s key is not an identifier THEN synth names it', () => {
    expect(() => new ResourceProvider(stack(), 'Provider', { entry: ENTRY, bundling: { ...FULL, define: { 'not valid!': '1' } } }))
      .toThrow('Bad/Provider: bundling.define has the key "not valid!", which esbuild cannot replace: a key is an identifier or a dotted chain of them (for example "process.env.STAGE")');
  });

  test('WHEN a define\'s value is not an expression THEN synth names the entry and esbuild\'s reason', () => {
    expect(() => new ResourceProvider(stack(), 'Provider', { entry: ENTRY, bundling: { ...FULL, define: { BUILD_STAGE: 'production stage' } } }))
      .toThrow(/Bad\/Provider: entry esbuild could not read .*handler\.ts: .*define/);
  });
});
