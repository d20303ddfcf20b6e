/**
 * The AWS SDK for one command: credentials found as the cdk CLI finds them (the SDK's default
 * chain: environment, shared config and credentials files with their profiles, SSO, web
 * identity, container and instance metadata; `--profile` picks a profile), the default Region,
 * who the credentials are, roles assumed, and every call made through a bounded number of
 * slots with the command's retry budget. Endpoints are the SDK's own (`AWS_ENDPOINT_URL`
 * and friends work).
 *
 * Only `diff --deployed` and `snapshot` load this module (and so the SDK), through `import()`.
 */
import * as os from 'node:os';
import { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { fromNodeProviderChain } from '@aws-sdk/credential-providers';
import { CallContext, callError, noCredentialsError } from './aws-errors';
import { CallSlots } from './call-slots';
import { RetryBudget, RetryBudgetOptions } from './retry-budget';

/** Credentials as the SDK takes them. */
export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  readonly expiration?: Date;
}

/** Credentials and who they are, for messages. */
export interface Access {
  readonly credentials: () => Promise<AwsCredentials>;
  /** `role arn:...` or `the current credentials (arn:...)`. */
  readonly identity: string;
  /** A key for caching clients. */
  readonly key: string;
}

/** Who the current credentials are (`GetCallerIdentity`). */
export interface CallerIdentity {
  readonly account: string;
  readonly arn: string;
  /** From the ARN: `aws`, `aws-cn`, `aws-us-gov`, ... */
  readonly partition: string;
}

/** How the session is set up. */
export interface SessionOptions {
  /** `--profile`. */
  readonly profile?: string;
  /** The environment variables the command reads itself (`AWS_REGION`, `AWS_DEFAULT_REGION`). */
  readonly env: { readonly [name: string]: string | undefined };
  readonly retry?: RetryBudgetOptions;
  /** How many calls may be in flight at once. @default 8 */
  readonly concurrency?: number;
}

/** How many AWS calls are in flight at most: CloudFormation's read APIs throttle at a few calls per second per account. */
export const DEFAULT_CONCURRENCY = 8;

/** What a manifest adds to an `AssumeRole` call: an external id, and more parameters (`Tags`, ...). */
export interface AssumeRoleExtras {
  readonly externalId?: string;
  readonly options?: Record<string, unknown>;
}

/** What every call sends with its command. */
export interface SendOptions {
  readonly abortSignal: AbortSignal;
}

/** One command's AWS session. */
export class AwsSession {
  public readonly retry: RetryBudget;
  public readonly profile?: string;
  private readonly env: SessionOptions['env'];
  private readonly slots: CallSlots;
  private readonly base: () => Promise<AwsCredentials>;
  private readonly clients = new Map<string, CloudFormationClient | STSClient>();
  private identity?: Promise<CallerIdentity>;
  /** Ends the calls still running once the command is done (or has failed). */
  private readonly aborter = new AbortController();

  public constructor(options: SessionOptions) {
    // The SDK warns, once per process, that its releases of 2027 need Node.js 22; the package
    // bundles its own release, so that is no news for the command's users.
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
    this.profile = options.profile;
    this.env = options.env;
    this.retry = new RetryBudget(options.retry);
    this.slots = new CallSlots(options.concurrency ?? DEFAULT_CONCURRENCY);
    this.base = fromNodeProviderChain(options.profile === undefined ? {} : { profile: options.profile });
  }

  /** The current credentials (of `--profile`, or the default chain). */
  public baseAccess(identity: CallerIdentity): Access {
    return { credentials: this.base, identity: `the current credentials (${identity.arn})`, key: 'base' };
  }

  /**
   * The Region for environment-agnostic stacks, as the cdk CLI finds it: `AWS_REGION`,
   * `AWS_DEFAULT_REGION`, else the profile's `region` in the shared config file.
   */
  public async defaultRegion(): Promise<string | undefined> {
    const fromEnv = this.env.AWS_REGION || this.env.AWS_DEFAULT_REGION;
    if (fromEnv) return fromEnv;
    try {
      return await new STSClient(this.profile === undefined ? {} : { profile: this.profile }).config.region();
    } catch {
      return undefined;
    }
  }

