/**
 * `cdk-lifecycle` run in-process through `main(argv, io)`: every option, every output and
 * every error, on the fixtures (a JSON/YAML template pair and two hand-written cloud
 * assemblies with a nested stack).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { changeOf, FIXTURES, run, runJson, RunResult } from './helpers';
import { ChangeSetPredictor } from '../../src/change-set';
import * as app from '../../src/change-set/app/predict-app';
import { parseCfnYaml } from '../../src/change-set/input/cfn-yaml';

const BEFORE = 'templates/before.json';
const AFTER = 'templates/after.yaml';
const OLD_ASSEMBLY = 'assembly-before';
const NEW_ASSEMBLY = 'assembly-after';
const ESC = '\u001b[';

describe('help and version', () => {
  test.each([['--help'], ['-h'], ['help'], ['diff', '--help'], ['diff', 'a', 'b', '--json', '-h'], ['diff', '--frobnicate', '--help']])('GIVEN %s WHEN run THEN the usage is printed and the exit code is 0', async (...argv) => {
    const result = await run(argv);

    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain('Usage: cdk-lifecycle diff <before> <after> [options]');
    for (const flag of ['--json', '--fail-on', '--stack', '--parameters-before', '--parameters-after', '--no-color', '--version', '--deployed <cdk.out>', '--profile <name>']) {
      expect(result.stdout).toContain(flag);
    }
  });

  test.each([['--version'], ['-v']])('GIVEN %s WHEN run THEN the version of package.json is printed', async (flag) => {
    const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));

    expect(await run([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('diff of two template files', () => {
  let result: RunResult;
  beforeAll(async () => { result = await run(['diff', BEFORE, AFTER]); });

  test('GIVEN a JSON and a YAML template WHEN diffed THEN certain failures come first, before the resources', async () => {
    expect(result.stdout.startsWith('Certain failures: CloudFormation will fail to apply these changes\n[!] AWS::SQS::Queue OrdersQueueV2\n')).toBe(true);
    expect(result.stdout.indexOf('[!] AWS::DynamoDB::Table Table')).toBeLessThan(result.stdout.indexOf('Resources'));
    expect(result.stdout).toContain('    TableName "acme-data" stays the same while the resource is replaced');
  });

  test('GIVEN the templates WHEN diffed THEN each resource has its marker and each detail its verdict', async () => {
    const lines = result.stdout.split('\n');
    expect(lines).toEqual(expect.arrayContaining([
      '[+] AWS::Logs::LogGroup Audit',
      '[-/+] AWS::DynamoDB::Table Table replace [will fail]',
      ' └─ [~] KeySchema (Always, Static: requires replacement)',
      '       KeySchema[0].AttributeName: "id" → "pk"',
      '[-] AWS::SNS::Topic Legacy',
      // A dependent of a certain replacement: Static (recorded change sets), so Always is a replacement.
      '[-/+] AWS::ApplicationAutoScaling::ScalableTarget Scaling replace',
      ' └─ [~] ResourceId ← Ref Table (Always, Static: requires replacement)',
      '[~] AWS::SNS::Topic Topic',
      ' └─ [~] DisplayName (Never, Static) "alerts" → "alerts-dev"',
    ]));
  });

  test('GIVEN a replacement reached through two references WHEN diffed THEN the whole reference chain is shown', async () => {
    expect(result.stdout).toContain([
      '[-/+] AWS::SNS::Subscription Subscription replace',
      ' └─ [~] Endpoint ← GetAtt Events.Arn (Always, Static: requires replacement)',
      '       because Table replaced (KeySchema: Always, Static) → Events.QueueName (Ref Table) → Subscription.Endpoint (GetAtt Events.Arn)',
    ].join('\n'));
  });

  test('GIVEN a queue moved to a new logical id WHEN diffed THEN it is shown as a probable rename', async () => {
    expect(result.stdout).toContain('[-] AWS::SQS::Queue OrdersQueue (probably renamed to OrdersQueueV2, similarity 1)');
    expect(result.stdout).toContain('[+] AWS::SQS::Queue OrdersQueueV2 (probably renamed from OrdersQueue, similarity 1) [will fail]');
    expect(result.stdout).toContain('Probable renames\nOrdersQueue → OrdersQueueV2 (AWS::SQS::Queue, similarity 1)\n');
  });

  test('GIVEN two template files WHEN diffed THEN there is no stack header, and a summary line ends the report', async () => {
    expect(result.stdout).not.toContain('Stack ');
    expect(result.stdout.endsWith('\nSummary: 2 added, 1 modified in place, 4 replaced, 0 maybe replaced, 2 removed; 2 certain failures, 0 possible failures; 1 probable rename; 3 data verdicts (3 deleting data)\n')).toBe(true);
    expect(result.stderr).toBe('');
  });

  test('GIVEN docs/cli.md WHEN its sample report is compared with this run THEN it is the same text', async () => {
    const docs = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'cli.md'), 'utf8');
    const sample = docs.split('## The report\n\n```\n')[1]?.split('```')[0];

    expect(sample).toBe(result.stdout);
  });

  test('GIVEN the same template on both sides WHEN diffed THEN there were no differences and the exit code is 0', async () => {
    const same = await run(['diff', BEFORE, BEFORE, '--fail-on', 'replacement']);

    expect(same).toEqual({
      code: 0,
      stdout: 'There were no differences\n\nSummary: 0 added, 0 modified in place, 0 replaced, 0 maybe replaced, 0 removed; 0 certain failures, 0 possible failures; 0 probable renames\n',
      stderr: '',
    });
  });
});

describe('colours', () => {
  test.each([
    ['a terminal', { isTTY: true, env: {} }, [], true],
    ['a terminal with an empty NO_COLOR', { isTTY: true, env: { NO_COLOR: '' } }, [], true],
    ['a terminal and --no-color', { isTTY: true, env: {} }, ['--no-color'], false],
    ['a terminal and NO_COLOR=1', { isTTY: true, env: { NO_COLOR: '1' } }, [], false],
    ['a pipe', { isTTY: false, env: {} }, [], false],
  ])('GIVEN %s WHEN diffed THEN colours are used: %s', async (_, io, flags, coloured) => {
    const result = await run(['diff', BEFORE, AFTER, ...flags], io);

    expect(result.stdout.includes(ESC)).toBe(coloured);
  });

  test('GIVEN a terminal WHEN diffed THEN replacements are bold red and additions green', async () => {
    const { stdout } = await run(['diff', BEFORE, AFTER], { isTTY: true });

    expect(stdout).toContain(`${ESC}1m${ESC}31m[-/+]${ESC}39m${ESC}22m AWS::DynamoDB::Table Table`);
    expect(stdout).toContain(`${ESC}32m[+]${ESC}39m AWS::Logs::LogGroup Audit`);
  });
});

describe('--json', () => {
  test('GIVEN two templates WHEN diffed with --json THEN it prints the engine\'s Changes for the parsed templates', async () => {
    const { code, json } = await runJson([BEFORE, AFTER]);

    const before = JSON.parse(fs.readFileSync(path.join(FIXTURES, BEFORE), 'utf8'));
    const after = parseCfnYaml(fs.readFileSync(path.join(FIXTURES, AFTER), 'utf8')).value;
    expect(json).toEqual({ Changes: ChangeSetPredictor.predict(before, after).toJson() });
    expect(code).toBe(1);
    expect(changeOf(json.Changes, 'Table')).toMatchObject({ Action: 'Modify', Replacement: 'True', Failure: { Certainty: 'Certain' } });
    expect(changeOf(json.Changes, 'OrdersQueueV2')).toMatchObject({ Action: 'Add', ProbableRename: { From: 'OrdersQueue', Similarity: 1 } });
  });

  test('GIVEN two assemblies WHEN diffed with --json THEN the output is keyed by stack name, a new stack all added, one the new app no longer has unchanged (it stays deployed)', async () => {
    const { json } = await runJson([OLD_ASSEMBLY, NEW_ASSEMBLY]);

    expect(Object.keys(json)).toEqual(['App', 'Database', 'Api', 'Legacy']);
    expect(json.Api.Changes.map((change: any) => change.ResourceChange.Action)).toEqual(['Add']);
    // A stack the new app no longer has stays deployed: cdk deploy does not delete it.
    expect(json.Legacy.Changes).toEqual([]);
    expect(json.Legacy.Notes).toEqual([expect.stringMatching(/^Legacy is no longer in the app: cdk deploy does not delete it, so it stays deployed with its 1 resource;/)]);
    expect(changeOf(json.Database.Changes, 'Db')).toMatchObject({ Replacement: 'Conditional', Failure: { Certainty: 'Possible' } });
  });

  test('GIVEN an assembly with a nested stack WHEN diffed with --json THEN the nested template is compared too', async () => {
    const { json } = await runJson([OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'App']);

    const storage = changeOf(json.App.Changes, 'Storage');
    expect(storage.Details).toContainEqual({ Target: { Attribute: 'Properties', RequiresRecreation: 'Never' }, Evaluation: 'Dynamic', ChangeSource: 'Automatic' });
    expect(changeOf(storage.NestedChanges, 'Archive')).toMatchObject({ Replacement: 'True', Failure: { Certainty: 'Certain' } });
    expect(changeOf(storage.NestedChanges, 'Notes')).toBeUndefined();
  });
});

describe('cloud assemblies', () => {
  let result: RunResult;
  beforeAll(async () => { result = await run(['diff', OLD_ASSEMBLY, NEW_ASSEMBLY]); });

  test('GIVEN two assemblies WHEN diffed THEN each stack has a header, one-sided stacks say so', async () => {
    const headers = result.stdout.split('\n').filter((line) => line.startsWith('Stack '));
    expect(headers).toEqual(['Stack App', 'Stack Database (Stage/Db)', 'Stack Api: new stack', 'Stack Legacy: no longer in the app, stays deployed']);
  });

  test('GIVEN failures in several stacks WHEN diffed THEN certain ones come first, then possible ones, each with its stack', async () => {
    expect(result.stdout.startsWith([
      'Certain failures: CloudFormation will fail to apply these changes',
      '[!] AWS::DynamoDB::Table Storage/Archive Archive (stack App, nested stack Storage)',
    ].join('\n'))).toBe(true);
    const possible = result.stdout.indexOf('Possible failures: CloudFormation may fail to apply these changes\n[?] AWS::RDS::DBInstance Db (stack Database)');
    expect(possible).toBeGreaterThan(0);
    expect(possible).toBeLessThan(result.stdout.indexOf('Stack App'));
  });

  test('GIVEN resources with aws:cdk:path metadata WHEN diffed THEN the construct path (without the stack and a final Resource) stands before the logical id, as in cdk diff', async () => {
    expect(result.stdout).toContain('[!] AWS::DynamoDB::Table Storage/Archive Archive (stack App, nested stack Storage)');
    expect(result.stdout).toContain('[~] AWS::DynamoDB::Table Table\n');
  });

  test('GIVEN a nested stack WHEN diffed THEN its changes are indented under its stack resource', async () => {
    expect(result.stdout).toContain([
      '[~] AWS::CloudFormation::Stack Storage.NestedStack/Storage.NestedStackResource Storage',
      ' ├─ [~] TemplateURL (Never, Static) "https://example.invalid/storage.json" → "https://example.invalid/storage-v2.json"',
      ' └─ [~] nested stack template ← its own changes, below (Never, Dynamic)',
      '     [-/+] AWS::DynamoDB::Table Storage/Archive Archive replace [will fail]',
      '      ├─ [~] AttributeDefinitions (Never, Static)',
      '      │     AttributeDefinitions[0].AttributeName: "id" → "pk"',
      '      └─ [~] KeySchema (Always, Static: requires replacement)',
      '            KeySchema[0].AttributeName: "id" → "pk"',
    ].join('\n'));
  });

  test('GIVEN a stack that moved into a stage\'s nested assembly WHEN diffed THEN it is matched by its stack name', () => {
    expect(fs.existsSync(path.join(FIXTURES, NEW_ASSEMBLY, 'assembly-Stage', 'StageDb.template.json'))).toBe(true);
    expect(result.stdout).toContain('Stack Database (Stage/Db)\nResources\n[-/+?] AWS::RDS::DBInstance Db may be replaced [may fail]\n');
  });

  test.each([['Database'], ['StageDb'], ['Stage/Db']])('GIVEN --stack %s WHEN diffed THEN only that stack is compared', async (name) => {
    const picked = await run(['diff', OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', name]);

    expect(picked.stdout.split('\n').filter((line) => line.startsWith('Stack '))).toEqual(['Stack Database (Stage/Db)']);
    expect(picked.code).toBe(0);
  });

  test('GIVEN --stack twice, one of them on the new side only WHEN diffed THEN both are compared', async () => {
    const { json } = await runJson([OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'Api', '--stack=Legacy']);

    expect(Object.keys(json)).toEqual(['Api', 'Legacy']);
  });

  test('GIVEN a template file and an assembly WHEN --stack picks one stack THEN that stack is compared with the template', async () => {
    const template = `${OLD_ASSEMBLY}/StageDb.template.json`;

    const { json } = await runJson([template, NEW_ASSEMBLY, '--stack', 'Database']);
    const human = await run(['diff', template, NEW_ASSEMBLY, '--stack', 'Database']);

    expect(Object.keys(json)).toEqual(['Database']);
    expect(changeOf(json.Database.Changes, 'Db')).toMatchObject({ Replacement: 'Conditional' });
    expect(human.stdout).toContain('Stack Database (Stage/Db)\n');
  });

  test('GIVEN an assembly and a template file WHEN the assembly side is the old one THEN the comparison runs the other way', async () => {
    const { json } = await runJson([OLD_ASSEMBLY, `${NEW_ASSEMBLY}/Api.template.json`, '--stack', 'Legacy']);

    expect(json.Legacy.Changes.map((change: any) => [change.ResourceChange.Action, change.ResourceChange.LogicalResourceId])).toEqual([
      ['Add', 'Fn'],
      ['Remove', 'Old'],
    ]);
  });
});

describe('--fail-on', () => {
  test.each([
    ['the default (failure)', [BEFORE, AFTER], [], 1],
    ['failure', [BEFORE, AFTER], ['--fail-on', 'failure'], 1],
    ['none', [BEFORE, AFTER], ['--fail-on=none'], 0],
    ['replacement', [BEFORE, AFTER], ['--fail-on', 'replacement'], 1],
    ['the default, with only a possible failure', [OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'Database'], [], 0],
    ['replacement, with a conditional replacement', [OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'Database'], ['--fail-on', 'replacement'], 1],
    ['replacement, with additions and removals only', [OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'Api', '--stack', 'Legacy'], ['--fail-on', 'replacement'], 0],
    ['failure, with a certain failure in a nested stack', [OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'App'], [], 1],
  ])('GIVEN %s WHEN diffed THEN the exit code is %s', async (_, paths, flags, code) => {
    const result = await run(['diff', ...paths, ...flags]);

    expect(result.code).toBe(code);
    expect(result.stderr).toBe('');
  });

  test('GIVEN --fail-on twice WHEN parsed THEN the last one wins', async () => {
    expect((await run(['diff', BEFORE, AFTER, '--fail-on', 'none', '--fail-on', 'failure'])).code).toBe(1);
  });
});

describe('parameters', () => {
  const alarms = async (argv: string[]) => changeOf((await await runJson([BEFORE, AFTER, ...argv])).json.Changes, 'Alarms');

  test('GIVEN no parameter values WHEN diffed THEN the defaults are used and nothing depends on a change', async () => {
    expect(await alarms([])).toBeUndefined();
  });

  test('GIVEN a new value for a parameter WHEN diffed THEN what references it is listed with a ParameterReference detail', async () => {
    expect(await alarms(['--parameters-after', 'Env=prod'])).toMatchObject({
      Replacement: 'True',
      Details: expect.arrayContaining([{ Target: { Attribute: 'Properties', Name: 'QueueName', RequiresRecreation: 'Always' }, Evaluation: 'Static', ChangeSource: 'ParameterReference', CausingEntity: 'Env' }]),
    });
    expect((await run(['diff', BEFORE, AFTER, '--parameters-after', 'Env=prod'])).stdout).toContain(' └─ [~] QueueName ← parameter Env (Always, Static: requires replacement)');
  });

  test('GIVEN only the deployed value WHEN diffed THEN the update keeps it and nothing changes', async () => {
    expect(await alarms(['--parameters-before', 'Env=prod'])).toBeUndefined();
  });

  test('GIVEN parameter files in CloudFormation\'s list form and as a YAML object WHEN diffed THEN their values are used', async () => {
    expect(await alarms(['--parameters-before', '@params-before.json', '--parameters-after', '@params-after.yaml'])).toMatchObject({ Replacement: 'True' });
  });

  test('GIVEN a stack-scoped value WHEN diffing assemblies THEN it applies to that stack', async () => {
    expect((await run(['diff', OLD_ASSEMBLY, NEW_ASSEMBLY, '--parameters-after', 'App:Env=prod,Database:Env=prod'])).code).toBe(1);
  });
});

describe('errors', () => {
  test.each([
    ['no arguments', [], 'missing command: diff, invoke or snapshot'],
    ['an unknown command', ['deploy'], 'unknown command "deploy": the commands are diff, invoke and snapshot'],
    ['an unknown flag', ['diff', BEFORE, AFTER, '--frobnicate'], 'unknown option --frobnicate'],
    ['one path', ['diff', BEFORE], 'diff needs two paths, <before> and <after>, got 1: templates/before.json'],
    ['three paths', ['diff', BEFORE, AFTER, AFTER], 'diff needs two paths, <before> and <after>, got 3: templates/before.json templates/after.yaml templates/after.yaml'],
    ['an unknown --fail-on level', ['diff', BEFORE, AFTER, '--fail-on', 'maybe'], '--fail-on must be one of replacement, data-loss, security, failure, none, got: "maybe"'],
    ['--fail-on without a value', ['diff', BEFORE, AFTER, '--fail-on'], '--fail-on needs a value: replacement, data-loss, failure, none'],
    ['--stack followed by a flag', ['diff', BEFORE, AFTER, '--stack', '--json'], '--stack needs a value: a stack name'],
    ['--json with a value', ['diff', BEFORE, AFTER, '--json=yes'], '--json takes no value, got: --json=yes'],
    ['--profile without --deployed', ['diff', BEFORE, AFTER, '--profile', 'ops'], '--profile is for --deployed: it names the credentials to read the deployed stacks with'],
    ['--deployed with paths', ['diff', '--deployed', NEW_ASSEMBLY, BEFORE], '--deployed compares the assembly it names with what is deployed: give no other path, got templates/before.json'],
    ['--deployed without a value', ['diff', '--deployed'], '--deployed needs a value: the cloud assembly (cdk.out) whose stacks are read from CloudFormation'],
    ['an option of snapshot given to diff', ['diff', BEFORE, AFTER, '--out', 'x'], '--out is not an option of diff'],
  ])('GIVEN %s WHEN run THEN it is a usage error (exit 2) pointing at --help', async (_, argv, message) => {
    const result = await run(argv);

    expect(result).toEqual({ code: 2, stdout: '', stderr: `cdk-lifecycle: ${message}\n  run \`cdk-lifecycle --help\` for usage\n` });
  });

  test('GIVEN a YAML template with a key repeated in one mapping WHEN compared THEN the last value is used and a warning names the key and line', async () => {
    const result = await run(['diff', '--json', 'templates/duplicate-key.yaml', 'templates/duplicate-key.yaml']);

    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ Changes: [] });
    expect(result.stderr).toBe('cdk-lifecycle: warning: templates/duplicate-key.yaml: duplicate key "DisplayName" at line 6, column 7 (first at line 5): CloudFormation uses the last value\n'.repeat(2));
  });

  test.each([
    ['a missing file', ['diff', 'nope.json', AFTER], /^cdk-lifecycle: cannot read nope\.json: ENOENT: no such file or directory/],
    ['invalid JSON', ['diff', 'invalid/broken.json', AFTER], /^cdk-lifecycle: invalid\/broken\.json is not valid JSON at line 3, column 44: expected a double-quoted property name, found "}"\n$/],
    ['text that is not JSON, in one line', ['diff', 'invalid/not-json.json', AFTER], /^cdk-lifecycle: invalid\/not-json\.json is not valid JSON at line 1, column 1: unexpected character "n"\n$/],
    ['a buildspec (artifacts, but no assembly manifest: no hint)', ['diff', BEFORE, 'invalid/buildspec.yaml'], /found an object with keys version, phases, artifacts\n$/],
    ['invalid YAML', ['diff', BEFORE, 'invalid/broken.yaml'], /^cdk-lifecycle: invalid\/broken\.yaml is not valid YAML at line 4, column 1: All mapping items must start at the same column\n$/],
    ['an array', ['diff', 'invalid/array.json', AFTER], /is not a CloudFormation template: expected an object with a "Resources" object, found an array of 1 item\n$/],
    ['a template without Resources', ['diff', BEFORE, 'invalid/no-resources.yaml'], /found an object with keys AWSTemplateFormatVersion, Description, Parameters\n$/],
    ['Resources that are an array', ['diff', BEFORE, 'invalid/resources-array.json'], /found "Resources" being an array of 1 item\n$/],
    ['an empty file', ['diff', BEFORE, 'invalid/empty.yaml'], /invalid\/empty\.yaml is not a CloudFormation template: .* found an empty document\n$/],
    ['a manifest file', ['diff', `${OLD_ASSEMBLY}/manifest.json`, AFTER], /found an object with keys version, artifacts\n {2}it looks like a cloud assembly manifest: pass the folder that holds it instead\n$/],
    ['a folder without manifest', ['diff', 'invalid', NEW_ASSEMBLY], /^cdk-lifecycle: invalid is a folder but not a cloud assembly: it has no manifest\.json\n/],
    ['an assembly without its template', ['diff', 'invalid/assembly-missing-template', NEW_ASSEMBLY], /cannot read invalid\/assembly-missing-template\/App\.template\.json: ENOENT/],
    ['a stack artifact without a template', ['diff', 'invalid/assembly-no-template-file', NEW_ASSEMBLY], /assembly-no-template-file\/manifest\.json: stack artifact App has no "templateFile"\n$/],
    ['an invalid manifest', ['diff', 'invalid/assembly-bad-manifest', NEW_ASSEMBLY], /manifest\.json is not valid JSON at line 2, column 1: /],
    ['a manifest without artifacts', ['diff', 'invalid/assembly-not-a-manifest', NEW_ASSEMBLY], /is not a cloud assembly manifest: expected an object with an "artifacts" object, found an object with key version\n$/],
    ['a malformed parameter', ['diff', BEFORE, AFTER, '--parameters-after', 'Env'], /^cdk-lifecycle: --parameters-after: expected Key=Value, Stack:Key=Value or @file, got "Env"\n$/],
    ['a missing parameter file', ['diff', BEFORE, AFTER, '--parameters-before', '@nope.json'], /^cdk-lifecycle: cannot read nope\.json: ENOENT/],
    ['a parameter file of the wrong shape', ['diff', BEFORE, AFTER, '--parameters-before', `@${BEFORE}`], /--parameters-before @templates\/before\.json: the value of Parameters is not a string, number, boolean or list/],
    ['--stack with two templates', ['diff', BEFORE, AFTER, '--stack', 'App'], /--stack picks stacks of cloud assemblies, but templates\/before\.json and templates\/after\.yaml are both template files/],
    ['--stack naming no stack', ['diff', OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'Nope'], /no stack "Nope" in assembly-before or assembly-after\n {2}stacks there: App, Database, Legacy, Api\n$/],
    ['a template and an assembly of several stacks', ['diff', BEFORE, NEW_ASSEMBLY], /templates\/before\.json is one template but assembly-after has 3 stacks: pick one with --stack\n {2}stacks there: App, Database, Api\n$/],
    ['a template and --stack naming no stack', ['diff', BEFORE, NEW_ASSEMBLY, '--stack', 'Legacy'], /no stack "Legacy" in assembly-after\n/],
    ['parameters for a stack not compared', ['diff', OLD_ASSEMBLY, NEW_ASSEMBLY, '--stack', 'App', '--parameters-after', 'Api:Env=1'], /--parameters-after sets parameters of stack "Api", which is not compared\n {2}stacks compared: App\n$/],
    ['stack-scoped parameters for templates', ['diff', BEFORE, AFTER, '--parameters-before', 'App:Env=1'], /Stack:Key=Value is for cloud assemblies; for template files write Key=Value\n$/],
    ['--deployed naming a template file', ['diff', '--deployed', BEFORE], /^cdk-lifecycle: --deployed reads the stacks of a cloud assembly, but templates\/before\.json is a template file\n {2}pass the output folder of cdk synth \(cdk\.out\)\n$/],
    ['--deployed with --stack naming no stack', ['diff', '--deployed', NEW_ASSEMBLY, '--stack', 'Nope'], /^cdk-lifecycle: no stack "Nope" in assembly-after\n {2}stacks there: App, Database, Api\n$/],
  ])('GIVEN %s WHEN diffed THEN stderr says what is wrong and the exit code is 2', async (_, argv, message) => {
    const result = await run(argv);

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  test('GIVEN a bug in the engine WHEN diffed THEN the error is reported as unexpected, with its stack trace, and the exit code is 2', async () => {
    const predict = jest.spyOn(app, 'predictApp').mockImplementation(() => { throw new Error('boom'); });
    try {
      const result = await run(['diff', BEFORE, AFTER]);

      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^cdk-lifecycle: unexpected error, please report it with the command line you ran:\nError: boom\n {4}at /);
    } finally {
      predict.mockRestore();
    }
  });

  test('GIVEN paths after -- WHEN parsed THEN they are paths even if they look like flags', async () => {
    const result = await run(['diff', '--json', '--', BEFORE, '--not-a-flag']);

    expect(result.stderr).toMatch(/^cdk-lifecycle: cannot read --not-a-flag: ENOENT/);
  });
});
