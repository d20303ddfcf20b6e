/**
 * The AWS SDK is loaded only by the commands that read from AWS: `--help` and a diff of two
 * folders start without it, as fast as before; `diff --deployed` loads it, and stays quiet on
 * standard error (no SDK warning about Node.js versions). The same for the other heavy
 * modules: a diff of two JSON templates loads neither the YAML parser, nor the schema
 * validator, the glob matcher, the renderers of files not asked for, the refactor planner, nor
 * the other commands (the local runner); each is loaded by the input or option that needs it.
 * Each case is a real process (through ts-node, as process.test.ts runs the command) that
 * reports which modules it loaded.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { queues, writeAssembly } from './deployed/assembly-builder';
import { awsTestEnv, staticKeys } from './deployed/aws-env';
import { FakeAws } from './deployed/fake-aws';

const ROOT = path.join(__dirname, '..', '..');

/** The modules a command loads only when it needs them: a name for each, and how its files are recognised. */
const HEAVY: Record<string, RegExp> = {
  'yaml': /node_modules\/yaml\//,
  'ajv': /node_modules\/ajv\//,
  'minimatch': /node_modules\/minimatch\//,
  'local runner': /\/src\/local\//,
  'invoke': /\/src\/cli\/commands\/invoke\/invoke-command\.ts$/,
  'snapshot': /\/src\/cli\/commands\/snapshot\/snapshot-command\.ts$/,
  'html': /\/src\/review\/html\/render-html\.ts$/,
  'markdown': /\/src\/review\/render-markdown\.ts$/,
  'sarif': /\/src\/review\/render-sarif\.ts$/,
  'junit': /\/src\/review\/render-junit\.ts$/,
  'refactor planner': /\/src\/change-set\/refactor\/plan-refactor\.ts$/,
};

const HEAVY_SOURCES = Object.fromEntries(Object.entries(HEAVY).map(([name, pattern]) => [name, pattern.source]));

/** What one process did, and the @aws-sdk packages and `HEAVY` modules it loaded. */
interface Loaded {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly sdk: string[];
  readonly heavy: string[];
}

/** Runs main in a child process; its last stdout line lists the @aws-sdk packages and the `HEAVY` modules it loaded. */
function spawnMain(argv: string[], env: Record<string, string> = {}): Promise<Loaded> {
  const script = `
    const { main } = require('./src/cli/main');
    const { processIo } = require('./src/cli/cli-io');
    main(${JSON.stringify(argv)}, processIo()).then((code) => {
      const files = Object.keys(require.cache);
      const sdk = [...new Set(files.flatMap((file) => /node_modules\\/(@aws-sdk\\/[^/]+)\\//.exec(file)?.[1] ?? []))].sort();
      const heavy = Object.entries(${JSON.stringify(HEAVY_SOURCES)})
        .filter(([, pattern]) => files.some((file) => new RegExp(pattern).test(file))).map(([name]) => name);
      process.stdout.write('\\nSDK ' + JSON.stringify({ sdk, heavy }) + '\\n');
      process.exitCode = code;
    });`;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { cwd: ROOT, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => { stdout += chunk; });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('error', reject);
    child.on('close', (code) => {
      const { sdk, heavy } = JSON.parse(/\nSDK (.*)\n$/.exec(stdout)?.[1] ?? 'null') as { sdk: string[]; heavy: string[] };
      resolve({ code: code ?? -1, stdout: stdout.replace(/\nSDK .*\n$/, ''), stderr, sdk, heavy });
    });
  });
}

