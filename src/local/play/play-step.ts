/**
 * One request, played as CloudFormation plays it: sent to the provider the way CloudFormation
 * sends it (an asynchronous Lambda invocation, or an SNS notification to each subscribed
 * function), then a wait for the answer at the response URL, as long as the provider is still
 * running and at most until the resource's ServiceTimeout (or the user's shorter limit), then
 * the protocol checks.
 */
import { randomUUID } from 'node:crypto';
import { accessViolations, leftoverNotes, noResponse, recursionViolations, sdkHints, secretNotes, summarize, WaitOutcome } from './step-report';
import { StepResult, typedResponse } from './step-result';
import { LocalAws } from '../local-aws';
import { checkResponses, Violation } from '../protocol/check-response';
import { buildRequest, RequestType, snsNotification } from '../request/cloudformation-request';
import { attributeViolations } from '../rules/get-att-check';
import { Deployment } from '../stack/deployment';
import { CustomResourceTarget } from '../stack/find-custom-resource';
import { Provider } from '../stack/find-provider';

/** CloudFormation's ServiceTimeout when the resource sets none, in seconds. */
export const DEFAULT_SERVICE_TIMEOUT_SECONDS = 3600;

/** How long stopped invocations get to report their end. */
const STOP_GRACE_MS = 2000;

/** More invocations than this for one request is a runaway (a provider re-invoking itself in a loop). */
export const MAX_INVOCATIONS_PER_STEP = 500;

/** What is known while a step waits, for a progress line. */
export interface StepProgress {
  readonly label: string;
  readonly logicalResourceId: string;
  readonly elapsedMs: number;
  /** Invocations that ended so far. */
  readonly invocations: number;
  /** Invocations running or waiting now. */
  readonly running: number;
  readonly answered: boolean;
  /** How long the runner waits at most, in seconds. */
  readonly waitLimitSeconds: number;
  readonly serviceTimeoutSeconds: number;
  readonly functionTimeoutSeconds: number;
}

/** One request to play. */
export interface StepRequest {
  readonly label: string;
  readonly requestType: RequestType;
  readonly target: CustomResourceTarget;
  readonly deployment: Deployment;
  readonly provider: Provider;
  /** Resolved properties, ServiceToken included. */
  readonly properties: Record<string, unknown>;
  /** Update: the resolved properties before the update. */
  readonly oldProperties?: Record<string, unknown>;
  /** Update and Delete. */
  readonly physicalResourceId?: string;
  /** Notes that come with the request (placeholders in its properties). */
  readonly notes?: readonly string[];
}

/** How steps are played. */
export interface StepOptions {
  /** The longest the runner waits for one answer, in seconds (default: the ServiceTimeout). */
  readonly timeoutSeconds?: number;
  readonly onProgress?: (progress: StepProgress) => void;
}

