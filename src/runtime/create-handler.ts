/**
 * The one wrapper every way out of the Lambda goes through.
 *
 * `createHandler` returns the Lambda handler. It unwraps SNS notifications, answers each
 * request exactly once before its deadline, and never throws or rejects: a throw would make
 * Lambda retry the asynchronous invocation and run the handler's side effects twice.
 * All I/O (the PUT, the clock, the handler invoker, the log sink) is injected.
 */
import { POLLING_BUILD } from './build-variant';
import type { RequestClaims } from './claim/request-claims';
import { stepDeadline } from './polling/invocation-time';
import type { Waiter } from './polling/waiter';
import { computeBudget, prepareDeadline, readServiceTimeout, requestSentAt } from './protocol/deadline';
import { errorText } from './protocol/error-text';
import { failedResponse, Invoker, runLifecycle } from './protocol/lifecycle';
import { createLogger, Logger, LogSink } from './protocol/logger';
import { isFailedCreateId } from './protocol/physical-id';
import { parseRequest } from './protocol/request';
import { fitResponse, ResponseBody } from './protocol/response';
import { checkResponseUrl, PutFunction, redactUrl, RetryPolicy, sendResponse } from './protocol/send-response';
import { unwrapInvocation } from './protocol/sns';

/** The subset of the Lambda context the runtime reads. */
export interface LambdaContextLike {
  readonly getRemainingTimeInMillis?: () => number;
  readonly logGroupName?: string;
  readonly logStreamName?: string;
  readonly awsRequestId?: string;
}

/** Everything the handler talks to. */
export interface HandlerDependencies {
  /** Reaches the user's handler. */
  readonly invoke: Invoker;
  readonly put: PutFunction;
  readonly log: LogSink;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly retryPolicy?: RetryPolicy;
  /** Time assumed when the invocation has no Lambda context, in ms. */
  readonly defaultRemainingMs?: number;
  /** Waits for isComplete after onEvent (polling providers only). */
  readonly waiter?: Waiter;
  /** Claims each request before onEvent runs (`exactlyOnce`, the default); none: every delivery runs it. */
  readonly claims?: RequestClaims;
}

/** The longest a request's claim may take, in ms (it gets a third of the handler's time, at most this). */
const MAX_CLAIM_MS = 10_000;

/** What the Lambda handler resolves with: a summary per request (useful to tests and logs). */
export interface InvocationSummary {
  readonly requests: RequestSummary[];
}

/** What became of one request. */
interface RequestSummary {
  readonly requestId: string;
  readonly status?: string;
  readonly delivered: boolean;
}

