/**
 * Where a polling provider keeps what a continued wait needs and must not travel in clear:
 * the response URL and onEvent's answer, in one SSM SecureString parameter (encrypted with the
 * account's AWS-managed key), plus create-once "claim" parameters that let exactly one
 * invocation continue each hand-off, whatever Lambda delivers twice or late.
 *
 * The SDK client is loaded on first use (Lambda's Node.js runtime provides it); tests inject
 * a client that talks to a loopback fake of the SSM API.
 */
import { boundedCall, CallClock, isTransient } from './bounded-call';
import { POLL_PARAMETER_PREFIX } from '../contract';
import { requestHash } from '../protocol/physical-id';
import type { LifecycleResult } from '../types';

/** What is kept for a request while its wait continues in other invocations. */
export interface KeptWait {
  readonly responseUrl: string;
  /** onEvent's answer: the physical id and the Data to merge under isComplete's. */
  readonly result: LifecycleResult;
}

/** What an SSM call is given: aborted by the store when its time is up. */
export interface SsmCallOptions {
  readonly abortSignal?: AbortSignal;
}

/** The SSM operations the store uses, in the SDK's own terms. */
export interface SsmOperations {
  putParameter(input: { Name: string; Value: string; Type: 'SecureString' | 'String'; Overwrite: boolean; Tier?: string; Policies?: string }, options?: SsmCallOptions): Promise<unknown>;
  getParameter(input: { Name: string; WithDecryption: boolean }, options?: SsmCallOptions): Promise<{ Parameter?: { Value?: string } }>;
  deleteParameters(input: { Names: string[] }, options?: SsmCallOptions): Promise<unknown>;
  /** Loads the SDK client now, so that its loading (a few hundred ms, cold) is charged to no call's deadline. */
  load?(): void;
}

/**
 * The store, over SSM. Every method takes an absolute deadline (epoch ms) and retries
 * throttling, 5xx answers and timeouts within it (`boundedCall`).
 */
export class WaitStore {
  constructor(private readonly ssm: SsmOperations, private readonly functionName: string, private readonly clock: CallClock) {}

  /** Loads the SDK client, before any deadline is set (see `SsmOperations.load`). */
  public load(): void {
    this.ssm.load?.();
  }

  /** The parameter of a request: stable for the request, under the function's own prefix. */
  public parameterFor(request: { StackId: string; RequestId: string; LogicalResourceId: string }): string {
    return `${POLL_PARAMETER_PREFIX}${this.functionName}/${requestHash(request, 32)}`;
  }

  /**
   * Keeps the wait; false when it is kept already (CloudFormation's request was delivered
   * twice, and the other invocation keeps it). Created once; it expires on its own an hour
   * after `expiresAt` in case no invocation is left to remove it.
   */
  public async keep(parameter: string, wait: KeptWait, expiresAt: number, deadline: number): Promise<boolean> {
    return this.createOnce('SSM PutParameter (keeping the wait)', parameter, JSON.stringify({ ...wait, owner: owner() }), 'SecureString', expiresAt, deadline);
  }

  /**
   * Claims hand-off `hop` for this invocation; false when another invocation has it. The claim
   * expires like the kept wait, in case no invocation is left to remove it.
   */
  public async claim(parameter: string, hop: number, expiresAt: number, deadline: number): Promise<boolean> {
    return this.createOnce(`SSM PutParameter (claiming hop ${hop})`, claimName(parameter, hop), `${hop} ${owner()}`, 'String', expiresAt, deadline);
  }

  /** The kept wait, or undefined when it is gone (the request was answered already). */
  public async read(parameter: string, deadline: number): Promise<KeptWait | undefined> {
    const value = await this.get('SSM GetParameter (reading the kept wait)', parameter, deadline);
    if (value === undefined) return undefined;
    let wait: Partial<KeptWait> | null;
    try {
      wait = JSON.parse(value) as Partial<KeptWait> | null;
    } catch {
      // Not the parser's message: it would quote the value, a signed URL.
      wait = null;
    }
    if (!wait || typeof wait.responseUrl !== 'string' || typeof wait.result !== 'object' || wait.result === null) {
      throw new Error(`the parameter ${parameter} does not hold a kept wait`);
    }
    return { responseUrl: wait.responseUrl, result: wait.result };
  }

  /** Removes the claim of one hand-off (a late delivery that found the wait gone). */
  public async release(parameter: string, hop: number, deadline: number): Promise<void> {
    await this.delete([claimName(parameter, hop)], deadline);
  }

