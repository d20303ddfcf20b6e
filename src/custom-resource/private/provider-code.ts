/**
 * The provider function's code: the user's handler code with the bundled runtime beside it
 * in `cdk-lifecycle-runtime/index.js`, staged as one asset at synth time.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { bundleEntry, loadEsbuild } from './entry-bundle';
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

/**
 * Builds the combined asset. Bundling runs locally (no Docker): the user's files are copied,
 * or an entry is bundled with esbuild, and the runtime is added beside them.
 */
export function providerCode(source: UserCodeSource, polls: boolean = false): lambda.Code {
  // Providers that poll get the runtime built with the isComplete and long-wait code.
  const runtimeFile = path.join(polls ? RUNTIME_POLLING_BUNDLE_DIR : RUNTIME_BUNDLE_DIR, 'index.js');
  if (!fs.existsSync(runtimeFile)) {
    throw new Error(`cdk-lifecycle: the provider runtime bundle is missing at ${runtimeFile}; reinstall the package (or run "npx projen bundle:runtime" in a checkout)`);
  }
  const sourceDir = source && 'directory' in source ? source.directory : source && 'entry' in source ? path.dirname(source.entry) : RUNTIME_BUNDLE_DIR;
  return lambda.Code.fromAsset(sourceDir, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: local bundling always succeeds.
      image: DockerImage.fromRegistry('scratch'),
      local: {
        tryBundle(outputDir: string): boolean {
          if (source && 'directory' in source) {
            fs.cpSync(source.directory, outputDir, { recursive: true, dereference: true });
          } else if (source && 'inlineSource' in source) {
            fs.writeFileSync(path.join(outputDir, 'index.js'), source.inlineSource);
          } else if (source && 'entry' in source) {
            const esbuild = loadEsbuild(source.entry);
            if (!esbuild) throw new Error(`cdk-lifecycle: esbuild is needed to bundle ${source.entry}`);
            bundleEntry(esbuild, source.entry, path.join(outputDir, `${ENTRY_MODULE}.js`));
          }
          fs.mkdirSync(path.join(outputDir, RUNTIME_DIR), { recursive: true });
          fs.copyFileSync(runtimeFile, path.join(outputDir, RUNTIME_DIR, 'index.js'));
          return true;
        },
      },
    },
  });
}
