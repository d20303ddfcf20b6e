/**
 * The provider function's code: the user's handler code with the bundled runtime beside it
 * in `cdk-lifecycle-runtime/index.js`, staged as one asset at synth time.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AssetHashType, FileSystem, Stack, Stage, SymlinkFollowMode, cx_api as cxapi } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct, IConstruct } from 'constructs';
import { EntryBuild, bundleEntry, loadEsbuild } from './entry-bundle';
import { NodeModulesPlan, installNodeModules } from './node-modules';
import { ConstructPropsError } from './validation-error';
import { RUNTIME_DIR } from '../../runtime/contract';

/** Where `bundle:runtime` writes the runtime (shipped in the npm package under assets/). */
export const RUNTIME_BUNDLE_DIR = path.join(__dirname, '..', '..', '..', 'assets', 'runtime');

/** The runtime's variant for providers that poll. */
export const RUNTIME_POLLING_BUNDLE_DIR = path.join(__dirname, '..', '..', '..', 'assets', 'runtime-polling');

/** The user's code as something that can be copied (or bundled) next to the runtime. */
export type UserCodeSource =
  /** What aws-cdk-lib staged for the user's `lambda.Code` asset (its options applied), and that asset's hash. */
  | { readonly directory: string; readonly assetHash: string; readonly sourcePath: string }
  | { readonly inlineSource: string }
  | { readonly entry: string }
  | undefined;

/** The module the runtime loads for an `entry`: the bundle is written as `index.js`. */
export const ENTRY_MODULE = 'index';

/** The part of an aws-cdk-lib `s3_assets.Asset` read here (public members). */
interface BoundAsset {
  readonly assetPath: string;
  readonly assetHash: string;
  readonly isFile: boolean;
  readonly s3ObjectKey: string;
}

function isBoundAsset(value: unknown): value is BoundAsset {
  const asset = (value ?? {}) as Partial<BoundAsset>;
  return typeof asset.assetPath === 'string' && typeof asset.assetHash === 'string' && typeof asset.s3ObjectKey === 'string' && typeof asset.isFile === 'boolean';
}

/**
 * The asset a bound `lambda.Code` created: under `bindScope` when this bind created it, else
 * (the same Code bound before, by a `lambda.Function` of the stack) the stack's asset with
 * the object key the bind answered.
 */
function boundAsset(bindScope: Construct, objectKey: string): BoundAsset | undefined {
  const matches = (c: unknown): c is BoundAsset => isBoundAsset(c) && c.s3ObjectKey === objectKey;
  const found: unknown = bindScope.node.children.find(matches) ?? Stack.of(bindScope).node.findAll().find(matches);
  return matches(found) ? found : undefined;
}

/**
 * Reads the user's code; returns a reason when it cannot be combined. A directory asset is
 * bound the way `lambda.Function` binds it, so aws-cdk-lib stages it with every option
 * `lambda.Code.fromAsset` took (exclude, ignoreMode, followSymlinks, bundling, assetHash):
 * the provider's code is what it staged.
 */
export function userCodeSource(scope: Construct, code: lambda.Code): { source?: UserCodeSource; problem?: string } {
  const assetPath = (code as { path?: unknown }).path;
  if (typeof assetPath === 'string') {
    if (!fs.existsSync(assetPath)) return { problem: `must point at an existing directory, got lambda.Code.fromAsset("${assetPath}") (not found)` };
    if (!fs.statSync(assetPath).isDirectory()) return { problem: `must be a directory asset (the runtime is added beside your files), got the file "${assetPath}"` };
  }
  const bindScope = new Construct(scope, 'UserCode');
  const config = code.bind(bindScope);
  if (typeof config.inlineCode === 'string') return { source: { inlineSource: config.inlineCode } };
  const asset = config.s3Location ? boundAsset(bindScope, config.s3Location.objectKey) : undefined;
  if (asset === undefined) {
    return { problem: `must be lambda.Code.fromAsset(directory) (or another directory asset) or lambda.Code.fromInline(source), got ${code.constructor?.name ?? typeof code}` };
  }
  if (asset.isFile) return { problem: `must be a directory asset (the runtime is added beside your files), got the file asset ${asset.assetPath}` };
  const outdir = Stage.of(scope)?.outdir ?? '';
  const sourcePath = typeof assetPath === 'string' ? path.resolve(assetPath) : asset.assetPath;
  return { source: { directory: path.resolve(outdir, asset.assetPath), assetHash: asset.assetHash, sourcePath } };
}

/** How an entry is built and what is installed beside it. */
export interface EntryStaging {
  readonly build?: EntryBuild;
  readonly nodeModules?: NodeModulesPlan;
}

/** The provider function's code, staged, and what it was made from. */
export interface StagedCode {
  /** A directory asset of the staged folder. */
  readonly code: lambda.Code;
  /** A digest of the files staged (for the identity check). */
  readonly digest: string;
  /** What the code is made from, in words (for the identity check's error). */
  readonly inputs: string;
  /** Removes the staged folder once the function has bound the code (aws-cdk-lib copied it). */
  release(): void;
}

/**
 * Stages the provider function's code: what aws-cdk-lib staged for the user's directory asset
 * copied (symbolic links as links, as aws-cdk-lib copies them), inline code written as
 * `index.js`, or an entry bundled with esbuild, and the runtime beside them, in a folder of
 * the cloud assembly that becomes a plain directory asset.
 *
 * A directory asset's hash is derived from the user's asset hash (which already reflects its
 * options: an excluded file does not count, a custom `assetHash` is the user's word) and the
 * runtime's; an entry's or inline code's is that of the folder's content.
 *
 * The folder is made here rather than by aws-cdk-lib's local bundling: aws-cdk-lib stages an
 * asset once per cache key, built from the asset's props as JSON, which leaves out the local
 * bundler (a function). With bundling, two providers whose entries share a folder, or two with
 * inline code, got the first one's bundle. Staged here, each provider's asset is what its own
 * props say, and identical providers still share one asset (same content, same hash).
 */