/** Builds the Lambda handler. */
export function createHandler(deps: HandlerDependencies): (event: unknown, context?: LambdaContextLike) => Promise<InvocationSummary> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const sendDeps = { put: deps.put, now, sleep, random: deps.random ?? Math.random };
  const root = createLogger(deps.log);

  /**
   * Fits and sends one answer, logs what became of it, and completes the request's summary.
   * With `record`, the answer of a claimed request is also written into its claim (beside the
   * PUT, not before it), so that a later delivery sends the same answer again.
   */
  const deliver = async (
    summary: RequestSummary, body: ResponseBody, url: URL, deadline: number, logger: Logger, record = false,
  ): Promise<RequestSummary> => {
    const fitted = fitResponse(body);
    if (!fitted) {
      logger.error('cannot answer: the copied fields exceed 4,096 bytes');
      return summary;
    }
    const recorded = record && deps.claims?.record(fitted, deadline).catch((e) => {
      logger.error('could not record the answer in the request\'s claim: a later delivery of this request stays silent', { error: errorText(e) });
    });
    // Without a policy, sendResponse's default.
    const [outcome] = await Promise.all([sendResponse(url, JSON.stringify(fitted), deadline, sendDeps, deps.retryPolicy), recorded]);
    const fields = {
      status: fitted.Status,
      physicalResourceId: fitted.PhysicalResourceId,
      url: redactUrl(url),
      attempts: outcome.attempts,
      httpStatus: outcome.status,
    };
    if (outcome.delivered) logger.info('response delivered', fields);
    else logger.error('response not delivered', { ...fields, error: outcome.error });
    return { ...summary, status: fitted.Status, delivered: outcome.delivered };
  };

  const answerOne = async (raw: unknown, context: LambdaContextLike | undefined, startedAt: number, remaining: number, invocation: Logger) => {
    const parsed = parseRequest(raw);
    const address = parsed.address;
    const summary: RequestSummary = { requestId: address.RequestId, delivered: false };
    const logger = invocation.child({ RequestId: address.RequestId, LogicalResourceId: address.LogicalResourceId });
    const target = checkResponseUrl(address.ResponseURL ?? '');
    const url = target.url;
    if (!url) {
      logger.error('cannot answer: no usable ResponseURL', { problem: target.problem });
      return summary;
    }
    const serviceTimeout = readServiceTimeout((raw as { ResourceProperties?: unknown } | null)?.ResourceProperties);
    // The ServiceTimeout counts from when CloudFormation sent the request, not from its arrival.
    const sentAt = requestSentAt(url, startedAt, serviceTimeout);
    const budget = computeBudget(startedAt, remaining, serviceTimeout, sentAt);
    const logs = logLocation(context, address.RequestId);
    let body: ResponseBody;
    let claimed = false;
    try {
      if (parsed.ok && deps.claims && !(parsed.request.RequestType === 'Delete' && isFailedCreateId(parsed.request.PhysicalResourceId))) {
        // A third of the handler's time at most: a claim that SSM slows down or refuses still leaves time to answer.
        const claim = await deps.claims.claim(parsed.request, stepDeadline(now(), budget.handlerDeadline, MAX_CLAIM_MS));
        if (claim.kind === 'answered') {
          logger.info('this request was answered already (a repeated delivery): sending the recorded answer again');
          return await deliver(summary, claim.body, url, budget.responseDeadline, logger);
        }
        if (claim.kind === 'running') {
          logger.info('this request is handled by another invocation (a repeated delivery): nothing to do', claim.problem ? { problem: claim.problem } : {});
          return { ...summary, status: 'DUPLICATE' };
        }
        if (claim.kind === 'failed') {
          logger.error('could not claim the request: onEvent is not run', { error: claim.error });
          return await deliver(summary, failedResponse(address, `could not claim the request before running onEvent (SSM cannot say whether another delivery of it runs already), so onEvent was not run: ${claim.error} (see ${logs})`), url, budget.responseDeadline, logger);
        }
        claimed = true;
      }
      if (parsed.ok) {
        const handlerTimeoutMs = budget.handlerDeadline - now();
        body = await runLifecycle(parsed.request, { invoke: deps.invoke, handlerTimeoutMs, logLocation: logs, logger, now });
        if (POLLING_BUILD && deps.waiter && body.Status === 'SUCCESS' && !isFailedCreateId(parsed.request.PhysicalResourceId)) {
          // The waiter answers when the wait ends in this invocation (by the polling deadline);
          // otherwise the wait continues in a new invocation, which answers.
          const waited = await deps.waiter.wait({
            request: parsed.request,
            body,
            sentAt,
            invocationStart: startedAt,
            remainingMs: remaining,
            logger,
            logLocation: logs,
            answer: (answer, deadline) => deliver(summary, answer, url, deadline, logger, claimed),
          });
          return waited ?? { ...summary, status: 'WAITING' };
        }
      } else {
        logger.error('malformed request', { error: parsed.error });
        body = failedResponse(address, `${parsed.error} (see ${logs})`);
      }
    } catch (e) {
      // Whatever went wrong, CloudFormation still gets an answer.
      logger.error('unexpected error', { error: errorText(e) });
      body = failedResponse(address, `cdk-lifecycle runtime error: ${errorText(e)} (see ${logs})`);
    }
    return deliver(summary, body, url, budget.responseDeadline, logger, claimed);
  };

  return async (event, context) => {
    const startedAt = now();
    const remaining = safeRemaining(context, deps.defaultRemainingMs ?? 60_000);
    // Lines about no request in particular say so (RequestId null) and carry Lambda's own id.
    const invocation = root.child({ RequestId: null, awsRequestId: context?.awsRequestId });
    try {
      if (POLLING_BUILD && deps.waiter?.isPoll(event)) {
        await deps.waiter.continue(event, {
          invocationStart: startedAt,
          remainingMs: remaining,
          logger: invocation,
          logLocation: (requestId) => logLocation(context, requestId),
          answer: async (body, url, deadline, logger) => {
            const target = checkResponseUrl(url);
            // The request was claimed by the invocation that ran onEvent, whose wait this one continues.
            if (target.url) await deliver({ requestId: body.RequestId, delivered: false }, body, target.url, deadline, logger, true);
            else logger.error('cannot answer: no usable ResponseURL', { problem: target.problem });
          },
        });
        await deps.invoke.prepare?.(prepareDeadline(now(), remaining - (now() - startedAt)));
        return { requests: [] };
      }
      const results = await Promise.all(unwrapInvocation(event).map(async (item, record) => {
        try {
          if ('raw' in item) return await answerOne(item.raw, context, startedAt, remaining, invocation);
          invocation.error('cannot answer a record of this invocation', { record, problem: item.unreadable });
        } catch (e) {
          invocation.error('unexpected error', { record, error: errorText(e) });
        }
        return { requestId: '', delivered: false };
      }));
      // Answered: get the next call ready (a fresh worker) before Lambda freezes the process.
      await deps.invoke.prepare?.(prepareDeadline(now(), remaining - (now() - startedAt)));
      return { requests: results };
    } catch (e) {
      invocation.error('unexpected error', { error: errorText(e) });
      return { requests: [] };
    }
  };
}

function safeRemaining(context: LambdaContextLike | undefined, fallback: number): number {
  try {
    const value = context?.getRemainingTimeInMillis?.();
    return typeof value === 'number' && value > 0 && value < Infinity ? value : fallback;
  } catch {
    return fallback;
  }
}

function logLocation(context: LambdaContextLike | undefined, requestId: string): string {
  if (context?.logGroupName) {
    return `CloudWatch Logs: log group ${context.logGroupName}${context.logStreamName ? `, stream ${context.logStreamName}` : ''}, RequestId ${requestId}`;
  }
  return `the provider function's logs, RequestId ${requestId}`;
}
