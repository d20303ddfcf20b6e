/**
 * A loopback stand-in for the Lambda Invoke API (`POST /2015-03-31/functions/{name}/invocations`),
 * which the AWS SDK reaches through `AWS_ENDPOINT_URL_LAMBDA`: `RequestResponse` runs the
 * function of the assembly and answers its payload (with `X-Amz-Function-Error` when it
 * failed), `Event` answers 202 and runs it as a new asynchronous invocation, `DryRun` answers
 * 204. Errors have the API's shapes (`ResourceNotFoundException`, `InvalidRequestContentException`,
 * `RequestTooLargeException`).
 *
 * @see https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html
 */
import { AccessCheck } from './access-control';
import { HttpExchange, HttpReply, Route } from './loopback-server';
import { LambdaFunctionSpec } from '../stack/lambda-functions';

/** What a synchronous invocation answers. */
export interface SyncResult {
  readonly payload: string;
  /** `Unhandled` when the function failed. */
  readonly functionError?: string;
  /** An error of the Invoke API itself instead of a payload (the invocation did not run). */
  readonly apiError?: { readonly status: number; readonly type: string; readonly message: string };
}

/** The functions behind the API. */
export interface LocalLambda {
  /** The function a `FunctionName` names (name, ARN or partial ARN, optionally `:$LATEST`). */
  find(name: string): LambdaFunctionSpec | undefined;
  /**
   * Runs the function and waits for its answer.
   *
   * @param callerTrace the call's `X-Amzn-Trace-Id`: the new invocation continues its chain
   */
  invokeSync(fn: LambdaFunctionSpec, payload: string, callerTrace?: string): Promise<SyncResult>;
  /** Queues an asynchronous invocation (with Lambda's retries) and returns at once. */
  invokeAsync(fn: LambdaFunctionSpec, payload: string, callerTrace?: string): void;
}

const PATH = /^\/2015-03-31\/functions\/([^/?]+)\/invocations(?:\?(.*))?$/;

/** Lambda's payload limits, in bytes. */
export const MAX_SYNC_PAYLOAD_BYTES = 6 * 1024 * 1024;
export const MAX_ASYNC_PAYLOAD_BYTES = 1024 * 1024;

/** The route serving the Invoke API. */
export function lambdaApiRoute(lambda: LocalLambda, access?: AccessCheck): Route {
  return (exchange) => {
    const match = PATH.exec(exchange.url);
    if (match === null || exchange.method !== 'POST') return undefined;
    return invoke(lambda, access, exchange, decodeURIComponent(match[1]), new URLSearchParams(match[2] ?? ''));
  };
}

async function invoke(
  lambda: LocalLambda, access: AccessCheck | undefined, exchange: HttpExchange, name: string, query: URLSearchParams,
): Promise<HttpReply> {
  const qualifier = query.get('Qualifier');
  const fn = lambda.find(qualifier === null ? name : `${name}:${qualifier}`);
  if (fn === undefined) return error(404, 'ResourceNotFoundException', `Function not found: ${name}${qualifier === null ? '' : `:${qualifier}`}`);
  const denied = access?.check(exchange, 'lambda:InvokeFunction', qualifier === null || qualifier === '$LATEST' ? fn.arn : `${fn.arn}:${qualifier}`);
  if (denied !== undefined) return error(403, 'AccessDeniedException', denied);
  const type = headerOf(exchange, 'x-amz-invocation-type') ?? 'RequestResponse';
  const trace = headerOf(exchange, 'x-amzn-trace-id');
  const payload = exchange.body.toString('utf8');
  if (payload !== '') {
    try {
      JSON.parse(payload);
    } catch {
      return error(400, 'InvalidRequestContentException', 'Could not parse request body into json: the payload must be JSON');
    }
  }
  switch (type) {
    case 'DryRun':
      return { status: 204 };
    case 'Event':
      if (exchange.body.length > MAX_ASYNC_PAYLOAD_BYTES) return error(413, 'RequestTooLargeException', `Request must be smaller than ${MAX_ASYNC_PAYLOAD_BYTES} bytes for the InvokeAsync operation`);
      lambda.invokeAsync(fn, payload, trace);
      return { status: 202, headers: { 'X-Amz-Executed-Version': '$LATEST' } };
    case 'RequestResponse': {
      if (exchange.body.length > MAX_SYNC_PAYLOAD_BYTES) return error(413, 'RequestTooLargeException', `Request must be smaller than ${MAX_SYNC_PAYLOAD_BYTES} bytes for the Invoke operation`);
      const result = await lambda.invokeSync(fn, payload, trace);
      if (result.apiError !== undefined) return error(result.apiError.status, result.apiError.type, result.apiError.message);
      return {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Amz-Executed-Version': '$LATEST', ...(result.functionError === undefined ? {} : { 'X-Amz-Function-Error': result.functionError }) },
        body: result.payload,
      };
    }
    default:
      return error(400, 'InvalidParameterValueException', `X-Amz-Invocation-Type must be RequestResponse, Event or DryRun, got ${type}`);
  }
}

function headerOf(exchange: HttpExchange, name: string): string | undefined {
  const value = exchange.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function error(status: number, type: string, message: string): HttpReply {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type },
    body: JSON.stringify({ Type: 'User', message }),
  };
}
