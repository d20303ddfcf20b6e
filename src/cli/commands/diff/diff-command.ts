/** `cdk-lifecycle diff`: read both sides, predict each stack's change set, print, decide the exit code. */
import { DiffOptions } from './diff-options';
import { exitCodeFor } from './fail-policy';
import { predictStacks } from './predict-stacks';
import { renderJson } from './render-json';
import { renderText } from './render-text';
import { summarize } from './summary';
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

  const diffs = predictStacks(pairs, parameters, { propertyValues: options.propertyValues });
  io.stdout(options.json ? renderJson(diffs) : renderText(diffs, styleFor(useColour(io.isTTY, options.color, io.env))));
  return exitCodeFor(options.failOn, summarize(diffs));
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
