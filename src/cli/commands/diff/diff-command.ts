/** `cdk-lifecycle diff`: read both sides, predict each stack's change set, print, decide the exit code. */
import { DiffOptions } from './diff-options';
import { exitCodeFor } from './fail-policy';
import { predictStacks } from './predict-stacks';
import { refactorPlanOf } from './refactor-plan-of';
import { withRefusedUpdates } from './refused-updates';
import { renderJson } from './render-json';
import { renderRefactor } from './render-refactor';
import { renderText } from './render-text';
import { reviewOf } from './review-of';
import { writeRefactorPlan } from './write-refactor-plan';
import { writeReviewOutputs } from './write-review-outputs';
import { plainMessage } from '../../../review/plain-text';
import { CliError } from '../../cli-error';
import { CliIo } from '../../cli-io';
import { deployedStateLines, withDeployedStates } from '../../deployed/render-deployed-state';
import { withDeployedParameters } from '../../input/deployed-parameters';
import { parseParameters, ScopedParameters } from '../../input/parameter-values';
import { readSides } from '../../input/read-sides';
import { pairStacks, Side, StackPair } from '../../input/stack-pairs';
import { jsonForLogs } from '../../render/json-for-logs';
import { styleFor, useColour } from '../../render/style';

/**
 * Runs the diff and returns the exit code.
 *
 * @throws CliError for unreadable or invalid inputs and stacks that cannot be found
 */
export async function runDiff(options: DiffOptions, io: CliIo): Promise<number> {
  const warnings: string[] = [];
  const parameters = {
    before: parseParameters(options.parametersBefore, '--parameters-before', io.cwd, warnings),
    after: parseParameters(options.parametersAfter, '--parameters-after', io.cwd, warnings),
  };
  const sides = await readSides(options, io, warnings);
  const pairs = pairStacks(sides.before, sides.after, options.stacks);
  // Exports tie the app's stacks together: the whole app is predicted, the stacks picked are reported.
  const app = options.stacks.length > 0 && sides.before.kind === 'assembly' && sides.after.kind === 'assembly' ? pairStacks(sides.before, sides.after, []) : pairs;
  for (const warning of warnings) io.stderr(plainMessage(`cdk-lifecycle: warning: ${warning}\n`));
  checkStackScopes(parameters.before, '--parameters-before', pairs);
  checkStackScopes(parameters.after, '--parameters-after', pairs);

  // The rules reader (a YAML parser and a schema validator) is loaded only for --rules.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const rules = options.rules === undefined ? [] : (require('./read-rules-file') as typeof import('./read-rules-file')).readRulesFile(options.rules, io.cwd);
  const started = Date.now();
  const predicted = { ...parameters, before: withDeployedParameters(parameters.before, sides.before) };
  const reported = app === pairs ? undefined : new Set(pairs.flatMap((pair) => (pair.name === undefined ? [] : [pair.name])));
  const settings = { propertyValues: options.propertyValues, externalImporters: externalImporters(sides.before) };
  const diffs = withRefusedUpdates(predictStacks(app, predicted, settings, reported), sides.before);
  const review = reviewOf(diffs, rules, options.failOn, io.cwd);
  const plan = refactorPlanOf(app, { refactorMappings: options.refactorMappings, ...(reported === undefined ? {} : { compared: reported }) }, io.cwd);
  let planFile: string | undefined;
  if (options.refactorPlan !== undefined) {
    if (plan === undefined) throw new CliError('--refactor-plan needs stack names: compare cloud assemblies, or a template with an assembly (--stack picks its stack)');
    const written = writeRefactorPlan(plan, options.refactorPlan, io.cwd);
    planFile = [written.planFile, ...written.stackRefactorFiles, ...written.uploads.map((upload) => upload.file)].join(', ');
    if (options.json) io.stderr(plainMessage(`cdk-lifecycle: refactor plan written to ${planFile}\n`));
  }
  const showLevels = rules.length > 0;
  const style = styleFor(useColour(io.isTTY, options.color, io.env));
  const deployedLines = deployedStateLines(sides.before, pairs, { live: options.deployed !== undefined, parametersBefore: parameters.before }, style);
  io.stdout(options.json
    ? jsonForLogs(withDeployedStates(renderJson(diffs, showLevels ? review : undefined), sides.before))
    : [...deployedLines, renderText(review, style, { showLevels, groupBy: options.groupBy, plan, planFile, securityOnly: options.securityOnly })].join('\n'));
  const moves = (plan?.moves ?? []).map((move) => ({
    fromStack: move.source.stackName,
    fromLogicalId: move.source.logicalResourceId,
    toStack: move.destination.stackName,
    toLogicalId: move.destination.logicalResourceId,
  }));
  writeReviewOutputs(review, rules, options, io, Date.now() - started, { lines: renderRefactor(plan, styleFor(false), planFile), moves });
  return exitCodeFor(review);
}

/** `Stack:Key=Value` must name a stack being compared, or the value would be silently ignored. */
function checkStackScopes(parameters: ScopedParameters, flag: string, pairs: readonly StackPair[]): void {
  const names = pairs.flatMap((pair) => (pair.name === undefined ? [] : [pair.name]));
  for (const stack of parameters.byStack.keys()) {
    if (names.includes(stack)) continue;
    throw new CliError(
      `${flag} sets parameters of stack "${stack}", which is not compared`,
      names.length === 0 ? 'Stack:Key=Value is for cloud assemblies; for template files write Key=Value' : `stacks compared: ${names.join(', ')}`,
    );
  }
}

/**
 * The importers outside the app of each deployed export, when the deployed side is a snapshot of
 * the deployed state (which lists every importer): the stacks the app does not have still import them.
 */
function externalImporters(side: Side): ReadonlyMap<string, readonly string[]> | undefined {
  if (side.kind !== 'assembly' || side.deployed === undefined) return undefined;
  const inApp = new Set(side.stacks.map((stack) => stack.name));
  return new Map(side.deployed.exports.map((exported) => [exported.name, exported.importers.filter((importer) => !inApp.has(importer))]));
}
