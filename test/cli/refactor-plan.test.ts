/**
 * `diff --refactor-plan`, `--refactor-mappings`, `--fail-on data-loss` and the report's data
 * verdicts and moves, on real CDK apps synthesized in-process by aws-cdk-lib: a named table
 * (CDK's default removal policy, Retain) moved from one stack to the other and a renamed queue;
 * two identical buckets renamed (an ambiguity, and the mappings that settle it); a bucket that
 * a function uses moved to a new stack (cdk refactor's integration app); an export dropped
 * while its importer still imports it; a stack over 51,200 bytes in eusc-de-east-1.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { run, runJson, synthesizeBeforeAll } from './helpers';
import { failsOn } from '../../src/review/review-rules';

const env = { account: '123456789012', region: 'eu-west-1' };

/** The app before (`moved: false`) and after the table moves to Api and the queue is renamed. */
function synth(outdir: string, moved: boolean): void {
  const app = new App({ outdir });
  const data = new Stack(app, 'Data', { env });
  const api = new Stack(app, 'Api', { env });
  new dynamodb.Table(moved ? api : data, 'Orders', { tableName: 'orders', partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
  new sqs.Queue(data, 'Audit', { retentionPeriod: undefined });
  new sqs.Queue(api, moved ? 'JobsQueue' : 'Jobs', { queueName: 'jobs' });
  if (moved) new sqs.Queue(api, 'Extra');
  app.synth();
}

/** Two identical buckets renamed. */
function photos(outdir: string, renamed: boolean): void {
  // The construct paths the CDK CLI records (`aws:cdk:path`), as a `cdk synth` writes them.
  const app = new App({ outdir, context: { 'aws:cdk:enable-path-metadata': true } });
  const stack = new Stack(app, 'Photos', { env });
  new s3.Bucket(stack, renamed ? 'MyBucket1' : 'CatPhotos');
  new s3.Bucket(stack, renamed ? 'MyBucket2' : 'DogPhotos');
  new sqs.Queue(stack, 'Keep');
  app.synth();
}

/** cdk refactor's integration app: a bucket a function names, moved to a new stack. */
function basic(outdir: string, moved: boolean): void {
  const app = new App({ outdir });
  const stack = new Stack(app, 'basic', { env });
  new sqs.Queue(stack, 'BasicQueue');
  const bucket = new s3.Bucket(moved ? new Stack(app, 'bucket-stack', { env }) : stack, 'Bucket');
  new lambda.Function(stack, 'Func', {
    runtime: lambda.Runtime.NODEJS_22_X,
    code: lambda.Code.fromInline('exports.handler = async () => process.env.BUCKET'),
    handler: 'index.handler',
    environment: { BUCKET: bucket.bucketName },
  });
  app.synth();
}

/** Api stops using Data's bucket (its export goes) while Data renames a named queue. */
function exportGone(outdir: string, after: boolean): void {
  const app = new App({ outdir });
  const data = new Stack(app, 'Data', { env });
  const bucket = new s3.Bucket(data, 'Bucket');
  new sqs.Queue(data, after ? 'JobsQueue' : 'Jobs', { queueName: 'jobs' });
  const api = new Stack(app, 'Api', { env });
  new sqs.Queue(api, 'Inbox', { queueName: after ? 'inbox' : bucket.bucketName });
  app.synth();
}

/** A stack over 51,200 bytes in eusc-de-east-1 whose queue is renamed. */
function large(outdir: string, renamed: boolean): void {
  const app = new App({ outdir });
  const stack = new Stack(app, 'Big', { env: { account: '123456789012', region: 'eusc-de-east-1' } });
  for (let index = 0; index < 150; index++) new s3.Bucket(stack, `Bucket${index}`, { enforceSSL: true, versioned: true });
  new sqs.Queue(stack, renamed ? 'NewQueue' : 'OldQueue');
  app.synth();
}

/** Two stacks of one environment: A renames a queue; B drops one identical to it and renames a named queue. */
function twoStacks(outdir: string, after: boolean): void {
  const app = new App({ outdir });
  const a = new Stack(app, 'A', { env });
  const b = new Stack(app, 'B', { env });
  new sqs.Queue(a, after ? 'JobsQueue' : 'Jobs');
  if (!after) new sqs.Queue(b, 'Old');
  new sqs.Queue(b, after ? 'AuditQueue' : 'Audit', { queueName: 'audit' });
  app.synth();
}

const tmp = synthesizeBeforeAll('cdk-lifecycle-refactor-', (folder) => {
  synth(path.join(folder, 'before'), false);
  synth(path.join(folder, 'after'), true);
  for (const [name, build] of [['photos', photos], ['basic', basic], ['export', exportGone], ['large', large], ['two', twoStacks]] as const) {
    build(path.join(folder, name, 'before'), false);
    build(path.join(folder, name, 'after'), true);
  }
});

describe('a cross-stack move and a rename in a synthesized two-stack app', () => {
  test('GIVEN the table moved to Api WHEN diffed THEN the report states the move, the refactor, what happens without one, and the two steps', async () => {
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none'], { cwd: tmp() });
    expect(result.code).toBe(0);
    const moves = result.stdout.slice(result.stdout.indexOf('Moves:'));
    expect(moves).toMatch(/^Moves: 2 resources renamed or moved, 2 can be a stack refactor\n/);
    expect(moves).toMatch(/\[>\] AWS::DynamoDB::Table Data\.Orders\w+ → Api\.Orders\w+ \(same name\): stack refactor\n    without a refactor: whichever stack deploys first, Api cannot create Orders\w+: the name stays held by Data\.Orders\w+, which Data retains \(DeletionPolicy Retain\) when it removes it\n/);
    expect(moves).toMatch(/\[>\] AWS::SQS::Queue Api\.Jobs\w+ → Api\.JobsQueue\w+ \(same name\): stack refactor\n/);
    expect(moves).toContain('Plan: two deployments, the refactor first, then the rest\nStep 1: refactor');
    expect(moves).toMatch(/Step 2: deploy the rest \(cdk deploy\)\n(    .*\n)*    Api: \[\+\] AWS::SQS::Queue Extra\w+\n/);
    expect(moves).toContain('Write the plan files with --refactor-plan <file>');
  });

  test('GIVEN the same WHEN diffed THEN the data verdict of the removed table follows the certain failures: retained, outside the stack', async () => {
    const { stdout } = await run(['diff', 'before', 'after'], { cwd: tmp() });
    const certain = stdout.indexOf('Certain failures');
    const data = stdout.indexOf('Data: what happens to the data of removed and replaced resources');
    expect(certain).toBe(0);
    expect(data).toBeGreaterThan(certain);
    expect(data).toBeLessThan(stdout.indexOf('Stack '));
    expect(stdout).toMatch(/\[retained\] AWS::DynamoDB::Table Orders\w+ \(stack Data\): removed, DeletionPolicy Retain\n    the table and its items stay, unmanaged \(outside the stack, still billed\)\n/);
  });

  test('GIVEN --refactor-plan WHEN diffed THEN the plan and the CreateStackRefactor input are written, with the stacks\' environment', async () => {
    const result = await run(['diff', 'before', 'after', '--refactor-plan', 'plan.json', '--fail-on', 'none'], { cwd: tmp() });
    expect(result.stdout).toContain('Plan written to plan.json, plan.create-stack-refactor.json');
    const plan = JSON.parse(fs.readFileSync(tmp('plan.json'), 'utf8'));
    expect(plan.environments).toEqual([{ account: '123456789012', region: 'eu-west-1', resources: expect.any(Object) }]);
    const resources = Object.entries(plan.environments[0].resources);
    expect(resources).toHaveLength(2);
    expect(resources.find(([source]) => source.startsWith('Data.'))![1]).toMatch(/^Api\.Orders/);
    const input = JSON.parse(fs.readFileSync(tmp('plan.create-stack-refactor.json'), 'utf8'));
    expect(input).toEqual(plan.StackRefactors[0]);
    expect(input.StackDefinitions.map((definition: any) => definition.StackName)).toEqual(['Api', 'Data']);
    expect(plan.Steps.map((step: any) => step.Kind)).toEqual(['Refactor', 'Deploy']);
  });

  test('GIVEN --html and --markdown WHEN the diff has moves THEN both show the moves and the plan\'s steps as the text report does', async () => {
    const result = await run(['diff', 'before', 'after', '--html', 'r.html', '--markdown', 'r.md', '--fail-on', 'none'], { cwd: tmp() });
    const moves = /^Moves: .*$/m.exec(result.stdout)![0];
    const step = /^Step 1: .*$/m.exec(result.stdout)![0];
    const html = fs.readFileSync(tmp('r.html'), 'utf8');
    expect(html).toContain('<section id="plan"><h3>Refactor plan</h3>');
    expect(html).toContain(moves);
    expect(html).toContain(step);
    const markdown = fs.readFileSync(tmp('r.md'), 'utf8');
    expect(markdown).toContain(`\`\`\`text\n${moves}`);
    expect(markdown).toContain(step);
  });

  test('GIVEN --fail-on data-loss WHEN the only data verdict retains THEN the exit code is 0; when the renamed queue\'s messages are deleted it is 1', async () => {
    expect((await run(['diff', 'before', 'after', '--stack', 'Data', '--fail-on', 'data-loss'], { cwd: tmp() })).code).toBe(0);
    expect((await run(['diff', 'before', 'after', '--stack', 'Data', '--fail-on', 'failure'], { cwd: tmp() })).code).toBe(0);
    expect((await run(['diff', 'before', 'after', '--stack', 'Api', '--fail-on', 'data-loss'], { cwd: tmp() })).code).toBe(1);
  });

  test('GIVEN --json WHEN diffed THEN the data verdict sits under PredictorAdditions beside CloudFormation\'s fields', async () => {
    const { json } = await runJson(['before', 'after'].map((name) => tmp(name)));
    const removed = json.Data.Changes.map((change: any) => change.ResourceChange).find((change: any) => change.ResourceType === 'AWS::DynamoDB::Table');
    expect(removed.PredictorAdditions.DataVerdict).toEqual({ Trigger: 'Removal', Policy: 'Retain', PolicySource: 'Explicit', Fate: 'Retained', Certainty: 'Certain', Consequence: 'the table and its items stay, unmanaged (outside the stack, still billed)' });
  });
});

describe('identical resources: an ambiguity, and the mappings that settle it', () => {
  const cwd = () => tmp('photos');
  const mappings = (resources: Record<string, string>, name = 'mappings.json') => {
    fs.writeFileSync(path.join(cwd(), name), JSON.stringify({ environments: [{ ...env, resources }] }));
    return name;
  };

  test('GIVEN two identical buckets renamed WHEN diffed THEN the Moves section says they are ambiguous, pairs neither, and says how to decide', async () => {
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none', '--refactor-plan', 'plan.json'], { cwd: cwd() });
    const moves = result.stdout.slice(result.stdout.indexOf('Moves:'));
    expect(moves).toMatch(/^Moves: 0 resources renamed or moved, 0 can be a stack refactor, 1 ambiguous \(not paired\)\n/);
    expect(moves).toMatch(/\[\?\] AWS::S3::Bucket Photos\.CatPhotos\w+, Photos\.DogPhotos\w+ → Photos\.MyBucket1\w+, Photos\.MyBucket2\w+: ambiguous, none paired\n/);
    expect(moves).toContain('say which went where with --refactor-mappings <file> (cdk refactor\'s --override-file format');
    const plan = JSON.parse(fs.readFileSync(path.join(cwd(), 'plan.json'), 'utf8'));
    expect(plan.Ambiguities).toEqual([{ ResourceType: 'AWS::S3::Bucket', Sources: expect.any(Array), Destinations: expect.any(Array) }]);
    expect(plan.Moves).toEqual([]);
  });

  test('GIVEN --refactor-mappings with one of the two by construct path WHEN diffed THEN both are paired, the first as mapped', async () => {
    const file = mappings({ 'Photos/CatPhotos/Resource': 'Photos/MyBucket2/Resource' });
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none', '--refactor-mappings', file, '--refactor-plan', 'mapped.json'], { cwd: cwd() });
    expect(result.stdout).toMatch(/\[>\] AWS::S3::Bucket Photos\.CatPhotos\w+ → Photos\.MyBucket2\w+ \(your mapping\): stack refactor\n/);
    expect(result.stdout).toMatch(/\[>\] AWS::S3::Bucket Photos\.DogPhotos\w+ → Photos\.MyBucket1\w+ \(identical properties\): stack refactor\n/);
    const plan = JSON.parse(fs.readFileSync(path.join(cwd(), 'mapped.json'), 'utf8'));
    expect(plan.Ambiguities).toEqual([]);
    expect(plan.Moves.map((move: any) => move.MatchedBy)).toEqual(['Mapping', 'IdenticalProperties']);
  });

  test.each([
    ['not JSON', '{ environments', /^cdk-lifecycle: --refactor-mappings bad\.json is not JSON: /],
    ['no environments array', '{ "mappings": [] }', /^cdk-lifecycle: --refactor-mappings bad\.json: expected an "environments" array, as in cdk refactor's override file\n/],
    ['a source that is not deployed', JSON.stringify({ environments: [{ ...env, resources: { 'Photos.Nope': 'Photos.MyBucket1' } }] }),
      /^cdk-lifecycle: --refactor-mappings bad\.json: environments\[0\]\.resources\["Photos\.Nope"\]: Source resource 'Photos\.Nope' does not exist in environment 123456789012\/eu-west-1\n/],
  ])('GIVEN a mappings file with %s WHEN diffed THEN it is an input error naming the file and the entry', async (_, content, message) => {
    fs.writeFileSync(path.join(cwd(), 'bad.json'), content);
    const result = await run(['diff', 'before', 'after', '--refactor-mappings', 'bad.json'], { cwd: cwd() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});

describe('a referenced bucket moved to a new stack (cdk refactor\'s integration app)', () => {
  test('GIVEN the bucket a function names moved to bucket-stack WHEN diffed with --refactor-plan THEN it is one refactor that creates the stack, exporting the bucket to the function', async () => {
    const cwd = tmp('basic');
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none', '--refactor-plan', 'plan.json'], { cwd });
    expect(result.stdout).toMatch(/\[>\] AWS::S3::Bucket basic\.Bucket83908E77 → bucket-stack\.Bucket83908E77 \(identical properties\): stack refactor\n/);
    expect(result.stdout).toContain('    bucket-stack: [+] export bucket-stack:ExportsOutputRefBucket83908E7781C90AC0 (output ExportsOutputRefBucket83908E7781C90AC0), for basic.Func');
    const input = JSON.parse(fs.readFileSync(path.join(cwd, 'plan.create-stack-refactor.json'), 'utf8'));
    expect(input.EnableStackCreation).toBe(true);
    const bodies = Object.fromEntries(input.StackDefinitions.map((definition: any) => [definition.StackName, JSON.parse(definition.TemplateBody)]));
    const after = JSON.parse(fs.readFileSync(path.join(cwd, 'after', 'bucket-stack.template.json'), 'utf8'));
    expect(bodies['bucket-stack'].Outputs).toEqual(after.Outputs);
    const func = Object.values<any>(bodies.basic.Resources).find((resource) => resource.Type === 'AWS::Lambda::Function');
    expect(func.Properties.Environment.Variables.BUCKET).toEqual({ 'Fn::ImportValue': 'bucket-stack:ExportsOutputRefBucket83908E7781C90AC0' });
  });
});

describe('an export removed while its importer still imports it', () => {
  test('GIVEN Api stops using Data\'s bucket while Data renames a queue WHEN diffed THEN step 2 is not safe: it says why and what to do', async () => {
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none'], { cwd: tmp('export') });
    const plan = result.stdout.slice(result.stdout.indexOf('Plan:'));
    expect(plan).toMatch(/Step 2: deploy the rest \(cdk deploy\) — not safe as planned\n/);
    expect(plan).toMatch(/    \[!\] deploying Data removes export Data:ExportsOutputRefBucket\w+ \(output ExportsOutputRefBucket\w+\), which Api imports until it is deployed, and nothing makes Api deploy before Data: CloudFormation rejects it/);
    expect(plan).toContain('Keep the export one more deployment (Stack.exportValue in Data), deploy Api without the import, then remove it');
  });
});

describe('a stack over 51,200 bytes in eusc-de-east-1', () => {
  test('GIVEN a renamed queue in it WHEN the plan is written THEN the template goes by TemplateURL, its file is written to upload, and the Region is kept', async () => {
    const cwd = tmp('large');
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none', '--refactor-plan', 'plan.json'], { cwd });
    expect(result.stdout).toContain('Plan written to plan.json, plan.create-stack-refactor.json, plan.Big.template.json');
    const plan = JSON.parse(fs.readFileSync(path.join(cwd, 'plan.json'), 'utf8'));
    expect(plan.environments.map((entry: any) => [entry.account, entry.region, Object.keys(entry.resources).length])).toEqual([['123456789012', 'eusc-de-east-1', 1]]);
    const [upload] = plan.TemplateUploads;
    expect(upload).toMatchObject({ StackName: 'Big', Bucket: 'cdk-hnb659fds-assets-123456789012-eusc-de-east-1' });
    expect(upload.Bytes).toBeGreaterThan(51_200);
    const input = JSON.parse(fs.readFileSync(path.join(cwd, 'plan.create-stack-refactor.json'), 'utf8'));
    expect(input.StackDefinitions).toEqual([{ StackName: 'Big', TemplateURL: upload.TemplateURL }]);
    expect(upload.TemplateURL).toMatch(/^https:\/\/cdk-hnb659fds-assets-123456789012-eusc-de-east-1\.s3\.eusc-de-east-1\.amazonaws\.eu\/cdk-refactor\/Big\/[0-9a-f]{64}\.json$/);
    const body = fs.readFileSync(path.join(cwd, 'plan.Big.template.json'), 'utf8');
    expect(Buffer.byteLength(body)).toBe(upload.Bytes);
    expect(Object.keys(JSON.parse(body).Resources).some((id) => id.startsWith('NewQueue'))).toBe(true);
    expect(result.stdout).toContain(`upload the template of Big (${upload.Bytes.toLocaleString('en-US')} bytes, over the 51,200 of TemplateBody) to s3://${upload.Bucket}/${upload.Key} first`);
  });
});

describe('--stack narrows the comparison as cdk refactor does (issue 34 item 7)', () => {
  const cwd = () => tmp('two');
  const at = (location: any) => `${location.StackName}.${location.LogicalResourceId}`;
  const pairs = (plan: any) => plan.Moves.map((move: any) => `${at(move.Source)} -> ${at(move.Destination)}`);

  test('GIVEN the whole app WHEN diffed THEN A\'s renamed queue is ambiguous with the identical one B drops, and B\'s named queue is renamed', async () => {
    const result = await run(['diff', 'before', 'after', '--fail-on', 'none', '--refactor-plan', 'whole.json'], { cwd: cwd() });
    const plan = JSON.parse(fs.readFileSync(path.join(cwd(), 'whole.json'), 'utf8'));
    expect(plan.Ambiguities.map((ambiguity: any) => [ambiguity.Sources.map(at), ambiguity.Destinations.map(at)])).toEqual([[[expect.stringMatching(/^A\.Jobs/), expect.stringMatching(/^B\.Old/)], [expect.stringMatching(/^A\.JobsQueue/)]]]);
    expect(pairs(plan)).toEqual([expect.stringMatching(/^B\.Audit\w+ -> B\.AuditQueue\w+$/)]);
    expect(result.stdout).toMatch(/1 ambiguous/);
  });

  test('GIVEN --stack A WHEN diffed THEN only A is compared: its queue is renamed, nothing of B is paired', async () => {
    const result = await run(['diff', 'before', 'after', '--stack', 'A', '--fail-on', 'none', '--refactor-plan', 'a.json'], { cwd: cwd() });
    const plan = JSON.parse(fs.readFileSync(path.join(cwd(), 'a.json'), 'utf8'));
    expect(plan.Ambiguities).toEqual([]);
    expect(pairs(plan)).toEqual([expect.stringMatching(/^A\.Jobs\w+ -> A\.JobsQueue\w+$/)]);
    expect(plan.StackRefactors.map((refactor: any) => refactor.StackDefinitions.map((definition: any) => definition.StackName))).toEqual([['A']]);
    expect(result.stdout).toMatch(/^Moves: 1 resource renamed or moved, 1 can be a stack refactor\n/m);
    expect(result.stdout).not.toMatch(/AuditQueue/);
  });

  test('GIVEN --stack B WHEN diffed THEN the whole app is still predicted for exports, and B\'s rename is planned alone', async () => {
    const result = await run(['diff', 'before', 'after', '--stack', 'B', '--fail-on', 'none', '--refactor-plan', 'b.json'], { cwd: cwd() });
    const plan = JSON.parse(fs.readFileSync(path.join(cwd(), 'b.json'), 'utf8'));
    expect(pairs(plan)).toEqual([expect.stringMatching(/^B\.Audit\w+ -> B\.AuditQueue\w+$/)]);
    expect(plan.Ambiguities).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe('errors', () => {
  test('GIVEN two template files WHEN --refactor-mappings is given THEN it is an input error: no stack names', async () => {
    const result = await run(['diff', 'templates/before.json', 'templates/after.yaml', '--refactor-mappings', 'never.json']);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'cdk-lifecycle: --refactor-mappings needs stack names: compare cloud assemblies, or a template with an assembly (--stack picks its stack)\n' });
  });

  test('GIVEN two template files WHEN --refactor-plan is asked THEN it is an input error: no stack names', async () => {
    const result = await run(['diff', 'templates/before.json', 'templates/after.yaml', '--refactor-plan', path.join(os.tmpdir(), 'never.json')]);
    expect(result).toEqual({ code: 2, stdout: '', stderr: 'cdk-lifecycle: --refactor-plan needs stack names: compare cloud assemblies, or a template with an assembly (--stack picks its stack)\n' });
  });

  test('GIVEN a plan file in a folder that does not exist WHEN diffed THEN it is an input error naming the file', async () => {
    const result = await run(['diff', 'before', 'after', '--refactor-plan', 'missing/plan.json'], { cwd: tmp() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^cdk-lifecycle: cannot write the refactor plan missing\/plan\.json: ENOENT/);
  });
});

describe('--fail-on data-loss, level by level', () => {
  const deleted = { verdict: 'deleted', consequence: '', certain: true, trigger: 'Removal' as const, policy: 'Delete', policyIsDefault: true };
  test.each<[string, Parameters<typeof failsOn>[1], boolean]>([
    ['data deleted, no failure', { dataVerdict: deleted }, true],
    ['data possibly deleted', { dataVerdict: { ...deleted, certain: false } }, true],
    ['a certain failure, no data deleted', { failure: { certainty: 'Certain', reason: '' } }, true],
    ['a replacement that deletes no data', { replacement: 'True', dataVerdict: { ...deleted, verdict: 'retained' } }, false],
    ['nothing', {}, false],
  ])('GIVEN %s WHEN --fail-on data-loss THEN the review fails: %s', (_, change, fails) => {
    expect(failsOn('data-loss', change)).toBe(fails);
  });
});