let tmp: string;
let aws: FakeAws;
const results: Record<string, Awaited<ReturnType<typeof spawnMain>>> = {};

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-sdk-'));
  const app = writeAssembly(path.join(tmp, 'app'), [{ id: 'Api', template: queues('A', 'B'), environment: 'aws://111111111111/eu-west-1', roles: false }]);
  aws = new FakeAws();
  const url = await aws.start();
  aws.addUser('AKIDDEV', '111111111111', 'dev');
  aws.deploy({ account: '111111111111', region: 'eu-west-1', name: 'Api', template: queues('A') });
  const fixtures = path.join('test', 'cli', 'fixtures');
  const templates = path.join(fixtures, 'templates');
  const rules = path.join(tmp, 'rules.yaml');
  fs.writeFileSync(rules, 'rules:\n  - id: queues\n    level: info\n    message: a queue changes\n    match:\n      resourceType: AWS::SQS::*\n');
  const queue = (timeout: number) => JSON.stringify({ Resources: { Jobs: { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: timeout } } } });
  const [before, after] = [path.join(tmp, 'before.json'), path.join(tmp, 'after.json')];
  fs.writeFileSync(before, queue(30));
  fs.writeFileSync(after, queue(60));
  const [help, folders, deployed] = await Promise.all([
    spawnMain(['--help']),
    spawnMain(['diff', path.join(fixtures, 'assembly-before'), path.join(fixtures, 'assembly-after'), '--fail-on', 'none']),
    spawnMain(['diff', '--deployed', app, '--json'], awsTestEnv(url, staticKeys('AKIDDEV'))),
  ]);
  const [json, yaml, withRules, files] = await Promise.all([
    spawnMain(['diff', before, after, '--json']),
    spawnMain(['diff', path.join(templates, 'before.json'), path.join(templates, 'after.yaml'), '--fail-on', 'none']),
    spawnMain(['diff', before, after, '--rules', rules]),
    spawnMain(['diff', before, after, '--html', path.join(tmp, 'r.html'), '--sarif', path.join(tmp, 'r.sarif')]),
  ]);
  Object.assign(results, { help, folders, deployed, json, yaml, withRules, files });
}, 120_000);

afterAll(async () => {
  await aws.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

test.each(['help', 'folders'])('GIVEN %s WHEN the command runs THEN no module of the AWS SDK is loaded', (name) => {
  expect(results[name]).toMatchObject({ code: 0, stderr: '' });
  expect(results[name].sdk).toEqual([]);
});

test('GIVEN diff --deployed WHEN it runs THEN it loads the CloudFormation and STS clients and the credential providers, and says nothing on stderr', () => {
  expect(results.deployed).toMatchObject({ code: 0, stderr: '' });
  expect(results.deployed.sdk).toEqual(expect.arrayContaining(['@aws-sdk/client-cloudformation', '@aws-sdk/client-sts', '@aws-sdk/credential-providers']));
  expect(JSON.parse(results.deployed.stdout).Api.Changes.map((change: any) => change.ResourceChange.LogicalResourceId)).toEqual(['B']);
});

describe('modules loaded where a command needs them', () => {
  test('GIVEN --help WHEN it runs THEN none of the heavy modules is loaded', () => {
    expect(results.help.heavy).toEqual([]);
  });

  test('GIVEN a diff of two JSON templates WHEN it runs THEN it loads no YAML parser, validator, glob matcher, renderer, refactor planner or other command', () => {
    expect(results.json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(results.json.stdout).Changes.map((change: any) => change.ResourceChange.LogicalResourceId)).toEqual(['Jobs']);
    expect(results.json.heavy).toEqual([]);
  });

  test('GIVEN a YAML template WHEN it is compared THEN the YAML parser is loaded, and nothing else', () => {
    expect(results.yaml.code).toBe(0);
    expect(results.yaml.heavy).toEqual(['yaml']);
  });

  test('GIVEN --rules with a glob WHEN the diff runs THEN the rules reader loads the YAML parser, the validator and the glob matcher', () => {
    expect(results.withRules).toMatchObject({ code: 0, stderr: '' });
    expect(results.withRules.stdout).toContain('Review: 0 fail, 0 warn, 1 info');
    expect(results.withRules.heavy).toEqual(['yaml', 'ajv', 'minimatch']);
  });

  test('GIVEN --html and --sarif WHEN the diff runs THEN those two renderers are loaded, not Markdown or JUnit', () => {
    expect(results.files).toMatchObject({ code: 0, stderr: '' });
    expect(results.files.heavy).toEqual(['html', 'sarif']);
  });

  test('GIVEN two cloud assemblies WHEN they are compared THEN the refactor planner is loaded (stacks have names to plan with)', () => {
    expect(results.folders.heavy).toEqual(['refactor planner']);
  });
});
