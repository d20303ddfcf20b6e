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
