/**
 * Where a polling provider keeps what a continued wait needs and must not travel in clear:
 * the response URL and onEvent's answer, in one SSM SecureString parameter (encrypted with the
 * account's AWS-managed key), plus create-once "claim" parameters that let exactly one
 * invocation continue each hand-off, whatever Lambda delivers twice or late.
 *
 * The SDK client is loaded on first use (Lambda's Node.js runtime provides it); tests inject
 * a client that talks to a loopback fake of the SSM API.
 */
import { POLL_PARAMETER_PREFIX } from '../contract';
import { requestHash } from '../protocol/physical-id';
import type { LifecycleResult } from '../types';

/** What is kept for a request while its wait continues in other invocations. */
export interface KeptWait {
  readonly responseUrl: string;
  /** onEvent's answer: the physical id and the Data to merge under isComplete's. */
  readonly result: LifecycleResult;
}

/** The SSM operations the store uses, in the SDK's own terms. */
export interface SsmOperations {
  putParameter(input: { Name: string; Value: string; Type: 'SecureString' | 'String'; Overwrite: boolean; Tier?: string; Policies?: string }): Promise<unknown>;
  getParameter(input: { Name: string; WithDecryption: boolean }): Promise<{ Parameter?: { Value?: string } }>;
  deleteParameters(input: { Names: string[] }): Promise<unknown>;
}

/** The store, over SSM. */
export class WaitStore {
  constructor(private readonly ssm: SsmOperations, private readonly functionName: string) {}

  /** The parameter of a request: stable for the request, under the function's own prefix. */
  public parameterFor(request: { StackId: string; RequestId: string; LogicalResourceId: string }): string {
    return `${POLL_PARAMETER_PREFIX}${this.functionName}/${requestHash(request, 32)}`;
  }

  /**
   * Keeps the wait; false when it is kept already (CloudFormation's request was delivered
   * twice, and the other invocation keeps it). Created once; it expires on its own an hour
   * after `expiresAt` in case no invocation is left to remove it.
   */
  public async keep(parameter: string, wait: KeptWait, expiresAt: number): Promise<boolean> {
    try {
      await this.put(parameter, wait, expiresAt);
      return true;
    } catch (e) {
      if (errorName(e) === 'ParameterAlreadyExists') return false;
      throw e;
    }
  }

  private async put(parameter: string, wait: KeptWait, expiresAt: number): Promise<void> {
    await this.ssm.putParameter({
      Name: parameter,
      Value: JSON.stringify(wait),
      Type: 'SecureString',
      Overwrite: false,
      // Expiration policies need the advanced tier, billed by the hour the parameter exists.
      Tier: 'Advanced',
      Policies: JSON.stringify([{ Type: 'Expiration', Version: '1.0', Attributes: { Timestamp: new Date(expiresAt + 3_600_000).toISOString() } }]),
    });
  }

  /** Claims hand-off `hop` for this invocation; false when another invocation has it. */
  public async claim(parameter: string, hop: number): Promise<boolean> {
    try {
      await this.ssm.putParameter({ Name: `${parameter}/claim-${hop}`, Value: String(hop), Type: 'String', Overwrite: false });
      return true;
    } catch (e) {
      if (errorName(e) === 'ParameterAlreadyExists') return false;
      throw e;
    }
  }

  /** The kept wait, or undefined when it is gone (the request was answered already). */
  public async read(parameter: string): Promise<KeptWait | undefined> {
    let value: string | undefined;
    try {
      value = (await this.ssm.getParameter({ Name: parameter, WithDecryption: true })).Parameter?.Value;
    } catch (e) {
      if (errorName(e) === 'ParameterNotFound') return undefined;
      throw e;
    }
    let wait: Partial<KeptWait> | null;
    try {
      wait = JSON.parse(value ?? 'null') as Partial<KeptWait> | null;
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
  public async release(parameter: string, hop: number): Promise<void> {
    await this.ssm.deleteParameters({ Names: [`${parameter}/claim-${hop}`] });
  }

  /** Removes the kept wait and the claims of hand-offs 1 to `hops`; missing ones are fine. */
  public async remove(parameter: string, hops: number): Promise<void> {
    const names = [parameter, ...Array.from({ length: Math.max(0, hops) }, (_, i) => `${parameter}/claim-${i + 1}`)];
    // DeleteParameters takes at most 10 names and reports missing ones without failing.
    for (let i = 0; i < names.length; i += 10) await this.ssm.deleteParameters({ Names: names.slice(i, i + 10) });
  }
}

function errorName(e: unknown): string | undefined {
  const name = (e as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/**
 * Options of the SDK clients a wait uses: few attempts and bounded requests, so that a slow
 * service cannot use up the time kept to answer.
 */
export const SDK_CLIENT_OPTIONS = { maxAttempts: 3, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } };

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
    putParameter: (input) => { const { module, client: c } = sdk(); return c.send(new module.PutParameterCommand(input as import('@aws-sdk/client-ssm').PutParameterCommandInput)); },
    getParameter: (input) => { const { module, client: c } = sdk(); return c.send(new module.GetParameterCommand(input)); },
    deleteParameters: (input) => { const { module, client: c } = sdk(); return c.send(new module.DeleteParametersCommand(input)); },
  };
}
