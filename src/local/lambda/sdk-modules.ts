/**
 * The AWS SDK for JavaScript v3, as the Lambda Node.js runtime provides it. A function's code
 * does not carry it (bundlers leave `@aws-sdk/*` out because Lambda has it), so a local run
 * must provide it too, and nothing else: the function's copy is run from a folder outside the
 * app, and `NODE_PATH` points at a folder holding only links to the `@aws-sdk` and `@smithy`
 * packages found in the user's app (its `node_modules`, searched upwards from the working
 * folder and from the assembly), then in cdk-lifecycle's own installation. A package the code
 * needs that is found nowhere is named in a hint: `npm install --save-dev <package>`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The package scopes the Lambda Node.js runtime provides. */
const PROVIDED_SCOPES = ['@aws-sdk', '@smithy'];

/**
 * Creates `<into>/node_modules` with a link to each provided package, the first one found
 * winning, and returns that folder (for `NODE_PATH`).
 *
 * @param searchFrom folders whose `node_modules` (and their parents') are searched, in order
 */
export function linkSdkModules(into: string, searchFrom: readonly string[]): string {
  const modules = path.join(into, 'node_modules');
  for (const scope of PROVIDED_SCOPES) fs.mkdirSync(path.join(modules, scope), { recursive: true });
  for (const scopeDir of scopeFolders(searchFrom)) {
    const scope = path.basename(scopeDir);
    for (const entry of safeReaddir(scopeDir)) {
      const link = path.join(modules, scope, entry);
      if (fs.existsSync(link)) continue;
      try {
        fs.symlinkSync(path.join(scopeDir, entry), link, 'junction');
      } catch {
        // A package that cannot be linked stays missing: its absence is reported when code needs it.
      }
    }
  }
  return modules;
}

/** Where a provided package would be found (its folder), or undefined. */
export function findSdkPackage(name: string, searchFrom: readonly string[]): string | undefined {
  const [scope, pkg] = name.split('/');
  for (const scopeDir of scopeFolders(searchFrom)) {
    if (path.basename(scopeDir) === scope && fs.existsSync(path.join(scopeDir, pkg, 'package.json'))) return path.join(scopeDir, pkg);
  }
  return undefined;
}

/**
 * The packages of the provided scopes a log line or error says are missing
 * (`Cannot find module '@aws-sdk/client-s3'`, `Cannot find package '@aws-sdk/client-s3'`).
 */
export function missingSdkPackages(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/Cannot find (?:module|package) '((?:@aws-sdk|@smithy)\/[a-z0-9-]+)/g)) found.add(match[1]);
  return [...found];
}

/** The `@aws-sdk` and `@smithy` folders of every `node_modules` above the given folders, nearest first. */
function scopeFolders(searchFrom: readonly string[]): string[] {
  const folders: string[] = [];
  for (const start of searchFrom) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      for (const scope of PROVIDED_SCOPES) {
        const candidate = path.join(dir, 'node_modules', scope);
        if (!folders.includes(candidate) && fs.existsSync(candidate)) folders.push(candidate);
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  return folders;
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}
