/**
 * The plan files against the formats their consumers read:
 * - `cdk refactor --override-file`: parsed by the installed CDK CLI itself (aws-cdk, a
 *   devDependency). Its parser (`parseMappingGroups` in @aws-cdk/toolkit-lib,
 *   actions/refactor/private/mapping-helpers.ts) reads `{ "environments": [{ account, region,
 *   resources: { "Stack.LogicalId": "Stack.LogicalId" } }] }`; the aws-cdk README's example
 *   says `"mappings"`, which that parser rejects (checked below too).
 * - `CreateStackRefactor`: serialized by the AWS SDK's CloudFormation client, which writes
 *   only members of the API model (`Description`, `EnableStackCreation`,
 *   `ResourceMappings.member.N.{Source,Destination}.{StackName,LogicalResourceId}`,
 *   `StackDefinitions.member.N.{StackName,TemplateBody}`) and drops anything else: every
 *   field the plan writes must come out. The mappings have the shape of the User Guide's
 *   `resource-mapping.json` example (Stack refactoring, "Refactor stacks (AWS CLI)").
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CloudFormationClient, CreateStackRefactorCommand } from '@aws-sdk/client-cloudformation';
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { template } from '../helpers';

const ROOT = path.join(__dirname, '..', '..', '..');
const queue = (name: string) => ({ Type: 'AWS::SQS::Queue', Properties: { QueueName: name } });
const topic = (name: string) => ({ Type: 'AWS::SNS::Topic', Properties: { TopicName: name } });
const plan = ChangeSetPredictor.planRefactor([
  { stackName: 'Data', before: template({ Orders: queue('orders'), Keep: topic('a') }), after: template({ Keep: topic('a') }), account: '123456789012', region: 'eu-west-1' },
  { stackName: 'Api', before: template({ Old: queue('jobs'), Keep: topic('b') }), after: template({ New: queue('jobs'), Orders: queue('orders'), Keep: topic('b') }), account: '123456789012', region: 'eu-west-1' },
  { stackName: 'Fresh', after: template({ Moved: queue('fresh') }), account: '123456789012', region: 'eu-west-1' },
  { stackName: 'Old', before: template({ Moved: queue('fresh'), Keep: topic('c') }), after: template({ Keep: topic('c') }), account: '123456789012', region: 'eu-west-1' },
]);

/** A rename in a stack over 51,200 bytes: its refactor template goes by TemplateURL. */
const padding = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`Pad${index}`, topic(`pad-${index}-${'x'.repeat(600)}`)]));
const large = ChangeSetPredictor.planRefactor([
  { stackName: 'Big', before: template({ ...padding, Old: queue('jobs') }), after: template({ ...padding, New: queue('jobs') }), account: '123456789012', region: 'eu-west-1' },
]);

/** The query parameters the SDK sends for an input, without sending it. */
async function serialized(input: any): Promise<string[]> {
  let body = '';
  const client = new CloudFormationClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example' },
    maxAttempts: 1,
    requestHandler: { handle: async (request: { body: string }) => { body = request.body; throw new Error('not sent'); } } as any,
  });
  await expect(client.send(new CreateStackRefactorCommand(input))).rejects.toThrow('not sent');
  return decodeURIComponent(body).split('&');
}

/** `Key=value` for every leaf of an input, in the query protocol's spelling. */
function leaves(value: unknown, prefix: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, `${prefix}.member.${index + 1}`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, prefix === '' ? key : `${prefix}.${key}`));
  return [`${prefix}=${String(value)}`];
}

