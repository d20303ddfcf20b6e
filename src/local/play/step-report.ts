/**
 * What a step reports besides the protocol checks: why no answer came, how each invocation
 * ended, and the notes (secrets in logs or in clear in Parameter Store, parameters left
 * behind, AWS SDK packages to install).
 */
import { StepResult, InvocationSummary } from './step-result';
import { DeniedCall } from '../aws/access-control';
import { failed, InvocationRecord, RecordedEnd, retried } from '../lambda/invocation-record';
import { missingSdkPackages } from '../lambda/sdk-modules';
import { LocalAws } from '../local-aws';
import { Violation } from '../protocol/check-response';
import { MAX_CHAIN_INVOCATIONS } from '../rules/recursion-guard';

/** How the wait for an answer ended. */
export type WaitOutcome = 'settled' | 'limit' | 'runaway';

/**
 * Answers that reached a step's response URL after the step ended (a timer left in a frozen
 * container fires when a later invocation thaws it): each such step gets an `answered-twice`
 * violation. Called when a play ends.
 */
export function checkLateAnswers(aws: LocalAws, steps: readonly StepResult[]): void {
  for (const step of steps) {
    const responses = aws.responses.responsesTo(step.request.ResponseURL);
    const count = responses.length;
    if (responses.every((response) => response.body.equals(responses[0].body))) continue;
    if (count <= step.answers || step.violations.some((violation) => violation.rule === 'answered-twice')) continue;
    step.violations.push({
      rule: 'answered-twice',
      message: `the provider answered ${count} times, ${count - step.answers} of them after the step ended (from code still running in a later invocation): a request gets exactly one response, and CloudFormation acts on one of them while the others are lost`,
    });
  }
}

/** Why no response came, and what CloudFormation would do. */
export function noResponse(
  outcome: WaitOutcome, records: readonly InvocationRecord[], waitLimitSeconds: number, serviceTimeoutSeconds: number,
): Violation {
  const wait = `CloudFormation would wait until the ServiceTimeout of ${serviceTimeoutSeconds} s and then fail the resource`;
  if (outcome === 'limit') {
    const limit = waitLimitSeconds < serviceTimeoutSeconds ? `within --timeout ${waitLimitSeconds} s` : `within the ServiceTimeout of ${serviceTimeoutSeconds} s`;
    return { rule: 'no-response', message: `no response arrived ${limit} while the provider was still running: ${waitLimitSeconds < serviceTimeoutSeconds ? wait : 'CloudFormation fails the resource'}` };
  }
  const last = records[records.length - 1];
  const why = last === undefined ? 'no invocation ran' : failed(last.end) ? `the provider's last invocation ${describeEnd(last.end)}` : 'the provider returned without answering';
  return { rule: 'no-response', message: `no response arrived and the provider stopped running (${why}): ${wait}` };
}

/**
 * Lambda's recursive loop detection stopped an invocation of the step: the rule, with the
 * function and what to set. A function whose RecursiveLoop is Allow is never stopped.
 */
export function recursionViolations(records: readonly InvocationRecord[]): Violation[] {
  const stopped = records.filter((record) => record.end.kind === 'recursion-stopped');
  return [...new Set(stopped.map((record) => record.fn))].map((fn) => ({
    rule: 'recursive-loop',
    message: `Lambda stopped invocation ${MAX_CHAIN_INVOCATIONS + 1} of function ${fn.logicalId} in one chain of invocations: its recursive loop detection lets a function be invoked ${MAX_CHAIN_INVOCATIONS} times by one event (followed through the X-Ray trace header the AWS SDK passes on) and drops the next, because the function's RecursiveLoop is ${fn.recursiveLoop}: a provider that continues in new invocations of itself needs RecursiveLoop: Allow`,
  }));
}

/**
 * The calls IAM denied during a step, one violation for each function, action and cause:
 * `dependency-order` when the policy that allows the call exists in the template but not at
 * that moment (the custom resource does not depend on it), `iam-permission` when none allows it.
 */