  /** Removes the kept wait and the claims of hand-offs 1 to `hops`; missing ones are fine. */
  public async remove(parameter: string, hops: number, deadline: number): Promise<void> {
    await this.delete([parameter, ...Array.from({ length: Math.max(0, hops) }, (_, i) => claimName(parameter, i + 1))], deadline);
  }

  /**
   * Creates a parameter that must not exist yet; false when it does. Each value is unique
   * (a random owner): when an attempt may have gone through (a timeout, a 5xx) and a later one
   * is told "exists", or no later one succeeds in time, reading the value back (in the last
   * quarter of the time) tells whether it is this call's own.
   */
  private async createOnce(what: string, name: string, value: string, type: 'SecureString' | 'String', expiresAt: number, deadline: number): Promise<boolean> {
    let attempts = 0;
    // The last quarter is kept for reading the value back, should an attempt be in doubt.
    const putUntil = deadline - (deadline - this.clock.now()) / 4;
    try {
      await boundedCall(what, putUntil, this.clock, (abortSignal) => {
        attempts++;
        return this.ssm.putParameter({
          Name: name,
          Value: value,
          Type: type,
          Overwrite: false,
          // Expiration policies need the advanced tier, billed by the hour the parameter exists.
          Tier: 'Advanced',
          Policies: JSON.stringify([{ Type: 'Expiration', Version: '1.0', Attributes: { Timestamp: new Date(expiresAt + 3_600_000).toISOString() } }]),
        }, { abortSignal });
      });
      return true;
    } catch (e) {
      const exists = errorName(e) === 'ParameterAlreadyExists';
      // Refused for good, or "exists" at the first attempt: nothing of this call's went through.
      if (exists ? attempts === 1 : !isTransient(e)) {
        if (exists) return false;
        throw e;
      }
      // An attempt that timed out or met a 5xx may have gone through: is the value there this call's?
      const found = await this.get(`SSM GetParameter (checking ${name})`, name, deadline).catch(() => undefined);
      if (found !== undefined) return found === value;
      if (exists) return false;
      throw e;
    }
  }

  private async get(what: string, name: string, deadline: number): Promise<string | undefined> {
    try {
      const read = (abortSignal: AbortSignal) => this.ssm.getParameter({ Name: name, WithDecryption: true }, { abortSignal });
      const out = await boundedCall(what, deadline, this.clock, read);
      return out.Parameter?.Value ?? '';
    } catch (e) {
      if (errorName(e) === 'ParameterNotFound') return undefined;
      throw e;
    }
  }

  private async delete(names: string[], deadline: number): Promise<void> {
    // DeleteParameters takes at most 10 names and reports missing ones without failing.
    for (let i = 0; i < names.length; i += 10) {
      const batch = names.slice(i, i + 10);
      await boundedCall('SSM DeleteParameters', deadline, this.clock, (abortSignal) => this.ssm.deleteParameters({ Names: batch }, { abortSignal }));
    }
  }
}

/** A value no other call writes (node:crypto is loaded only when a wait is kept). */
function owner(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:crypto') as typeof import('node:crypto')).randomUUID();
}

function claimName(parameter: string, hop: number): string {
  return `${parameter}/claim-${hop}`;
}

function errorName(e: unknown): string | undefined {
  const name = (e as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Options of the SDK clients a wait uses: one attempt per call, bounded, so that the SDK spends
 * no time behind the runtime's back; `boundedCall` retries within each call's deadline.
 */
export const SDK_CLIENT_OPTIONS = { maxAttempts: 1, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } };

/** The real SSM client, loaded on first use. */
export function sdkSsmOperations(): SsmOperations {
  let client: import('@aws-sdk/client-ssm').SSMClient | undefined;
  const sdk = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports, import/no-extraneous-dependencies
    const module = require('@aws-sdk/client-ssm') as typeof import('@aws-sdk/client-ssm');
    client ??= new module.SSMClient(SDK_CLIENT_OPTIONS);
    return { module, client };
  };
  return {
    putParameter: (input, options) => { const { module, client: c } = sdk(); return c.send(new module.PutParameterCommand(input as import('@aws-sdk/client-ssm').PutParameterCommandInput), options); },
    getParameter: (input, options) => { const { module, client: c } = sdk(); return c.send(new module.GetParameterCommand(input), options); },
    deleteParameters: (input, options) => { const { module, client: c } = sdk(); return c.send(new module.DeleteParametersCommand(input), options); },
    load: () => { sdk(); },
  };
}
