/**
 * TypeScript (or JavaScript) entry files for `ResourceProvider({ entry })`: bundled at synth
 * time with the esbuild installed in the user's app, the way aws-cdk-lib's NodejsFunction
 * bundles locally (no Docker).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The part of esbuild's API this file uses. */
interface EsbuildApi {
  readonly version: string;
  buildSync(options: Record<string, unknown>): {
    readonly metafile?: { readonly outputs: Record<string, { readonly exports?: string[] }> };
  };
}

/** File extensions esbuild reads as an entry. */
export const ENTRY_EXTENSIONS = ['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'];

/** Loads the esbuild of the user's app (found from the entry file, then the working directory). */
export function loadEsbuild(entry: string): EsbuildApi | undefined {
  let resolved: string;
  try {
    resolved = require.resolve('esbuild', { paths: [path.dirname(entry), process.cwd()] });
  } catch {
    return undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(resolved) as EsbuildApi;
}

/** Raised when esbuild cannot bundle the entry (syntax errors, missing imports). */
export class EntryBundleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EntryBundleError';
  }
}

/** Lock files that mark a project's root, as NodejsFunction looks for them. */
export const LOCK_FILES = ['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'bun.lockb', 'bun.lock'];

/** How an entry is built: the bundling options given, with the target of the function's runtime. */
export interface EntryBuild {
  /** esbuild's target (`node22`). */
  readonly target: string;
  /** Modules left out of the bundle (the external ones and those installed beside it). */
  readonly external: readonly string[];
  readonly define?: { readonly [key: string]: string };
  readonly minify?: boolean;
  readonly sourceMap?: boolean;
  readonly banner?: string;
}

/** The build of an entry without bundling options, for the default runtime. */
export const DEFAULT_BUILD: EntryBuild = { target: 'node24', external: ['@aws-sdk/*'] };

/**
 * The folder esbuild works from: the nearest folder above the entry with a lock file (the
 * project root, as NodejsFunction takes the lock file's folder), else the entry's own folder.
 * Never the process's working directory: esbuild writes paths relative to its working
 * directory into the bundle, so the same code would get another asset hash when synthesized
 * from elsewhere.
 */
export function projectRoot(entry: string): string {
  const lockFile = findLockFile(entry);
  return lockFile === undefined ? path.dirname(path.resolve(entry)) : path.dirname(lockFile);
}

/** The lock file of the project `entry` belongs to: the nearest above it, or undefined. */
export function findLockFile(entry: string): string | undefined {
  for (let dir = path.dirname(path.resolve(entry)); ; dir = path.dirname(dir)) {
    const found = LOCK_FILES.find((file) => fs.existsSync(path.join(dir, file)));
    if (found !== undefined) return path.join(dir, found);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The options shared by the bundle and the export analysis. Paths given to esbuild are made
 * absolute: it resolves relative ones against its working directory (the project root), not
 * the process's, so a relative entry or output would be read or written elsewhere.
 */
function baseOptions(entry: string, build: EntryBuild): Record<string, unknown> {
  return {
    entryPoints: [path.resolve(entry)],
    absWorkingDir: projectRoot(entry),
    bundle: true,
    platform: 'node',
    target: build.target,
    external: [...build.external],
    define: { ...build.define },
    logLevel: 'silent',
  };
}

function describeFailure(e: unknown): string {
  const errors = (e as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.slice(0, 5).map((m) => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ${m.text}` : m.text)).join('; ');
  }
  return (e as Error)?.message ?? String(e);
}

/** Bundles `entry` into one CommonJS file, `outfile` (with `outfile.map` when the build asks for a source map). */
export function bundleEntry(esbuild: EsbuildApi, entry: string, outfile: string, build: EntryBuild = DEFAULT_BUILD): void {
  try {
    esbuild.buildSync({
      ...baseOptions(entry, build),
      format: 'cjs',
      outfile: path.resolve(outfile),
      minify: build.minify === true,
      ...(build.sourceMap === true ? { sourcemap: 'linked' } : {}),
      ...(build.banner !== undefined ? { banner: { js: build.banner } } : {}),
    });
  } catch (e) {
    throw new EntryBundleError(`esbuild could not bundle ${entry}: ${describeFailure(e)}`);
  }
}

/**
 * The names `entry` exports, read statically by esbuild without running it; undefined when
 * that cannot be known (a CommonJS module assigning `exports.x`, or `export default {...}`).
 */
export function entryExports(esbuild: EsbuildApi, entry: string, build: EntryBuild = DEFAULT_BUILD): string[] | undefined {
  let outputs: Record<string, { readonly exports?: string[] }>;
  try {
    outputs = esbuild.buildSync({ ...baseOptions(entry, build), format: 'esm', write: false, metafile: true, outdir: path.join(path.dirname(path.resolve(entry)), '.cdk-lifecycle-analysis') }).metafile?.outputs ?? {};
  } catch (e) {
    throw new EntryBundleError(`esbuild could not read ${entry}: ${describeFailure(e)}`);
  }
  const exports = Object.values(outputs)[0]?.exports;
  if (!exports || exports.includes('default')) return undefined;
  return [...exports].sort();
}

/** The files Node.js would load for `modulePath` (relative to `dir`), in its order. */
export function moduleCandidates(dir: string, modulePath: string): string[] {
  const base = path.join(dir, modulePath);
  return [`${base}.js`, `${base}.cjs`, `${base}.mjs`, path.join(base, 'index.js')];
}

/**
 * Why `dir` has no loadable module `modulePath`, or undefined when it has one. `shown` is the
 * folder the user gave (`dir` is what aws-cdk-lib staged from it, with its options).
 */
export function missingModuleProblem(dir: string, modulePath: string, shown = dir): string | undefined {
  if (moduleCandidates(dir, modulePath).some((file) => fs.existsSync(file) && fs.statSync(file).isFile())) return undefined;
  const typescript = ['.ts', '.mts', '.cts'].map((ext) => `${modulePath}${ext}`).find((f) => fs.existsSync(path.join(dir, f)));
  const hint = typescript
    ? ` It has ${typescript}: Lambda runs JavaScript only. Give entry: "${path.join(shown, typescript)}" instead of code (it is bundled with esbuild at synth), or compile it to JavaScript first.`
    : '';
  const where = shown === dir ? dir : `${shown} as staged with its options (${dir})`;
  return `has no module "${modulePath}" for the handler: none of ${modulePath}.js, ${modulePath}.cjs, ${modulePath}.mjs, ${modulePath}/index.js is in ${where}.${hint}`;
}
