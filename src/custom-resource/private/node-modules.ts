/**
 * `bundling.nodeModules`: modules installed beside an entry's bundle instead of bundled, with
 * `npm ci` from the app's lock file, as aws-cdk-lib's NodejsFunction installs them (a
 * `package.json` listing only those modules, the app's lock file beside it). `npm ci` installs
 * exactly what the lock file records and fails when it cannot, so the function gets the
 * versions the app was tested with.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LOCK_FILES, findLockFile } from './entry-bundle';

/** What to install, and from which lock file. */
export interface NodeModulesPlan {
  readonly lockFile: string;
  /** Each module's version range (from the app's package.json) or version (from the lock file). */
  readonly dependencies: Readonly<Record<string, string>>;
}

/** npm's rule for package names (scoped or not), lower case. */
const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** The lock files `npm ci` installs from. */
const NPM_LOCK_FILES = ['package-lock.json', 'npm-shrinkwrap.json'];

/** Which dependency lists of a package.json name a module's range. */
const DEPENDENCY_FIELDS = ['dependencies', 'optionalDependencies', 'devDependencies', 'peerDependencies'];

/**
 * Plans the installation of `modules` for `entry`: each must be a dependency in the app's
 * package.json (the nearest above the entry, up to the lock file's folder) or an entry of its
 * lock file. Returns the problem, in words, when it cannot be installed.
 */
export function planNodeModules(entry: string, modules: readonly string[]): { plan?: NodeModulesPlan; problem?: string } {
  const invalid = modules.find((name) => !PACKAGE_NAME.test(name));
  if (invalid !== undefined) return { problem: `must list npm package names (for example "pg"), got ${JSON.stringify(invalid)}` };
  const lockFile = findLockFile(entry);
  if (lockFile === undefined) {
    return { problem: `needs the app's lock file to install ${modules.map((m) => JSON.stringify(m)).join(', ')} with the versions the app was tested with, and there is none (${LOCK_FILES.join(', ')}) in ${path.dirname(path.resolve(entry))} or a folder above it` };
  }
  if (!NPM_LOCK_FILES.includes(path.basename(lockFile))) {
    return { problem: `installs with npm ci, which needs npm's package-lock.json, and the app's lock file is ${lockFile}: install these modules in a layer (layers), or stage the code yourself (code: lambda.Code.fromAsset(dir, { bundling }))` };
  }
  const packageJson = nearestPackageJson(entry, path.dirname(lockFile));
  const declared = packageJson === undefined ? {} : readJson(packageJson);
  const lock = readJson(lockFile);
  const dependencies: Record<string, string> = {};
  for (const name of modules) {
    const range = DEPENDENCY_FIELDS.map((field) => (declared[field] as Record<string, unknown> | undefined)?.[name]).find((value) => typeof value === 'string');
    const locked = lockedVersion(lock, name);
    const version = typeof range === 'string' ? range : locked;
    if (version === undefined) {
      return { problem: `names ${JSON.stringify(name)}, which is neither a dependency in ${packageJson ?? 'a package.json'} nor in its lock file ${lockFile}: add it to the app (npm install ${name}) so that its version is known` };
    }
    dependencies[name] = version;
  }
  return { plan: { lockFile, dependencies } };
}

/**
 * Installs the planned modules into `dir`/node_modules with `npm ci`, then removes the
 * package.json and lock file it needed (the function loads modules from node_modules only).
 *
 * @throws Error with npm's own words when the installation fails
 */
export function installNodeModules(plan: NodeModulesPlan, dir: string): void {
  const packageJson = path.join(dir, 'package.json');
  const lockCopy = path.join(dir, path.basename(plan.lockFile));
  fs.writeFileSync(packageJson, `${JSON.stringify({ name: 'cdk-lifecycle-provider-code', private: true, dependencies: plan.dependencies }, undefined, 2)}\n`);
  fs.copyFileSync(plan.lockFile, lockCopy);
  try {
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8', shell: process.platform === 'win32' });
    if (npm.error !== undefined || npm.status !== 0) {
      const output = `${npm.stderr ?? ''}${npm.stdout ?? ''}`.trim() || String(npm.error ?? `exit code ${npm.status}`);
      throw new Error(`npm ci could not install ${Object.keys(plan.dependencies).join(', ')} from ${plan.lockFile}: ${output.length > 2000 ? `${output.slice(0, 2000)} [...]` : output}`);
    }
  } finally {
    fs.rmSync(packageJson, { force: true });
    fs.rmSync(lockCopy, { force: true });
  }
}

/** The nearest package.json from the entry's folder up to `root` (inclusive). */
function nearestPackageJson(entry: string, root: string): string | undefined {
  for (let dir = path.dirname(path.resolve(entry)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) return file;
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
}

/** The version a lock file records for a top-level module (lock file versions 1 to 3). */
function lockedVersion(lock: Record<string, unknown>, name: string): string | undefined {
  const packages = lock.packages as Record<string, { version?: unknown }> | undefined;
  const legacy = lock.dependencies as Record<string, { version?: unknown }> | undefined;
  const version = packages?.[`node_modules/${name}`]?.version ?? legacy?.[name]?.version;
  return typeof version === 'string' ? version : undefined;
}

function readJson(file: string): Record<string, unknown> {
  const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return typeof value === 'object' && value !== null ? value as Record<string, unknown> : {};
}
