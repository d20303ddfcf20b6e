/**
 * One run of onEvent per request, whatever Lambda delivers twice or late. CloudFormation
 * invokes the provider asynchronously, and Lambda's asynchronous delivery is at least once:
 * before onEvent runs, the invocation claims the request's RequestId with a create-once SSM
 * parameter (`PutParameter` without `Overwrite`) under the provider's own path. The invocation
 * that answers writes the answer into it. A second delivery finds the claim: it re-sends the
 * recorded answer, or stays silent while the first is still at work; it never runs onEvent.
 *
 * The claim is kept (advanced tier) until an expiration policy removes it, two hours after it
 * was made: Lambda keeps an event at most an hour (the provider's maximum event age), and a
 * request older than that is past every ServiceTimeout anyway.
 */
import { Parameters, owner } from './parameters';
import { errorText } from '../protocol/error-text';
import { requestHash } from '../protocol/physical-id';
import { isPlainObject } from '../protocol/request';
import type { ResponseBody } from '../protocol/response';

/** How long a claim is kept, in ms: the maximum event age (1 hour) and an hour of margin. */
export const CLAIM_LIFETIME_MS = 2 * 3_600_000;

/** The fields of a request that name it (and of its answer, which copies them). */
export interface RequestIdentity {
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
}

/** What the claim of a request found. */
export type ClaimOutcome =
  /** This invocation has the request: it runs onEvent. */
  | { readonly kind: 'claimed' }
  /** Another invocation answered it already: this one re-sends that answer. */
  | { readonly kind: 'answered'; readonly body: ResponseBody }
  /** Another invocation has it and has not answered yet (or its claim cannot be read): nothing to do here. */
  | { readonly kind: 'running'; readonly problem?: string }
  /** SSM could not say whether another invocation has it: onEvent must not run. */
  | { readonly kind: 'failed'; readonly error: string };

/** The claims of one provider, under its own path. */
export class RequestClaims {
  constructor(private readonly parameters: Parameters, private readonly path: string, private readonly now: () => number) {}

  /** The claim's parameter: stable for the request, under the provider's path. */
  public nameOf(request: RequestIdentity): string {
    return `${this.path}/${requestHash(request, 32)}`;
  }

  /** Claims `request` by `deadline`. Never rejects. */
  public async claim(request: RequestIdentity, deadline: number): Promise<ClaimOutcome> {
    const name = this.nameOf(request);
    try {
      const write = { name, value: JSON.stringify({ o: owner(), s: 'running' }), type: 'SecureString' as const, expiresAt: this.now() + CLAIM_LIFETIME_MS };
      if (await this.parameters.createOnce('SSM PutParameter (claiming the request)', write, deadline)) return { kind: 'claimed' };
    } catch (e) {
      return { kind: 'failed', error: errorText(e) };
    }
    let value: string | undefined;
    try {
      value = await this.parameters.get('SSM GetParameter (reading the claim)', name, deadline);
    } catch (e) {
      return { kind: 'running', problem: errorText(e) };
    }
    const body = recordedAnswer(value);
    return body ? { kind: 'answered', body } : { kind: 'running' };
  }

  /** Writes the answer into the claim, for later deliveries. Rejects when SSM refuses it. */
  public async record(body: ResponseBody, deadline: number): Promise<void> {
    const value = JSON.stringify({ o: owner(), s: 'answered', b: body });
    await this.parameters.overwrite('SSM PutParameter (recording the answer)', { name: this.nameOf(body), value, type: 'SecureString', expiresAt: this.now() + CLAIM_LIFETIME_MS }, deadline);
  }
}

/** The answer a claim records, when it records one that can be sent again. */
function recordedAnswer(value: string | undefined): ResponseBody | undefined {
  let record: unknown;
  try {
    record = JSON.parse(value ?? '');
  } catch {
    return undefined;
  }
  const body = isPlainObject(record) && record.s === 'answered' ? record.b : undefined;
  return isPlainObject(body) && (body.Status === 'SUCCESS' || body.Status === 'FAILED') && typeof body.PhysicalResourceId === 'string'
    ? body as unknown as ResponseBody : undefined;
}
