/**
 * README.md's TypeScript examples compile as written, and its handler is the example app's
 * handler (which test/examples.test.ts runs through the synthesized provider).
 *
 * Each ```ts block is type-checked (strict) against this repository's sources, with
 * `cdk-lifecycle` mapped to src/. Blocks that use `this` are construct code: they are placed
 * in a Stack's constructor. Names a block uses without importing or declaring them (`app`,
 * `queue`, the templates) come from a small fixture, as jsii-rosetta fixtures do.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { codeSamples, DOCUMENTS, expectedCode, sampleOf, unmarkedBlocks, withCodeSamples } from '../build-tools/language-samples';
import * as api from '../src';

const ROOT = path.join(__dirname, '..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const TS_BLOCKS = [...README.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);

/** What the fixture may provide, with the import or declaration that provides it. */
const FIXTURE: Record<string, string> = {
  Construct: "import { Construct } from 'constructs';",
  App: "import { App } from 'aws-cdk-lib';",
  Stack: "import { Stack } from 'aws-cdk-lib';",
  Annotations: "import { Annotations } from 'aws-cdk-lib';",
  Aspects: "import { Aspects } from 'aws-cdk-lib';",
  Duration: "import { Duration } from 'aws-cdk-lib';",
  ResourceProvider: "import { ResourceProvider } from 'cdk-lifecycle';",
  ProvidedResource: "import { ProvidedResource } from 'cdk-lifecycle';",
  sqs: "import * as sqs from 'aws-cdk-lib/aws-sqs';",
  FindingId: "import { FindingId } from 'cdk-lifecycle';",
  ReplacementGuard: "import { ReplacementGuard } from 'cdk-lifecycle';",
  app: 'declare const app: App;',
  queue: 'declare const queue: sqs.Queue;',
  deployedTemplate: 'declare const deployedTemplate: unknown;',
  newTemplate: 'declare const newTemplate: unknown;',
};
const NEEDS: Record<string, string[]> = { app: ['App'], queue: ['sqs'] };

function importedNames(block: string): Set<string> {
  const names = new Set<string>();
  for (const m of block.matchAll(/^import\s+(?:type\s+)?(?:\{([^}]*)\}|\*\s+as\s+(\w+)|(\w+))\s+from/gm)) {
    if (m[1]) m[1].split(',').map((n) => n.trim().split(/\s+as\s+/).pop()!).filter(Boolean).forEach((n) => names.add(n));
    if (m[2]) names.add(m[2]);
    if (m[3]) names.add(m[3]);
  }
  return names;
}

/** The block as a compilable module. */
function asModule(block: string): string {
  const lines = block.split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const body = lines.filter((l) => !l.startsWith('import '));
  const imported = importedNames(block);
  const wanted = new Set<string>();
  const want = (name: string) => {
    if (imported.has(name) || wanted.has(name)) return;
    wanted.add(name);
    (NEEDS[name] ?? []).forEach(want);
  };
  const construct = /\bthis\b/.test(block);
  if (construct) ['Construct', 'Stack'].forEach(want);
  for (const name of Object.keys(FIXTURE)) {
    if (new RegExp(`\\b${name}\\b`).test(body.join('\n')) && !new RegExp(`(const|function|class)\\s+${name}\\b`).test(block)) want(name);
  }
  const fixture = Object.keys(FIXTURE).filter((n) => wanted.has(n)).map((n) => FIXTURE[n]);
  const fixtureImports = fixture.filter((l) => l.startsWith('import '));
  const declarations = fixture.filter((l) => !l.startsWith('import '));
  const code = construct
    ? ['export class Snippet extends Stack {', '  constructor(scope: Construct, id: string) {', '    super(scope, id);', ...body.map((l) => `    ${l}`), '  }', '}']
    : [...body, 'export {};'];
  return [...imports, ...fixtureImports, ...declarations, ...code].join('\n');
}

test('GIVEN the README WHEN its TypeScript blocks are compiled strictly THEN there is no error', () => {
  expect(TS_BLOCKS.length).toBeGreaterThanOrEqual(5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readme-'));
  const files = TS_BLOCKS.map((block, i) => {
    const file = path.join(dir, `block${i}.ts`);
    fs.writeFileSync(file, asModule(block));
    return file;
  });
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.Node16,
    moduleResolution: ts.ModuleResolutionKind.Node16,
    esModuleInterop: true,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules', '@types')],
    baseUrl: ROOT,
    paths: {
      'cdk-lifecycle': ['src/index.ts'],
      'cdk-lifecycle/lib/*': ['src/*'],
      'cdk-lifecycle/handler': ['src/runtime/types.ts'],
      '*': ['node_modules/*'],
    },
  });
  const problems = ts.getPreEmitDiagnostics(program)
    .filter((d) => d.file && files.includes(d.file.fileName))
    .map((d) => `${path.basename(d.file!.fileName)}:${d.file!.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}\n${d.file!.text}`);
  expect(problems).toEqual([]);
});

