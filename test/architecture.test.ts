/**
 * The import boundaries of ../shared/guides/STYLE.md: arrows point one way.
 *
 * | folder            | must not import                                             |
 * | runtime/          | aws-cdk-lib, constructs, anything else in src/              |
 * | change-set/, spec/| aws-cdk-lib, constructs, runtime/ (change-set may use spec) |
 * | replacement/      | runtime/                                                    |
 * | custom-resource/  | runtime/ except its contract file                           |
 * | cli/              | runtime/, aws-cdk-lib, constructs                           |
 * | local/            | runtime/, custom-resource/, replacement/, cli/, testing/, CDK |
 * | assembly/         | everything in src/ but change-set/ and review/; CDK         |
 * | testing/          | everything in src/ but local/; CDK                          |
 * | template/         | CDK, runtime/, change-set/, local/, cli/ (and the rest of src/) |
 * | review/           | everything in src/ but change-set/; CDK                     |
 *
 * assembly/ is the one reader of files and folders beneath the CLI, the invoke runner and the
 * guard's baseline (replacement/), so replacement/ may import it; it stays free of the CDK.
 * | index.ts          | local/, assembly/, testing/, cli/ (not in the jsii API)     |
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '..', 'src');

interface SourceImport { readonly file: string; readonly specifier: string; readonly resolved?: string }

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Every static import, re-export, require() and import() of a file. */
export function importsOf(file: string): SourceImport[] {
  // Comments may show imports as examples; only code counts.
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"])\/\/.*$/gm, '$1');
  const found: SourceImport[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1];
      const resolved = specifier.startsWith('.') ? path.relative(SRC, path.resolve(path.dirname(file), specifier)) : undefined;
      found.push({ file: path.relative(SRC, file), specifier, resolved });
    }
  }
  return found;
}

const all = sourceFiles(SRC).flatMap(importsOf);
const inFolder = (folder: string) => all.filter((i) => i.file.startsWith(`${folder}/`));
const isCdk = (i: SourceImport) => /^(aws-cdk-lib|constructs)(\/|$)/.test(i.specifier);
const intoFolder = (i: SourceImport, folder: string) => i.resolved !== undefined && (i.resolved === folder || i.resolved.startsWith(`${folder}/`));
const leavesFolder = (i: SourceImport, folder: string) => i.resolved !== undefined && !intoFolder(i, folder);
const describeAll = (imports: SourceImport[]) => imports.map((i) => `${i.file} -> ${i.specifier}`);

test('GIVEN the source tree WHEN scanned THEN it has imports to check (the scanner works)', () => {
  expect(all.length).toBeGreaterThan(20);
  expect(inFolder('runtime').length).toBeGreaterThan(5);
  expect(inFolder('custom-resource').some((i) => i.specifier === 'aws-cdk-lib')).toBe(true);
});

test('runtime/ imports only Node built-ins, @aws-sdk/* and itself', () => {
  const bad = inFolder('runtime').filter((i) => isCdk(i) || leavesFolder(i, 'runtime')
    || (i.resolved === undefined && !i.specifier.startsWith('node:') && !i.specifier.startsWith('@aws-sdk/')));
  expect(describeAll(bad)).toEqual([]);
});

test.each(['change-set', 'spec'])('%s/ imports neither CDK nor runtime/ (template/ is below it)', (folder) => {
  const bad = inFolder(folder).filter((i) => isCdk(i) || intoFolder(i, 'runtime') || intoFolder(i, 'custom-resource') || intoFolder(i, 'replacement') || intoFolder(i, 'cli'));
  expect(describeAll(bad)).toEqual([]);
});

test('spec/ does not import change-set/ (the arrow points from change-set to spec)', () => {
  expect(describeAll(inFolder('spec').filter((i) => intoFolder(i, 'change-set')))).toEqual([]);
});

test('replacement/ does not import runtime/', () => {
  expect(describeAll(inFolder('replacement').filter((i) => intoFolder(i, 'runtime')))).toEqual([]);
});

test('custom-resource/ imports only the contract file of runtime/', () => {
  const bad = inFolder('custom-resource').filter((i) => intoFolder(i, 'runtime') && i.resolved !== path.join('runtime', 'contract'));
  expect(describeAll(bad)).toEqual([]);
});

