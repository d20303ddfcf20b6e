/**
 * The AWS settings of a test: the SDK pointed at the loopback stand-in (`AWS_ENDPOINT_URL`),
 * static test keys or a profile in temporary shared config files (never ~/.aws), no instance
 * metadata lookups, and a watch on every HTTP request the process starts, so a test can show
 * that nothing left loopback.
 */
import * as diagnostics from 'node:diagnostics_channel';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Environment variables for the SDK; `files` are written to a new folder and named by AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE. */
export function awsTestEnv(
  endpoint: string, vars: Record<string, string>, files: { readonly config?: string; readonly credentials?: string } = {},
): Record<string, string> {
  const host = new URL(endpoint).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') throw new Error(`tests give the SDK loopback endpoints only, got ${endpoint}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-aws-'));
  fs.writeFileSync(path.join(dir, 'config'), files.config ?? '');
  fs.writeFileSync(path.join(dir, 'credentials'), files.credentials ?? '');
  return {
    AWS_ENDPOINT_URL: endpoint,
    AWS_CONFIG_FILE: path.join(dir, 'config'),
    AWS_SHARED_CREDENTIALS_FILE: path.join(dir, 'credentials'),
    AWS_EC2_METADATA_DISABLED: 'true',
    ...vars,
  };
}

/** Static keys of a user of the stand-in, and a Region. */
export function staticKeys(accessKeyId: string, region = 'eu-west-1'): Record<string, string> {
  return { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: `secret-${accessKeyId}`, AWS_REGION: region };
}

/** Runs `fn` with exactly these AWS_* variables in process.env (the SDK reads them there), then puts the old ones back. */
export async function withAwsEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('AWS_')));
  for (const name of Object.keys(saved)) delete process.env[name];
  Object.assign(process.env, vars);
  try {
    return await fn();
  } finally {
    for (const name of Object.keys(process.env)) if (name.startsWith('AWS_')) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

/** Every HTTP request this process starts, by host, while watching. */
export class OutboundRequests {
  public readonly hosts: string[] = [];
  private readonly listener = (message: unknown) => {
    this.hosts.push(String((message as { request: { host: string } }).request.host));
  };

  public start(): this {
    diagnostics.subscribe('http.client.request.start', this.listener);
    return this;
  }

  public stop(): void {
    diagnostics.unsubscribe('http.client.request.start', this.listener);
  }

  /** The hosts that were not loopback. */
  public notLoopback(): string[] {
    return this.hosts.filter((host) => !['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host));
  }
}
