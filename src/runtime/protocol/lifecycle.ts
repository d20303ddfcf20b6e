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
import { Logger } from './logger';
import { FAILED_CREATE_MARKER } from '../contract';
import { defaultPhysicalId, failedCreateId, isFailedCreateId, physicalIdProblem } from './physical-id';
import { decodeProperties } from './property-codec';
import { CloudFormationRequest, describe, isPlainObject } from './request';
import { ResponseBody } from './response';

/** Calls the user's handler (in this function or another one) with an event. */
export type Invoker = (event: LifecycleEvent) => Promise<unknown>;

/** What `runLifecycle` needs besides the request. */
export interface LifecycleContext {
  readonly invoke: Invoker;
  /** Milliseconds the handler may run. */
  readonly handlerTimeoutMs: number;
  /** Where to find the logs, for the Reason of a failure. */
  readonly logLocation: string;
  readonly logger: Logger;
}

/** Raised for results the handler should not have returned. */
export class HandlerResultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HandlerResultError';
  }
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

/** Checks the shape of what the handler returned. */
export function validateResult(result: unknown): LifecycleResult {
  if (result === undefined || result === null) return {};
  if (!isPlainObject(result)) {
    throw new HandlerResultError(`the handler returned ${describe(result)}; expected an object with PhysicalResourceId, Data and NoEcho (all optional) or nothing`);
  }
  if (result.PhysicalResourceId !== undefined) {
    const problem = physicalIdProblem(result.PhysicalResourceId);
    if (problem) throw new HandlerResultError(`the handler returned an invalid PhysicalResourceId: ${problem}`);
    // The marker is reserved: a Delete of such an id never reaches the handler.
    if (isFailedCreateId(result.PhysicalResourceId as string)) {
      throw new HandlerResultError(`the handler returned PhysicalResourceId "${result.PhysicalResourceId}", which starts with the reserved prefix ${FAILED_CREATE_MARKER}`);
    }
  }
  if (result.Data !== undefined && !isPlainObject(result.Data)) {
    throw new HandlerResultError(`the handler returned Data as ${describe(result.Data)}; expected an object of names to values`);
  }
  if (result.Data !== undefined) {
    try {
      JSON.stringify(result.Data);
    } catch (e) {
      throw new HandlerResultError(`the handler returned Data that cannot be written as JSON (${errorText(e)})`);
    }
  }
  if (result.NoEcho !== undefined && typeof result.NoEcho !== 'boolean') {
    throw new HandlerResultError(`the handler returned NoEcho as ${describe(result.NoEcho)}; expected true or false`);
  }
  return result as LifecycleResult;
}

/** Runs one request through the handler and returns the response to send. Never throws. */
export async function runLifecycle(request: CloudFormationRequest, ctx: LifecycleContext): Promise<ResponseBody> {
  const copied = { StackId: request.StackId, RequestId: request.RequestId, LogicalResourceId: request.LogicalResourceId };
  const knownId = request.RequestType === 'Create' ? failedCreateId(request) : request.PhysicalResourceId!;

  if (request.RequestType === 'Delete' && isFailedCreateId(request.PhysicalResourceId)) {
    ctx.logger.info('Delete of a resource whose Create failed: nothing to delete, handler not called');
    return { Status: 'SUCCESS', PhysicalResourceId: request.PhysicalResourceId!, ...copied };
  }

  try {
    const event = toHandlerEvent(request);
    ctx.logger.info('calling handler', { requestType: request.RequestType, handlerRequestType: event.RequestType, replacing: event.RequestType === 'Create' && event.Replacing !== undefined });
    const result = validateResult(await withDeadline(ctx.invoke(event), ctx.handlerTimeoutMs));
    const physicalId = choosePhysicalId(request, event, result);
    const response: ResponseBody = { Status: 'SUCCESS', PhysicalResourceId: physicalId, ...copied };
    if (request.RequestType === 'Delete') return response;
    ctx.logger.info('handler succeeded', { physicalIdChanged: physicalId !== request.PhysicalResourceId, dataKeys: Object.keys(result.Data ?? {}), noEcho: result.NoEcho === true });
    return {
      ...response,
      ...(result.Data !== undefined ? { Data: result.Data } : {}),
      ...(result.NoEcho !== undefined ? { NoEcho: result.NoEcho } : {}),
    };
  } catch (e) {
    const what = errorText(e);
    ctx.logger.error('handler failed', { error: what });
    return { Status: 'FAILED', Reason: `${what} (see ${ctx.logLocation})`, PhysicalResourceId: knownId, ...copied };
  }
}

function choosePhysicalId(request: CloudFormationRequest, event: LifecycleEvent, result: LifecycleResult): string {
  switch (request.RequestType) {
    case 'Create':
      return result.PhysicalResourceId ?? defaultPhysicalId(request);
    case 'Update':
      if (event.RequestType === 'Create') {
        // A replacing Create that answers the old id would silently become an in-place update:
        // CloudFormation would never delete the old resource while the app expects a new one.
        if (result.PhysicalResourceId === request.PhysicalResourceId) {
          const changed = event.Replacing?.ChangedProperties.join(', ') ?? '';
          throw new HandlerResultError(`the handler answered a replacing Create (replaceOnChange: ${changed} changed) with PhysicalResourceId "${request.PhysicalResourceId}", the id of the resource being replaced; return the id of a new resource, or no id to get a generated one`);
        }
        return result.PhysicalResourceId ?? defaultPhysicalId(request);
      }
      return result.PhysicalResourceId ?? request.PhysicalResourceId!;
    case 'Delete':
      if (result.PhysicalResourceId !== undefined && result.PhysicalResourceId !== request.PhysicalResourceId) {
        throw new HandlerResultError(`the handler returned PhysicalResourceId "${result.PhysicalResourceId}" on the Delete of "${request.PhysicalResourceId}"; a Delete cannot change the id (return nothing or the same id)`);
      }
      return request.PhysicalResourceId!;
  }
}

/** `Name: message` of any thrown value; never throws itself (getters on errors may). */
export function errorText(e: unknown): string {
  try {
    if (isPlainObject(e) && typeof e.message === 'string') return `${typeof e.name === 'string' && e.name ? e.name : 'Error'}: ${e.message}`;
    if (isPlainObject(e) && typeof e.errorType === 'string') return `${e.errorType}: ${String(e.errorMessage ?? '')}`;
    return `thrown value: ${describe(e)}`;
  } catch {
    return 'an error that could not be described (reading its name or message threw)';
  }
}

