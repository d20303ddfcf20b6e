/**
 * The custom-resource protocol, checked on what the provider actually sent to the response
 * URL: written from AWS's documentation, independently of cdk-lifecycle's runtime, so that
 * it judges any provider (and the runtime itself). Each violation is explained in one
 * sentence that says what CloudFormation does with it.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/crpg-ref-responses.html
 */
import { CloudFormationRequest } from '../request/cloudformation-request';

/** Largest response body CloudFormation accepts, in bytes. */
export const MAX_RESPONSE_BYTES = 4096;
/** Largest PhysicalResourceId CloudFormation accepts, in bytes. */
export const MAX_PHYSICAL_ID_BYTES = 1024;

/** One HTTP request that reached the response URL. */
export interface ReceivedResponse {
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly body: Buffer;
  /** Epoch milliseconds. */
  readonly receivedAt: number;
}

/** A broken rule of the protocol. */
export interface Violation {
  /** A stable name of the rule (`too-large`, `copied-field`, ...). */
  readonly rule: string;
  /** What happened and what CloudFormation does about it, in one sentence. */
  readonly message: string;
}

/** Rules whose violation CloudFormation shrugs off: it still acts on the response. */
const TOLERATED_RULES = ['answered-twice', 'reason', 'delete-fields'];

/** Whether CloudFormation fails the resource (or never sees an answer) because of this violation. */
export function failsResource(violation: Violation): boolean {
  return !TOLERATED_RULES.includes(violation.rule);
}

/**
 * What CloudFormation makes of a step: SUCCESS only for a SUCCESS response it accepts; a
 * response it rejects, or none, fails the resource like a FAILED one.
 */
export function outcomeOf(step: { readonly status?: 'SUCCESS' | 'FAILED'; readonly violations: readonly Violation[] }): 'SUCCESS' | 'FAILED' {
  return step.status === 'SUCCESS' && !step.violations.some(failsResource) ? 'SUCCESS' : 'FAILED';
}

/** The verdict on the responses to one request. */
export interface CheckedResponse {
  readonly violations: readonly Violation[];
  /** The body of the response CloudFormation would act on, when it is a JSON object. */
  readonly body?: Readonly<Record<string, unknown>>;
  /** Its size in bytes. */
  readonly bytes?: number;
  /** `SUCCESS` or `FAILED`, when the response is valid enough to say. */
  readonly status?: 'SUCCESS' | 'FAILED';
  /** The physical id answered, when it is a valid one. */
  readonly physicalResourceId?: string;
}

/** What the responses are checked against. */
export interface CheckContext {
  readonly request: CloudFormationRequest;
  /** Epoch milliseconds when the request was sent. */
  readonly sentAt: number;
  readonly serviceTimeoutSeconds: number;
}

const COPIED_FIELDS = ['StackId', 'RequestId', 'LogicalResourceId'] as const;

/**
 * Checks the responses received for one request (in the order they arrived). With none,
 * there is nothing to check here: the caller says why none came.
 */
export function checkResponses(responses: readonly ReceivedResponse[], context: CheckContext): CheckedResponse {
  if (responses.length === 0) return { violations: [] };
  const violations: Violation[] = [];
  const add = (rule: string, message: string) => violations.push({ rule, message });
  // The same answer sent again (a repeated delivery re-sending what was answered) changes nothing.
  if (responses.length > 1 && responses.some((response) => !response.body.equals(responses[0].body))) {
    add('answered-twice', `the provider answered ${responses.length} times: a request gets exactly one response, and CloudFormation acts on one of them while the others are lost`);
  }
  const [first] = responses;
  const expected = new URL(context.request.ResponseURL);
  if (first.method !== 'PUT') {
    add('method', `the response was sent with ${first.method}: the pre-signed URL is signed for PUT, so S3 refuses it (403) and CloudFormation never sees it`);
  }
  if (first.url !== `${expected.pathname}${expected.search}`) {
    add('url-altered', 'the response went to a different URL than the request\'s ResponseURL: its signature no longer matches, so S3 refuses it (403) and CloudFormation never sees it');
  }
  const seconds = (first.receivedAt - context.sentAt) / 1000;
  if (seconds > context.serviceTimeoutSeconds) {
    add('late', `the response arrived after ${seconds.toFixed(1)} s, past the ServiceTimeout of ${context.serviceTimeoutSeconds} s: CloudFormation had already failed the resource`);
  }
  const bytes = first.body.length;
  if (bytes > MAX_RESPONSE_BYTES) {
    add('too-large', `the response body is ${bytes.toLocaleString('en-US')} bytes: CloudFormation accepts at most ${MAX_RESPONSE_BYTES.toLocaleString('en-US')} and fails the resource ("Response object is too long")`);
  }
  let body: unknown;
  try {
    body = JSON.parse(first.body.toString('utf8'));
  } catch (error) {
    add('not-json', `the response body is not JSON (${(error as Error).message}): CloudFormation cannot read it and fails the resource`);
    return { violations, bytes };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    add('not-object', `the response body is ${Array.isArray(body) ? 'an array' : body === null ? 'null' : `the JSON ${typeof body}`}, not an object with Status, PhysicalResourceId, StackId, RequestId and LogicalResourceId: CloudFormation fails the resource`);
    return { violations, bytes };
  }
  const fields = body as Record<string, unknown>;
  checkFields(fields, context.request, add);
  const status = fields.Status === 'SUCCESS' || fields.Status === 'FAILED' ? fields.Status : undefined;
  const idValid = physicalIdProblem(fields.PhysicalResourceId) === undefined;
  return {
    violations,
    body: fields,
    bytes,
    ...(status === undefined ? {} : { status }),
    ...(idValid ? { physicalResourceId: fields.PhysicalResourceId as string } : {}),
  };
}