test('GIVEN the README handler WHEN compared with examples/handlers/selenium.ts THEN it is the same code (so the example tests run the README handler)', () => {
  const handler = TS_BLOCKS.find((b) => b.includes('export async function onEvent'));
  const example = fs.readFileSync(path.join(ROOT, 'examples', 'handlers', 'selenium.ts'), 'utf8');
  expect(handler).toBe(example.replace("from '../../src/runtime/types'", "from 'cdk-lifecycle/handler'"));
});

describe('the Python examples', () => {
  const blocks = [...README.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1]);

  test('GIVEN each Python block WHEN its names are read THEN every class and enum it uses from aws_cdk or cdk_lifecycle is imported in the block', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    const exported = new Set(Object.keys(api));
    const missing = blocks.flatMap((block, index) => {
      const imported = new Set([...block.matchAll(/^from \S+ import (.+)$/gm)].flatMap((m) => m[1].split(',').map((name) => name.trim())));
      const used = new Set([...block.replace(/#.*$/gm, '').replace(/"[^"]*"/g, '""').matchAll(/\b([A-Z][A-Za-z0-9]*)\b(?=[(.])/g)].map((m) => m[1]));
      return [...used].filter((name) => !imported.has(name) && (exported.has(name) || ['Duration', 'Annotations', 'Aspects', 'App', 'Stack'].includes(name))).map((name) => `block ${index + 1}: ${name}`);
    });
    expect(missing).toEqual([]);
  });

  test('GIVEN each Python block WHEN compiled by Python (inside a method, as construct code) THEN it is valid syntax', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-readme-python-'));
    blocks.forEach((block, index) => {
      const body = block.split('\n').map((line) => `        ${line}`).join('\n');
      fs.writeFileSync(path.join(dir, `block${index}.py`), `class Example:\n    def build(self, app, queue):\n${body}\n        pass\n`);
    });
    const result = spawnSync('python3', ['-m', 'py_compile', ...blocks.map((_, index) => path.join(dir, `block${index}.py`))], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('the code samples of the other languages', () => {
  test.each(DOCUMENTS.map((document) => [document]))('GIVEN %s WHEN its Python, Go and Java blocks are read THEN each is marked with the app file it comes from', (document) => {
    const markdown = fs.readFileSync(path.join(ROOT, document), 'utf8');
    for (const language of ['python', 'go', 'java']) expect({ language, unmarked: unmarkedBlocks(markdown, language) }).toEqual({ language, unmarked: [] });
    expect(codeSamples(markdown).length).toBeGreaterThanOrEqual(2);
  });

  test.each(DOCUMENTS.flatMap((document) => codeSamples(fs.readFileSync(path.join(ROOT, document), 'utf8')).map((sample) => [document, `${sample.file}${sample.sample ? `#${sample.sample}` : ''}`, sample] as const)))(
    'GIVEN %s\'s sample of %s WHEN compared with the languages app it comes from THEN it is the same code (else: npm run docs:languages)', (_document, _name, sample) => {
      expect(sample.file).toMatch(/^test\/languages\//);
      expect(sample.code).toBe(expectedCode(sample));
    });

  test('GIVEN marked parts of a source WHEN a sample is taken THEN its parts are dedented, parts with only markers between them joined, and marker lines left out', () => {
    const source = ['# sample: a', 'import x', '# end sample', '# sample: a b', 'import y', '# end sample', 'other', 'def f():', '    # sample: a', '    x.go()', '    # end sample', ''].join('\n');
    expect(sampleOf(source, 'a')).toBe('import x\nimport y\n\nx.go()\n');
    expect(sampleOf(source, 'b')).toBe('import y\n');
    expect(sampleOf(source)).toBe('import x\nimport y\nother\ndef f():\n    x.go()\n');
    expect(() => sampleOf(source, 'c')).toThrow('no sample "c"');
  });

  test('GIVEN a document whose marked block is stale WHEN the samples are written THEN the block is replaced and the rest kept', () => {
    const stale = 'text\n<!-- code: test/languages/python/app.py#guard -->\n```python\nold\n```\nafter\n';
    expect(withCodeSamples(stale)).toBe(`text\n<!-- code: test/languages/python/app.py#guard -->\n\`\`\`python\n${expectedCode({ file: 'test/languages/python/app.py', sample: 'guard' })}\`\`\`\nafter\n`);
  });
});

test('GIVEN the README WHEN it shows the HTML report THEN the screenshot it links is a PNG in the repository (npm run example:review writes it)', () => {
  const linked = /!\[[^\]]*\]\((docs\/images\/[^)]+\.png)\)/.exec(README)?.[1];
  expect(linked).toBe('docs/images/review-report.png');
  const png = fs.readFileSync(path.join(ROOT, linked!));
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.readUInt32BE(16)).toBe(1200);
});
