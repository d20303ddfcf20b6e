import * as fs from 'node:fs';
import * as path from 'node:path';

const PACKAGE_NAME = 'cdk-lifecycle';

/**
 * The version in cdk-lifecycle's package.json, found by walking up from this file: it runs
 * from `lib/cli/` once compiled and from `src/cli/` under ts-node, and from
 * `node_modules/cdk-lifecycle/lib/cli/` once installed.
 */
export function packageVersion(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const version = versionIn(path.join(dir, 'package.json'));
    if (version !== undefined) return version;
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

function versionIn(file: string): string | undefined {
  try {
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
    return manifest.name === PACKAGE_NAME && typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}
