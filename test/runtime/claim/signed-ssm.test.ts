/**
 * The claim's own SigV4-signed SSM calls: the signature the AWS SDK's signer computes for the
 * same request, SSM's JSON 1.1 answers and errors read as the SDK reads them (over a loopback
 * server), and the SDK client wherever the fast path does not apply.
 */
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { authorization, signedHeaders, signedSsmOperations } from '../../../src/runtime/claim/signed-ssm';
import { isTransient } from '../../../src/runtime/polling/bounded-call';

test.each([
  ['with a session token', 'FwoGZXIvYXdzEBYaDGV4YW1wbGV0b2tlbg=='],
  ['without one', undefined],
])('GIVEN a PutParameter %s WHEN signed THEN the signature is the one the AWS SDK\'s SSM client computes for the same headers', async (_name, token) => {
  // The SDK client signs and hands the request to its handler: captured there, never sent.
  let sent: { headers: Record<string, string>; body: string } | undefined;
  const client = new SSMClient({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: token },
    requestHandler: {
      handle: async (request: { headers: Record<string, string>; body: string }) => {
        sent = request;
        return { response: { statusCode: 200, headers: {}, body: Readable.from([Buffer.from('{}')]) } };
      },
    } as never,
  });
  const input = { Name: '/cdk-lifecycle/S/c8/abc', Value: '{"o":"x"}', Type: 'SecureString' as const, Overwrite: false };
  await client.send(new PutParameterCommand(input));
  const { authorization: sdk, ...signed } = sent!.headers;
  const names = /SignedHeaders=([^,]+)/.exec(sdk)![1].split(';');
  const headers = Object.fromEntries(names.map((name) => [name, signed[name]]));
  const credentials = { keyId: 'AKIDEXAMPLE', secret: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', token };
  expect(authorization(new URL('https://ssm.eu-west-1.amazonaws.com/'), 'eu-west-1', credentials, headers, sent!.body)).toBe(sdk);
  // What the claim sends signs the same way (its own, smaller set of headers).
  const ours = signedHeaders(new URL('https://ssm.eu-west-1.amazonaws.com/'), 'eu-west-1', credentials, 'AmazonSSM.PutParameter', sent!.body);
  expect(ours.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/ssm\/aws4_request, SignedHeaders=content-type;host;x-amz-date;(x-amz-security-token;)?x-amz-target, Signature=[0-9a-f]{64}$/);
});

describe('GIVEN a loopback SSM endpoint', () => {
  let server: http.Server;
  let answer: { status: number; body: string };
  let seen: http.IncomingHttpHeaders;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen = req.headers;
      req.resume();
      req.on('end', () => { res.statusCode = answer.status; res.end(answer.body); });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ssm = () => signedSsmOperations({
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'AKIDLOCAL',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_ENDPOINT_URL_SSM: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  }, () => { throw new Error('the SDK client is not needed here'); });

  test('WHEN a parameter is read THEN its value comes back, and the call is signed with the function\'s key', async () => {
    answer = { status: 200, body: JSON.stringify({ Parameter: { Name: '/p', Value: 'v' } }) };
    await expect(ssm().getParameter({ Name: '/p', WithDecryption: true })).resolves.toEqual({ Parameter: { Name: '/p', Value: 'v' } });
    expect(seen['x-amz-target']).toBe('AmazonSSM.GetParameter');
    expect(seen.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDLOCAL\/\d{8}\/us-east-1\/ssm\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/);
  });

  test.each([
    [400, { __type: 'com.amazonaws.ssm#ParameterAlreadyExists', message: 'The parameter already exists.' }, 'ParameterAlreadyExists', false],
    [400, { __type: 'ThrottlingException', message: 'Rate exceeded' }, 'ThrottlingException', true],
    [500, {}, 'InternalServerError', true],
    [403, 'not json', 'HTTP403', false],
  ])('WHEN SSM answers %s %j THEN the error is named %s as the SDK names it (transient: %s)', async (status, body, name, transient) => {
    answer = { status, body: typeof body === 'string' ? body : JSON.stringify(body) };
    const error = await ssm().putParameter({ Name: '/p', Value: 'v', Type: 'String', Overwrite: false }).catch((e: unknown) => e);
    expect((error as Error).name).toBe(name);
    expect(isTransient(error)).toBe(transient);
  });
});

test.each([
  ['no credentials in the environment', { AWS_REGION: 'us-east-1' }],
  ['FIPS endpoints', { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 's', AWS_USE_FIPS_ENDPOINT: 'true' }],
  ['a partition whose endpoint is not ssm.<region>.amazonaws.com', { AWS_REGION: 'us-iso-east-1', AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 's' }],
])('GIVEN %s WHEN the claim\'s SSM is made THEN it is the AWS SDK client', (_name, env) => {
  const sdk = { putParameter: jest.fn(), getParameter: jest.fn(), deleteParameters: jest.fn() };
  expect(signedSsmOperations(env, () => sdk)).toBe(sdk);
});
