/**
 * Issue 36, the reading side: `cdk-lifecycle diff` on inputs an attacker wrote (a fork's
 * cdk.out, templates, rules). Every path is read inside the folder given, every limit ends in
 * a clear error (exit 2), and nothing hangs, blows up or says "no differences" by accident.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run } from './helpers';
import { LocalCloudFormation, LocalSetupError } from '../../src/testing';
import { manifest, RecordedRun, runRecordingOpens, SENTINEL, stackArtifact, topics, Workspace } from '../helpers/hostile-files';

let ws: Workspace;
beforeEach(() => {
  ws = new Workspace();
});
afterEach(() => ws.remove());

/** Runs `diff` in the workspace, recording every file the process opens. */
const diff = (...argv: string[]) => runRecordingOpens(['diff', ...argv], ws.root);

/** Asserts the run refused with exit 2, said `message`, and never read or quoted the sentinel. */
function refused(result: RecordedRun, ...messages: RegExp[]): void {
  expect(result.code).toBe(2);
  expect(result.stderr).not.toContain('unexpected error');
  for (const message of messages) expect(result.stderr).toMatch(message);
  expect(result.stdout + result.stderr).not.toContain(SENTINEL);
  expect(result.opened.filter((file) => ws.isOutside(file))).toEqual([]);
}

const app = (entries: Record<string, unknown> = {}) => ({ 'manifest.json': manifest({ App: stackArtifact('App.template.json', { stackName: 'App' }) }), 'App.template.json': topics('Topic'), ...entries });

describe('reads outside the folder given are refused, naming the file and the field', () => {
  test.each<[string, string]>([
    ['a relative path to a template outside', '../outside/template.json'],
    ['a relative path to a text file outside', '../outside/secret.txt'],
    ['an absolute path outside', 'ABSOLUTE'],
  ])('GIVEN a manifest templateFile that is %s WHEN diffed THEN it is refused and nothing outside is read', async (_name, templateFile) => {
    const file = templateFile === 'ABSOLUTE' ? path.join(ws.outside, 'secret.txt') : templateFile;
    ws.folder('old', app());
    ws.folder('new', { 'manifest.json': manifest({ App: stackArtifact(file, { stackName: 'App' }) }) });

    const result = await diff('old', 'new');

    refused(result, /new\/manifest\.json: artifacts\.App\.properties\.templateFile ".*" is outside the cloud assembly new/);
  });

  test('GIVEN a template that is a symbolic link to a file outside WHEN diffed THEN it is refused', async () => {
    ws.folder('old', app());
    ws.folder('new', app({ 'App.template.json': { symlink: '../outside/template.json' } }));

    refused(await diff('old', 'new'), /new\/manifest\.json: artifacts\.App\.properties\.templateFile "App\.template\.json" is a link to a file outside the cloud assembly new/);
  });

  test('GIVEN a nested stack whose aws:asset:path leaves the folder WHEN diffed THEN it is refused, naming the template and the resource', async () => {
    const parent = JSON.stringify({ Resources: { Inner: { Type: 'AWS::CloudFormation::Stack', Metadata: { 'aws:asset:path': '../outside/template.json' }, Properties: { TemplateURL: 'x' } } } });
    ws.folder('old', app());
    ws.folder('new', app({ 'App.template.json': parent }));

    refused(await diff('old', 'new'), /new\/App\.template\.json: Resources\.Inner\.Metadata\.aws:asset:path "\.\.\/outside\/template\.json" is outside the cloud assembly new/);
  });

  test('GIVEN an asset manifest whose source path leaves the folder WHEN a nested stack names its object key THEN it is refused', async () => {
    const parent = JSON.stringify({ Resources: { Inner: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: { 'Fn::Join': ['', ['https://s3/', 'abc123.json']] } } } } });
    ws.folder('old', app());
    ws.folder('new', {
      ...app({ 'App.template.json': parent }),
      'manifest.json': manifest({ 'App': stackArtifact('App.template.json', { stackName: 'App' }), 'App.assets': { type: 'cdk:asset-manifest', properties: { file: 'App.assets.json' } } }),
      'App.assets.json': JSON.stringify({ version: '48.0.0', files: { abc123: { source: { path: '../outside/template.json', packaging: 'file' }, destinations: { d: { bucketName: 'b', objectKey: 'abc123.json' } } } } }),
    });

    refused(await diff('old', 'new'), /new\/App\.assets\.json: files\.abc123\.source\.path "\.\.\/outside\/template\.json" is outside the cloud assembly new/);
  });

  test('GIVEN a Stage artifact whose directoryName leaves the folder WHEN diffed THEN it is refused', async () => {
    ws.folder('old', app());
    ws.folder('new', app({ 'manifest.json': manifest({ Stage: { type: 'cdk:cloud-assembly', properties: { directoryName: '../outside', displayName: 'Stage' } } }) }));

    refused(await diff('old', 'new'), /new\/manifest\.json: artifacts\.Stage\.properties\.directoryName "\.\.\/outside" is outside the cloud assembly new/);
  });

  test('GIVEN a stack whose additionalMetadataFile leaves the folder WHEN diffed THEN it is refused', async () => {
    ws.folder('old', app());
    ws.folder('new', app({ 'manifest.json': manifest({ App: { ...stackArtifact('App.template.json', { stackName: 'App' }), additionalMetadataFile: '../outside/secret.txt' } }) }));

    refused(await diff('old', 'new'), /new\/manifest\.json: artifacts\.App\.additionalMetadataFile "\.\.\/outside\/secret\.txt" is outside the cloud assembly new/);
  });

  test('GIVEN a snapshot whose deployed state is a link to a file outside WHEN diffed THEN it is refused', async () => {
    ws.folder('old', app({ 'cdk-lifecycle.deployed.json': { symlink: '../outside/secret.txt' } }));
    ws.folder('new', app());

    refused(await diff('old', 'new'), /old\/cdk-lifecycle\.deployed\.json is a link to a file outside the cloud assembly old/);
  });

  test('GIVEN links that stay inside the folder WHEN diffed THEN they are followed', async () => {
    ws.folder('old', app());
    ws.folder('new', app({ 'real/App.json': topics('Topic', 'Queue'), 'App.template.json': { symlink: 'real/App.json' } }));

    const result = await diff('old', 'new');

    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('[+] AWS::SNS::Topic Queue');
  });
});

