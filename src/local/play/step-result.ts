/** What one played request produced, and what a whole play produced. */
import { Violation } from '../protocol/check-response';
import { CloudFormationRequest, RequestType } from '../request/cloudformation-request';

/** One invocation of a step, for the report. */
export interface InvocationSummary {
  /** The function's logical id. */
  readonly function: string;
  readonly stack: string;
  /** `Event` (asynchronous) or `RequestResponse`. */
  readonly type: string;
  readonly attempt: number;
  /** `returned`, `error`, `timeout`, `crashed`, `not-runnable` or `stopped`. */
  readonly outcome: string;
  /** What went wrong, for any outcome but `returned`. */
  readonly error?: string;
  /** Whether Lambda retries this failed asynchronous invocation (the next attempt follows). */
  readonly retried: boolean;
  readonly durationMs: number;
  readonly cold: boolean;
}

/**
 * A provider's answer with its fields typed as the custom-resource protocol defines them. A
 * field the provider sent with another type is left out here (a violation names it; the body
 * as sent is the step's `responseBody`); fields the protocol does not define are kept as sent.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/crpg-ref-responses.html
 */
export interface CustomResourceResponse {
  /** `SUCCESS` or `FAILED` (another text is a `status` violation). */
  readonly Status?: string;
  readonly Reason?: string;
  readonly PhysicalResourceId?: string;
  readonly StackId?: string;
  readonly RequestId?: string;
  readonly LogicalResourceId?: string;
  /** The names and values `Fn::GetAtt` reads. */
  readonly Data?: Readonly<Record<string, unknown>>;
  readonly NoEcho?: boolean;
  readonly [field: string]: unknown;
}

/** The protocol's fields and the type each must have to be kept in a `CustomResourceResponse`. */
const FIELD_TYPES: Readonly<Record<string, (value: unknown) => boolean>> = {
  Status: (value) => typeof value === 'string',
  Reason: (value) => typeof value === 'string',
  PhysicalResourceId: (value) => typeof value === 'string',
  StackId: (value) => typeof value === 'string',
  RequestId: (value) => typeof value === 'string',
  LogicalResourceId: (value) => typeof value === 'string',
  Data: (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  NoEcho: (value) => typeof value === 'boolean',
};

/** The body of an answer as a `CustomResourceResponse`: protocol fields of the wrong type left out. */
export function typedResponse(body: Readonly<Record<string, unknown>>): CustomResourceResponse {
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => FIELD_TYPES[key]?.(value) ?? true));
}

/** One request CloudFormation would send, played. */
export interface StepResult {
  /** 1-based position in the play. */
  readonly index: number;
  /** `Create`, `Update`, `Delete`, `Delete (old id)`, `Update (rollback)`, ... */
  readonly label: string;
  readonly requestType: RequestType;
  readonly stackName: string;
  readonly logicalResourceId: string;
  readonly resourceType: string;
  /** The request as sent (the response URL included). */
  readonly request: CloudFormationRequest;
  /** The response CloudFormation would act on, when its body is a JSON object, typed (see `CustomResourceResponse`). */
  readonly response?: CustomResourceResponse;
  /** That body exactly as the provider sent it. */
  readonly responseBody?: Readonly<Record<string, unknown>>;
  readonly responseBytes?: number;
  /** The answer's Status, when it is valid. */
  readonly status?: 'SUCCESS' | 'FAILED';
  /** The physical id answered, when it is valid. */
  readonly physicalResourceId?: string;
  /** From sending the request to its response (or to giving up). */
  readonly durationMs: number;
  /** Broken protocol rules; empty when the response is valid. */
  readonly violations: Violation[];
  /** What the user should know: placeholders, retries, hints. */
  readonly notes: string[];
  readonly invocations: readonly InvocationSummary[];
  /** The lines the step's invocations printed, in order. */
  readonly logs: readonly string[];
  /** How many answers had reached the response URL when the step ended. */
  readonly answers: number;
}

/** A step is fine when its response is valid and SUCCESS. */
export function stepOk(step: StepResult): boolean {
  return step.violations.length === 0 && step.status === 'SUCCESS';
}

/** What a play (a lifecycle, a change set, one request) produced. */
export interface PlayResult {
  readonly steps: readonly StepResult[];
  /** Notes about the play as a whole (what was not played, and why). */
  readonly notes: readonly string[];
}

/** Whether the play went as it should: every response valid and SUCCESS. */
export function playOk(play: PlayResult): boolean {
  return play.steps.length > 0 && play.steps.every(stepOk);
}

/** What replaces each Data value of a NoEcho answer in what the runner writes, as CloudFormation masks it. */
export const MASKED = '****';

/**
 * The step as CloudFormation shows it: when the answer sets NoEcho, every value of its Data is
 * `****` (the keys stay: `Fn::GetAtt` names them), in the typed response and the body as sent.
 */
export function maskedStep(step: StepResult): StepResult {
  if (step.responseBody?.NoEcho !== true) return step;
  const mask = (body: Readonly<Record<string, unknown>>) => {
    const data = body.Data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return body;
    return { ...body, Data: Object.fromEntries(Object.keys(data).map((key) => [key, MASKED])) };
  };
  return { ...step, responseBody: mask(step.responseBody), ...(step.response ? { response: mask(step.response) } : {}) };
}
