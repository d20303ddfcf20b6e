/**
 * The local Lambda Invoke API, called by the real AWS SDK v3 client (as the runtime calls it in
 * framework mode and to re-invoke itself) and by raw HTTP for the error shapes.
 */
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { lambdaApiRoute, LocalLambda, MAX_ASYNC_PAYLOAD_BYTES } from '../../../src/local/aws/lambda-api';
import { LoopbackServer } from '../../../src/local/aws/loopback-server';
import { LambdaFunctionSpec } from '../../../src/local/stack/lambda-functions';

const FN = { name: 'provider', arn: 'arn:aws:lambda:us-east-1:123456789012:function:provider' } as LambdaFunctionSpec;

const calls: Array<{ kind: string; payload: string }> = [];
const traces: Array<string | undefined> = [];
const lambda: LocalLambda = {
  find: (name) => ([FN.name, FN.arn].includes(name.replace(/:\$LATEST$/, '')) ? FN : undefined),
  invokeSync: async (_fn, payload, trace) => {
    calls.push({ kind: 'sync', payload });
    traces.push(trace);
    const event = JSON.parse(payload);
    if (event.loop) return { payload: '', apiError: { status: 400, type: 'RecursiveInvocationException', message: 'recursive loop' } };
    return event.fail ? { payload: JSON.stringify({ errorType: 'KeyError', errorMessage: 'bucket' }), functionError: 'Unhandled' } : { payload: JSON.stringify({ echo: event }) };
  },
  invokeAsync: (_fn, payload, trace) => { calls.push({ kind: 'async', payload }); traces.push(trace); },
};

let server: LoopbackServer;
let client: LambdaClient;
beforeAll(async () => {
  server = await LoopbackServer.start([lambdaApiRoute(lambda)]);
  client = new LambdaClient({ endpoint: server.url, region: 'us-east-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' }, maxAttempts: 1 });
});
afterAll(async () => {
  client.destroy();
  await server.close();
});
beforeEach(() => {
  calls.length = 0;
  traces.length = 0;
});

const decode = (payload: Uint8Array | undefined) => JSON.parse(Buffer.from(payload ?? []).toString('utf8'));

test('GIVEN a RequestResponse invoke by ARN WHEN sent with the SDK THEN the function runs and its payload comes back', async () => {
  const out = await client.send(new InvokeCommand({ FunctionName: FN.arn, InvocationType: 'RequestResponse', Payload: Buffer.from('{"a":1}') }));

  expect(out.StatusCode).toBe(200);
  expect(out.FunctionError).toBeUndefined();
  expect(out.ExecutedVersion).toBe('$LATEST');
  expect(decode(out.Payload)).toEqual({ echo: { a: 1 } });
  expect(calls).toEqual([{ kind: 'sync', payload: '{"a":1}' }]);
});

test('GIVEN a function that fails WHEN invoked synchronously THEN X-Amz-Function-Error and the error payload come back', async () => {
  const out = await client.send(new InvokeCommand({ FunctionName: FN.name, Payload: Buffer.from('{"fail":true}') }));

  expect(out.FunctionError).toBe('Unhandled');
  expect(decode(out.Payload)).toEqual({ errorType: 'KeyError', errorMessage: 'bucket' });
});

test('GIVEN an Event invoke by name WHEN sent THEN it is accepted with 202 and queued, not awaited', async () => {
  const out = await client.send(new InvokeCommand({ FunctionName: FN.name, InvocationType: 'Event', Payload: Buffer.from('{"poll":1}') }));

  expect(out.StatusCode).toBe(202);
  expect(calls).toEqual([{ kind: 'async', payload: '{"poll":1}' }]);
});