/** Plays one request and checks what came back. */
export async function playStep(aws: LocalAws, request: StepRequest, index: number, options: StepOptions = {}): Promise<StepResult> {
  const { target, provider, deployment } = request;
  const requestId = randomUUID();
  const responseUrl = aws.responses.newUrl(aws.server.url, deployment.stackId, target.logicalId, requestId);
  const sent = buildRequest({
    requestType: request.requestType,
    serviceToken: provider.serviceToken,
    responseUrl,
    stackId: deployment.stackId,
    requestId,
    logicalResourceId: target.logicalId,
    resourceType: target.resourceType,
    properties: request.properties,
    oldProperties: request.oldProperties,
    physicalResourceId: request.physicalResourceId,
  });
  const serviceTimeoutSeconds = serviceTimeoutOf(request.properties);
  const waitLimitSeconds = Math.min(serviceTimeoutSeconds, options.timeoutSeconds ?? Infinity);
  const functionTimeoutSeconds = Math.max(...functionsOf(provider).map((fn) => fn.timeoutSeconds));
  const firstRecord = aws.pool.records.length;
  const firstDenied = aws.access.denied.length;
  const firstAccessNote = aws.access.notes.length;
  const parametersBefore = new Set(aws.parameters.list().map((parameter) => parameter.name));
  const clock = aws.clock;
  const sentAt = clock.now();

  const payload = JSON.stringify(sent);
  if (provider.kind === 'lambda') {
    aws.pool.invokeAsync(provider.fn, payload);
  } else {
    for (const fn of provider.subscribers) {
      aws.pool.invokeAsync(fn, JSON.stringify(snsNotification(sent, provider.serviceToken, `${provider.serviceToken}:${fn.name}`)));
    }
  }

  const outcome = await waitForAnswer(aws, {
    responseUrl,
    waitLimitMs: waitLimitSeconds * 1000,
    firstRecord,
    progress: (answered) => options.onProgress?.({
      label: request.label,
      logicalResourceId: target.logicalId,
      elapsedMs: clock.now() - sentAt,
      invocations: aws.pool.records.length - firstRecord,
      running: aws.pool.inFlight,
      answered,
      waitLimitSeconds,
      serviceTimeoutSeconds,
      functionTimeoutSeconds,
    }),
  });

  const responses = aws.responses.responsesTo(responseUrl);
  const records = aws.pool.records.slice(firstRecord);
  const checked = checkResponses(responses, { request: sent, sentAt, serviceTimeoutSeconds });
  const violations: Violation[] = [...checked.violations];
  const notes = [...request.notes ?? []];
  if (responses.length === 0) violations.push(noResponse(outcome, records, waitLimitSeconds, serviceTimeoutSeconds));
  if (checked.status === 'SUCCESS' && request.requestType !== 'Delete' && checked.body !== undefined) {
    violations.push(...attributeViolations(target.stack.template, target.logicalId, typedResponse(checked.body).Data));
  }
  violations.push(...recursionViolations(records), ...accessViolations(aws.access.denied.slice(firstDenied)));
  if (outcome === 'runaway') violations.push({ rule: 'runaway', message: `the provider ran more than ${MAX_INVOCATIONS_PER_STEP} invocations for one request, so the runner stopped it: CloudFormation would see the same loop` });
  notes.push(...secretNotes(aws, sent.ResponseURL, records), ...leftoverNotes(aws, parametersBefore, responses.length > 0));
  notes.push(...sdkHints(records, checked.body), ...new Set(aws.access.notes.slice(firstAccessNote)));

  return {
    index,
    label: request.label,
    requestType: request.requestType,
    stackName: target.stack.name,
    logicalResourceId: target.logicalId,
    resourceType: target.resourceType,
    request: sent,
    ...(checked.body === undefined ? {} : { response: typedResponse(checked.body), responseBody: checked.body }),
    ...(checked.bytes === undefined ? {} : { responseBytes: checked.bytes }),
    ...(checked.status === undefined ? {} : { status: checked.status }),
    ...(checked.physicalResourceId === undefined ? {} : { physicalResourceId: checked.physicalResourceId }),
    durationMs: (responses[0]?.receivedAt ?? clock.now()) - sentAt,
    violations,
    notes,
    invocations: records.map(summarize),
    logs: records.flatMap((record) => record.logs),
    answers: responses.length,
  };
}

/** ServiceTimeout as CloudFormation reads it (1 to 3,600 seconds), else the default. */
export function serviceTimeoutOf(properties: Record<string, unknown>): number {
  const seconds = Number(properties.ServiceTimeout);
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600 ? seconds : DEFAULT_SERVICE_TIMEOUT_SECONDS;
}

/**
 * Waits until the provider is done (nothing running or queued) after answering, or is done
 * without answering, or the limit passes, or it runs away; stops what still runs in the
 * last two cases.
 */
function waitForAnswer(
  aws: LocalAws, wait: { responseUrl: string; waitLimitMs: number; firstRecord: number; progress: (answered: boolean) => void },
): Promise<WaitOutcome> {
  const answered = () => aws.responses.responsesTo(wait.responseUrl).length > 0;
  return new Promise<WaitOutcome>((resolve) => {
    let done = false;
    const finish = (outcome: WaitOutcome) => {
      if (done) return;
      done = true;
      cancelLimit();
      clearInterval(ticker);
      unsubscribePool();
      unsubscribeResponses();
      if (outcome === 'settled') {
        resolve(outcome);
        return;
      }
      aws.pool.stopAll();
      void aws.pool.drained(STOP_GRACE_MS).then(() => resolve(outcome));
    };
    const check = () => {
      // The asynchronous invocation is queued before the first check, so 0 in flight means done.
      if (aws.pool.records.length - wait.firstRecord > MAX_INVOCATIONS_PER_STEP) finish('runaway');
      else if (aws.pool.inFlight === 0) finish('settled');
    };
    // On the run's clock: a simulated one that jumps to the ServiceTimeout ends the wait there.
    const cancelLimit = aws.clock.setTimer(() => finish('limit'), wait.waitLimitMs);
    const ticker = setInterval(() => wait.progress(answered()), 250);
    ticker.unref();
    const unsubscribePool = aws.pool.onChange(() => setImmediate(check));
    const unsubscribeResponses = aws.responses.onResponse(() => wait.progress(true));
    wait.progress(false);
    setImmediate(check);
  });
}

function functionsOf(provider: Provider) {
  return provider.kind === 'lambda' ? [provider.fn] : provider.subscribers;
}
