/**
 * The lifecycle rules: which event the handler sees, which PhysicalResourceId is answered,
 * and how any failure becomes a FAILED response.
 *
 * - Create: the handler's id, or a readable default stable for the request.
 * - Update: the incoming id unless the handler returns another (a replacement: CloudFormation
 *   then deletes the old id). When a `replaceOnChange` property changed, the handler gets a
 *   Create with `Replacing` details, and a new id is answered.
 * - Delete: the incoming id; a handler returning another id is an error. The Delete of a
 *   failed Create's marker id succeeds without calling the handler.
 * - Any throw, rejection, timeout or malformed result: FAILED, with the id CloudFormation
 *   already knows (or the failed-Create marker) so nothing is replaced by accident.
 */
import { isDeepStrictEqual } from 'node:util';
import type { LifecycleEvent, LifecycleResult } from '../types';
import { withDeadline } from './deadline';
import { errorText } from './error-text';
import { failure, HandlerOutcome } from './handler-result';
import { Logger } from './logger';
import { defaultPhysicalId, failedCreateId, isFailedCreateId, physicalIdProblem } from './physical-id';
import { decodeProperties } from './property-codec';
import { CloudFormationRequest, ReplyAddress } from './request';
import { dataTooLargeReason, jsonBytes, MAX_BODY_BYTES, measureData, ResponseBody } from './response';
import { RETURNED } from './text';

/** What a call of the handler may use besides the event. */
export interface CallOptions {
  /** Epoch ms by which the call resolves (the handler is stopped then, where it can be). */
  readonly deadline: number;
  /** The request's logger: the handler's console output is attributed through it. */
  readonly logger: Logger;
}

/** Reaches the user's handler (in this function or another one). */
export interface Invoker {
  /** Calls the handler with its own copy of the event; never rejects. */
  call(event: LifecycleEvent, options: CallOptions): Promise<HandlerOutcome>;
  /** Gets the next call ready (for example a fresh worker), resolving by `until` at the latest. */
  prepare?(until: number): Promise<void>;
}

/** What `runLifecycle` needs besides the request. */
export interface LifecycleContext {
  readonly invoke: Invoker;
  /** Milliseconds the handler may run. */
  readonly handlerTimeoutMs: number;
  /** Where to find the logs, for the Reason of a failure. */
  readonly logLocation: string;
  readonly logger: Logger;
  readonly now: () => number;
}

/** Builds the event the handler sees, applying `replaceOnChange`. */
export function toHandlerEvent(request: CloudFormationRequest): LifecycleEvent {
  const decoded = decodeProperties(request.ResourceProperties);
  const base = {
    RequestId: request.RequestId,
    StackId: request.StackId,
    LogicalResourceId: request.LogicalResourceId,
    ResourceType: request.ResourceType,
    ResourceProperties: decoded.properties,
  };
  switch (request.RequestType) {
    case 'Create':
      return { ...base, RequestType: 'Create' };
    case 'Delete':
      return { ...base, RequestType: 'Delete', PhysicalResourceId: request.PhysicalResourceId! };
    case 'Update': {
      const old = decodeProperties(request.OldResourceProperties ?? {}).properties;
      const changed = (decoded.options?.replaceOnChange ?? []).filter((key) => !isDeepStrictEqual(decoded.properties[key], old[key]));
      if (changed.length > 0) {
        return {
          ...base,
          RequestType: 'Create',
          Replacing: { PhysicalResourceId: request.PhysicalResourceId!, OldResourceProperties: old, ChangedProperties: changed },
        };
      }
      return { ...base, RequestType: 'Update', PhysicalResourceId: request.PhysicalResourceId!, OldResourceProperties: old };
    }
  }
}