function checkFields(fields: Record<string, unknown>, request: CloudFormationRequest, add: (rule: string, message: string) => void): void {
  if (fields.Status !== 'SUCCESS' && fields.Status !== 'FAILED') {
    add('status', `Status is ${show(fields.Status)}: it must be SUCCESS or FAILED, so CloudFormation fails the resource`);
  }
  for (const name of COPIED_FIELDS) {
    if (fields[name] === request[name]) continue;
    add('copied-field', `${name} is ${show(fields[name])} but the request's is ${show(request[name])}: StackId, RequestId and LogicalResourceId must be copied verbatim, or CloudFormation cannot match the response to its request`);
  }
  const idProblem = physicalIdProblem(fields.PhysicalResourceId);
  if (idProblem !== undefined) add('physical-id', `${idProblem}: every response needs a non-empty PhysicalResourceId of at most ${MAX_PHYSICAL_ID_BYTES.toLocaleString('en-US')} bytes, or CloudFormation fails the resource`);
  if (fields.Status === 'FAILED' && (typeof fields.Reason !== 'string' || fields.Reason.trim() === '')) {
    add('reason', 'the response is FAILED without a Reason: the stack events will show no cause for the failure');
  }
  if (request.RequestType === 'Delete') {
    for (const name of ['Data', 'NoEcho']) {
      if (fields[name] !== undefined) add('delete-fields', `${name} is set on the response to a Delete: Data and NoEcho belong to Create and Update responses, and CloudFormation ignores them here`);
    }
    if (idProblem === undefined && fields.PhysicalResourceId !== request.PhysicalResourceId) {
      add('delete-id', `the Delete of ${show(request.PhysicalResourceId)} was answered with PhysicalResourceId ${show(fields.PhysicalResourceId)}: a Delete must answer the id it was asked to delete`);
    }
  }
  if (fields.Data !== undefined && (typeof fields.Data !== 'object' || fields.Data === null || Array.isArray(fields.Data))) {
    add('data', `Data is ${Array.isArray(fields.Data) ? 'an array' : show(fields.Data)}: it must be an object of names to values for Fn::GetAtt`);
  }
  if (fields.NoEcho !== undefined && typeof fields.NoEcho !== 'boolean') {
    add('no-echo', `NoEcho is ${show(fields.NoEcho)}: it must be true or false`);
  }
}

/** Why a value is not a valid PhysicalResourceId, or undefined. */
export function physicalIdProblem(id: unknown): string | undefined {
  if (id === undefined) return 'PhysicalResourceId is missing';
  if (typeof id !== 'string') return `PhysicalResourceId is ${show(id)}, not a string`;
  if (id === '') return 'PhysicalResourceId is empty';
  const bytes = Buffer.byteLength(id, 'utf8');
  if (bytes > MAX_PHYSICAL_ID_BYTES) return `PhysicalResourceId is ${bytes.toLocaleString('en-US')} bytes`;
  return undefined;
}

/** A value for a message: JSON, clipped. */
function show(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
