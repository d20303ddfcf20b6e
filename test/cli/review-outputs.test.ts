/** `diff --html/--markdown/--sarif/--junit/--rules/--group-by`, run as the command runs. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './helpers';
import { sarifProblems } from '../helpers/sarif-schema';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-review-cli-'));
const out = (name: string) => path.join(DIR, name);
const write = (name: string, text: string) => { fs.writeFileSync(out(name), text); return out(name); };

test('GIVEN every output flag WHEN diff runs THEN each file is written from the same review and stdout stays the text report', async () => {
  const result = await run(['diff', 'assembly-before', 'assembly-after', '--html', out('r.html'), '--markdown', out('r.md'), '--sarif', out('r.sarif'), '--junit', out('r.xml')]);
  expect(result.code).toBe(1);
  expect(result.stdout).toContain('Certain failures: CloudFormation will fail to apply these changes');
  expect(fs.readFileSync(out('r.html'), 'utf8')).toContain('1 change fails the review');
  const markdown = fs.readFileSync(out('r.md'), 'utf8');
  expect(markdown).toContain('**1 fail · 1 warn · 3 info** in 4 stacks');
  expect(markdown).toMatch(/\*\*Stacks\*\*\n\n- `Legacy`: Legacy is no longer in the app: cdk deploy does not delete it/);
  expect(JSON.parse(fs.readFileSync(out('r.sarif'), 'utf8')).runs[0].results).toHaveLength(2);
  expect(sarifProblems(JSON.parse(fs.readFileSync(out('r.sarif'), 'utf8')))).toEqual([]);
  expect(fs.readFileSync(out('r.xml'), 'utf8')).toContain('<testsuites name="cdk-lifecycle diff" tests="4" failures="1"');
});

test('GIVEN rules that ignore the certain failure WHEN diff runs THEN it exits 0, and the report and --json show each change\'s level and rule', async () => {
  const rules = write('accept.yaml', 'rules:\n  - id: accept-archive\n    match: {kind: failure, stack: App/Storage}\n    level: ignore\n    message: Recreated by hand\n  - id: new-queues\n    match: {action: Add, resourceType: "AWS::SQS::*"}\n    level: warn\n    message: New queues need a look\n');
  const text = await run(['diff', 'assembly-before', 'assembly-after', '--rules', rules]);
  expect(text.code).toBe(0);
  expect(text.stdout).toContain('Warnings of the review:\n[warn] AWS::RDS::DBInstance Db (stack Database)\n    CloudFormation may fail this change\n[warn] AWS::SQS::Queue Fn (stack Api)\n    new-queues: New queues need a look');
  expect(text.stdout.trimEnd().split('\n').pop()).toBe('Review: 0 fail, 2 warn, 2 info, 1 ignored');
  const json = JSON.parse((await run(['diff', 'assembly-before', 'assembly-after', '--rules', rules, '--json'])).stdout);
  expect(json.Api.Changes[0].ResourceChange.PredictorAdditions.ReviewLevel).toEqual({ Level: 'warn', Rule: 'new-queues', Reason: 'New queues need a look' });
  const archive = json.App.Changes.find((c: any) => c.ResourceChange.LogicalResourceId === 'Storage').ResourceChange.NestedChanges.find((c: any) => c.ResourceChange.LogicalResourceId === 'Archive');
  expect(archive.ResourceChange.PredictorAdditions.ReviewLevel).toEqual({ Level: 'ignore', Rule: 'accept-archive', Reason: 'lowered by rule accept-archive: Recreated by hand', LoweredFrom: 'fail' });
});

test('GIVEN a rule that fails what --fail-on none lets through WHEN diff runs THEN it exits 1', async () => {
  const rules = write('strict.yaml', 'rules:\n  - {id: no-queues, match: {resourceType: "AWS::SQS::*"}, level: fail, message: No new queues}\n');
  expect((await run(['diff', 'assembly-before', 'assembly-after', '--fail-on', 'none', '--rules', rules])).code).toBe(1);
  expect((await run(['diff', 'assembly-before', 'assembly-after', '--fail-on', 'none'])).code).toBe(0);
});

test('GIVEN an invalid rules file WHEN diff runs THEN it is an input error (exit 2) with the line and what was expected', async () => {
  const rules = write('bad.yaml', 'rules:\n  - id: a\n    level: loud\n    message: m\n');
  const result = await run(['diff', 'assembly-before', 'assembly-after', '--rules', rules]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`${rules} is not a valid rules file:\n  line 3: rules[0].level must be one of fail, warn, info, ignore`);
  expect((await run(['diff', 'assembly-before', 'assembly-after', '--rules', out('missing.yaml')])).stderr).toContain('cannot read the rules file');
});

test('GIVEN --group-by WHEN diff runs THEN the text report folds the changes into a tree with counts', async () => {
  const result = await run(['diff', 'templates/before.json', 'templates/after.yaml', '--group-by', 'kind,type']);
  expect(result.stdout).toContain('Changes grouped by kind, then type\nkind data-loss (2)\n  type AWS::SQS::Queue (2)\n    Events\n    OrdersQueue\nkind failure (2)\n');
  expect((await run(['diff', 'templates/before.json', 'templates/after.yaml', '--group-by', 'size'])).stderr).toContain('--group-by takes type, action, property, stack, kind, level');
});

test('GIVEN an output path that cannot be written WHEN diff runs THEN it says which flag and file', async () => {
  const blocker = write('file', 'x');
  const result = await run(['diff', 'assembly-before', 'assembly-after', '--html', path.join(blocker, 'r.html')]);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`--html: cannot write ${path.join(blocker, 'r.html')}`);
});

describe('a certain failure no rule silences by accident', () => {
  const table = (key: string) => ({
    Type: 'AWS::DynamoDB::Table',
    DeletionPolicy: 'Retain',
    UpdateReplacePolicy: 'Retain',
    Properties: { TableName: 'orders', KeySchema: [{ AttributeName: key, KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: key, AttributeType: 'S' }], BillingMode: 'PAY_PER_REQUEST' },
  });
  const before = write('named-before.json', JSON.stringify({ Resources: { Orders: table('id') } }));
  const after = write('named-after.json', JSON.stringify({ Resources: { Orders: table('pk') } }));

  test('GIVEN a rule for retained data at warn WHEN the key of a named table changes THEN the review fails (exit 1) and says the rule was passed over', async () => {
    const rules = write('retained.yaml', 'rules:\n  - id: retained-ok\n    match: { dataVerdict: retained }\n    level: warn\n    message: Retained data is fine\n');
    const result = await run(['diff', before, after, '--rules', rules]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Fails the review:\n[fail] AWS::DynamoDB::Table Orders\n    fails the review (--fail-on failure); not lowered by rule retained-ok (warn): only a rule whose match names kind: failure lowers a certain failure');
    expect(result.stdout.trimEnd().split('\n').pop()).toBe('Review: 1 fail, 0 warn, 0 info, 0 ignored');
  });

  test('GIVEN a rule naming kind: failure WHEN it lowers the failure THEN it exits 0 and every output says "lowered by rule"', async () => {
    const rules = write('lowered.yaml', 'rules:\n  - id: recreated-by-hand\n    match: { kind: failure, resourceType: AWS::DynamoDB::Table }\n    level: ignore\n    message: We delete the old table first\n');
    const said = 'lowered by rule recreated-by-hand: We delete the old table first';
    const outputs = ['--html', out('l.html'), '--markdown', out('l.md'), '--sarif', out('l.sarif'), '--junit', out('l.xml')];
    const result = await run(['diff', before, after, '--rules', rules, ...outputs]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Certain failures lowered by rules (CloudFormation will still fail them):\n[ignore] AWS::DynamoDB::Table Orders\n    ${said}`);
    expect(result.stdout).toContain(`    ${said} (level ignore, not fail)`);
    const json = JSON.parse((await run(['diff', before, after, '--rules', rules, '--json'])).stdout);
    expect(json.Changes[0].ResourceChange.PredictorAdditions.ReviewLevel).toEqual({ Level: 'ignore', Rule: 'recreated-by-hand', Reason: said, LoweredFrom: 'fail' });
    expect(fs.readFileSync(out('l.html'), 'utf8')).toContain(`<strong class="lowered">${said}</strong> (level ignore, not fail)`);
    expect(fs.readFileSync(out('l.md'), 'utf8')).toContain('### ⬇️ Certain failures lowered by rules (CloudFormation will still fail them) (1)');
    expect(fs.readFileSync(out('l.md'), 'utf8')).toContain(said);
    expect(sarifProblems(JSON.parse(fs.readFileSync(out('l.sarif'), 'utf8')))).toEqual([]);
    const sarif = JSON.parse(fs.readFileSync(out('l.sarif'), 'utf8')).runs[0].results;
    expect(sarif.map((r: any) => [r.ruleId, r.level, r.message.text.includes(said)])).toEqual([['recreated-by-hand', 'none', true]]);
    expect(fs.readFileSync(out('l.xml'), 'utf8')).toContain(said);
  });
});
