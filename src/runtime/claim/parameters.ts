/**
 * SSM parameters as the runtime uses them: created once (a claim: `PutParameter` without
 * `Overwrite`, refused with `ParameterAlreadyExists` when it exists), read, and overwritten,
 * each within an absolute deadline (`boundedCall`), advanced tier with an expiration policy so
 * that nothing is left behind when no invocation is left to remove it. Shared by the claim of
 * each request (every provider) and the kept wait of a polling provider.
 */
import { boundedCall, CallClock, isTransient } from '../polling/bounded-call';

/** What an SSM call is given: aborted by the caller when its time is up. */
export interface SsmCallOptions {
  readonly abortSignal?: AbortSignal;
}

/** The SSM operations the runtime uses, in the SDK's own terms. */
export interface SsmOperations {
  putParameter(input: { Name: string; Value: string; Type: 'SecureString' | 'String'; Overwrite: boolean; Tier?: string; Policies?: string }, options?: SsmCallOptions): Promise<unknown>;
  getParameter(input: { Name: string; WithDecryption: boolean }, options?: SsmCallOptions): Promise<{ Parameter?: { Value?: string } }>;
  deleteParameters(input: { Names: string[] }, options?: SsmCallOptions): Promise<unknown>;
  /** Loads the SDK client now, so that its loading (a few hundred ms, cold) is charged to no call's deadline. */
  load?(): void;
}

/** The name of an SDK error (`ParameterAlreadyExists`, `ThrottlingException`...). */
export function errorName(e: unknown): string | undefined {
  const name = (e as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** A value no other call writes (node:crypto is loaded only when a parameter is written). */
export function owner(): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('node:crypto') as typeof import('node:crypto')).randomUUID();
}

/** A parameter's write: its name, value and type, and when it expires (epoch ms). */
export interface ParameterWrite {
  readonly name: string;
  readonly value: string;
  readonly type: 'SecureString' | 'String';
  readonly expiresAt: number;
}

/** Reads, creates once and overwrites parameters over `ssm`, on `clock`. */
export class Parameters {
  constructor(private readonly ssm: SsmOperations, private readonly clock: CallClock) {}

  /** Loads the SDK client (see `SsmOperations.load`). */
  public load(): void {
    this.ssm.load?.();
  }

  /** Writes `write` by `deadline`, replacing what is there. */
  public async overwrite(what: string, write: ParameterWrite, deadline: number): Promise<void> {
    await boundedCall(what, deadline, this.clock, (abortSignal) => this.ssm.putParameter(this.input(write, true), { abortSignal }));
  }

  /**
   * Creates a parameter that must not exist yet; false when it does. Each value is unique
   * (the caller puts an owner in it): when an attempt may have gone through (a timeout, a 5xx)
   * and a later one is told "exists", or no later one succeeds in time, reading the value back
   * (in the last quarter of the time) tells whether it is this call's own.
   */
  public async createOnce(what: string, write: ParameterWrite, deadline: number): Promise<boolean> {
    let attempts = 0;
    // The last quarter is kept for reading the value back, should an attempt be in doubt.
    const putUntil = deadline - (deadline - this.clock.now()) / 4;
    try {
      await boundedCall(what, putUntil, this.clock, (abortSignal) => {
        attempts++;
        return this.ssm.putParameter(this.input(write, false), { abortSignal });
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
      const found = await this.get(`SSM GetParameter (checking ${write.name})`, write.name, deadline).catch(() => undefined);
      if (found !== undefined) return found === write.value;
      if (exists) return false;
      throw e;
    }
  }

  /** The value of a parameter (decrypted), or undefined when it does not exist. */
  public async get(what: string, name: string, deadline: number): Promise<string | undefined> {
    try {
      const read = (abortSignal: AbortSignal) => this.ssm.getParameter({ Name: name, WithDecryption: true }, { abortSignal });
      const out = await boundedCall(what, deadline, this.clock, read);
      return out.Parameter?.Value ?? '';
    } catch (e) {
      if (errorName(e) === 'ParameterNotFound') return undefined;
      throw e;
    }
  }

  /** Removes parameters (missing ones are fine), ten at a time (DeleteParameters' limit). */
  public async delete(names: string[], deadline: number): Promise<void> {
    for (let i = 0; i < names.length; i += 10) {
      const batch = names.slice(i, i + 10);
      await boundedCall('SSM DeleteParameters', deadline, this.clock, (abortSignal) => this.ssm.deleteParameters({ Names: batch }, { abortSignal }));
    }
  }

  private input(write: ParameterWrite, overwrite: boolean) {
    return {
      Name: write.name,
      Value: write.value,
      Type: write.type,
      Overwrite: overwrite,
      // Expiration policies need the advanced tier, billed by the hour the parameter exists.
      Tier: 'Advanced',
      Policies: JSON.stringify([{ Type: 'Expiration', Version: '1.0', Attributes: { Timestamp: new Date(write.expiresAt).toISOString() } }]),
    };
  }
}
