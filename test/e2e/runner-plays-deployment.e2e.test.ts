/**
 * The local runner plays what a deployment plays, on stacks synthesized with cdk-lifecycle's
 * constructs: the nulls of the template's record reach the handler as deployed (an Update of
 * another property is no replacement), NoEcho Data is masked in everything
 * `cdk-lifecycle invoke` writes, and every Fn::GetAtt the template takes of a resource is
 * checked against the Data it answered.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const ROOT = path.join(__dirname, '..', '..');
const ECHO = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');
const SHAPES = path.join(__dirname, '..', 'fixtures', 'handlers', 'data-shapes');

let assembly: string;
beforeAll(() => {
  assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-plays-'));
  const app = appWithAssetMetadata(assembly);
  const stack = new Stack(app, 'Plays');
  const echo = new ResourceProvider(stack, 'Echo', { code: lambda.Code.fromAsset(ECHO), handler: 'index.onEvent', timeout: Duration.seconds(10) });
  new ProvidedResource(stack, 'Nulls', { provider: echo, properties: { list: [null, 'a'], o: { a: null, b: 1 }, name: 'x' }, replaceOnChange: ['list', 'o'] });
  const shapes = new ResourceProvider(stack, 'Shapes', { code: lambda.Code.fromAsset(SHAPES), handler: 'index.onEvent', timeout: Duration.seconds(10) });
  const cert = new ProvidedResource(stack, 'Certificate', { provider: shapes });
  new ProvidedResource(stack, 'Secret', { provider: shapes, properties: { noEcho: 'yes' } });
  new CfnOutput(stack, 'Exact', { value: cert.getAttString('certificateArn') });
  new CfnOutput(stack, 'Cased', { value: cert.getAttString('CertificateArn') });
  new CfnOutput(stack, 'Misspelt', { value: cert.getAttString('certificateArm') });
  new CfnOutput(stack, 'Nested', { value: cert.getAttString('Inner') });
  const polls = new ResourceProvider(stack, 'Polls', {
    code: lambda.Code.fromAsset(SHAPES),
    handler: 'index.onEvent',
    isCompleteHandler: 'index.isComplete',
    polling: { firstDelay: Duration.seconds(0) },
    timeout: Duration.seconds(10),
  });
  new ProvidedResource(stack, 'PolledSecret', { provider: polls, properties: { noEcho: 'yes' }, serviceTimeout: Duration.seconds(30) });
  app.synth();
});

test('GIVEN a record with nulls in a list and an object WHEN its lifecycle is played with another property changed THEN the handler gets the nulls, and the Update is no replacement', async () => {
  const cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT] });
  try {
    const played = await cfn.lifecycle({ resource: 'Nulls', properties: { name: 'y' } });
    expect(played.steps.map((step) => [step.label, step.status, step.violations])).toEqual([['Create', 'SUCCESS', []], ['Update', 'SUCCESS', []], ['Delete', 'SUCCESS', []]]);
    const seen = played.steps.slice(0, 2).map((step) => JSON.parse(String(step.response?.Data?.echo)));
    expect(seen[0]).toMatchObject({ type: 'Create', props: { list: [null, 'a'], o: { a: null, b: 1 }, name: 'x' } });
    expect(seen[1]).toMatchObject({ type: 'Update', props: { list: [null, 'a'], o: { a: null, b: 1 }, name: 'y' } });
    expect(played.steps[1].physicalResourceId).toBe(played.steps[0].physicalResourceId);
  } finally {
    await cfn.close();
  }
}, 60_000);

test('GIVEN Fn::GetAtts of keys the Data lacks WHEN created THEN each is a violation naming the near miss or the nested key, as CloudFormation would fail it', async () => {
  const cfn = await LocalCloudFormation.open(assembly, { sdkSearch: [ROOT] });
  try {
    const step = await cfn.create({ resource: 'Certificate' });
    expect(step.status).toBe('SUCCESS');
    expect(step.violations.map((violation) => violation.rule)).toEqual(['get-att', 'get-att', 'get-att']);
    const [cased, misspelt, nested] = step.violations.map((violation) => violation.message);
    expect(cased).toMatch(/^the template reads Certificate\.CertificateArn \(at \/Outputs\/Cased\/Value\/Fn::GetAtt\) but the answer's Data has no key "CertificateArn" \(it has "certificateArn": keys are case-sensitive\): CloudFormation fails the resource that reads it \("CustomResource attribute error: Vendor response doesn't contain CertificateArn key"\)$/);
    expect(misspelt).toContain('(it has "certificateArn", a near miss in spelling)');
    // cdk-lifecycle's runtime flattens nested Data (CloudFormation reads only top-level keys): the dotted key is named.
    expect(nested).toContain('(it has "nested.Inner": its nested Data is in dotted keys, so read nested.Inner)');
  } finally {
    await cfn.close();
  }
}, 60_000);

describe.each([
  ['a provider that does not poll', 'Secret', 'Password'],
  ['a polling provider', 'PolledSecret', 'Token'],
])('GIVEN NoEcho Data from %s', (_name, resource, key) => {
  test.each([['text', []], ['--json', ['--json']]])('WHEN invoked with %s output THEN every Data value is ****, never the secret', async (_format, flags) => {
    const result = await run(['invoke', assembly, '--resource', resource, '--request', 'create', ...flags], { cwd: ROOT });
    expect(result.stdout).not.toContain('hunter2');
    expect(result.stdout).not.toContain('token-for-');
    if (flags.length > 0) {
      const report = JSON.parse(result.stdout);
      expect(report.steps[0].response.Data[key]).toBe('****');
      expect(report.steps[0].responseBody.Data[key]).toBe('****');
    } else {
      expect(result.stdout).toMatch(new RegExp(`"Data": \\{[^}]*"${key}":"\\*{4}"`));
    }
  }, 60_000);
});
