/**
 * `--refactor-plan <file>`: the plan as JSON in `<file>` (its `environments` key makes it a
 * `cdk refactor --override-file` as it is), and each `CreateStackRefactor` input beside it,
 * ready for `aws cloudformation create-stack-refactor --cli-input-json file://...`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RefactorPlan } from '../../../change-set';
import { CliError } from '../../cli-error';

/** The files written, as the user should see them (relative to `cwd` when given so). */
export interface WrittenPlan {
  readonly planFile: string;
  readonly stackRefactorFiles: readonly string[];
}

/**
 * Writes the plan.
 *
 * @throws CliError when a file cannot be written
 */
export function writeRefactorPlan(plan: RefactorPlan, given: string, cwd: string): WrittenPlan {
  const full = path.resolve(cwd, given);
  const base = given.replace(/\.json$/i, '');
  const inputs = plan.toCreateStackRefactorInputs();
  const stackRefactorFiles = inputs.map((_, index) => `${base}.create-stack-refactor${inputs.length === 1 ? '' : `-${index + 1}`}.json`);
  const write = (file: string, content: unknown) => {
    try {
      fs.writeFileSync(path.resolve(cwd, file), `${JSON.stringify(content, null, 2)}\n`);
    } catch (error) {
      throw new CliError(`cannot write the refactor plan ${file}: ${(error as Error).message}`);
    }
  };
  write(given, plan.toJson());
  inputs.forEach((input, index) => write(stackRefactorFiles[index], input));
  return { planFile: path.relative(cwd, full) || given, stackRefactorFiles };
}
