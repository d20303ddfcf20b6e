/**
 * The runner's own protocol checks, rule by rule, on responses built by hand: what counts as a
 * violation, what it says, and what CloudFormation makes of the step.
 */
import { checkResponses, failsResource, outcomeOf, physicalIdProblem, ReceivedResponse } from '../../../src/local/protocol/check-response';
import { buildRequest, CloudFormationRequest, RequestType } from '../../../src/local/request/cloudformation-request';

const URL_PATH = '/cloudformation-custom-resource-response/abc';
const QUERY = '?X-Amz-Signature=0123';
const SENT_AT = 1_000_000;

function request(requestType: RequestType = 'Create', physicalResourceId?: string): CloudFormationRequest {
  return buildRequest({
    requestType,
    serviceToken: 'arn:aws:lambda:us-east-1:123456789012:function:provider',
    responseUrl: `http://127.0.0.1:1234${URL_PATH}${QUERY}`,
    stackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/S/1',
    requestId: 'request-1',
    logicalResourceId: 'Thing',
    resourceType: 'Custom::Thing',
    properties: {},
    ...(physicalResourceId === undefined ? {} : { physicalResourceId }),
  });
}

function received(body: unknown, overrides: Partial<ReceivedResponse> = {}): ReceivedResponse {
  return { method: 'PUT', url: `${URL_PATH}${QUERY}`, body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)), receivedAt: SENT_AT + 50, ...overrides };
}

function valid(sent: CloudFormationRequest, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { Status: 'SUCCESS', PhysicalResourceId: sent.PhysicalResourceId ?? 'thing-1', StackId: sent.StackId, RequestId: sent.RequestId, LogicalResourceId: sent.LogicalResourceId, ...fields };
}

function check(sent: CloudFormationRequest, responses: ReceivedResponse[], serviceTimeoutSeconds = 3600) {
  return checkResponses(responses, { request: sent, sentAt: SENT_AT, serviceTimeoutSeconds });
}

test('GIVEN a valid SUCCESS response WHEN checked THEN there is no violation and its status and id are read', () => {
  const sent = request();
  const result = check(sent, [received(valid(sent, { Data: { a: '1' }, NoEcho: false }))]);

  expect(result.violations).toEqual([]);
  expect(result).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'thing-1', body: { Data: { a: '1' } } });
  expect(outcomeOf({ status: result.status, violations: result.violations })).toBe('SUCCESS');
});

test('GIVEN the same answer sent twice (a repeated delivery re-sending it) WHEN checked THEN nothing is wrong: CloudFormation reads one answer either way', () => {
  const sent = request();
  expect(check(sent, [received(valid(sent)), received(valid(sent))]).violations).toEqual([]);
});

test('GIVEN no response WHEN checked THEN nothing is judged here (the step says why none came)', () => {
  expect(check(request(), [])).toEqual({ violations: [] });
});

