/**
 * In-memory stand-ins for the SSM and Lambda calls of a long wait, with SSM's semantics for
 * what the wait store does (create-once parameters, errors named as the SDK names them) and
 * faults a real service shows under load: throttling on every attempt or on the first few,
 * a call that never returns (and ignores its abort signal), a write that is applied but whose
 * answer never comes.
 */
import type { SsmOperations } from '../../src/runtime/polling/wait-store';

/** What a stand-in does to the calls a fault matches. */
export type FaultKind = 'throttle' | 'hang' | 'applied-then-hang' | 'denied';

/** A fault: which operation (and parameter names), what it does, and for how many calls. */
export interface Fault {
  readonly op: 'putParameter' | 'getParameter' | 'deleteParameters' | 'invoke';
  readonly kind: FaultKind;
  /** Only calls whose parameter name (or any of the names) matches. */
  readonly names?: RegExp;
  /** Only the first n matching calls. @default every call */
  readonly times?: number;
}

/** The error the AWS SDK throws for a throttled SSM call. */
export function ssmThrottling(): Error {
  return Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $fault: 'client', $metadata: { httpStatusCode: 400 } });
}

/** The error the AWS SDK throws for a throttled Lambda Invoke. */
export function lambdaThrottling(): Error {
  return Object.assign(new Error('Rate Exceeded.'), { name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 } });
}

const never = () => new Promise<never>(() => undefined);

/** A list of faults, consumed as calls match them. */
class Faults {
  private readonly left: Array<{ fault: Fault; times: number }>;
  constructor(faults: readonly Fault[]) {
    this.left = faults.map((fault) => ({ fault, times: fault.times ?? Infinity }));
  }

  /** Drops every fault left: the service has recovered. */
  public clear(): void {
    this.left.length = 0;
  }

  /** Adds faults from now on. */
  public add(faults: readonly Fault[]): void {
    this.left.push(...faults.map((fault) => ({ fault, times: fault.times ?? Infinity })));
  }

  /** The fault for this call, if any (counting it). */
  public take(op: Fault['op'], names: readonly string[]): FaultKind | undefined {
    const hit = this.left.find((f) => f.times > 0 && f.fault.op === op && (!f.fault.names || names.some((n) => f.fault.names!.test(n))));
    if (!hit) return undefined;
    hit.times--;
    return hit.fault.kind;
  }
}

/** A stand-in that can be made to fail and to recover. */
abstract class FaultyService {
  protected readonly faults: Faults;

  constructor(faults: readonly Fault[] = []) {
    this.faults = new Faults(faults);
  }

  /** The service recovers: no more faults. */
  public heal(): void {
    this.faults.clear();
  }

  /** The service starts failing: `faults` from now on. */
  public arm(...faults: Fault[]): void {
    this.faults.add(faults);
  }
}

/** A stored parameter. */
export interface StoredParameter {
  readonly value: string;
  readonly type: string;
  readonly tier?: string;
  readonly policies?: string;
}

/** Blocks the thread for `ms`, as a synchronous `require` of a large module does. */
function block(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) { /* loading */ }
}

/** SSM in memory, with faults. */
export class MemorySsm extends FaultyService implements SsmOperations {
  public readonly parameters = new Map<string, StoredParameter>();
  /** Every call, as `op name...`. */
  public readonly calls: string[] = [];
  private loadMs = 0;

  /**
   * Makes the client cold, as the AWS SDK's is in a new sandbox: loading it blocks the thread
   * for `ms`, on `load()` or else on the first call, and calls answer asynchronously.
   */
  public coldStart(ms: number): void {
    this.loadMs = ms;
  }

  public load(): void {
    block(this.loadMs);
    this.loadMs = 0;
  }

  /** What every call does first: load the client if `load()` did not, and answer asynchronously. */
  private async loaded(): Promise<void> {
    if (this.loadMs === 0) return;
    this.load();
    await new Promise((r) => setTimeout(r, 1));
  }

  public async putParameter(input: { Name: string; Value: string; Type: string; Overwrite: boolean; Tier?: string; Policies?: string }) {
    this.calls.push(`putParameter ${input.Name}`);
    await this.loaded();
    const fault = this.faults.take('putParameter', [input.Name]);
    if (fault === 'throttle') throw ssmThrottling();
    if (fault === 'hang') return never();
    if (fault === 'denied') throw Object.assign(new Error('not authorized'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    if (this.parameters.has(input.Name) && !input.Overwrite) throw Object.assign(new Error('exists'), { name: 'ParameterAlreadyExists', $metadata: { httpStatusCode: 400 } });
    this.parameters.set(input.Name, { value: input.Value, type: input.Type, tier: input.Tier, policies: input.Policies });
    return fault === 'applied-then-hang' ? never() : {};
  }

  public async getParameter(input: { Name: string }) {
    this.calls.push(`getParameter ${input.Name}`);
    await this.loaded();
    const fault = this.faults.take('getParameter', [input.Name]);
    if (fault === 'throttle') throw ssmThrottling();
    if (fault === 'hang' || fault === 'applied-then-hang') return never();
    const p = this.parameters.get(input.Name);
    if (!p) throw Object.assign(new Error('not found'), { name: 'ParameterNotFound', $metadata: { httpStatusCode: 400 } });
    return { Parameter: { Value: p.value } };
  }

  public async deleteParameters(input: { Names: string[] }) {
    this.calls.push(`deleteParameters ${input.Names.join(' ')}`);
    await this.loaded();
    if (input.Names.length > 10) throw Object.assign(new Error('at most 10 names'), { name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
    const fault = this.faults.take('deleteParameters', input.Names);
    if (fault === 'throttle') throw ssmThrottling();
    if (fault === 'hang') return never();
    input.Names.forEach((n) => this.parameters.delete(n));
    return fault === 'applied-then-hang' ? never() : {};
  }

  /** Names of parameters without an expiration policy (what nothing would ever remove). */
  public get unexpiring(): string[] {
    return [...this.parameters].filter(([, p]) => !(p.policies ?? '').includes('Expiration')).map(([name]) => name);
  }
}

/** The self-invoke of a long wait: records payloads, with faults. */
export class MemoryLambda extends FaultyService {
  /** Payloads of the invocations that started. */
  public readonly invoked: string[] = [];
  /** Every call. */
  public calls = 0;

  /** The `SelfInvoke` of this stand-in. */
  public readonly invoke = async (_functionName: string, payload: string): Promise<void> => {
    this.calls++;
    const fault = this.faults.take('invoke', []);
    if (fault === 'throttle') throw lambdaThrottling();
    if (fault === 'hang') return never();
    if (fault === 'denied') throw Object.assign(new Error('not authorized to perform lambda:InvokeFunction'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 403 } });
    this.invoked.push(payload);
    if (fault === 'applied-then-hang') return never();
  };
}
