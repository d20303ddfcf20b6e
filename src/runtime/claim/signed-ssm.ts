/**
 * The two SSM calls of a request's claim (`PutParameter`, `GetParameter`), made over node:https
 * with a Signature Version 4 signature computed here, rather than through the AWS SDK's SSM
 * client: loading that client takes a few hundred milliseconds in a cold sandbox, which every
 * provider's first request would pay before its handler runs. The JSON 1.1 protocol of SSM
 * and SigV4 are AWS's documented wire formats ("Signature Version 4 signing process" in the IAM
 * User Guide; the SSM API Reference's "Common Parameters").
 *
 * The fast path covers what Lambda gives a function: credentials and region in the environment,
 * the standard endpoint of the commercial, China and GovCloud partitions, or an endpoint set by
 * `AWS_ENDPOINT_URL_SSM` / `AWS_ENDPOINT_URL` (the local runner's stand-in). Anything else (no
 * credentials in the environment, FIPS or dual-stack endpoints, other partitions) goes through
 * the SDK client.
 */
import type { SsmCallOptions, SsmOperations } from './parameters';
import { sdkSsmOperations } from '../polling/wait-store';

/** Regions of the partitions whose SSM endpoint is `ssm.<region>.amazonaws.com` (`.com.cn` in China). */
const STANDARD_REGION = /^(?:(?:us|eu|ap|sa|ca|me|af|il|mx)(?:-gov)?|cn)-[a-z]+-\d+$/;

/** SSM over signed HTTPS requests when the environment allows it, else the SDK client. */
export function signedSsmOperations(env: NodeJS.ProcessEnv, fallback: () => SsmOperations = sdkSsmOperations): SsmOperations {
  const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? '';
  const { AWS_ACCESS_KEY_ID: keyId, AWS_SECRET_ACCESS_KEY: secret, AWS_SESSION_TOKEN: token } = env;
  const endpoint = env.AWS_ENDPOINT_URL_SSM ?? env.AWS_ENDPOINT_URL
    ?? (STANDARD_REGION.test(region) ? `https://ssm.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}/` : undefined);
  if (!keyId || !secret || !endpoint || !region || env.AWS_USE_FIPS_ENDPOINT === 'true' || env.AWS_USE_DUALSTACK_ENDPOINT === 'true') return fallback();
  const url = new URL(endpoint);
  const call = (operation: string, input: unknown, options?: SsmCallOptions) => {
    const body = JSON.stringify(input);
    const headers = signedHeaders(url, region, { keyId, secret, token }, `AmazonSSM.${operation}`, body);
    return send(url, headers, body, options?.abortSignal);
  };
  return {
    putParameter: (input, options) => call('PutParameter', input, options),
    getParameter: (input, options) => call('GetParameter', input, options) as Promise<{ Parameter?: { Value?: string } }>,
    deleteParameters: (input, options) => call('DeleteParameters', input, options),
  };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const crypto = () => require('node:crypto') as typeof import('node:crypto');
const sha256 = (text: string) => crypto().createHash('sha256').update(text).digest('hex');
const hmac = (key: string | Buffer, text: string) => crypto().createHmac('sha256', key).update(text).digest();

/** The headers of a SigV4-signed JSON 1.1 POST of `body` to `url`, `target` naming the operation. */
export function signedHeaders(
  url: URL, region: string, credentials: Credentials, target: string, body: string, at = new Date(),
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-amz-json-1.1',
    'host': url.host,
    'x-amz-date': at.toISOString().replace(/[-:]|\.\d{3}/g, ''),
    ...(credentials.token ? { 'x-amz-security-token': credentials.token } : {}),
    'x-amz-target': target,
  };
  return { ...headers, authorization: authorization(url, region, credentials, headers, body) };
}

/** Credentials as Lambda puts them in the environment. */
export interface Credentials {
  readonly keyId: string;
  readonly secret: string;
  readonly token?: string;
}

/** The SigV4 `Authorization` of a POST of `body` to `url` for SSM, signing every one of `headers` (lower-case names, `x-amz-date` among them). */
export function authorization(url: URL, region: string, credentials: Credentials, headers: Record<string, string>, body: string): string {
  const amzDate = headers['x-amz-date'];
  const day = amzDate.slice(0, 8);
  const names = Object.keys(headers).sort();
  const canonical = ['POST', url.pathname, '', ...names.map((name) => `${name}:${headers[name].trim()}`), '', names.join(';'), sha256(body)].join('\n');
  const scope = `${day}/${region}/ssm/aws4_request`;
  const key = ['ssm', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${credentials.secret}`, day), region));
  const signature = hmac(key, ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')).toString('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.keyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}

/** POSTs the request; resolves with the JSON answer, rejects with an error named as the SDK names it. */
function send(url: URL, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const transport: typeof import('node:https') = url.protocol === 'https:' ? require('node:https') : require('node:http');
    const request = transport.request(url, { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) }, signal }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        let answer: { __type?: unknown; message?: unknown; Message?: unknown } = {};
        try {
          answer = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        } catch {
          // An answer that is not JSON: named by its status below.
        }
        if (status >= 200 && status < 300) return resolve(answer);
        const type = typeof answer.__type === 'string' ? answer.__type.split('#').pop()! : status >= 500 ? 'InternalServerError' : `HTTP${status}`;
        reject(Object.assign(new Error(String(answer.message ?? answer.Message ?? `HTTP ${status}`)), { name: type, $metadata: { httpStatusCode: status } }));
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}
