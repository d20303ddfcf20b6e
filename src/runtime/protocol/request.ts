/**
 * CloudFormation custom-resource requests: the raw shape and a defensive parser.
 *
 * Nothing here trusts its input: a field of the wrong type is reported, never thrown.
 */

/** The request types CloudFormation sends. */
export type RequestType = 'Create' | 'Update' | 'Delete';

/** A request as CloudFormation sends it (after validation). */
export interface CloudFormationRequest {
  readonly RequestType: RequestType;
  readonly ResponseURL: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly ResourceType: string;
  readonly PhysicalResourceId?: string;
  readonly ResourceProperties: Record<string, unknown>;
  readonly OldResourceProperties?: Record<string, unknown>;
}

/** The fields needed to answer a request, read from whatever arrived. */
export interface ReplyAddress {
  readonly ResponseURL?: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly RequestType?: string;
  readonly PhysicalResourceId?: string;
}

/** The outcome of parsing one raw request. */
export type ParsedRequest =
  | { readonly ok: true; readonly request: CloudFormationRequest; readonly address: ReplyAddress }
  | { readonly ok: false; readonly error: string; readonly address: ReplyAddress };

const REQUEST_TYPES: readonly string[] = ['Create', 'Update', 'Delete'];

/** True for a plain JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(raw: Record<string, unknown>, name: string): string | undefined {
  const value = raw[name];
  return typeof value === 'string' ? value : undefined;
}

/** Reads the fields needed to answer, copying them verbatim when they are strings. */
export function readReplyAddress(raw: unknown): ReplyAddress {
  const obj = isPlainObject(raw) ? raw : {};
  return {
    ResponseURL: stringField(obj, 'ResponseURL'),
    StackId: stringField(obj, 'StackId') ?? '',
    RequestId: stringField(obj, 'RequestId') ?? '',
    LogicalResourceId: stringField(obj, 'LogicalResourceId') ?? '',
    RequestType: stringField(obj, 'RequestType'),
    PhysicalResourceId: stringField(obj, 'PhysicalResourceId'),
  };
}

/** Validates a raw request; on failure says which field was wrong and what it held. */
export function parseRequest(raw: unknown): ParsedRequest {
  const address = readReplyAddress(raw);
  if (!isPlainObject(raw)) {
    return { ok: false, error: `request must be a JSON object, got ${describe(raw)}`, address };
  }
  const problems: string[] = [];
  const requestType = raw.RequestType;
  if (typeof requestType !== 'string' || !REQUEST_TYPES.includes(requestType)) {
    problems.push(`RequestType must be Create, Update or Delete, got ${describe(requestType)}`);
  }
  for (const name of ['ResponseURL', 'StackId', 'RequestId', 'LogicalResourceId', 'ResourceType']) {
    if (typeof raw[name] !== 'string' || raw[name] === '') {
      problems.push(`${name} must be a non-empty string, got ${describe(raw[name])}`);
    }
  }
  const properties = raw.ResourceProperties ?? {};
  if (!isPlainObject(properties)) {
    problems.push(`ResourceProperties must be an object, got ${describe(raw.ResourceProperties)}`);
  }
  if (requestType === 'Update' || requestType === 'Delete') {
    if (typeof raw.PhysicalResourceId !== 'string' || raw.PhysicalResourceId === '') {
      problems.push(`PhysicalResourceId must be a non-empty string on ${requestType}, got ${describe(raw.PhysicalResourceId)}`);
    }
  }
  if (requestType === 'Update' && !isPlainObject(raw.OldResourceProperties ?? {})) {
    problems.push(`OldResourceProperties must be an object, got ${describe(raw.OldResourceProperties)}`);
  }
  if (problems.length > 0) {
    return { ok: false, error: `malformed request: ${problems.join('; ')}`, address };
  }
  const request: CloudFormationRequest = {
    RequestType: requestType as RequestType,
    ResponseURL: raw.ResponseURL as string,
    StackId: raw.StackId as string,
    RequestId: raw.RequestId as string,
    LogicalResourceId: raw.LogicalResourceId as string,
    ResourceType: raw.ResourceType as string,
    PhysicalResourceId: requestType === 'Create' ? undefined : (raw.PhysicalResourceId as string),
    ResourceProperties: properties as Record<string, unknown>,
    OldResourceProperties: requestType === 'Update' ? ((raw.OldResourceProperties ?? {}) as Record<string, unknown>) : undefined,
  };
  return { ok: true, request, address };
}

/** A short description of a value for error messages (type and a clipped rendering). */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  const clipped = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return `${typeof value} ${clipped}`;
}
