/**
 * The AWS SDK as Lambda provides it: linked from the user's app first, then from
 * cdk-lifecycle's own installation, and nothing else; a missing package is named.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findSdkPackage, linkSdkModules, missingSdkPackages } from '../../../src/local/lambda/sdk-modules';

let tmp: string;
beforeEach(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sdk-modules-')); });
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function fakePackage(root: string, name: string, version: string): void {
  const dir = path.join(root, 'node_modules', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version }));
}

test('GIVEN the SDK in the app and in cdk-lifecycle\'s folder WHEN linked THEN the app\'s copy wins, the other fills the gaps, and no other package is linked', () => {
  const app = path.join(tmp, 'app');
  const tool = path.join(tmp, 'tool');
  fakePackage(app, '@aws-sdk/client-lambda', 'app');
  fakePackage(tool, '@aws-sdk/client-lambda', 'tool');
  fakePackage(tool, '@aws-sdk/client-ssm', 'tool');
  fakePackage(tool, '@smithy/core', 'tool');
  fakePackage(app, 'lodash', 'app');

  const modules = linkSdkModules(path.join(tmp, 'runtime'), [path.join(app, 'src'), tool]);
  const version = (name: string) => JSON.parse(fs.readFileSync(path.join(modules, name, 'package.json'), 'utf8')).version;

  expect(version('@aws-sdk/client-lambda')).toBe('app');
  expect(version('@aws-sdk/client-ssm')).toBe('tool');
  expect(version('@smithy/core')).toBe('tool');
  expect(fs.readdirSync(modules).sort()).toEqual(['@aws-sdk', '@smithy']);
  expect(findSdkPackage('@aws-sdk/client-ssm', [app, tool])).toBe(path.join(tool, 'node_modules', '@aws-sdk', 'client-ssm'));
  expect(findSdkPackage('@aws-sdk/client-s3', [app, tool])).toBeUndefined();
});

test.each([
  ["Error: Cannot find module '@aws-sdk/client-s3'\nRequire stack: ...", ['@aws-sdk/client-s3']],
  ["Cannot find package '@aws-sdk/client-dynamodb' imported from /var/task/index.mjs and Cannot find module '@smithy/util-waiter'", ['@aws-sdk/client-dynamodb', '@smithy/util-waiter']],
  ["Cannot find module 'lodash'", []],
])('GIVEN the text %j WHEN scanned THEN the missing SDK packages are %j', (text, packages) => {
  expect(missingSdkPackages(text)).toEqual(packages);
});