describe('CreateStackRefactor', () => {
  test('GIVEN the plan\'s inputs WHEN serialized by the AWS SDK THEN every field is a member of the API model', async () => {
    const inputs = plan.toCreateStackRefactorInputs();
    expect(inputs).toHaveLength(2);
    for (const input of inputs) {
      const sent = await serialized(input);
      expect(sent).toEqual(expect.arrayContaining(['Action=CreateStackRefactor', ...leaves(input, '')]));
    }
  });

  test('GIVEN a refactor template over 51,200 bytes WHEN its input is serialized by the AWS SDK THEN TemplateURL is a member of the API model too', async () => {
    const [input] = large.toCreateStackRefactorInputs();
    expect(input.StackDefinitions).toEqual([{ StackName: 'Big', TemplateURL: large.templateUploads[0].templateUrl }]);
    const sent = await serialized(input);
    expect(sent).toEqual(expect.arrayContaining([`StackDefinitions.member.1.TemplateURL=${large.templateUploads[0].templateUrl}`, ...leaves(input, '')]));
  });

  test('GIVEN the plan\'s resource mappings WHEN compared with the User Guide\'s example THEN they have its shape', () => {
    for (const input of plan.toCreateStackRefactorInputs()) {
      for (const mapping of input.ResourceMappings) {
        expect(Object.keys(mapping)).toEqual(['Source', 'Destination']);
        for (const end of [mapping.Source, mapping.Destination]) expect(Object.keys(end)).toEqual(['StackName', 'LogicalResourceId']);
      }
    }
  });

  test('GIVEN a move into a new stack WHEN planned THEN its refactor enables stack creation, and the other does not', () => {
    const inputs = plan.toCreateStackRefactorInputs();
    expect(inputs.map((input: any) => [input.StackDefinitions.map((d: any) => d.StackName), input.EnableStackCreation])).toEqual([
      [['Api', 'Data'], undefined],
      [['Fresh', 'Old'], true],
    ]);
  });
});

describe('cdk refactor --override-file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-overrides-'));
  const cdk = (overrideFile: string) => spawnSync(path.join(ROOT, 'node_modules', '.bin', 'cdk'), [
    'refactor', '--unstable=refactor', '--dry-run', '--no-notices', '--app', path.join(ROOT, 'test', 'cli', 'fixtures', 'assembly-before'), '--override-file', overrideFile,
  ], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', CDK_DISABLE_VERSION_CHECK: '1', AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE', AWS_SECRET_ACCESS_KEY: 'example', AWS_REGION: 'eu-west-1', AWS_EC2_METADATA_DISABLED: 'true' },
  });
  const write = (name: string, content: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(content));
    return file;
  };

  test('GIVEN the plan file WHEN the CDK CLI reads it as its override file THEN it parses it and goes on to the deployed stacks (which need AWS)', () => {
    expect(plan.toCdkRefactorOverrides()).toEqual({
      environments: [{ account: '123456789012', region: 'eu-west-1', resources: { 'Api.Old': 'Api.New', 'Data.Orders': 'Api.Orders', 'Old.Moved': 'Fresh.Moved' } }],
    });
    const result = cdk(write('plan.json', plan.toJson()));
    const output = `${result.stdout}${result.stderr}`;
    expect(output).not.toMatch(/mappingGroups is not iterable|Expected an 'environments' array|Duplicate destination/);
    expect(output).toContain('Unable to resolve AWS account');
  }, 90_000);

  test('GIVEN a plan with a template to upload, and a --refactor-mappings file by construct path WHEN the CDK CLI reads each as its override file THEN it parses both', () => {
    for (const file of [
      write('large.json', large.toJson()),
      write('mappings.json', { environments: [{ account: '123456789012', region: 'eu-west-1', resources: { 'App/Cats/Resource': 'App/Felines/Resource' } }] }),
    ]) {
      const result = cdk(file);
      const output = `${result.stdout}${result.stderr}`;
      expect(output).not.toMatch(/mappingGroups is not iterable|Expected an 'environments' array|Duplicate destination/);
      expect(output).toContain('Unable to resolve AWS account');
    }
  }, 120_000);

  test('GIVEN the shape of the aws-cdk README\'s example ("mappings") or a duplicate destination WHEN the CDK CLI reads it THEN it rejects it (the check above can fail)', () => {
    expect(`${cdk(write('readme.json', { mappings: [{ account: '1', region: 'r', resources: { 'A.X': 'A.Y' } }] })).stderr}`).toContain('mappingGroups is not iterable');
    expect(`${cdk(write('dup.json', { environments: [{ account: '1', region: 'r', resources: { 'A.X': 'A.Y', 'A.Z': 'A.Y' } }] })).stderr}`).toContain('Duplicate destination resource');
  }, 90_000);
});
