/** `cdk-lifecycle diff`: read both sides, predict each stack's change set, print, decide the exit code. */
import { DiffOptions } from './diff-options';
import { exitCodeFor } from './fail-policy';
import { predictStacks } from './predict-stacks';
import { readRulesFile } from './read-rules-file';
import { refactorPlanOf } from './refactor-plan-of';
import { renderJson } from './render-json';
import { renderText } from './render-text';
import { reviewOf } from './review-of';
import { writeRefactorPlan } from './write-refactor-plan';
import { writeReviewOutputs } from './write-review-outputs';
import { CliError } from '../../cli-error';
import { CliIo } from '../../cli-io';
import { parseParameters, ScopedParameters } from '../../input/parameter-values';
import { pairStacks, readSide, StackPair } from '../../input/stack-pairs';
import { styleFor, useColour } from '../../render/style';

/**
 * Runs the diff and returns the exit code.
 *
 * @throws CliError for unreadable or invalid inputs and stacks that cannot be found
 */
export function runDiff(options: DiffOptions, io: CliIo): number {
  const warnings: string[] = [];
  const parameters = {
    before: parseParameters(options.parametersBefore, '--parameters-before', io.cwd, warnings),
    after: parseParameters(options.parametersAfter, '--parameters-after', io.cwd, warnings),
  };
  const pairs = pairStacks(readSide(options.before, io.cwd, warnings), readSide(options.after, io.cwd, warnings), options.stacks);
  for (const warning of warnings) io.stderr(`cdk-lifecycle: warning: ${warning}\n`);
  checkStackScopes(parameters.before, '--parameters-before', pairs);
  checkStackScopes(parameters.after, '--parameters-after', pairs);

  const rules = options.rules === undefined ? [] : readRulesFile(options.rules, io.cwd);
  const started = Date.now();
  const diffs = predictStacks(pairs, parameters, { propertyValues: options.propertyValues });
  const review = reviewOf(diffs, rules, options.failOn, io.cwd);
  const plan = refactorPlanOf(pairs, options, io.cwd);
  let planFile: string | undefined;
  if (options.refactorPlan !== undefined) {
    if (plan === undefined) throw new CliError('--refactor-plan needs stack names: compare cloud assemblies, or a template with an assembly (--stack picks its stack)');
    const written = writeRefactorPlan(plan, options.refactorPlan, io.cwd);
    planFile = [written.planFile, ...written.stackRefactorFiles, ...written.uploads.map((upload) => upload.file)].join(', ');
    if (options.json) io.stderr(`cdk-lifecycle: refactor plan written to ${planFile}\n`);
  }
  const showLevels = rules.length > 0;
  io.stdout(options.json
    ? renderJson(diffs, showLevels ? review : undefined)
    : renderText(diffs, styleFor(useColour(io.isTTY, options.color, io.env)), { review, showLevels, groupBy: options.groupBy, plan, planFile }));
  writeReviewOutputs(review, rules, options, io, Date.now() - started);
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
