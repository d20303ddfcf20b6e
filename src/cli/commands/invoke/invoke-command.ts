/**
 * `cdk-lifecycle invoke`: plays CloudFormation's custom-resource requests locally through
 * `LocalCloudFormation`, prints each step as it is played (or all of them as JSON), then a
 * summary table, and decides the exit code.
 */
import { InvokeArgs } from './invoke-args';
import { progressText } from './render-progress';
import { renderStep } from './render-step';
import { renderSummary } from './render-summary';
import { LocalCloudFormation } from '../../../local/local-cloudformation';
import { LocalSetupError } from '../../../local/local-setup-error';
import { maskedStep, PlayResult, playOk, StepResult } from '../../../local/play/step-result';
import { plainMessage } from '../../../review/plain-text';
import { CliError, POLICY_EXIT_CODE, USAGE_ERROR_EXIT_CODE } from '../../cli-error';
import { CliIo } from '../../cli-io';
import { readProperties } from '../../input/read-properties';
import { ProgressLine } from '../../render/progress-line';
import { styleFor, useColour } from '../../render/style';

/** Endpoint variables the runner sets itself; the others are passed on to the functions. */
const SERVED_ENDPOINTS = ['AWS_ENDPOINT_URL_LAMBDA', 'AWS_ENDPOINT_URL_SSM'];

/**
 * Runs the play and returns the exit code: 0 when every response is valid and SUCCESS, 1
 * otherwise, 2 when nothing was played (as for a usage or input error: no request was sent, so
 * nothing was tested).
 *
 * @throws CliError for what the user can fix (an unknown stack or resource, a provider that
 *   cannot run locally, properties that are not JSON)
 */
export async function runInvoke(args: InvokeArgs, io: CliIo): Promise<number> {
  const style = styleFor(useColour(io.isTTY, args.color, io.env));
  const progress = new ProgressLine(io.stderr, io.stderrIsTTY === true && !args.json);
  const properties = args.properties === undefined ? undefined : readProperties(args.properties, io.cwd);
  const warnings: string[] = [];
  const onStep = (step: StepResult) => {
    progress.clear();
    // NoEcho Data is shown masked, as CloudFormation shows it: CI logs keep this output.
    if (!args.json) io.stdout(`${renderStep(maskedStep(step), style).join('\n')}\n`);
  };
  let local: LocalCloudFormation | undefined;
  try {
    const [first, second] = args.assemblies;
    local = await LocalCloudFormation.open(second ?? first, {
      cwd: io.cwd,
      env: { ...passedEndpoints(io.env), ...args.env },
      cold: args.cold,
      fastClock: args.fastClock,
      placeholders: args.placeholders,
      sdkSearch: [io.cwd],
      timeoutSeconds: args.timeoutSeconds,
      warnings,
      onStep,
      onProgress: (state) => progress.update(progressText(state)),
    });
    for (const warning of warnings) io.stderr(plainMessage(`cdk-lifecycle: warning: ${warning}\n`));
    const play = await playRequested(local, args, properties, second === undefined ? undefined : first);
    progress.clear();
    io.stdout(args.json ? `${JSON.stringify(jsonReport(play), null, 2)}\n` : `${renderSummary(play, style).join('\n')}\n`);
    if (play.steps.length === 0) return USAGE_ERROR_EXIT_CODE;
    return playOk(play) ? 0 : POLICY_EXIT_CODE;
  } catch (error) {
    progress.clear();
    if (error instanceof LocalSetupError) throw new CliError(error.message, error.hint);
    throw error;
  } finally {
    await local?.close();
  }
}

async function playRequested(
  local: LocalCloudFormation, args: InvokeArgs, properties: Record<string, unknown> | undefined, before: string | undefined,
): Promise<PlayResult> {
  const selector = { stack: args.stack, resource: args.resource };
  if (before !== undefined) return local.changeSet({ ...selector, before });
  switch (args.request) {
    case 'lifecycle': return local.lifecycle({ ...selector, properties });
    case 'create': return { steps: [await local.create({ ...selector, properties })], notes: [] };
    case 'update': return { steps: [await local.update({ ...selector, properties: properties!, physicalResourceId: args.physicalId! })], notes: [] };
    case 'delete': return { steps: [await local.delete({ ...selector, properties, physicalResourceId: args.physicalId! })], notes: [] };
  }
}

/** `AWS_ENDPOINT_URL*` of the command's environment, for the functions' own SDK calls. */
function passedEndpoints(env: CliIo['env']): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] =>
    entry[0].startsWith('AWS_ENDPOINT_URL') && !SERVED_ENDPOINTS.includes(entry[0]) && entry[1] !== undefined));
}

/** `--json`: the steps (NoEcho Data masked) and notes, and whether the play went as it should. */
function jsonReport(play: PlayResult): Record<string, unknown> {
  return { ok: playOk(play), steps: play.steps.map(maskedStep), notes: play.notes };
}
