import * as fs from 'node:fs';
import * as path from 'node:path';

const PACKAGE_NAME = 'cdk-lifecycle';

/**
 * The version in cdk-lifecycle's package.json, found by walking up from this file: it runs
 * from `lib/review/` once compiled and from `src/review/` under ts-node, and from
 * `node_modules/cdk-lifecycle/lib/review/` once installed. The CLI and the guard's SARIF
 * log both report it.
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
