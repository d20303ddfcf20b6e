/**
 * One played request for people: the request as CloudFormation sent it, the lines the
 * provider printed, the response, and the verdict (each protocol violation in one sentence),
 * then the notes.
 */
import { StepResult } from '../../../local/play/step-result';
import { jsonLines } from '../../render/json-lines';
import { Style } from '../../render/style';

/** The lines of a step, ending with an empty line. */
export function renderStep(step: StepResult, style: Style): string[] {
  const lines = [style.heading(`── ${step.index}. ${step.label} ${step.logicalResourceId} (${step.resourceType}, stack ${step.stackName})`)];
  lines.push(style.faint('request'), ...jsonLines(shownRequest(step), '  '));
  for (const invocation of step.invocations) {
    const how = [invocation.type, invocation.attempt > 1 ? `attempt ${invocation.attempt}` : '', invocation.cold ? 'cold start' : 'warm', `${invocation.durationMs} ms`].filter(Boolean).join(', ');
    const retry = invocation.retried ? '; Lambda retries it (after about a minute; here at once)' : '';
    const outcome = invocation.error === undefined ? '' : ` ${style.warning(`${invocation.error}${retry}`)}`;
    lines.push(`${style.faint('invocation')} ${invocation.function} (${how})${outcome}`);
  }
  if (step.logs.length > 0) {
    lines.push(style.faint('logs'));
    lines.push(...step.logs.map((line) => `  ${line}`));
  }
  if (step.responseBody !== undefined) {
    const status = step.status === 'SUCCESS' ? style.added('SUCCESS') : step.status === 'FAILED' ? style.removed('FAILED') : style.removed('no valid Status');
    lines.push(`${style.faint('response')} ${status}, ${step.durationMs} ms, ${step.responseBytes} bytes`, ...jsonLines(step.responseBody, '  '));
  }
  if (step.violations.length === 0) {
    lines.push(style.added('✓ the response follows the custom-resource protocol'));
  } else {
    lines.push(style.replaced(`✗ ${step.violations.length} protocol violation${step.violations.length === 1 ? '' : 's'}:`));
    lines.push(...step.violations.map((violation) => `  - ${violation.message} [${violation.rule}]`));
  }
  lines.push(...step.notes.map((note) => style.warning(`note: ${note}`)));
  lines.push('');
  return lines;
}

/** The request with the response URL shortened (its path repeats the ids; its query is the signature). */
function shownRequest(step: StepResult): Record<string, unknown> {
  const url = new URL(step.request.ResponseURL);
  return { ...step.request, ResponseURL: `${url.origin}${url.pathname.split('/').slice(0, 2).join('/')}/...?X-Amz-Signature=...` };
}