export function accessViolations(denied: readonly DeniedCall[]): Violation[] {
  const seen = new Map<string, Violation>();
  for (const call of denied) {
    const key = [call.caller.logicalId, call.action, call.rule, ...call.missing].join('|');
    if (seen.has(key)) continue;
    const what = `function ${call.caller.logicalId}'s call of ${call.action} on ${call.resource} was denied (AccessDeniedException)`;
    if (call.rule === 'iam-permission' || call.existing === undefined) {
      seen.set(key, { rule: call.rule, message: `${what}: no policy of its role allows it, so it fails deployed too` });
      continue;
    }
    const { logicalId, during } = call.existing;
    const missing = call.missing.join(', ');
    const state = during === 'Create' ? 'may not have been created yet' : 'may already be deleted';
    seen.set(key, {
      rule: 'dependency-order',
      message: `${what} during the ${during} of ${logicalId}: the policy that allows it is ${missing}, which ${logicalId} does not depend on, so it ${state}: CloudFormation creates and deletes resources with no dependency between them concurrently. Make ${logicalId} depend on ${missing} (DependsOn; with cdk-lifecycle, a ProvidedResource or provider.addDependent(resource) does)`,
    });
  }
  return [...seen.values()];
}

/** The response URL's signature in the logs, or a parameter holding the URL in clear. */
export function secretNotes(aws: LocalAws, responseUrl: string, records: readonly InvocationRecord[]): string[] {
  const signature = new URL(responseUrl).searchParams.get('X-Amz-Signature') ?? responseUrl;
  const notes: string[] = [];
  if (records.some((record) => record.logs.some((line) => line.includes(signature)))) {
    notes.push('warning: the logs hold the pre-signed response URL with its signature: anyone who can read them can answer for the provider');
  }
  for (const parameter of aws.parameters.list()) {
    if (parameter.value.includes(signature) && parameter.type !== 'SecureString') {
      notes.push(`warning: Parameter Store holds the response URL in clear (${parameter.name}, type ${parameter.type})`);
    }
  }
  return notes;
}

/**
 * Parameters a step stored and left behind after it was answered; one with an expiration
 * policy removes itself (a request's claim is kept that way on purpose).
 */
export function leftoverNotes(aws: LocalAws, before: ReadonlySet<string>, answered: boolean): string[] {
  const left = aws.parameters.list()
    .filter((parameter) => !before.has(parameter.name) && parameter.expiresAt === undefined)
    .map((parameter) => parameter.name);
  if (!answered || left.length === 0) return [];
  return [`warning: Parameter Store still holds what the provider stored for this request after it was answered (${left.join(', ')}): remove it when answering`];
}

export function sdkHints(records: readonly InvocationRecord[], response: Readonly<Record<string, unknown>> | undefined): string[] {
  const text = [...records.flatMap((record) => [...record.logs, record.end.kind === 'error' ? record.end.errorMessage : '']), String(response?.Reason ?? '')].join('\n');
  return missingSdkPackages(text).map((name) => `${name} is not installed here: Lambda provides it, so to run this provider locally install it in your app (npm install --save-dev ${name})`);
}

/** How an invocation ended, as the end of a sentence. */
export function describeEnd(end: RecordedEnd): string {
  switch (end.kind) {
    case 'returned': return 'returned';
    case 'error': return `failed: ${end.errorType}: ${end.errorMessage}`;
    case 'timeout': return `timed out after ${end.seconds} s (the function's Timeout): Lambda stopped it`;
    case 'crashed': return `crashed: its process exited (${end.signal ?? `exit code ${end.exitCode}`})`;
    case 'not-runnable': return `could not run locally: ${end.reason}`;
    case 'stopped': return 'was stopped by the runner';
    case 'recursion-stopped': return `was stopped by Lambda's recursive loop detection (invocation ${end.count} of the function in one chain; Lambda allows ${MAX_CHAIN_INVOCATIONS})`;
  }
}

export function summarize(record: InvocationRecord): InvocationSummary {
  return {
    function: record.fn.logicalId,
    stack: record.fn.stack.name,
    type: record.type,
    attempt: record.attempt,
    outcome: record.end.kind,
    ...(record.end.kind === 'returned' ? {} : { error: describeEnd(record.end) }),
    retried: retried(record),
    durationMs: record.durationMs,
    cold: record.cold,
  };
}