test('cli/ imports neither runtime/ nor CDK', () => {
  expect(describeAll(inFolder('cli').filter((i) => intoFolder(i, 'runtime') || isCdk(i)))).toEqual([]);
});

test('the bundled runtime requires nothing but Node built-ins and the AWS SDK', () => {
  const bundle = fs.readFileSync(path.join(__dirname, '..', 'assets', 'runtime', 'index.js'), 'utf8');
  const required = [...bundle.matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
  expect(required.filter((r) => !r.startsWith('node:') && !r.startsWith('@aws-sdk/'))).toEqual([]);
});

test('template/ (the shared intrinsic evaluator) imports neither CDK nor runtime/, change-set/, local/, cli/: only itself', () => {
  const bad = inFolder('template').filter((i) => isCdk(i) || leavesFolder(i, 'template') || i.resolved === undefined);
  expect(inFolder('template').length).toBeGreaterThan(0);
  expect(describeAll(bad)).toEqual([]);
});

test('local/ (the invoke runner) imports only Node built-ins, itself, assembly/, change-set/, spec/ and template/', () => {
  const allowed = ['local', 'assembly', 'change-set', 'spec', 'template'];
  const bad = inFolder('local').filter((i) => isCdk(i) || (i.resolved !== undefined && !allowed.some((folder) => intoFolder(i, folder)))
    || (i.resolved === undefined && !i.specifier.startsWith('node:')));
  expect(describeAll(bad)).toEqual([]);
});

test('assembly/ (the cloud-assembly reader) imports only Node built-ins, itself, change-set/ and review/ (source frames)', () => {
  const bad = inFolder('assembly').filter((i) => isCdk(i) || (i.resolved !== undefined && !intoFolder(i, 'assembly') && !intoFolder(i, 'change-set') && !intoFolder(i, 'review'))
    || (i.resolved === undefined && !i.specifier.startsWith('node:')));
  expect(describeAll(bad)).toEqual([]);
});

test('review/ (the review model and its renderers) imports only Node built-ins, itself, change-set/, yaml, ajv and minimatch (rules globs)', () => {
  expect(inFolder('review').length).toBeGreaterThan(5);
  const bad = inFolder('review').filter((i) => isCdk(i) || (i.resolved !== undefined && !intoFolder(i, 'review') && !intoFolder(i, 'change-set'))
    || (i.resolved === undefined && !i.specifier.startsWith('node:') && !['yaml', 'ajv', 'minimatch'].includes(i.specifier)));
  expect(describeAll(bad)).toEqual([]);
});

test('testing/ (cdk-lifecycle/testing) imports only local/', () => {
  const bad = inFolder('testing').filter((i) => i.resolved === undefined || !intoFolder(i, 'local'));
  expect(describeAll(bad)).toEqual([]);
});

test.each(['runtime', 'change-set', 'spec', 'custom-resource'])('%s/ does not import the invoke runner (local/, testing/) or the file readers (assembly/)', (folder) => {
  const bad = inFolder(folder).filter((i) => intoFolder(i, 'local') || intoFolder(i, 'assembly') || intoFolder(i, 'testing'));
  expect(describeAll(bad)).toEqual([]);
});

test('replacement/ reads its baseline through assembly/ (the one reader of files and folders) and does not import the invoke runner', () => {
  expect(inFolder('replacement').some((i) => intoFolder(i, 'assembly'))).toBe(true);
  const bad = inFolder('replacement').filter((i) => intoFolder(i, 'local') || intoFolder(i, 'testing'));
  expect(describeAll(bad)).toEqual([]);
});

test('change-set/ reads no files: its input/ parses text and bytes, assembly/ reads them', () => {
  const bad = inFolder('change-set').filter((i) => i.specifier === 'node:fs' || i.specifier === 'fs');
  expect(describeAll(bad)).toEqual([]);
});

test('the jsii entry point (index.ts) exports neither the CLI, the invoke runner nor cdk-lifecycle/testing', () => {
  const bad = all.filter((i) => i.file === 'index.ts' && ['cli', 'local', 'assembly', 'testing'].some((folder) => intoFolder(i, folder)));
  expect(all.some((i) => i.file === 'index.ts')).toBe(true);
  expect(describeAll(bad)).toEqual([]);
});