describe('each rule', () => {
  const sent = request();
  const del = request('Delete', 'thing-1');
  test.each<[string, string, CloudFormationRequest, ReceivedResponse[], RegExp]>([
    ['two different responses', 'answered-twice', sent, [received(valid(sent)), received(valid(sent, { Data: { other: '1' } }))], /^the provider answered 2 times: a request gets exactly one response/],
    ['a POST', 'method', sent, [received(valid(sent), { method: 'POST' })], /^the response was sent with POST: the pre-signed URL is signed for PUT, so S3 refuses it \(403\)/],
    ['another query string', 'url-altered', sent, [received(valid(sent), { url: `${URL_PATH}?X-Amz-Signature=9999` })], /different URL than the request's ResponseURL/],
    ['an answer after the ServiceTimeout', 'late', sent, [received(valid(sent), { receivedAt: SENT_AT + 11_000 })], /^the response arrived after 11\.0 s, past the ServiceTimeout of 10 s: CloudFormation had already failed the resource$/],
    ['a body over 4,096 bytes', 'too-large', sent, [received(valid(sent, { Data: { blob: 'x'.repeat(4000) } }))], /^the response body is 4,\d{3} bytes: CloudFormation accepts at most 4,096 and fails the resource \("Response object is too long"\)$/],
    ['text that is not JSON', 'not-json', sent, [received('Status=SUCCESS')], /^the response body is not JSON \(.*\): CloudFormation cannot read it and fails the resource$/],
    ['a JSON array', 'not-object', sent, [received([1])], /^the response body is an array, not an object/],
    ['JSON null', 'not-object', sent, [received('null')], /^the response body is null, not an object/],
    ['a JSON number', 'not-object', sent, [received('5')], /^the response body is the JSON number, not an object/],
    ['a lower-case Status', 'status', sent, [received(valid(sent, { Status: 'success' }))], /^Status is "success": it must be SUCCESS or FAILED/],
    ['another RequestId', 'copied-field', sent, [received(valid(sent, { RequestId: 'other' }))], /^RequestId is "other" but the request's is "request-1": StackId, RequestId and LogicalResourceId must be copied verbatim/],
    ['no StackId', 'copied-field', sent, [received(valid(sent, { StackId: undefined }))], /^StackId is missing but the request's is/],
    ['no PhysicalResourceId', 'physical-id', sent, [received(valid(sent, { PhysicalResourceId: undefined }))], /^PhysicalResourceId is missing: every response needs a non-empty PhysicalResourceId of at most 1,024 bytes/],
    ['an empty PhysicalResourceId', 'physical-id', sent, [received(valid(sent, { PhysicalResourceId: '' }))], /^PhysicalResourceId is empty/],
    ['a PhysicalResourceId of 1,025 bytes', 'physical-id', sent, [received(valid(sent, { PhysicalResourceId: 'p'.repeat(1025) }))], /^PhysicalResourceId is 1,025 bytes/],
    ['a numeric PhysicalResourceId', 'physical-id', sent, [received(valid(sent, { PhysicalResourceId: 5 }))], /^PhysicalResourceId is 5, not a string/],
    ['FAILED without a Reason', 'reason', sent, [received(valid(sent, { Status: 'FAILED' }))], /^the response is FAILED without a Reason/],
    ['FAILED with a blank Reason', 'reason', sent, [received(valid(sent, { Status: 'FAILED', Reason: '  ' }))], /without a Reason/],
    ['Data on a Delete', 'delete-fields', del, [received(valid(del, { Data: { a: '1' } }))], /^Data is set on the response to a Delete/],
    ['NoEcho on a Delete', 'delete-fields', del, [received(valid(del, { NoEcho: true }))], /^NoEcho is set on the response to a Delete/],
    ['a Delete answered with another id', 'delete-id', del, [received(valid(del, { PhysicalResourceId: 'thing-2' }))], /^the Delete of "thing-1" was answered with PhysicalResourceId "thing-2": a Delete must answer the id it was asked to delete$/],
    ['Data that is a string', 'data', sent, [received(valid(sent, { Data: 'abc' }))], /^Data is "abc": it must be an object/],
    ['Data that is an array', 'data', sent, [received(valid(sent, { Data: [] }))], /^Data is an array/],
    ['NoEcho as a string', 'no-echo', sent, [received(valid(sent, { NoEcho: 'true' }))], /^NoEcho is "true": it must be true or false$/],
  ])('GIVEN %s WHEN checked THEN rule %s is broken and explained', (_, rule, sentRequest, responses, message) => {
    const result = check(sentRequest, responses, 10);

    expect(result.violations).toHaveLength(1);
    expect(result.violations[0].rule).toBe(rule);
    expect(result.violations[0].message).toMatch(message);
    expect(result.violations[0].message.split(/[.!?] /)).toHaveLength(1);
    if (['not-json', 'not-object'].includes(rule)) expect(result.body).toBeUndefined();
    if (['not-json', 'not-object', 'status'].includes(rule)) expect(result.status).toBeUndefined();
    if (['physical-id', 'not-json', 'not-object'].includes(rule)) expect(result.physicalResourceId).toBeUndefined();
  });
});

test('GIVEN a FAILED answer with a Reason WHEN checked THEN its status is read and no rule is broken', () => {
  const sent = request();
  const result = check(sent, [received(valid(sent, { Status: 'FAILED', Reason: 'it broke' }))]);

  expect(result).toMatchObject({ violations: [], status: 'FAILED', physicalResourceId: 'thing-1' });
});

test('GIVEN a long value in a message WHEN explained THEN it is clipped to 80 characters', () => {
  const sent = request();
  const [violation] = check(sent, [received(valid(sent, { RequestId: 'r'.repeat(100) }))]).violations;

  expect(violation.message).toContain(`RequestId is "${'r'.repeat(76)}... but`);
  expect(check(sent, [received(valid(sent, { RequestId: 'r'.repeat(78) }))]).violations[0].message).toContain(`"${'r'.repeat(78)}"`);
});

test('GIVEN an answer exactly at the ServiceTimeout WHEN checked THEN it is in time', () => {
  const sent = request();

  expect(check(sent, [received(valid(sent), { receivedAt: SENT_AT + 10_000 })], 10).violations).toEqual([]);
});

test('GIVEN a body of exactly 4,096 bytes and an id of exactly 1,024 bytes WHEN checked THEN both are accepted', () => {
  const sent = request();
  const base = valid(sent, { PhysicalResourceId: 'p'.repeat(1024), Data: { blob: '' } });
  const padding = 4096 - Buffer.byteLength(JSON.stringify(base));
  const body = valid(sent, { PhysicalResourceId: 'p'.repeat(1024), Data: { blob: 'x'.repeat(padding) } });

  expect(Buffer.byteLength(JSON.stringify(body))).toBe(4096);
  expect(check(sent, [received(body)]).violations).toEqual([]);
});

test('GIVEN a Delete answered with its own id and no Data WHEN checked THEN it is valid', () => {
  const del = request('Delete', 'thing-1');

  expect(check(del, [received(valid(del))]).violations).toEqual([]);
});

test('GIVEN an Update answered with a new id WHEN checked THEN it is valid (a replacement, not a violation)', () => {
  const update = request('Update', 'thing-1');
  const result = check(update, [received(valid(update, { PhysicalResourceId: 'thing-2' }))]);

  expect(result.violations).toEqual([]);
  expect(result.physicalResourceId).toBe('thing-2');
});

test('GIVEN two answers WHEN checked THEN the first one is the one judged', () => {
  const sent = request();
  const result = check(sent, [received(valid(sent, { PhysicalResourceId: 'first' })), received(valid(sent, { PhysicalResourceId: 'second' }))]);

  expect(result.physicalResourceId).toBe('first');
});

test.each([
  ['answered-twice', false],
  ['reason', false],
  ['delete-fields', false],
  ['too-large', true],
  ['copied-field', true],
  ['no-response', true],
])('GIVEN a violation of %s WHEN judged THEN CloudFormation fails the resource: %s', (rule, fails) => {
  expect(failsResource({ rule, message: '' })).toBe(fails);
  expect(outcomeOf({ status: 'SUCCESS', violations: [{ rule, message: '' }] })).toBe(fails ? 'FAILED' : 'SUCCESS');
});

test('GIVEN a FAILED status without violations WHEN judged THEN the outcome is FAILED; and no status at all is FAILED too', () => {
  expect(outcomeOf({ status: 'FAILED', violations: [] })).toBe('FAILED');
  expect(outcomeOf({ violations: [] })).toBe('FAILED');
});

test.each([
  [undefined, 'PhysicalResourceId is missing'],
  [null, 'PhysicalResourceId is null, not a string'],
  ['', 'PhysicalResourceId is empty'],
  ['é'.repeat(513), 'PhysicalResourceId is 1,026 bytes'],
  ['é'.repeat(512), undefined],
])('GIVEN the id %j WHEN checked THEN the problem is %j (bytes, not characters)', (id, problem) => {
  expect(physicalIdProblem(id)).toBe(problem);
});
