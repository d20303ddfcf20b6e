/**
 * `cdk-lifecycle invoke` in-process: options, output, exit codes and every error a user can
 * make, on the hand-written assemblies of test/fixtures/providers (no synth needed).
 */
import * as path from 'node:path';
import { run } from './helpers';

const PROVIDERS = path.join(__dirname, '..', 'fixtures', 'providers');
const ASSEMBLY = path.join(PROVIDERS, 'assembly');
const INVOKE_FIXTURES = path.join(__dirname, 'fixtures', 'invoke');
const ESC = '\u001b[';

const invoke = (args: string[], io: Parameters<typeof run>[1] = {}) => run(['invoke', ASSEMBLY, '--stack', 'Broken', ...args], { cwd: INVOKE_FIXTURES, ...io });

describe('a lifecycle with a replacement', () => {
  let result: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => { result = await invoke(['--resource', 'Healthy', '--properties', 'new-properties.json']); });

  test('GIVEN a healthy provider and new properties WHEN invoked THEN it exits 0 and each step shows its request, logs, response and verdict', () => {
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const headings = result.stdout.split('\n').filter((line) => line.startsWith('── '));
    expect(headings).toEqual([
      '── 1. Create Healthy (Custom::Thing, stack Broken)',
      '── 2. Update Healthy (Custom::Thing, stack Broken)',
      '── 3. Delete (old id) Healthy (Custom::Thing, stack Broken)',
      '── 4. Delete Healthy (Custom::Thing, stack Broken)',
    ]);
    expect(result.stdout).toContain('\nrequest\n  {\n    "RequestType": "Create",\n');
    expect(result.stdout).toMatch(/\n {4}"ResponseURL": "http:\/\/127\.0\.0\.1:\d+\/cloudformation-custom-resource-response\/[^?"]+\?X-Amz-Signature=\.\.\.",\n/);
    expect(result.stdout).toContain('\nlogs\n  healthy provider got Create (request 1 in this container)\n');
    expect(result.stdout).toMatch(/\nresponse SUCCESS, \d+ ms, \d+ bytes\n {2}\{\n/);
    expect(result.stdout.match(/✓ the response follows the custom-resource protocol/g)).toHaveLength(4);
    expect(result.stdout).not.toContain(ESC);
  });

  test('GIVEN the run WHEN it ends THEN a table shows each step, its status, physical id and time, and a result line the totals', () => {
    const table = result.stdout.slice(result.stdout.indexOf('\n#  Request') + 1).split('\n');

    expect(table.slice(0, 5).map((line) => line.split(/ {2,}/).slice(0, 5))).toEqual([
      ['#', 'Request', 'Resource', 'Status', 'Physical id'],
      ['1', 'Create', 'Healthy', 'SUCCESS', 'thing-alpha'],
      ['2', 'Update', 'Healthy', 'SUCCESS', 'thing-beta'],
      ['3', 'Delete (old id)', 'Healthy', 'SUCCESS', 'thing-alpha'],
      ['4', 'Delete', 'Healthy', 'SUCCESS', 'thing-beta'],
    ]);
    expect(table[1]).toMatch(/ \d+ ms$|\d\.\d\d s$/);
    expect(table.slice(5)).toEqual(['', 'Result: 4 requests, 4 succeeded, 0 failed, 0 protocol violations', '']);
  });
});

test.each([
  ['--request create', ['--request', 'create'], ['Create']],
  ['--request update', ['--request', 'update', '--physical-id', 'thing-alpha', '--properties', '{"size": 9}'], ['Update']],
  ['--request delete', ['--request', 'delete', '--physical-id', 'thing-alpha'], ['Delete']],
])('GIVEN %s WHEN invoked THEN that one request is played', async (_, args, labels) => {
  const result = await invoke(['--resource', 'Healthy', ...args]);

  expect(result.code).toBe(0);
  expect(result.stdout.split('\n').filter((line) => /^\d {2}/.test(line)).map((line) => line.split(/ {2,}/)[1])).toEqual(labels);
});

