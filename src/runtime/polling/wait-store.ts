/**
 * Where a polling provider keeps what a continued wait needs and must not travel in clear:
 * the response URL and onEvent's answer, in one SSM SecureString parameter (encrypted with the
 * account's AWS-managed key), plus create-once "claim" parameters that let exactly one
 * invocation continue each hand-off, whatever Lambda delivers twice or late.
 *
 * The SDK client is loaded on first use (Lambda's Node.js runtime provides it); tests inject
 * a client that talks to a loopback fake of the SSM API.
 */
import type { CallClock } from './bounded-call';
import { owner, Parameters, SsmOperations } from '../claim/parameters';
import { POLL_PARAMETER_PREFIX } from '../contract';
import { requestHash } from '../protocol/physical-id';
import type { LifecycleResult } from '../types';

/** What is kept for a request while its wait continues in other invocations. */
export interface KeptWait {
  readonly responseUrl: string;
  /** onEvent's answer: the physical id and the Data to merge under isComplete's. */
  readonly result: LifecycleResult;
}

export type { SsmCallOptions, SsmOperations } from '../claim/parameters';

/**
 * The store, over SSM. Every method takes an absolute deadline (epoch ms) and retries
 * throttling, 5xx answers and timeouts within it (`boundedCall`).
 */
export class WaitStore {
  private readonly parameters: Parameters;

  constructor(ssm: SsmOperations, private readonly functionName: string, clock: CallClock) {
    this.parameters = new Parameters(ssm, clock);
  }

  /** Loads the SDK client, before any deadline is set (see `SsmOperations.load`). */
  public load(): void {
    this.parameters.load();
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
    const value = JSON.stringify({ ...wait, owner: owner() });
    return this.parameters.createOnce('SSM PutParameter (keeping the wait)', { name: parameter, value, type: 'SecureString', expiresAt: expiresAt + 3_600_000 }, deadline);
  }

  /**
   * Claims hand-off `hop` for this invocation; false when another invocation has it. The claim
   * expires like the kept wait, in case no invocation is left to remove it.
   */
  public async claim(parameter: string, hop: number, expiresAt: number, deadline: number): Promise<boolean> {
    const write = { name: claimName(parameter, hop), value: `${hop} ${owner()}`, type: 'String' as const, expiresAt: expiresAt + 3_600_000 };
    return this.parameters.createOnce(`SSM PutParameter (claiming hop ${hop})`, write, deadline);
  }

  /** The kept wait, or undefined when it is gone (the request was answered already). */
  public async read(parameter: string, deadline: number): Promise<KeptWait | undefined> {
    const value = await this.parameters.get('SSM GetParameter (reading the kept wait)', parameter, deadline);
    if (value === undefined) return undefined;
    let wait: Partial<KeptWait> | null;
    try {
      wait = JSON.parse(value) as Partial<KeptWait> | null;
    } catch {
      // Not the parser's message: it would quote the value, a signed URL.
      wait = null;
    }
    if (!wait || typeof wait.responseUrl !== 'string' || typeof wait.result !== 'object' || wait.result === null) {
      // Not transient: no later read can make it a kept wait again.
      throw Object.assign(new Error(`the parameter ${parameter} does not hold a kept wait`), { name: CORRUPTED_WAIT });
    }
    return { responseUrl: wait.responseUrl, result: wait.result };
  }

  /** Removes the claim of one hand-off (a late delivery that found the wait gone). */
  public async release(parameter: string, hop: number, deadline: number): Promise<void> {
    await this.parameters.delete([claimName(parameter, hop)], deadline);
  }

  /** Removes the kept wait and the claims of hand-offs 1 to `hops`; missing ones are fine. */
  public async remove(parameter: string, hops: number, deadline: number): Promise<void> {
    await this.parameters.delete([parameter, ...Array.from({ length: Math.max(0, hops) }, (_, i) => claimName(parameter, i + 1))], deadline);
  }
}

/** The name of the error `read` throws for a parameter whose value is not a kept wait. */
export const CORRUPTED_WAIT = 'CorruptedWaitError';

function claimName(parameter: string, hop: number): string {
  return `${parameter}/claim-${hop}`;
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
