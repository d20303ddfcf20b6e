/**
 * The refactor plan of the stacks `diff` compares: every pair with a stack name (cloud
 * assemblies, or a template with an assembly), each with its account and Region when the
 * assembly gives them. Two template files name no stack, so they give no plan. With `--stack`,
 * the plan pairs resources of the stacks picked only, as `cdk refactor STACKS` does, while the
 * whole app's exports and imports still count.
 *
 * `--refactor-mappings <file>` gives the user's decisions where identical resources cannot be
 * told apart, in the format of `cdk refactor --override-file`:
 * `{ "environments": [{ "account", "region", "resources": { "Stack.OldId": "Stack.NewId" } }] }`
 * (construct paths work too), so one file serves both tools.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ChangeSetPredictor, RefactorMappingGroup, RefactorPlan, RefactorStack } from '../../../change-set';
import { RefactorMappingError } from '../../../change-set/refactor/refactor-mappings';
import { CliError } from '../../cli-error';
import { AssemblyStack } from '../../input/read-assembly';
import { StackPair } from '../../input/stack-pairs';

/** Where the user's mappings are, and which stacks `--stack` picks. */
export interface RefactorInputs {
  /** `--refactor-mappings`, as given. */
  readonly refactorMappings?: string;
  /**
   * The names of the stacks `--stack` picks: only they are compared, as `cdk refactor STACKS`
   * does; the others are read for their exports and imports. Every pair when absent.
   */
  readonly compared?: ReadonlySet<string>;
}

/**
 * The plan of the pairs; undefined when no pair names its stack.
 *
 * @throws CliError for a mappings file that cannot be read, is not an override file, or does not fit the stacks
 */
export function refactorPlanOf(pairs: readonly StackPair[], options: RefactorInputs = {}, cwd: string = process.cwd()): RefactorPlan | undefined {
  const stacks: RefactorStack[] = pairs.flatMap((pair) => {
    if (pair.name === undefined) return [];
    const environment = (pair.after ?? pair.before) as Partial<AssemblyStack> | undefined;
    return [{
      stackName: pair.name,
      ...(pair.before === undefined ? {} : { before: pair.before.template }),
      ...(pair.after === undefined ? {} : { after: pair.after.template }),
      ...(environment?.account === undefined ? {} : { account: environment.account }),
      ...(environment?.region === undefined ? {} : { region: environment.region }),
    }];
  });
  const file = options.refactorMappings;
  if (stacks.length === 0) {
    if (file !== undefined) throw new CliError('--refactor-mappings needs stack names: compare cloud assemblies, or a template with an assembly (--stack picks its stack)');
    return undefined;
  }
  const mappings = file === undefined ? undefined : readMappings(file, cwd);
  try {
    return ChangeSetPredictor.planRefactor(stacks, {
      ...(mappings === undefined ? {} : { mappings: mappings as RefactorMappingGroup[] }),
      ...(options.compared === undefined ? {} : { stackNames: [...options.compared] }),
    });
  } catch (error) {
    if (error instanceof RefactorMappingError) throw new CliError(`--refactor-mappings ${file}: ${error.message}`, MAPPINGS_HINT);
    throw error;
  }
}

const MAPPINGS_HINT = 'the format of cdk refactor --override-file: { "environments": [{ "account": "...", "region": "...", "resources": { "Stack.OldLogicalId": "Stack.NewLogicalId" } }] }';

/** The `environments` of the file (checked further by the planner). */
function readMappings(file: string, cwd: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the refactor mappings ${file}: ${(error as Error).message}`);
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--refactor-mappings ${file} is not JSON: ${(error as Error).message}`, MAPPINGS_HINT);
  }
  const environments = typeof content === 'object' && content !== null && !Array.isArray(content) ? (content as Record<string, unknown>).environments : undefined;
  if (!Array.isArray(environments)) throw new CliError(`--refactor-mappings ${file}: expected an "environments" array, as in cdk refactor's override file`, MAPPINGS_HINT);
  return environments;
}
