/**
 * The AWS SDK is loaded only by the commands that read from AWS: `--help` and a diff of two
 * folders start without it, as fast as before; `diff --deployed` loads it, and stays quiet on
 * standard error (no SDK warning about Node.js versions). Each case is a real process (through
 * ts-node, as process.test.ts runs the command) that reports which modules it loaded.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { queues, writeAssembly } from './deployed/assembly-builder';
import { awsTestEnv, staticKeys } from './deployed/aws-env';
import { FakeAws } from './deployed/fake-aws';

const ROOT = path.join(__dirname, '..', '..');

/** Runs main in a child process; its last stdout line lists the @aws-sdk packages it loaded. */
function spawnMain(argv: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string; sdk: string[] }> {
  const script = `
    const { main } = require('./src/cli/main');
    const { processIo } = require('./src/cli/cli-io');
    main(${JSON.stringify(argv)}, processIo()).then((code) => {
      const sdk = [...new Set(Object.keys(require.cache).flatMap((file) => /node_modules\\/(@aws-sdk\\/[^/]+)\\//.exec(file)?.[1] ?? []))].sort();
      process.stdout.write('\\nSDK ' + JSON.stringify(sdk) + '\\n');
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
      const sdk = JSON.parse(/\nSDK (.*)\n$/.exec(stdout)?.[1] ?? 'null') as string[];
      resolve({ code: code ?? -1, stdout: stdout.replace(/\nSDK .*\n$/, ''), stderr, sdk });
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
  const [help, folders, deployed] = await Promise.all([
    spawnMain(['--help']),
    spawnMain(['diff', path.join(fixtures, 'assembly-before'), path.join(fixtures, 'assembly-after'), '--fail-on', 'none']),
    spawnMain(['diff', '--deployed', app, '--json'], awsTestEnv(url, staticKeys('AKIDDEV'))),
  ]);
  Object.assign(results, { help, folders, deployed });
}, 90_000);

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