test('GIVEN the SDK running inside a Lambda function WHEN it invokes THEN the trace of the invocation reaches the API (X-Amzn-Trace-Id), which continues the chain from it', async () => {
  const saved = { name: process.env.AWS_LAMBDA_FUNCTION_NAME, trace: process.env._X_AMZN_TRACE_ID };
  process.env.AWS_LAMBDA_FUNCTION_NAME = 'provider';
  const header = 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=0;Lineage=0a1b2c3d:4';
  process.env._X_AMZN_TRACE_ID = header;
  try {
    await client.send(new InvokeCommand({ FunctionName: FN.name, InvocationType: 'Event', Payload: Buffer.from('{}') }));
    await client.send(new InvokeCommand({ FunctionName: FN.name, Payload: Buffer.from('{}') }));
  } finally {
    for (const [name, value] of [['AWS_LAMBDA_FUNCTION_NAME', saved.name], ['_X_AMZN_TRACE_ID', saved.trace]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }

  expect(traces).toEqual([header, header]);
});

test('GIVEN a synchronous invoke that Lambda stops as a recursive loop WHEN sent THEN the SDK raises RecursiveInvocationException', async () => {
  const error = await client.send(new InvokeCommand({ FunctionName: FN.name, Payload: Buffer.from('{"loop":true}') })).catch((e: Error) => e);

  expect(error).toMatchObject({ name: 'RecursiveInvocationException', $metadata: { httpStatusCode: 400 } });
});

test('GIVEN a DryRun and the $LATEST qualifier WHEN sent THEN 204 and nothing runs', async () => {
  const out = await client.send(new InvokeCommand({ FunctionName: FN.name, Qualifier: '$LATEST', InvocationType: 'DryRun' }));

  expect(out.StatusCode).toBe(204);
  expect(calls).toEqual([]);
});

test.each([
  ['an unknown function', 'elsewhere', undefined, 'ResourceNotFoundException', /^Function not found: elsewhere$/],
  ['an unknown qualifier', 'provider', '7', 'ResourceNotFoundException', /^Function not found: provider:7$/],
])('GIVEN %s WHEN invoked THEN the SDK raises %s', async (_, name, qualifier, errorName, message) => {
  const error = await client.send(new InvokeCommand({ FunctionName: name, Qualifier: qualifier })).catch((e: Error) => e);

  expect(error).toMatchObject({ name: errorName, $metadata: { httpStatusCode: 404 } });
  expect((error as Error).message).toMatch(message);
});

async function post(path: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', body, headers });
  return { status: response.status, type: response.headers.get('x-amzn-errortype'), body: await response.text() };
}

test.each([
  ['a payload that is not JSON', 400, 'InvalidRequestContentException', 'not json', {}],
  ['an Event payload over the asynchronous limit', 413, 'RequestTooLargeException', JSON.stringify({ blob: 'x'.repeat(MAX_ASYNC_PAYLOAD_BYTES) }), { 'X-Amz-Invocation-Type': 'Event' }],
  ['an unknown invocation type', 400, 'InvalidParameterValueException', '{}', { 'X-Amz-Invocation-Type': 'Later' }],
])('GIVEN %s WHEN posted THEN the API answers %s %s', async (_, status, type, body, headers) => {
  const answer = await post('/2015-03-31/functions/provider/invocations', body, headers);

  expect(answer).toMatchObject({ status, type });
  expect(JSON.parse(answer.body)).toEqual({ Type: 'User', message: expect.any(String) });
  expect(calls).toEqual([]);
});

test('GIVEN a path the API does not serve WHEN requested THEN the server answers 404 naming it', async () => {
  expect(await post('/2015-03-31/functions/provider/configuration', '')).toMatchObject({ status: 404, body: 'no local AWS endpoint serves POST /2015-03-31/functions/provider/configuration' });
});

test('GIVEN an access check that denies the call WHEN invoked with the SDK THEN it raises AccessDeniedException (403) and nothing runs', async () => {
  const guarded = await LoopbackServer.start([lambdaApiRoute(lambda, { check: (_exchange, action, resource) => `not authorized to perform: ${action} on resource: ${resource}` })]);
  const guardedClient = new LambdaClient({ endpoint: guarded.url, region: 'us-east-1', credentials: { accessKeyId: 'AKID', secretAccessKey: 'secret' }, maxAttempts: 1 });
  try {
    const error = await guardedClient.send(new InvokeCommand({ FunctionName: FN.name, InvocationType: 'Event', Payload: Buffer.from('{}') })).catch((e: Error) => e);

    expect(error).toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 }, message: `not authorized to perform: lambda:InvokeFunction on resource: ${FN.arn}` });
    expect(calls).toEqual([]);
  } finally {
    guardedClient.destroy();
    await guarded.close();
  }
});
