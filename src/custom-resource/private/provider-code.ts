/**
 * The provider function's code: the user's handler code with the bundled runtime beside it
 * in `cdk-lifecycle-runtime/index.js`, staged as one asset at synth time.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Stage, cx_api as cxapi } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct, IConstruct } from 'constructs';
import { bundleEntry, loadEsbuild } from './entry-bundle';
import { ConstructPropsError } from './validation-error';
import { RUNTIME_DIR } from '../../runtime/contract';

/** Where `bundle:runtime` writes the runtime (shipped in the npm package under assets/). */
export const RUNTIME_BUNDLE_DIR = path.join(__dirname, '..', '..', '..', 'assets', 'runtime');

/** The runtime's variant for providers that poll. */
export const RUNTIME_POLLING_BUNDLE_DIR = path.join(__dirname, '..', '..', '..', 'assets', 'runtime-polling');

/** The user's code as something that can be copied (or bundled) next to the runtime. */
export type UserCodeSource =
  | { readonly directory: string }
  | { readonly inlineSource: string }
  | { readonly entry: string }
  | undefined;

/** The module the runtime loads for an `entry`: the bundle is written as `index.js`. */
export const ENTRY_MODULE = 'index';

/** Reads where the user's code lives; returns a reason when it cannot be combined. */
export function userCodeSource(scope: Construct, code: lambda.Code): { source?: UserCodeSource; problem?: string } {
  const assetPath = (code as { path?: unknown }).path;
  if (code instanceof lambda.AssetCode || typeof assetPath === 'string') {
    const dir = String(assetPath);
    if (!fs.existsSync(dir)) return { problem: `must point at an existing directory, got lambda.Code.fromAsset("${dir}") (not found)` };
    if (!fs.statSync(dir).isDirectory()) return { problem: `must be a directory asset (the runtime is added beside your files), got the file "${dir}"` };
    return { source: { directory: dir } };
  }
  if (code instanceof lambda.InlineCode) {
    const config = code.bind(scope);
    return { source: { inlineSource: config.inlineCode ?? '' } };
  }
  return { problem: `must be lambda.Code.fromAsset(directory) or lambda.Code.fromInline(source), got ${code.constructor?.name ?? typeof code}` };
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
 * Stages the provider function's code: the user's files copied, inline code written as
 * `index.js`, or an entry bundled with esbuild, and the runtime beside them, in a folder of
 * the cloud assembly that becomes a plain directory asset (its hash is that of its content).
 *
 * The folder is made here rather than by aws-cdk-lib's local bundling: aws-cdk-lib stages an
 * asset once per cache key, built from the asset's props as JSON, which leaves out the local
 * bundler (a function). With bundling, two providers whose entries share a folder, or two with
 * inline code, got the first one's bundle. Staged here, each provider's asset is what its own
 * props say, and identical providers still share one asset (same content, same hash).
 */
export function stageProviderCode(scope: Construct, source: UserCodeSource, polls: boolean): StagedCode {
  // Providers that poll get the runtime built with the isComplete and long-wait code.
  const runtimeFile = path.join(polls ? RUNTIME_POLLING_BUNDLE_DIR : RUNTIME_BUNDLE_DIR, 'index.js');
  if (!fs.existsSync(runtimeFile)) {
    throw new Error(`cdk-lifecycle: the provider runtime bundle is missing at ${runtimeFile}; reinstall the package (or run "npx projen bundle:runtime" in a checkout)`);
  }
  const outdir = Stage.of(scope)?.assetOutdir ?? os.tmpdir();
  fs.mkdirSync(outdir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(outdir, 'cdk-lifecycle-staging-'));
  const release = () => {
    // Unless staging is disabled (SAM then reads the folder in place).
    if (!scope.node.tryGetContext(cxapi.DISABLE_ASSET_STAGING_CONTEXT)) fs.rmSync(staging, { recursive: true, force: true });
  };
  try {
    if (source && 'directory' in source) {
      fs.cpSync(source.directory, staging, { recursive: true, dereference: true });
    } else if (source && 'inlineSource' in source) {
      fs.writeFileSync(path.join(staging, 'index.js'), source.inlineSource);
    } else if (source && 'entry' in source) {
      const esbuild = loadEsbuild(source.entry);
      if (!esbuild) throw new Error(`cdk-lifecycle: esbuild is needed to bundle ${source.entry}`);
      bundleEntry(esbuild, source.entry, path.join(staging, `${ENTRY_MODULE}.js`));
    }
    fs.mkdirSync(path.join(staging, RUNTIME_DIR), { recursive: true });
    fs.copyFileSync(runtimeFile, path.join(staging, RUNTIME_DIR, 'index.js'));
  } catch (error) {
    release();
    throw error;
  }
  return { code: lambda.Code.fromAsset(staging), digest: treeDigest(staging), inputs: describeInputs(source, polls), release };
}

/** A digest of a folder's files: their paths and contents, in a stable order. */
function treeDigest(root: string): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
        continue;
      }
      hash.update(`${path.relative(root, full)}\0`).update(fs.readFileSync(full)).update('\0');
    }
  };
  visit(root);
  return hash.digest('hex');
}

/** The inputs of a provider's asset, in words: the user's code and the runtime variant. */
function describeInputs(source: UserCodeSource, polls: boolean): string {
  const variant = polls ? 'the runtime with polling' : 'the runtime';
  if (source && 'directory' in source) return `the folder ${path.resolve(source.directory)} with ${variant}`;
  if (source && 'entry' in source) return `the entry ${path.resolve(source.entry)} with ${variant}`;
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