  /**
   * Who the current credentials are; asked once.
   *
   * @throws CliError when there are no credentials, or AWS rejects them
   */
  public callerIdentity(region: string): Promise<CallerIdentity> {
    this.identity ??= (async () => {
      const sts = this.sts(region);
      const context = { action: 'sts:GetCallerIdentity', target: `Region ${region}`, identity: 'the current credentials' };
      const answer = await this.call(context, (options) => sts.send(new GetCallerIdentityCommand({}), options));
      const arn = answer.Arn ?? '';
      return { account: answer.Account ?? '', arn, partition: arn.split(':')[1] || 'aws' };
    })();
    return this.identity;
  }

  /**
   * Assumes a role with the current credentials.
   *
   * @returns its credentials, or the error AWS answered (nothing is thrown: the caller falls back)
   */
  public async assumeRole(roleArn: string, region: string, extra: AssumeRoleExtras): Promise<Access | { readonly error: unknown }> {
    const sts = this.sts(region);
    try {
      const answer = await this.callRaw((options) => sts.send(new AssumeRoleCommand({
        ...extra.options,
        RoleArn: roleArn,
        RoleSessionName: sessionName(),
        ...(extra.externalId === undefined ? {} : { ExternalId: extra.externalId }),
      }), options));
      const credentials = answer.Credentials;
      if (credentials?.AccessKeyId === undefined || credentials.SecretAccessKey === undefined) return { error: new Error('AssumeRole returned no credentials') };
      const assumed: AwsCredentials = {
        accessKeyId: credentials.AccessKeyId,
        secretAccessKey: credentials.SecretAccessKey,
        ...(credentials.SessionToken === undefined ? {} : { sessionToken: credentials.SessionToken }),
        ...(credentials.Expiration === undefined ? {} : { expiration: credentials.Expiration }),
      };
      return { credentials: async () => assumed, identity: `role ${roleArn}`, key: roleArn };
    } catch (error) {
      return { error };
    }
  }

  /** A CloudFormation client of a Region with some credentials (one per pair). */
  public cloudFormation(region: string, access: Access): CloudFormationClient {
    return this.client('cloudformation', region, access) as CloudFormationClient;
  }

  /** The STS client of a Region with the current credentials. */
  private sts(region: string): STSClient {
    return this.client('sts', region, { credentials: this.base, identity: 'the current credentials', key: 'base' }) as STSClient;
  }

  /**
   * Makes a call through the slots (the retry budget is the clients' own).
   *
   * @param request sends the command with the options given (they abort it once the command ends)
   * @throws CliError saying what was tried and what AWS answered
   */
  public async call<Output>(context: CallContext, request: (options: SendOptions) => Promise<Output>): Promise<Output> {
    try {
      return await this.callRaw(request);
    } catch (error) {
      throw this.translate(error, context);
    }
  }

  /** Makes a call through the slots, and hands back the SDK's error as it is. */
  public async callRaw<Output>(request: (options: SendOptions) => Promise<Output>): Promise<Output> {
    return this.slots.run(() => request({ abortSignal: this.aborter.signal }));
  }

  /** An error of `callRaw` as `call` reports it. */
  public translate(error: unknown, context: CallContext): Error {
    if ((error as Error)?.name === 'CredentialsProviderError') return noCredentialsError(error, this.profile);
    return callError(error, context);
  }

  /** Aborts the calls still running (the command failed on another one) and closes the clients' connections. */
  public close(): void {
    this.aborter.abort();
    for (const client of this.clients.values()) client.destroy();
    this.clients.clear();
  }

  private client(service: 'cloudformation' | 'sts', region: string, access: Access): CloudFormationClient | STSClient {
    const key = `${service} ${region} ${access.key}`;
    let client = this.clients.get(key);
    if (client === undefined) {
      const config = {
        region,
        credentials: access.credentials,
        retryStrategy: this.retry,
        // No call waits forever: a connection within 10 s, an answer within 60 s.
        requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
      };
      client = service === 'sts' ? new STSClient(config) : new CloudFormationClient(config);
      this.clients.set(key, client);
    }
    return client;
  }
}

/** `cdk-lifecycle-<user>`, as the cdk CLI names its sessions `aws-cdk-<user>`: CloudTrail shows who read. */
function sessionName(): string {
  let user = '';
  try {
    user = os.userInfo().username;
  } catch {
    // No user name (a container without a passwd entry): the session is still named.
  }
  return `cdk-lifecycle${user === '' ? '' : `-${user}`}`.replace(/[^\w+=,.@-]/g, '').slice(0, 64);
}
