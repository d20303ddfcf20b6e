import { CliError } from './cli-error';

/** What makes `diff` exit 1, for CI. */
export type FailOn = 'replacement' | 'failure' | 'none';

/** The `--fail-on` values, strictest first. */
export const FAIL_ON_VALUES: readonly FailOn[] = ['replacement', 'failure', 'none'];

/** The options of `cdk-lifecycle diff`. */
export interface DiffOptions {
  /** The deployed side: a template file or a cloud assembly folder. */
  readonly before: string;
  /** The new side: a template file or a cloud assembly folder. */
  readonly after: string;
  /** Print CloudFormation's `Changes` JSON instead of the human report. */
  readonly json: boolean;
  readonly failOn: FailOn;
  /** `--parameters-before` values as given (`Key=Value,...`, `Stack:Key=Value`, `@file.json`). */
  readonly parametersBefore: readonly string[];
  /** `--parameters-after` values as given. */
  readonly parametersAfter: readonly string[];
  /** `--stack` values: stack names, artifact ids or display names. */
  readonly stacks: readonly string[];
  /** False with `--no-color`. */
  readonly color: boolean;
}

/** The command line, parsed. */
export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'version' }
  | { readonly kind: 'diff'; readonly options: DiffOptions };

type ValueFlag = '--fail-on' | '--parameters-before' | '--parameters-after' | '--stack';
type SwitchFlag = '--json' | '--no-color';

const VALUE_FLAGS: readonly string[] = ['--fail-on', '--parameters-before', '--parameters-after', '--stack'];
const SWITCH_FLAGS: readonly string[] = ['--json', '--no-color'];

/**
 * Parses the arguments after the program name. `--flag value` and `--flag=value` both work;
 * `--` ends the options; `--help` and `--version` win over everything else.
 *
 * @throws CliError for an unknown command or flag, a missing value or a wrong number of paths
 */
export function parseArgs(argv: readonly string[]): CliCommand {
  const end = argv.indexOf('--');
  const options = end === -1 ? argv : argv.slice(0, end);
  if (options.includes('--help') || options.includes('-h')) return { kind: 'help' };
  if (options.includes('--version') || options.includes('-v')) return { kind: 'version' };

  const positionals: string[] = [];
  const values: Record<ValueFlag, string[]> = { '--fail-on': [], '--parameters-before': [], '--parameters-after': [], '--stack': [] };
  const switches = new Set<SwitchFlag>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (index === end) {
      positionals.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    if (SWITCH_FLAGS.includes(flag)) {
      if (equals !== -1) throw usageError(`${flag} takes no value, got: ${arg}`);
      switches.add(flag as SwitchFlag);
    } else if (VALUE_FLAGS.includes(flag)) {
      const value = equals !== -1 ? arg.slice(equals + 1) : argv[index + 1];
      if (value === undefined || (equals === -1 && value.startsWith('--'))) throw usageError(`${flag} needs a value${describeValue(flag)}`);
      if (equals === -1) index++;
      values[flag as ValueFlag].push(value);
    } else {
      throw usageError(`unknown option ${flag}`);
    }
  }

  const [command, ...paths] = positionals;
  if (command === undefined) throw usageError('missing command: the only command is diff');
  if (command === 'help') return { kind: 'help' };
  if (command !== 'diff') throw usageError(`unknown command "${command}": the only command is diff`);
  if (paths.length !== 2) {
    throw usageError(`diff needs two paths, <before> and <after>, got ${paths.length}${paths.length > 0 ? `: ${paths.join(' ')}` : ''}`);
  }
  return {
    kind: 'diff',
    options: {
      before: paths[0],
      after: paths[1],
      json: switches.has('--json'),
      failOn: failOnOf(values['--fail-on']),
      parametersBefore: values['--parameters-before'],
      parametersAfter: values['--parameters-after'],
      stacks: values['--stack'],
      color: !switches.has('--no-color'),
    },
  };
}

/** The last `--fail-on` given, checked; `failure` when none is. */
function failOnOf(given: readonly string[]): FailOn {
  const value = given[given.length - 1] ?? 'failure';
  if (!(FAIL_ON_VALUES as readonly string[]).includes(value)) {
    throw usageError(`--fail-on must be one of ${FAIL_ON_VALUES.join(', ')}, got: "${value}"`);
  }
  return value as FailOn;
}

function describeValue(flag: string): string {
  switch (flag) {
    case '--fail-on': return `: ${FAIL_ON_VALUES.join(', ')}`;
    case '--stack': return ': a stack name';
    default: return ': Key=Value[,Key=Value...], Stack:Key=Value or @file.json';
  }
}

/** A mistake on the command line, with the pointer to `--help`. */
function usageError(message: string): CliError {
  return new CliError(message, 'run `cdk-lifecycle --help` for usage');
}