describe('a comparison that cannot be completed is an error, never "no differences"', () => {
  const nested = (depth: number, leaf: string) => JSON.stringify({ Resources: { T: { Type: 'AWS::SNS::Topic', Properties: { Tags: JSON.parse('{"a":'.repeat(depth) + JSON.stringify(leaf) + '}'.repeat(depth)) } } } });
  const nestedText = (depth: number, leaf: string) => `{"Resources":{"T":{"Type":"AWS::SNS::Topic","Properties":{"Tags":${'{"a":'.repeat(depth)}"${leaf}"${'}'.repeat(depth)}}}}}`;

  test.each([[61], [70], [3_000], [10_000]])('GIVEN two templates that differ %i levels deep WHEN diffed THEN it is an error naming the file and the limit', async (depth) => {
    fs.writeFileSync(path.join(ws.root, 'a.json'), nestedText(depth, 'x'));
    fs.writeFileSync(path.join(ws.root, 'b.json'), nestedText(depth, 'y'));

    const result = await diff('a.json', 'b.json');

    refused(result, /a\.json nests values more than 64 levels deep \(at Resources\.T\.Properties\.Tags\.a\.a\.a/);
    expect(result.stdout).not.toContain('There were no differences');
  });

  test('GIVEN two templates that differ 60 levels deep (the most a template may nest) WHEN diffed THEN the difference is found', async () => {
    fs.writeFileSync(path.join(ws.root, 'a.json'), nested(60, 'x'));
    fs.writeFileSync(path.join(ws.root, 'b.json'), nested(60, 'y'));

    const result = await diff('a.json', 'b.json');

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('"x" → "y"');
  });

  test('GIVEN two templates that differ only in bytes that are not UTF-8 WHEN diffed THEN it is an error naming the file and the byte offset', async () => {
    const text = (byte: number) => Buffer.concat([Buffer.from('{"Resources":{"T":{"Type":"AWS::SNS::Topic","Properties":{"DisplayName":"a'), Buffer.from([byte]), Buffer.from('"}}}}')]);
    fs.writeFileSync(path.join(ws.root, 'a.json'), text(0xff));
    fs.writeFileSync(path.join(ws.root, 'b.json'), text(0xfe));

    refused(await diff('a.json', 'b.json'), /a\.json is not UTF-8: the byte 0xff at byte offset 74 \(line 1\) is not valid UTF-8/);
  });
});

describe('inputs that hung or blew up are refused quickly, naming what is wrong', () => {
  test('GIVEN a Stage artifact whose directoryName is "." WHEN diffed THEN the cycle is named', async () => {
    ws.folder('old', app());
    ws.folder('new', app({ 'manifest.json': manifest({ Self: { type: 'cdk:cloud-assembly', properties: { directoryName: '.' } } }) }));

    refused(await diff('old', 'new'), /new\/manifest\.json: artifacts\.Self\.properties\.directoryName "\." is the cloud assembly new itself: a cycle/);
  });

  test('GIVEN two Stage folders that include each other WHEN diffed THEN the cycle is named', async () => {
    ws.folder('old', app());
    ws.folder('new', {
      'manifest.json': manifest({ A: { type: 'cdk:cloud-assembly', properties: { directoryName: 'a' } } }),
      'a/manifest.json': manifest({ B: { type: 'cdk:cloud-assembly', properties: { directoryName: '../b' } } }),
      'b/manifest.json': manifest({ A: { type: 'cdk:cloud-assembly', properties: { directoryName: '../a' } } }),
    });

    refused(await diff('old', 'new'), /new\/b\/manifest\.json: artifacts\.A\.properties\.directoryName "\.\.\/a" includes new\/a again: a cycle \(new → new\/a → new\/b → new\/a\)/);
  });

  test('GIVEN a nested template that names itself WHEN diffed THEN the cycle is named', async () => {
    const self = JSON.stringify({ Resources: { Again: { Type: 'AWS::CloudFormation::Stack', Metadata: { 'aws:asset:path': 'App.template.json' }, Properties: { TemplateURL: 'x' } } } });
    ws.folder('old', app());
    ws.folder('new', app({ 'App.template.json': self }));

    refused(await diff('old', 'new'), /new\/App\.template\.json: Resources\.Again\.Metadata\.aws:asset:path "App\.template\.json" names a template that contains it: a cycle \(App\.template\.json → App\.template\.json\)/);
  });

  test('GIVEN two nested templates that name each other WHEN diffed THEN the cycle is named', async () => {
    const naming = (other: string) => JSON.stringify({ Resources: { Next: { Type: 'AWS::CloudFormation::Stack', Metadata: { 'aws:asset:path': other }, Properties: { TemplateURL: 'x' } } } });
    ws.folder('old', app());
    ws.folder('new', app({ 'App.template.json': naming('a.nested.json'), 'a.nested.json': naming('b.nested.json'), 'b.nested.json': naming('a.nested.json') }));

    refused(await diff('old', 'new'), /a cycle \(App\.template\.json → a\.nested\.json → b\.nested\.json → a\.nested\.json\)/);
  });

  test('GIVEN a large nested template named by 500 nested stacks, 3 levels over WHEN diffed THEN the total is refused, not read 125 million times', async () => {
    const naming = (file: string) => JSON.stringify({ Resources: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`N${i}`, { Type: 'AWS::CloudFormation::Stack', Metadata: { 'aws:asset:path': file }, Properties: { TemplateURL: 'x' } }])) });
    ws.folder('old', app());
    ws.folder('new', app({ 'App.template.json': naming('a.json'), 'a.json': naming('b.json'), 'b.json': naming('c.json'), 'c.json': JSON.stringify({ Resources: {}, Description: 'x'.repeat(900_000) }) }));

    refused(await diff('old', 'new'), /new\/b\.json: Resources\.N\d+\.Metadata\.aws:asset:path "c\.json": the stack's nested stacks hold more than 67108864 bytes of templates/);
  });

  test('GIVEN a 700 KB YAML template whose 10,000 aliases each copy a 10,000-item list WHEN diffed THEN its expansion is refused at the alias that passes the bound', async () => {
    const items = Array.from({ length: 10_000 }, (_, index) => `      - item-${index}-${'x'.repeat(40)}`).join('\n');
    const aliases = Array.from({ length: 10_000 }, () => '        - *big').join('\n');
    const bomb = `Resources:\n  T:\n    Type: AWS::SNS::Topic\n    Metadata:\n      Big: &big\n${items}\n      Copies:\n${aliases}\n`;
    expect(Buffer.byteLength(bomb)).toBeLessThan(1_048_576);
    fs.writeFileSync(path.join(ws.root, 'a.yaml'), bomb);
    fs.writeFileSync(path.join(ws.root, 'b.json'), topics('T'));

    refused(await diff('a.yaml', 'b.json'), /a\.yaml has YAML aliases that expand it to more than 1000000 values \(at line 10\d{3}\)/);
  });

  test('GIVEN a YAML template with more aliases than the yaml library\'s default of 100 WHEN diffed THEN it is refused at the 101st', async () => {
    fs.writeFileSync(path.join(ws.root, 'a.yaml'), `Metadata:\n  A: &a x\n  B:\n${'    - *a\n'.repeat(150)}Resources: {}\n`);
    fs.writeFileSync(path.join(ws.root, 'b.json'), topics('T'));

    refused(await diff('a.yaml', 'b.json'), /a\.yaml has more than 100 YAML aliases \(the yaml library's default limit\) \(at line 104\)/);
  });

  test('GIVEN a billion-laughs YAML template within the alias count WHEN diffed THEN its expansion is refused', async () => {
    const levels = Array.from({ length: 12 }, (_, index) => `  l${index + 1}: &l${index + 1} [${Array.from({ length: 8 }, () => `*l${index}`).join(', ')}]`).join('\n');
    fs.writeFileSync(path.join(ws.root, 'a.yaml'), `Metadata:\n  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol]\n${levels}\nResources: {}\n`);
    fs.writeFileSync(path.join(ws.root, 'b.json'), topics('T'));

    refused(await diff('a.yaml', 'b.json'), /a\.yaml has YAML aliases that expand it to more than 1000000 values \(at line \d+\)/);
  });

  test('GIVEN a template larger than CloudFormation\'s 1 MB WHEN diffed THEN it is refused, naming the limit', async () => {
    fs.writeFileSync(path.join(ws.root, 'a.json'), JSON.stringify({ Description: 'x'.repeat(1_048_577), Resources: {} }));
    fs.writeFileSync(path.join(ws.root, 'b.json'), topics('T'));

    refused(await diff('a.json', 'b.json'), /a\.json is 1048\d{3} bytes: more than the 1048576 bytes \(1 MB\) of the largest template CloudFormation accepts/);
  });

  test('GIVEN a template with more resources than CloudFormation\'s 500 WHEN diffed THEN it is compared, with a warning', async () => {
    fs.writeFileSync(path.join(ws.root, 'a.json'), topics('T'));
    fs.writeFileSync(path.join(ws.root, 'b.json'), topics(...Array.from({ length: 501 }, (_, index) => `T${index}`)));

    const result = await diff('a.json', 'b.json');

    expect(result.code).toBe(0);
    expect(result.stderr).toContain('cdk-lifecycle: warning: b.json has 501 resources: CloudFormation accepts at most 500 in a stack, so deploying it fails');
    expect(result.stdout).toContain('[+] AWS::SNS::Topic T500');
  });
});

describe('review rules files', () => {
  test('GIVEN a rules glob with 30 * WHEN matched against a 10,000-character stack name THEN the diff finishes', async () => {
    const name = 'a'.repeat(10_000);
    const stackOf = (template: string) => ({ 'manifest.json': manifest({ App: stackArtifact('App.template.json', { stackName: name }) }), 'App.template.json': template });
    ws.folder('old', stackOf(topics('T')));
    ws.folder('new', stackOf(topics('T', 'U')));
    fs.writeFileSync(path.join(ws.root, 'rules.yaml'), `rules:\n  - id: slow\n    level: fail\n    message: m\n    match:\n      stack: '${'a*'.repeat(30)}b'\n  - id: fast\n    level: fail\n    message: m\n    match:\n      stack: '${'a*'.repeat(30)}'\n`);

    const result = await diff('old', 'new', '--rules', 'rules.yaml');

    expect(result.code).toBe(1);
    expect(result.stdout).toContain('fast: m');
    expect(result.stdout).not.toContain('slow: m');
  });

  test('GIVEN a billion-laughs rules file WHEN diffed THEN it is a usage error naming the file and the line', async () => {
    const levels = Array.from({ length: 9 }, (_, index) => `l${index + 1}: &l${index + 1} [${Array.from({ length: 9 }, () => `*l${index}`).join(', ')}]`).join('\n');
    fs.writeFileSync(path.join(ws.root, 'rules.yaml'), `l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n${levels}\nrules: []\n`);
    fs.writeFileSync(path.join(ws.root, 'a.json'), topics('T'));

    refused(await diff('a.json', 'a.json', '--rules', 'rules.yaml'), /rules\.yaml is not a valid rules file:\n {2}line 7: YAML aliases that expand it to more than 1000000 values\n/);
  });

  test.each<[string, Buffer, RegExp]>([
    ['larger than 1 MB', Buffer.from(`rules: []\n#${'x'.repeat(1_048_576)}\n`), /rules\.yaml is 1048\d{3} bytes: more than the 1048576 bytes a rules file may have/],
    ['not UTF-8', Buffer.from([...Buffer.from('rules: []\n# '), 0xc3, 0x28, 0x0a]), /rules\.yaml is not UTF-8: the byte 0x28 at byte offset 13 \(line 2\) is not valid UTF-8/],
    ['nested too deeply', Buffer.from(`rules: ${'['.repeat(70)}${']'.repeat(70)}\n`), /rules\.yaml is not a valid rules file:\n {2}line 1: /],
  ])('GIVEN a rules file %s WHEN diffed THEN it is a usage error naming the file', async (_name, content, message) => {
    fs.writeFileSync(path.join(ws.root, 'rules.yaml'), content);
    fs.writeFileSync(path.join(ws.root, 'a.json'), topics('T'));

    refused(await diff('a.json', 'a.json', '--rules', 'rules.yaml'), message);
  });
});

describe('invoke and cdk-lifecycle/testing read through the same layer', () => {
  const provider = (assetPath: string) => JSON.stringify({
    Resources: {
      Fn: { Type: 'AWS::Lambda::Function', Properties: { Code: { S3Bucket: 'b', S3Key: 'k.zip' }, Handler: 'index.handler', Runtime: 'nodejs22.x', Timeout: 5 }, Metadata: { 'aws:asset:path': assetPath } },
      Thing: { Type: 'Custom::Thing', Properties: { ServiceToken: { 'Fn::GetAtt': ['Fn', 'Arn'] } } },
    },
  });

  test('GIVEN a function whose aws:asset:path leaves the assembly WHEN invoked THEN its code is refused, naming the template and the field, and nothing runs', async () => {
    ws.folder('outside/code', { 'index.js': `exports.handler = async () => { throw new Error('${SENTINEL}'); };\n` });
    ws.folder('app', { 'manifest.json': manifest({ App: stackArtifact('App.template.json') }), 'App.template.json': provider('../outside/code') });

    const result = await run(['invoke', 'app', '--request', 'create'], { cwd: ws.root });

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the provider of Thing is function Fn \(stack App\), which cannot run locally: its code cannot be run: app\/App\.template\.json: Resources\.Fn\.Metadata\.aws:asset:path "\.\.\/outside\/code" is outside the cloud assembly app/);
    expect(result.stdout + result.stderr).not.toContain(SENTINEL);
  });

  test('GIVEN a templateFile outside the folder WHEN cdk-lifecycle/testing opens the assembly THEN it is refused with the same error', async () => {
    ws.folder('app', { 'manifest.json': manifest({ App: stackArtifact('../outside/template.json') }) });

    await expect(LocalCloudFormation.open(path.join(ws.root, 'app'))).rejects.toThrow(
      new LocalSetupError(`${path.join(ws.root, 'app')}/manifest.json: artifacts.App.properties.templateFile "../outside/template.json" is outside the cloud assembly ${path.join(ws.root, 'app')}`),
    );
  });

  test('GIVEN a Stage cycle WHEN the assembly is opened for invoke THEN it is the same named error as for diff', async () => {
    ws.folder('app', { 'manifest.json': manifest({ Self: { type: 'cdk:cloud-assembly', properties: { directoryName: './' } } }) });

    const result = await run(['invoke', 'app', '--request', 'create'], { cwd: ws.root });

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/app\/manifest\.json: artifacts\.Self\.properties\.directoryName "\.\/" is the cloud assembly app itself: a cycle/);
  });
});
