/**
 * Refactor templates over `TemplateBody`'s 51,200 bytes: uploaded where `cdk refactor` uploads
 * them (the bootstrap bucket, `cdk-refactor/<stack>/<sha256>.json`) and named by `TemplateURL`;
 * the Region, whatever its partition, kept as given.
 */
import { createHash } from 'node:crypto';
import { ChangeSetPredictor } from '../../../src/change-set/change-set-predictor';
import { qualifierOf, templateUpload } from '../../../src/change-set/refactor/template-uploads';

describe('templateUpload', () => {
  test('GIVEN a template of exactly 51,200 bytes WHEN planned THEN it fits TemplateBody; one byte more does not', () => {
    expect(templateUpload('S', 'x'.repeat(51_200), '123456789012', 'eu-west-1', 'hnb659fds')).toBeUndefined();
    expect(templateUpload('S', 'x'.repeat(51_201), '123456789012', 'eu-west-1', 'hnb659fds')?.bytes).toBe(51_201);
  });

  test('GIVEN a template of 25,601 two-byte characters WHEN measured THEN it is counted in bytes (51,202), not characters', () => {
    expect(templateUpload('S', 'é'.repeat(25_601), '123456789012', 'eu-west-1', 'hnb659fds')?.bytes).toBe(51_202);
  });

  test('GIVEN a large template WHEN uploaded THEN the key is the stack and the SHA-256 of the body, in the bootstrap bucket of the environment', () => {
    const body = JSON.stringify({ Resources: { Pad: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'x'.repeat(60_000) } } } });
    const hash = createHash('sha256').update(body).digest('hex');
    expect(templateUpload('Data', body, '123456789012', 'eu-west-1', 'hnb659fds')).toEqual({
      stackName: 'Data',
      bucketName: 'cdk-hnb659fds-assets-123456789012-eu-west-1',
      objectKey: `cdk-refactor/Data/${hash}.json`,
      templateUrl: `https://cdk-hnb659fds-assets-123456789012-eu-west-1.s3.eu-west-1.amazonaws.com/cdk-refactor/Data/${hash}.json`,
      bytes: body.length,
      templateBody: body,
    });
  });

  test.each([
    ['cn-north-1', 'amazonaws.com.cn'],
    ['eusc-de-east-1', 'amazonaws.eu'],
    ['us-iso-east-1', 'c2s.ic.gov'],
    ['us-isob-east-1', 'sc2s.sgov.gov'],
    ['us-gov-west-1', 'amazonaws.com'],
  ])('GIVEN Region %s WHEN uploaded THEN the bucket URL has its partition\'s domain (%s)', (region, suffix) => {
    expect(templateUpload('S', 'x'.repeat(60_000), '123456789012', region, 'hnb659fds')?.templateUrl)
      .toMatch(new RegExp(`^https://cdk-hnb659fds-assets-123456789012-${region}\\.s3\\.${region}\\.${suffix.replace(/\./g, '\\.')}/cdk-refactor/S/`));
  });

  test('GIVEN CDK templates WHEN read THEN the qualifier is the one in the BootstrapVersion parameter; other templates have none', () => {
    expect(qualifierOf({ Parameters: { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/custom12/version' } } })).toBe('custom12');
    expect(qualifierOf({ Parameters: { BootstrapVersion: { Default: 'not a path' } } })).toBeUndefined();
    expect(qualifierOf({ Resources: {} })).toBeUndefined();
    expect(qualifierOf(undefined)).toBeUndefined();
  });
});

describe('a plan with a large template', () => {
  const pad = (index: number) => ({ Type: 'AWS::SNS::Topic', Properties: { DisplayName: `${index}-${'x'.repeat(600)}` } });
  const padding = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`Pad${index}`, pad(index)]));
  const parameters = { BootstrapVersion: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/cdk-bootstrap/custom12/version' } };
  const plan = ChangeSetPredictor.planRefactor([{
    stackName: 'Big',
    before: { Parameters: parameters, Resources: { ...padding, Old: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs' } } } },
    after: { Parameters: parameters, Resources: { ...padding, New: { Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs' } } } },
    account: '123456789012',
    region: 'eusc-de-east-1',
  }]);

  test('GIVEN a stack synthesized with its own qualifier in eusc-de-east-1 WHEN planned THEN the upload names its bucket and the Region as given', () => {
    const [upload] = plan.templateUploads;
    expect(upload.bucketName).toBe('cdk-custom12-assets-123456789012-eusc-de-east-1');
    expect(upload.templateUrl.startsWith('https://cdk-custom12-assets-123456789012-eusc-de-east-1.s3.eusc-de-east-1.amazonaws.eu/cdk-refactor/Big/')).toBe(true);
    expect(plan.toCdkRefactorOverrides().environments).toEqual([{ account: '123456789012', region: 'eusc-de-east-1', resources: { 'Big.Old': 'Big.New' } }]);
  });

  test('GIVEN the same WHEN the refactor input is written THEN it names the template by TemplateURL, whose object is the refactor template', () => {
    const [definition] = plan.toCreateStackRefactorInputs()[0].StackDefinitions;
    const [upload] = plan.templateUploads;
    expect(definition).toEqual({ StackName: 'Big', TemplateURL: upload.templateUrl });
    expect(JSON.parse(upload.templateBody).Resources.New).toEqual({ Type: 'AWS::SQS::Queue', Properties: { QueueName: 'jobs' } });
    expect(upload.bytes).toBeGreaterThan(51_200);
  });

  test('GIVEN the same WHEN the steps are listed THEN the refactor starts with the upload, and the JSON lists it', () => {
    const [upload] = plan.templateUploads;
    expect(plan.steps[0].actions[0]).toBe(`upload the template of Big (${upload.bytes.toLocaleString('en-US')} bytes, over the 51,200 of TemplateBody) to s3://${upload.bucketName}/${upload.objectKey} first: the refactor reads it from ${upload.templateUrl}`);
    expect(plan.toJson().TemplateUploads).toEqual([{ StackName: 'Big', Bucket: upload.bucketName, Key: upload.objectKey, TemplateURL: upload.templateUrl, Bytes: upload.bytes }]);
  });
});
