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

/** Reads the fields needed to answer, copying them verbatim when they are strings. */
export function readReplyAddress(raw: unknown): ReplyAddress {
  const obj = isPlainObject(raw) ? raw : {};
  const text = (name: string) => (typeof obj[name] === 'string' ? (obj[name] as string) : undefined);
  return {
    ResponseURL: text('ResponseURL'),
    StackId: text('StackId') ?? '',
    RequestId: text('RequestId') ?? '',
    LogicalResourceId: text('LogicalResourceId') ?? '',
    RequestType: text('RequestType'),
    PhysicalResourceId: text('PhysicalResourceId'),
  };
}

/** Validates a raw request; on failure says which field was wrong and what it held. */
export function parseRequest(raw: unknown): ParsedRequest {
  const address = readReplyAddress(raw);
  if (!isPlainObject(raw)) {
    return { ok: false, error: `request must be a JSON object, got ${describe(raw)}`, address };
  }
  const type = raw.RequestType;
  const properties = raw.ResourceProperties ?? {};
  const oldProperties = raw.OldResourceProperties ?? {};
  const problems: string[] = [];
  const check = (ok: boolean, name: string, expected: string) => {
    if (!ok) problems.push(`${name} must be ${expected}, got ${describe(raw[name])}`);
  };
  const nonEmpty = (name: string) => typeof raw[name] === 'string' && raw[name] !== '';
  check(REQUEST_TYPES.includes(type as string), 'RequestType', 'Create, Update or Delete');
  for (const name of ['ResponseURL', 'StackId', 'RequestId', 'LogicalResourceId', 'ResourceType']) check(nonEmpty(name), name, 'a non-empty string');
  check(isPlainObject(properties), 'ResourceProperties', 'an object');
  if (type === 'Update' || type === 'Delete') check(nonEmpty('PhysicalResourceId'), 'PhysicalResourceId', `a non-empty string on ${type}`);
  if (type === 'Update') check(isPlainObject(oldProperties), 'OldResourceProperties', 'an object');
  if (problems.length > 0) {
    return { ok: false, error: `malformed request: ${problems.join('; ')}`, address };
  }
  // Validated above: the string fields are non-empty strings, the properties objects.
  const request = {
    ...raw,
    PhysicalResourceId: type === 'Create' ? undefined : raw.PhysicalResourceId,
    ResourceProperties: properties,
    OldResourceProperties: type === 'Update' ? oldProperties : undefined,
  } as CloudFormationRequest;
  return { ok: true, request, address };
}

/** A short description of a value for error messages (type and a clipped rendering). */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  // Clipped before quoting: the value may be megabytes long.
  const text = typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : String(value);
  const clipped = text.length > 80 ? `${text.slice(0, 77)}...` : text;
  return `${typeof value} ${clipped}`;
}

/** The type of a value without any of its content (for values that may be secret). */
export function describeType(value: unknown): string {
  return typeof value === 'object' || value === undefined ? describe(value) : `a ${typeof value}`;
}