/** Runs one request through the handler and returns the response to send. Never throws. */
export async function runLifecycle(request: CloudFormationRequest, ctx: LifecycleContext): Promise<ResponseBody> {
  const { RequestType: type, PhysicalResourceId: incoming } = request;
  const copied = { StackId: request.StackId, RequestId: request.RequestId, LogicalResourceId: request.LogicalResourceId };

  if (type === 'Delete' && isFailedCreateId(incoming)) {
    ctx.logger.info('Delete of a failed Create: nothing to delete');
    return { Status: 'SUCCESS', PhysicalResourceId: incoming!, ...copied };
  }

  let outcome: HandlerOutcome;
  // Decided before the call: the handler gets a copy of the event, and nothing it can reach
  // decides the answer.
  let replacing = false;
  let changed: readonly string[] = [];
  try {
    const event = toHandlerEvent(request);
    replacing = type === 'Update' && event.RequestType === 'Create';
    changed = event.RequestType === 'Create' ? event.Replacing?.ChangedProperties ?? [] : [];
    ctx.logger.info('calling handler', { requestType: type, handlerRequestType: event.RequestType });
    outcome = await withDeadline(ctx.invoke.call(event, { deadline: ctx.now() + ctx.handlerTimeoutMs, logger: ctx.logger }), ctx.handlerTimeoutMs);
  } catch (e) {
    // Never reached by a handler's failure (the invoker settles those): a runtime bug.
    outcome = failure(errorText(e));
  }
  // From here on only the runtime's own request and the outcome's plain copy are read.
  const result: LifecycleResult = outcome.ok ? outcome.result : {};
  const id = result.PhysicalResourceId;
  let error = outcome.ok ? undefined : outcome.error;
  if (type === 'Delete' && id !== undefined && id !== incoming) {
    error = `${RETURNED}PhysicalResourceId "${id}" on the Delete of "${incoming}"; a Delete cannot change the id`;
  }
  // A replacing Create that answers the old id would silently become an in-place update:
  // CloudFormation would never delete the old resource while the app expects a new one.
  if (error === undefined && replacing && id === incoming) {
    error = `${RETURNED}the replaced id "${incoming}" on a replacing Create (${changed.join(', ')} changed); it needs a new id`;
  }
  const physicalId = id ?? (type === 'Create' || replacing ? defaultPhysicalId(request) : incoming!);
  const response: ResponseBody = { Status: 'SUCCESS', PhysicalResourceId: physicalId, ...copied };
  // Data and NoEcho only on Create and Update (undefined fields are left out of the JSON).
  const answer: ResponseBody = type === 'Delete' ? response : { ...response, Data: result.Data, NoEcho: result.NoEcho };
  // Data the response cannot carry is a result the handler should not have returned.
  if (error === undefined && answer.Data && jsonBytes(answer) > MAX_BODY_BYTES) {
    error = dataTooLargeReason(measureData(answer.Data), answer.NoEcho === true);
  }
  if (error !== undefined) {
    ctx.logger.error('handler failed', { error });
    return failedResponse(request, `${error} (see ${ctx.logLocation})`);
  }
  const dataKeys = Object.keys(answer.Data ?? {});
  ctx.logger.info('handler succeeded', {
    physicalIdChanged: physicalId !== incoming,
    // With NoEcho, key names are part of the secret too.
    ...(answer.NoEcho ? { dataKeyCount: dataKeys.length } : { dataKeys }),
  });
  return answer;
}

/**
 * A FAILED answer built only from fields copied from the request, with the id
 * CloudFormation knows (or the failed-Create marker): nothing is replaced by accident.
 */
export function failedResponse(address: ReplyAddress, reason: string): ResponseBody {
  const known = address.RequestType !== 'Create' && physicalIdProblem(address.PhysicalResourceId) === undefined;
  return {
    Status: 'FAILED',
    Reason: reason,
    PhysicalResourceId: known ? address.PhysicalResourceId! : failedCreateId(address),
    StackId: address.StackId,
    RequestId: address.RequestId,
    LogicalResourceId: address.LogicalResourceId,
  };
}
