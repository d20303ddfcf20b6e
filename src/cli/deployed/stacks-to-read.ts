/** The stacks of the app that `diff --deployed` and `snapshot` read: all, or those `--stack` names. */
import { CliError } from '../cli-error';
import { AssemblyStack } from '../input/read-assembly';
import { AssemblySide, selected, Side } from '../input/stack-pairs';

/**
 * The stacks to read.
 *
 * @param flag how the command's assembly was given, for messages (`--deployed`, `snapshot`)
 * @throws CliError for a template file, an assembly without stacks, or a `--stack` that names none of them
 */
export function stacksToRead(side: Side, filter: readonly string[], flag: string): readonly AssemblyStack[] {
  if (side.kind !== 'assembly') {
    throw new CliError(`${flag} reads the stacks of a cloud assembly, but ${side.shown} is a template file`, 'pass the output folder of cdk synth (cdk.out)');
  }
  const stacks = selected(side.stacks, filter);
  for (const wanted of filter) {
    if (selected(side.stacks, [wanted]).length === 0) {
      throw new CliError(`no stack "${wanted}" in ${side.shown}`, `stacks there: ${names(side)}`);
    }
  }
  if (stacks.length === 0) throw new CliError(`${side.shown} has no stacks to read from CloudFormation`);
  return stacks;
}

function names(side: AssemblySide): string {
  const list = [...new Set(side.stacks.map((stack) => stack.name))];
  return list.length === 0 ? '(none)' : list.join(', ');
}
