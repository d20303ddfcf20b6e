/**
 * Physical resource ids the runtime makes up: a readable default for a Create whose handler
 * returns none, and the marker answered for a Create that failed.
 *
 * Both are derived from the request (never from the log stream name), so a retried
 * invocation of the same request answers the same id.
 */
import { FAILED_CREATE_MARKER } from '../contract';
import { MAX_PHYSICAL_ID_BYTES } from './response';

interface RequestIdentity {
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
}

/** The first `digits` hex digits of a SHA-256 of the request's identity: stable for one request. */
export function requestHash(request: RequestIdentity, digits: number): string {
  // node:crypto is loaded when an id is first made rather than when the runtime is: it costs
  // about 2 ms of every cold start, and only a Create without an id (or a failed one) and a long wait need it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createHash } = require('node:crypto') as typeof import('node:crypto');
  return createHash('sha256').update(`${request.StackId}\n${request.RequestId}\n${request.LogicalResourceId}`).digest('hex').slice(0, digits);
}

function readableName(logicalId: string): string {
  const cleaned = logicalId.replace(/[^A-Za-z0-9_.-]/g, '');
  return (cleaned || 'Resource').slice(0, 200);
}

/** `<LogicalResourceId>-<16 hex digits>`, stable for one request. */
export function defaultPhysicalId(request: RequestIdentity): string {
  return `${readableName(request.LogicalResourceId)}-${requestHash(request, 16)}`;
}

/** The id answered for a failed Create; its Delete is answered without the handler. */
export function failedCreateId(request: RequestIdentity): string {
  return FAILED_CREATE_MARKER + defaultPhysicalId(request);
}

/** True when `id` is the marker of a failed Create. */
export function isFailedCreateId(id: string | undefined): boolean {
  return typeof id === 'string' && id.startsWith(FAILED_CREATE_MARKER);
}

/** Why `id` is not a valid PhysicalResourceId, or undefined when it is. */
export function physicalIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string') return `PhysicalResourceId must be a string, got ${typeof id}`;
  if (id.length === 0) return 'PhysicalResourceId must not be empty';
  const bytes = Buffer.byteLength(id, 'utf8');
  if (bytes > MAX_PHYSICAL_ID_BYTES) return `PhysicalResourceId must be at most ${MAX_PHYSICAL_ID_BYTES} bytes, got ${bytes}`;
  return undefined;
}
