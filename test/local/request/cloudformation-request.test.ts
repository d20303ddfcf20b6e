/** The requests as CloudFormation builds them. */
import { buildRequest, snsNotification, stringifyScalars } from '../../../src/local/request/cloudformation-request';

const PARTS = {
  serviceToken: 'arn:aws:lambda:us-east-1:123456789012:function:p',
  responseUrl: 'http://127.0.0.1:1/r?sig=1',
  stackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/S/1',
  logicalResourceId: 'Thing',
  resourceType: 'Custom::Thing',
  properties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:p', n: 1, b: false, z: null, list: [2, { deep: true }] },
};

test('GIVEN property values WHEN stringified THEN numbers and booleans become strings at every depth, null and strings stay', () => {
  expect(stringifyScalars(PARTS.properties)).toEqual({ ServiceToken: PARTS.serviceToken, n: '1', b: 'false', z: null, list: ['2', { deep: 'true' }] });
});

test('GIVEN a Create WHEN built THEN it has a new RequestId and neither PhysicalResourceId nor OldResourceProperties', () => {
  const a = buildRequest({ ...PARTS, requestType: 'Create', physicalResourceId: 'ignored' });
  const b = buildRequest({ ...PARTS, requestType: 'Create' });

  expect(Object.keys(a)).toEqual(['RequestType', 'ServiceToken', 'ResponseURL', 'StackId', 'RequestId', 'LogicalResourceId', 'ResourceType', 'ResourceProperties']);
  expect(a.RequestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(a.RequestId).not.toBe(b.RequestId);
});

test('GIVEN an Update and a Delete WHEN built THEN the Update carries the id and the old properties, the Delete only the id', () => {
  const update = buildRequest({ ...PARTS, requestType: 'Update', physicalResourceId: 'p-1', oldProperties: { n: 0 }, requestId: 'r' });
  const del = buildRequest({ ...PARTS, requestType: 'Delete', physicalResourceId: 'p-1', oldProperties: { n: 0 } });

  expect(update).toMatchObject({ RequestId: 'r', PhysicalResourceId: 'p-1', OldResourceProperties: { n: '0' }, ResourceProperties: { n: '1' } });
  expect(del.PhysicalResourceId).toBe('p-1');
  expect('PhysicalResourceId' in buildRequest({ ...PARTS, requestType: 'Delete' })).toBe(false);
  expect(del.OldResourceProperties).toBeUndefined();
});

test('GIVEN a request WHEN wrapped for SNS THEN the one record\'s message is the request as JSON', () => {
  const request = buildRequest({ ...PARTS, requestType: 'Create' });
  const notification = snsNotification(request, 'arn:aws:sns:us-east-1:123456789012:t', 'arn:aws:sns:us-east-1:123456789012:t:sub') as { Records: Array<{ EventSource: string; Sns: { TopicArn: string; Message: string } }> };

  expect(notification.Records).toHaveLength(1);
  expect(notification.Records[0]).toEqual({
    EventSource: 'aws:sns',
    EventVersion: '1.0',
    EventSubscriptionArn: 'arn:aws:sns:us-east-1:123456789012:t:sub',
    Sns: {
      Type: 'Notification',
      MessageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      TopicArn: 'arn:aws:sns:us-east-1:123456789012:t',
      Subject: 'AWS CloudFormation custom resource request',
      Message: expect.any(String),
      Timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      SignatureVersion: '1',
      Signature: 'LOCAL',
      SigningCertUrl: 'https://sns.amazonaws.com/local.pem',
      UnsubscribeUrl: 'https://sns.amazonaws.com/?Action=Unsubscribe',
      MessageAttributes: {},
    },
  });
  expect(JSON.parse(notification.Records[0].Sns.Message)).toEqual(request);
});
