/**
 * The local SSM Parameter Store API in AWS's JSON 1.1 wire format (what `@aws-sdk/client-ssm`
 * sends: POST /, `X-Amz-Target: AmazonSSM.<Operation>`), as a long-running provider uses it:
 * a create-once claim, the response URL kept as a SecureString, read back decrypted, deleted.
 */
import { LoopbackServer } from '../../../src/local/aws/loopback-server';
import { ParameterStore } from '../../../src/local/aws/ssm-api';

let store: ParameterStore;
let server: LoopbackServer;
beforeEach(async () => {
  store = new ParameterStore('eu-west-1', '987654321098');
  server = await LoopbackServer.start([store.route]);
});
afterEach(() => server.close());

async function ssm(operation: string, input: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${server.url}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AmazonSSM.${operation}` },
    body: typeof input === 'string' ? input : JSON.stringify(input),
  });
  return { status: response.status, body: JSON.parse(await response.text()) };
}

test('GIVEN a new parameter WHEN put twice without Overwrite THEN the second put is refused with ParameterAlreadyExists (a create-once claim)', async () => {
  expect(await ssm('PutParameter', { Name: '/claims/req-1', Value: 'mine', Type: 'String' })).toEqual({ status: 200, body: { Version: 1, Tier: 'Standard' } });
  expect(await ssm('PutParameter', { Name: '/claims/req-1', Value: 'theirs', Type: 'String' })).toEqual({
    status: 400,
    body: { __type: 'ParameterAlreadyExists', message: 'The parameter already exists. To overwrite this value, set the overwrite option in the request to true.' },
  });
  expect(store.list()).toEqual([expect.objectContaining({ name: '/claims/req-1', value: 'mine', version: 1 })]);
});

test('GIVEN a SecureString WHEN read without and with decryption THEN only the decrypted read shows the value; Overwrite bumps the version', async () => {
  await ssm('PutParameter', { Name: '/urls/req-1', Value: 'https://s3/response?sig', Type: 'SecureString' });
  expect(await ssm('PutParameter', { Name: '/urls/req-1', Value: 'https://s3/response?sig2', Overwrite: true })).toMatchObject({ status: 200, body: { Version: 2 } });

  const hidden = await ssm('GetParameter', { Name: '/urls/req-1' });
  const shown = await ssm('GetParameter', { Name: '/urls/req-1', WithDecryption: true });

  expect(hidden.body.Parameter.Value).not.toContain('https://');
  expect(shown).toEqual({
    status: 200,
    body: { Parameter: { Name: '/urls/req-1', Type: 'SecureString', Value: 'https://s3/response?sig2', Version: 2, LastModifiedDate: expect.any(Number), ARN: 'arn:aws:ssm:eu-west-1:987654321098:parameter/urls/req-1', DataType: 'text' } },
  });
});

test('GIVEN a parameter WHEN deleted twice THEN the second delete and a later read answer ParameterNotFound', async () => {
  await ssm('PutParameter', { Name: 'plain', Value: 'v', Type: 'String' });

  expect(await ssm('DeleteParameter', { Name: 'plain' })).toEqual({ status: 200, body: {} });
  expect(await ssm('DeleteParameter', { Name: 'plain' })).toEqual({ status: 400, body: { __type: 'ParameterNotFound', message: 'Parameter plain not found.' } });
  expect(await ssm('GetParameter', { Name: 'plain' })).toMatchObject({ status: 400, body: { __type: 'ParameterNotFound' } });
  expect(store.list()).toEqual([]);
});

test('GIVEN three parameters WHEN two of them and a missing one are deleted at once THEN the two go and the missing one is reported, not refused', async () => {
  for (const name of ['/w/a', '/w/a/claim-1', '/w/b']) await ssm('PutParameter', { Name: name, Value: 'v', Type: 'String' });

  const deleted = await ssm('DeleteParameters', { Names: ['/w/a', '/w/a/claim-1', '/w/a/claim-2'] });

  expect(deleted).toEqual({ status: 200, body: { DeletedParameters: ['/w/a', '/w/a/claim-1'], InvalidParameters: ['/w/a/claim-2'] } });
  expect(store.list().map((p) => p.name)).toEqual(['/w/b']);
});

test.each([
  ['no names', []],
  ['eleven names', Array.from({ length: 11 }, (_, i) => `/n${i}`)],
  ['a name that is not a string', ['/a', 7]],
  ['no list', undefined],
])('GIVEN DeleteParameters with %s WHEN sent THEN ValidationException names the limit', async (_what, names) => {
  await ssm('PutParameter', { Name: '/a', Value: 'v', Type: 'String' });

  expect(await ssm('DeleteParameters', { Names: names })).toEqual({ status: 400, body: { __type: 'ValidationException', message: 'Names must be a list of 1 to 10 parameter names' } });
  expect(store.list()).toHaveLength(1);
});

test('GIVEN a value of 5,000 characters WHEN put in the Standard and in the Advanced tier THEN only the Advanced tier (8 KB) takes it', async () => {
  const value = 'x'.repeat(5_000);

  expect(await ssm('PutParameter', { Name: '/big', Value: value, Type: 'SecureString' })).toMatchObject({ status: 400, body: { __type: 'ValidationException', message: expect.stringContaining('Standard tier parameters support a maximum parameter value of 4096') } });
  expect(await ssm('PutParameter', { Name: '/big', Value: value, Type: 'SecureString', Tier: 'Advanced' })).toEqual({ status: 200, body: { Version: 1, Tier: 'Advanced' } });
  expect(await ssm('PutParameter', { Name: '/huge', Value: 'x'.repeat(8_193), Type: 'String', Tier: 'Advanced' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('8192') } });
  expect(await ssm('PutParameter', { Name: '/t', Value: 'v', Type: 'String', Tier: 'Premium' })).toMatchObject({ status: 400, body: { message: expect.stringContaining('Tier must be Standard or Advanced') } });
});

test.each([
  ['no Name', 'PutParameter', { Value: 'v', Type: 'String' }, 'ValidationException'],
  ['no Value', 'PutParameter', { Name: 'n', Type: 'String' }, 'ValidationException'],
  ['a value over 4,096 characters', 'PutParameter', { Name: 'n', Value: 'x'.repeat(4097), Type: 'String' }, 'ValidationException'],
  ['no Type for a new parameter', 'PutParameter', { Name: 'n', Value: 'v' }, 'ValidationException'],
  ['an unknown Type', 'PutParameter', { Name: 'n', Value: 'v', Type: 'Secret' }, 'ValidationException'],
  ['a body that is not JSON', 'GetParameter', 'nope', 'SerializationException'],
  ['an operation the stand-in does not serve', 'GetParametersByPath', { Name: '/' }, 'UnknownOperationException'],
])('GIVEN %s WHEN sent THEN the answer is a 400 %s', async (_, operation, input, type) => {
  const answer = await ssm(operation, input);

  expect(answer.status).toBe(400);
  expect(answer.body.__type).toBe(type);
  expect(store.list()).toEqual([]);
});

test('GIVEN a request without an AmazonSSM target WHEN sent THEN the SSM stand-in leaves it to the other routes', async () => {
  const response = await fetch(`${server.url}/`, { method: 'POST', body: '{}' });

  expect(response.status).toBe(404);
});

test('GIVEN an access check that denies some parameters WHEN each operation is called THEN the denied ones answer AccessDeniedException and change nothing, checked on the parameter ARN', async () => {
  const checked: string[] = [];
  const guarded = new ParameterStore('eu-west-1', '987654321098', {
    check: (_exchange, action, resource) => {
      checked.push(`${action} ${resource}`);
      return resource.endsWith('/denied') ? `not authorized to perform: ${action}` : undefined;
    },
  });
  await server.close();
  server = await LoopbackServer.start([guarded.route]);

  expect(await ssm('PutParameter', { Name: '/ok', Value: 'v', Type: 'String' })).toMatchObject({ status: 200 });
  expect(await ssm('PutParameter', { Name: '/denied', Value: 'v', Type: 'String' })).toEqual({ status: 400, body: { __type: 'AccessDeniedException', message: 'not authorized to perform: ssm:PutParameter' } });
  expect(await ssm('DeleteParameters', { Names: ['/ok', '/denied'] })).toMatchObject({ status: 400, body: { __type: 'AccessDeniedException' } });
  expect(guarded.list().map((parameter) => parameter.name)).toEqual(['/ok']);
  expect(checked).toEqual([
    'ssm:PutParameter arn:aws:ssm:eu-west-1:987654321098:parameter/ok',
    'ssm:PutParameter arn:aws:ssm:eu-west-1:987654321098:parameter/denied',
    'ssm:DeleteParameters arn:aws:ssm:eu-west-1:987654321098:parameter/ok',
    'ssm:DeleteParameters arn:aws:ssm:eu-west-1:987654321098:parameter/denied',
  ]);
});
