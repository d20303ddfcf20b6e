/**
 * `cdk-lifecycle snapshot <cdk.out> --out <dir>` as a user runs it: where it writes and what it
 * refuses to overwrite, `--stack`, its usage errors, and that a failed read leaves nothing
 * behind. AWS is the loopback stand-in.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SNAPSHOT_USAGE } from '../../../../src/cli/args/usage';
import { listFiles } from '../../../helpers/assembly';
import { queues, writeAssembly } from '../../deployed/assembly-builder';
import { awsTestEnv, staticKeys, withAwsEnv } from '../../deployed/aws-env';
import { FakeAws } from '../../deployed/fake-aws';
import { run, RunResult } from '../../helpers';

const ACCOUNT = '111111111111';
let tmp: string;
let aws: FakeAws;
let env: Record<string, string>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-snapshot-'));
  aws = new FakeAws();
  env = awsTestEnv(await aws.start(), staticKeys('AKIDDEV'));
  aws.addUser('AKIDDEV', ACCOUNT, 'dev');
  aws.deploy({ account: ACCOUNT, region: 'eu-west-1', name: 'Api', template: queues('A') });
  aws.deploy({ account: ACCOUNT, region: 'eu-west-1', name: 'Db', template: queues('T') });
  writeAssembly(path.join(tmp, 'cdk.out'), ['Api', 'Db'].map((id) => ({ id, template: queues('A'), environment: `aws://${ACCOUNT}/eu-west-1`, roles: false })));
});
afterAll(async () => {
  await aws.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(() => { aws.calls.length = 0; });

async function snapshot(...argv: string[]): Promise<RunResult> {
  return withAwsEnv(env, () => run(['snapshot', ...argv], { cwd: tmp, env }));
}

test('GIVEN an earlier snapshot at --out WHEN a new one is taken THEN it replaces the old one whole', async () => {
  expect((await snapshot('cdk.out', '--out', 'again')).code).toBe(0);
  fs.writeFileSync(path.join(tmp, 'again', 'stale.json'), '{}');

  const result = await snapshot('cdk.out', '--out', 'again');

  expect(result.code).toBe(0);
  expect(listFiles(path.join(tmp, 'again'))).toEqual(['Api.template.json', 'Db.template.json', 'cdk-lifecycle.deployed.json', 'manifest.json']);
  expect(fs.readdirSync(tmp).filter((name) => name.startsWith('.again'))).toEqual([]);
});

test('GIVEN --stack WHEN a snapshot is taken THEN only that stack is read and written', async () => {
  const result = await snapshot('cdk.out', '--out', 'only-db', '--stack', 'Db');

  expect(result.stdout).toMatch(/^Snapshot of 1 stack written to only-db \(taken .*\): 1 deployed; 0 exports, 0 imported outside the app\n$/);
  expect(new Set(aws.calls.filter((call) => call.service === 'cloudformation' && call.params.StackName !== undefined).map((call) => call.params.StackName.replace(/^arn:.*:stack\/([^/]+)\/.*$/, '$1')))).toEqual(new Set(['Db']));
  expect(Object.keys(JSON.parse(fs.readFileSync(path.join(tmp, 'only-db', 'manifest.json'), 'utf8')).artifacts)).toEqual(['Db']);
});

test.each([
  ['a folder with other files', () => { fs.mkdirSync(path.join(tmp, 'busy'), { recursive: true }); fs.writeFileSync(path.join(tmp, 'busy', 'notes.txt'), 'mine'); return 'busy'; },
    '--out busy is a folder that holds other files (notes.txt) and no snapshot: it is not replaced'],
  ['a file', () => { fs.writeFileSync(path.join(tmp, 'a-file'), 'x'); return 'a-file'; }, '--out a-file is a file: the snapshot is a folder'],
  ['the assembly itself', () => 'cdk.out', '--out cdk.out is the cloud assembly being read: the snapshot goes to a folder of its own'],
])('GIVEN --out naming %s WHEN a snapshot is asked for THEN it is refused before anything is read or written', async (_, prepare, message) => {
  const out = prepare();
  const before = fs.existsSync(path.join(tmp, out)) && fs.statSync(path.join(tmp, out)).isDirectory() ? listFiles(path.join(tmp, out)) : undefined;

  const result = await snapshot('cdk.out', '--out', out);

  expect(result.code).toBe(2);
  expect(result.stderr.split('\n')[0]).toBe(`cdk-lifecycle: ${message}`);
  expect(aws.calls).toEqual([]);
  if (before !== undefined) expect(listFiles(path.join(tmp, out))).toEqual(before);
});

test.each([
  ['no --out', ['cdk.out'], 'snapshot needs --out <dir>: the folder to write the snapshot to'],
  ['no assembly', ['--out', 'x'], 'snapshot needs one cloud assembly (cdk.out), got 0'],
  ['two assemblies', ['a', 'b', '--out', 'x'], 'snapshot needs one cloud assembly (cdk.out), got 2: a b'],
  ['an option of diff', ['cdk.out', '--out', 'x', '--json'], '--json is not an option of snapshot'],
  ['--out without a value', ['cdk.out', '--out'], '--out needs a value: the folder to write the snapshot to'],
])('GIVEN %s WHEN snapshot is run THEN it is a usage error', async (_, argv, message) => {
  expect(await snapshot(...argv)).toEqual({ code: 2, stdout: '', stderr: `cdk-lifecycle: ${message}\n  run \`cdk-lifecycle --help\` for usage\n` });
});

test.each([
  ['a template file', ['templates/none.json'], /^cdk-lifecycle: cannot read templates\/none\.json/],
  ['a stack the assembly does not have', ['cdk.out', '--stack', 'Nope'], /^cdk-lifecycle: no stack "Nope" in cdk\.out\n {2}stacks there: Api, Db\n$/],
])('GIVEN %s WHEN snapshot is run THEN it says so and reads nothing', async (_, argv, message) => {
  const result = await snapshot(...argv, '--out', 'never');

  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(aws.calls).toEqual([]);
  expect(fs.existsSync(path.join(tmp, 'never'))).toBe(false);
});

test('GIVEN a template file rather than an assembly WHEN snapshot is run THEN it asks for the assembly folder', async () => {
  fs.writeFileSync(path.join(tmp, 'template.json'), JSON.stringify(queues('A')));

  const result = await snapshot('template.json', '--out', 'never');

  expect(result.stderr).toBe('cdk-lifecycle: snapshot reads the stacks of a cloud assembly, but template.json is a template file\n  pass the output folder of cdk synth (cdk.out)\n');
});

test.each([['snapshot', '--help'], ['snapshot', '-h']])('GIVEN %s %s WHEN run THEN the snapshot usage is printed', async (...argv) => {
  expect(await run(argv)).toEqual({ code: 0, stdout: SNAPSHOT_USAGE, stderr: '' });
});

test('GIVEN a nested stack whose deployed aws:asset:path leaves the folder WHEN a snapshot is taken THEN it is refused and nothing is written', async () => {
  const outer = { Resources: { Inner: { Type: 'AWS::CloudFormation::Stack', Metadata: { 'aws:asset:path': '../../escape.json' }, Properties: { TemplateURL: 'https://x/y.json' } } } };
  aws.deploy({ account: ACCOUNT, region: 'eu-west-1', name: 'Outer', template: outer, nested: new Map([['Inner', queues('Q')]]) });
  const app = { Resources: { Inner: { Type: 'AWS::CloudFormation::Stack', Properties: { TemplateURL: 'https://x/y.json' } } } };
  writeAssembly(path.join(tmp, 'outer.out'), [{ id: 'Outer', template: app, environment: `aws://${ACCOUNT}/eu-west-1`, roles: false }]);

  const result = await snapshot('outer.out', '--out', 'escaped');

  expect(result.code).toBe(2);
  expect(result.stderr.split('\n')[0]).toBe('cdk-lifecycle: cannot write the template of nested stack Inner of stack Outer: its aws:asset:path metadata, "../../escape.json", is not a file inside the snapshot folder');
  expect(fs.existsSync(path.join(tmp, 'escaped'))).toBe(false);
  expect(fs.readdirSync(tmp).filter((name) => name.startsWith('.escaped'))).toEqual([]);
  expect(fs.existsSync(path.join(tmp, '..', 'escape.json'))).toBe(false);
});