export function stageProviderCode(scope: Construct, source: UserCodeSource, polls: boolean, entryBuild: EntryStaging = {}): StagedCode {
  // Providers that poll get the runtime built with the isComplete and long-wait code.
  const runtimeFile = path.join(polls ? RUNTIME_POLLING_BUNDLE_DIR : RUNTIME_BUNDLE_DIR, 'index.js');
  if (!fs.existsSync(runtimeFile)) {
    throw new Error(`cdk-lifecycle: the provider runtime bundle is missing at ${runtimeFile}; reinstall the package (or run "npx projen bundle:runtime" in a checkout)`);
  }
  // Absolute: the app's outdir may be relative (`cdk synth --output cdk.out.x`), and esbuild resolves from the project root.
  const outdir = path.resolve(Stage.of(scope)?.assetOutdir ?? os.tmpdir());
  fs.mkdirSync(outdir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(outdir, 'cdk-lifecycle-staging-'));
  const release = () => {
    // Unless staging is disabled (SAM then reads the folder in place).
    if (!scope.node.tryGetContext(cxapi.DISABLE_ASSET_STAGING_CONTEXT)) fs.rmSync(staging, { recursive: true, force: true });
  };
  let assetHash: string | undefined;
  try {
    if (source && 'directory' in source) {
      FileSystem.copyDirectory(source.directory, staging, { follow: SymlinkFollowMode.NEVER });
      assetHash = createHash('sha256').update(`cdk-lifecycle provider code\0${source.assetHash}\0${fs.readFileSync(runtimeFile, 'utf8')}`).digest('hex');
    } else if (source && 'inlineSource' in source) {
      fs.writeFileSync(path.join(staging, 'index.js'), source.inlineSource);
    } else if (source && 'entry' in source) {
      const esbuild = loadEsbuild(source.entry);
      if (!esbuild) throw new Error(`cdk-lifecycle: esbuild is needed to bundle ${source.entry}`);
      bundleEntry(esbuild, source.entry, path.join(staging, `${ENTRY_MODULE}.js`), entryBuild.build);
      if (entryBuild.nodeModules !== undefined) {
        try {
          installNodeModules(entryBuild.nodeModules, staging);
        } catch (error) {
          throw new ConstructPropsError(scope.node.path, 'bundling.nodeModules', `could not be installed: ${(error as Error).message}`);
        }
      }
    }
    fs.mkdirSync(path.join(staging, RUNTIME_DIR), { recursive: true });
    fs.copyFileSync(runtimeFile, path.join(staging, RUNTIME_DIR, 'index.js'));
  } catch (error) {
    release();
    throw error;
  }
  const code = lambda.Code.fromAsset(staging, {
    followSymlinks: SymlinkFollowMode.NEVER,
    ...(assetHash === undefined ? {} : { assetHashType: AssetHashType.CUSTOM, assetHash }),
  });
  const digest = FileSystem.fingerprint(staging, { follow: SymlinkFollowMode.NEVER });
  return { code, digest, inputs: describeInputs(source, polls, entryBuild), release };
}

/** The inputs of a provider's asset, in words: the user's code and the runtime variant. */
function describeInputs(source: UserCodeSource, polls: boolean, entryBuild: EntryStaging): string {
  const variant = polls ? 'the runtime with polling' : 'the runtime';
  if (source && 'directory' in source) return `the staged folder ${source.directory} (asset hash ${source.assetHash}) with ${variant}`;
  if (source && 'entry' in source) {
    const modules = Object.keys(entryBuild.nodeModules?.dependencies ?? {});
    return `the entry ${path.resolve(source.entry)}${modules.length > 0 ? ` and node modules ${modules.join(', ')}` : ''} with ${variant}`;
  }
  if (source && 'inlineSource' in source) return `inline code with ${variant}`;
  return variant;
}

/** A provider's claim on an asset hash. */
interface AssetClaim {
  readonly digest: string;
  readonly inputs: string;
  readonly path: string;
}

/** The asset hashes of each app's providers, with what was staged for each and where. */
const claimedAssets = new WeakMap<IConstruct, Map<string, AssetClaim>>();

/**
 * Records that the provider at `scope` deploys the asset `assetKey` (its S3 key). Two providers may share an
 * asset only when what was staged for them is the same: the same hash for different files
 * means one of the two functions would run the other's code.
 *
 * @throws ConstructPropsError naming both providers and what each was made from
 */
export function claimAsset(scope: IConstruct, property: string, assetKey: string, staged: Pick<StagedCode, 'digest' | 'inputs'>): void {
  const claims = claimedAssets.get(scope.node.root) ?? new Map<string, AssetClaim>();
  claimedAssets.set(scope.node.root, claims);
  const earlier = claims.get(assetKey);
  if (earlier !== undefined && earlier.digest !== staged.digest) {
    throw new ConstructPropsError(scope.node.path, property, `would deploy the asset ${assetKey}, which ${earlier.path} deploys too, but the two were made from different files (${staged.inputs}; ${earlier.inputs}): one function would run the other's code. Each provider's asset must be its own; please report this as a cdk-lifecycle bug`);
  }
  claims.set(assetKey, { digest: staged.digest, inputs: staged.inputs, path: scope.node.path });
}