test.each([
  ['throws', 'Throws', /- no response arrived and the provider stopped running \(the provider's last invocation failed: Error: could not create the thing\): CloudFormation would wait until the ServiceTimeout of 3600 s and then fail the resource \[no-response\]/],
  ['hangs', 'Hangs', /- no response arrived and the provider stopped running \(the provider's last invocation timed out after 1 s \(the function's Timeout\): Lambda stopped it\): CloudFormation would wait until the ServiceTimeout of 20 s/],
  ['answers oversized Data', 'Oversized', /- the response body is 5,\d{3} bytes: CloudFormation accepts at most 4,096 and fails the resource \("Response object is too long"\) \[too-large\]/],
  ['changes its id on Delete', 'DeleteChangesId', /- the Delete of "thing-1" was answered with PhysicalResourceId "thing-1-gone": a Delete must answer the id it was asked to delete \[delete-id\]/],
  ['never answers', 'NeverAnswers', /- no response arrived and the provider stopped running \(the provider returned without answering\)/],
  ['crashes its process', 'Crashes', /- no response arrived and the provider stopped running \(the provider's last invocation crashed: its process exited \(exit code 3\)\)/],
])('GIVEN a provider that %s WHEN its lifecycle is invoked THEN the problem is explained and the exit code is 1', async (_, resource, sentence) => {
  const result = await invoke(['--resource', resource]);

  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(sentence);
  expect(result.stdout).toMatch(/\nResult: \d requests?, \d succeeded, [1-9] failed, [1-9] protocol violations?\n$/);
});

test('GIVEN a broken provider WHEN invoked THEN it exits 1 and explains the violation in one sentence', async () => {
  const result = await invoke(['--resource', 'DeleteChangesId']);

  expect(result.code).toBe(1);
  expect(result.stdout).toContain('✗ 1 protocol violation:\n  - the Delete of "thing-1" was answered with PhysicalResourceId "thing-1-gone": a Delete must answer the id it was asked to delete [delete-id]\n');
  expect(result.stdout).toMatch(/\n2 +Delete +DeleteChangesId +SUCCESS \(1 violation\) +thing-1-gone /);
  expect(result.stdout).toContain('Result: 2 requests, 1 succeeded, 1 failed, 1 protocol violation\n');
});

test('GIVEN a provider that throws WHEN invoked THEN each retried invocation is shown with its error', async () => {
  const result = await invoke(['--resource', 'Throws', '--request', 'create']);

  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(/\ninvocation ThrowsFn \(Event, cold start, \d+ ms\) failed: Error: could not create the thing; Lambda retries it \(after about a minute; here at once\)\n/);
  expect(result.stdout).toMatch(/\ninvocation ThrowsFn \(Event, attempt 3, warm, \d+ ms\) failed: Error: could not create the thing\n/);
  expect(result.stdout).toMatch(/\n1 +Create +Throws +NO ANSWER \(1 violation\) +- /);
});

test('GIVEN --placeholder for a Ref WHEN a Create is invoked THEN the request carries the value given, and a note says where it came from', async () => {
  const result = await invoke(['--resource', 'Healthy', '--request', 'create', '--json', '--placeholder', 'Bucket=my-bucket', '--placeholder', 'Broken:Bucket=broken-bucket']);

  expect(result.code).toBe(0);
  const [step] = JSON.parse(result.stdout).steps;
  expect(step.request.ResourceProperties.bucket).toBe('broken-bucket');
  expect(step.notes).toContain('Ref Bucket is "broken-bucket", as the placeholder Broken:Bucket gives it');
});

test('GIVEN --cold WHEN a lifecycle is invoked THEN every invocation starts a new process', async () => {
  const result = await invoke(['--resource', 'Inline', '--cold']);

  expect(result.code).toBe(0);
  expect(result.stdout.match(/^invocation InlineFn \(Event, cold start, \d+ ms\)$/gm)).toHaveLength(2);
});

test('GIVEN --no-color or NO_COLOR on a terminal WHEN invoked THEN there are no colours', async () => {
  const flag = await invoke(['--resource', 'Inline', '--request', 'create', '--no-color'], { isTTY: true });
  const env = await invoke(['--resource', 'Inline', '--request', 'create'], { isTTY: true, env: { NO_COLOR: '1' } });

  expect(flag.stdout).not.toContain(ESC);
  expect(env.stdout).not.toContain(ESC);
});

test('GIVEN --json WHEN invoked THEN stdout is the steps as JSON, and nothing else', async () => {
  const result = await invoke(['--resource', 'Oversized', '--json'], { stderrIsTTY: true });
  const report = JSON.parse(result.stdout);

  expect(result.code).toBe(1);
  expect(result.stderr).toBe('');
  expect(report.ok).toBe(false);
  expect(report.notes).toEqual([expect.stringMatching(/^the Create failed: CloudFormation rolls the stack back/)]);
  expect(report.steps.map((step: any) => [step.index, step.label, step.status, step.violations.map((v: any) => v.rule)])).toEqual([
    [1, 'Create', 'SUCCESS', ['too-large']],
    [2, 'Delete (rollback)', 'SUCCESS', []],
  ]);
  expect(report.steps[0].request).toMatchObject({ RequestType: 'Create', LogicalResourceId: 'Oversized' });
  expect(report.steps[0].response.Data.blob).toHaveLength(5000);
});

test('GIVEN environment variables WHEN invoked THEN the template\'s are resolved, --env adds more and AWS_ENDPOINT_URL_* of the shell are passed on', async () => {
  const result = await invoke(['--resource', 'Healthy', '--request', 'create', '--json', '--env', 'AWS_ENDPOINT_URL_S3=http://127.0.0.1:9'], { env: { AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:8', AWS_ENDPOINT_URL_LAMBDA: 'http://elsewhere' } });
  const data = JSON.parse(result.stdout).steps[0].response.Data;

  expect(data).toMatchObject({ greeting: 'hello-eu-west-1', s3: 'http://127.0.0.1:9', region: 'eu-west-1' });
});

test('GIVEN a terminal WHEN invoked THEN the statuses are coloured, and a progress line is drawn on stderr while a step waits', async () => {
  const result = await invoke(['--resource', 'Slow', '--request', 'create'], { isTTY: true, stderrIsTTY: true });

  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`${ESC}32mSUCCESS${ESC}39m`);
  expect(result.stderr).toMatch(/^\r\u001b\[2K… Create Slow: waiting for the answer, \d+\.\d s \(1 invocation running; function timeout 5 s, ServiceTimeout 3600 s\)/);
  expect(result.stderr.endsWith('\r\u001b[2K')).toBe(true);
});

test('GIVEN two assemblies WHEN invoked THEN the custom-resource requests of their change set are played in CloudFormation\'s order', async () => {
  const result = await run(['invoke', 'changes-before', 'changes-after'], { cwd: PROVIDERS });
  const rows = result.stdout.split('\n').filter((line) => /^\d {2}/.test(line)).map((line) => line.split(/ {2,}/).slice(1, 5));

  expect(result.code).toBe(0);
  expect(rows).toEqual([
    ['Create (as deployed)', 'Healthy', 'SUCCESS', 'thing-alpha'],
    ['Create (as deployed)', 'Inline', 'SUCCESS', 'inline-1'],
    ['Update', 'Healthy', 'SUCCESS', 'thing-beta'],
    ['Create', 'Added', 'SUCCESS', 'thing-added'],
    ['Delete (old id)', 'Healthy', 'SUCCESS', 'thing-alpha'],
    ['Delete (removed)', 'Inline', 'SUCCESS', 'inline-1'],
  ]);
  expect(result.stdout).toContain('"upstream":"us-east-1"');
  expect(result.stdout).toContain('note: Healthy: the Update answered a new physical id, a replacement: CloudFormation deletes thing-alpha in the cleanup\n');
});

test('GIVEN two assemblies whose change set sends no custom-resource request WHEN invoked THEN it says nothing was played, and why, and exits 2 (nothing was tested)', async () => {
  const result = await run(['invoke', 'changes-before', 'changes-before'], { cwd: PROVIDERS });

  expect(result.code).toBe(2);
  expect(result.stdout).toBe('note: stack Changes: the change set sends no custom-resource request\n\nNothing was played.\n');
});

test('GIVEN a template CloudFormation refuses (nulls, a name that is not alphanumeric) WHEN invoked THEN each problem is listed with its rule and JSON path, nothing is played, and it exits 2', async () => {
  const result = await run(['invoke', 'refused'], { cwd: PROVIDERS });

  expect(result).toMatchObject({ code: 2, stdout: '' });
  expect(result.stderr).toBe([
    'cdk-lifecycle: CloudFormation would refuse the template of stack Refused before it starts, so nothing was played:',
    '  - [/Outputs/thing-name] Template format error: Outputs name "thing-name" is non alphanumeric [logical-id]',
    "  - [/Resources/Thing/Properties/nothing] 'null' values are not allowed in templates [null-value]",
    "  - [/Resources/Thing/Properties/nested/x] 'null' values are not allowed in templates [null-value]",
    '  fix the template: every custom resource of a refused template would never get a request',
    '',
  ].join('\n'));
});

describe('errors (exit 2, one line and a hint)', () => {
  test.each([
    ['an unknown stack', ['--stack', 'Nope'], /^cdk-lifecycle: no stack "Nope" in .*assembly\n {2}stacks there: Broken, Other\n$/],
    ['a resource that is not there', ['--resource', 'Nope'], /^cdk-lifecycle: no resource "Nope" in stack Broken\n {2}custom resources there: Healthy, Throws, Hangs, /],
    ['a resource that is not a custom resource', ['--resource', 'Bucket'], /^cdk-lifecycle: Bucket in stack Broken is an AWS::S3::Bucket, not a custom resource/],
    ['a provider whose asset is missing', ['--resource', 'MissingAsset'], /^cdk-lifecycle: the provider of MissingAsset is function MissingFn \(stack Broken\), which cannot run locally: its code is not in the assembly: .*\n {2}synthesize with the cdk CLI \(cdk synth records asset paths\)/],
    ['a Python provider', ['--resource', 'PythonBacked'], /^cdk-lifecycle: the provider of PythonBacked is function PythonFn \(stack Broken\), which runs python3\.13: only Node\.js functions run locally\n/],
    ['bad JSON in --properties', ['--resource', 'Healthy', '--properties', '{"name": beta}'], /^cdk-lifecycle: the --properties JSON is not valid JSON at line 1, column 10: /],
    ['a --properties file that is not JSON', ['--resource', 'Healthy', '--properties', 'broken-properties.json'], /^cdk-lifecycle: --properties broken-properties\.json is not valid JSON at line 3, column 1: /],
    ['a --properties file holding an array', ['--resource', 'Healthy', '--properties', 'array-properties.json'], /^cdk-lifecycle: --properties array-properties\.json must be a JSON object of property names to values, got an array\n$/],
    ['a --properties file that is not there', ['--resource', 'Healthy', '--properties', 'nope.json'], /^cdk-lifecycle: cannot read --properties nope\.json: ENOENT/],
    ['--request update without --physical-id', ['--request', 'update', '--properties', '{}'], /^cdk-lifecycle: --request update needs --physical-id: the id of the deployed resource/],
    ['--request update without --properties', ['--request', 'update', '--physical-id', 'x'], /^cdk-lifecycle: --request update needs --properties/],
    ['--physical-id with a lifecycle', ['--physical-id', 'x'], /^cdk-lifecycle: --physical-id is for --request update and delete, not lifecycle/],
    ['an unknown --request', ['--request', 'replace'], /^cdk-lifecycle: --request must be one of create, update, delete, lifecycle, got: "replace"/],
    ['a --timeout of 0', ['--timeout', '0'], /^cdk-lifecycle: --timeout must be a number of seconds greater than 0 and at most 3600, got: "0"/],
    ['an --env without =', ['--env', 'NAME'], /^cdk-lifecycle: --env must be NAME=value, got: "NAME"/],
    ['a --placeholder without =', ['--placeholder', 'Bucket'], /^cdk-lifecycle: --placeholder must be LogicalId=value \(a Ref\) or LogicalId\.Attribute=value \(a Fn::GetAtt\), optionally after Stack:, got: "Bucket"/],
    ['a --placeholder naming no resource', ['--resource', 'Healthy', '--placeholder', 'Bukket=x'], /^cdk-lifecycle: the placeholder "Bukket" names Bukket, but no stack of the assembly has a resource or parameter of that logical id\n {2}a placeholder takes the logical id/],
    ['an option of diff', ['--fail-on', 'none'], /^cdk-lifecycle: --fail-on is not an option of invoke\n {2}run `cdk-lifecycle --help` for usage\n$/],
  ])('GIVEN %s WHEN invoked THEN it says what is wrong and exits 2', async (_, args, message) => {
    const result = await invoke(args);

    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toMatch(message);
  });

  test.each([
    ['no assembly', ['invoke'], 'invoke needs one cloud assembly (or two, <before> <after>, to play their change set), got 0'],
    ['three assemblies', ['invoke', 'a', 'b', 'c'], 'invoke needs one cloud assembly (or two, <before> <after>, to play their change set), got 3: a b c'],
    ['--request with two assemblies', ['invoke', 'a', 'b', '--request', 'create'], '--request is for one assembly: with two, invoke plays the requests of the change set between them'],
    ['an option of invoke given to diff', ['diff', 'a', 'b', '--resource', 'X'], '--resource is not an option of diff'],
  ])('GIVEN %s WHEN run THEN it is a usage error', async (_, argv, message) => {
    expect(await run(argv)).toEqual({ code: 2, stdout: '', stderr: `cdk-lifecycle: ${message}\n  run \`cdk-lifecycle --help\` for usage\n` });
  });

  test.each([
    ['a folder that is not an assembly', 'assembly/asset.raw', 'assembly/asset.raw is a folder but not a cloud assembly: it has no manifest.json\n  invoke takes a cloud assembly folder, the output of `cdk synth` (cdk.out): synthesize first (npx cdk synth)'],
    ['a folder that is not there', 'nope.out', 'nope.out does not exist\n  invoke takes a cloud assembly folder, the output of `cdk synth` (cdk.out): synthesize first (npx cdk synth), or check the path'],
    ['a template file', 'assembly/Broken.template.json', 'assembly/Broken.template.json is a file, not a folder: invoke takes a cloud assembly folder, the output of `cdk synth` (cdk.out)\n  to compare two templates, use cdk-lifecycle diff <before> <after>'],
  ])('GIVEN %s WHEN invoked THEN it says what is wrong with it, and never suggests a template file', async (_, given, message) => {
    const result = await run(['invoke', given], { cwd: PROVIDERS });

    expect(result).toEqual({ code: 2, stdout: '', stderr: `cdk-lifecycle: ${message}\n` });
  });
});

test.each([[['invoke', '--help']], [['--help']]])('GIVEN %j WHEN run THEN the invoke usage lists every option', async (argv) => {
  const result = await run(argv);

  expect(result.code).toBe(0);
  expect(result.stdout).toContain('Usage: cdk-lifecycle invoke <cdk.out> [--stack <name>] [--resource <id>] [options]');
  for (const flag of ['--stack', '--resource', '--request', '--properties', '--physical-id', '--timeout', '--env', '--placeholder', '--cold', '--fast-clock', '--json', '--no-color']) {
    expect(result.stdout).toContain(`  ${flag}`);
  }
});
