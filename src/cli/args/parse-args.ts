/**
 * The command line, parsed with Node's own `util.parseArgs`: the command, its paths and its
 * options. Each command turns the parsed values into its own options (`diffOptions`,
 * `invokeArgs`, `snapshotOptions`); here only what every command shares is decided.
 */
import { parseArgs as nodeParseArgs } from 'node:util';
import { usageError } from './usage-error';
import { DiffOptions, diffOptions } from '../commands/diff/diff-options';
import { InvokeArgs, invokeArgs } from '../commands/invoke/invoke-args';
import { SnapshotOptions, snapshotOptions } from '../commands/snapshot/snapshot-options';

/** The commands there are. */
export const COMMANDS = ['diff', 'invoke', 'snapshot'] as const;

/** One of `COMMANDS`. */
export type CommandName = typeof COMMANDS[number];

/** The command line, parsed. */
export type CliCommand =
  | { readonly kind: 'help'; readonly command?: CommandName }
  | { readonly kind: 'version' }
  | { readonly kind: 'diff'; readonly options: DiffOptions }
  | { readonly kind: 'invoke'; readonly options: InvokeArgs }
  | { readonly kind: 'snapshot'; readonly options: SnapshotOptions };

/** Every option of every command; each command rejects the ones that are not its own. */
export const OPTIONS = {
  'json': { type: 'boolean' },
  'property-values': { type: 'boolean' },
  'security-only': { type: 'boolean' },
  'no-color': { type: 'boolean' },
  'fail-on': { type: 'string', multiple: true },
  'stack': { type: 'string', multiple: true },
  'parameters-before': { type: 'string', multiple: true },
  'parameters-after': { type: 'string', multiple: true },
  'refactor-plan': { type: 'string', multiple: true },
  'refactor-mappings': { type: 'string', multiple: true },
  'resource': { type: 'string', multiple: true },
  'request': { type: 'string', multiple: true },
  'properties': { type: 'string', multiple: true },
  'physical-id': { type: 'string', multiple: true },
  'timeout': { type: 'string', multiple: true },
  'env': { type: 'string', multiple: true },
  'placeholder': { type: 'string', multiple: true },
  'cold': { type: 'boolean' },
  'fast-clock': { type: 'boolean' },
  'rules': { type: 'string', multiple: true },
  'group-by': { type: 'string', multiple: true },
  'html': { type: 'string', multiple: true },
  'markdown': { type: 'string', multiple: true },
  'sarif': { type: 'string', multiple: true },
  'junit': { type: 'string', multiple: true },
  'deployed': { type: 'string', multiple: true },
  'profile': { type: 'string', multiple: true },
  'out': { type: 'string', multiple: true },
  'help': { type: 'boolean', short: 'h' },
  'version': { type: 'boolean', short: 'v' },
} as const;

/** The option names given on the command line, and their values. */
export type ParsedValues = ReturnType<typeof nodeParseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>['values'];

/** What a command builds its options from. */
export interface ParsedLine {
  /** The paths after the command name. */
  readonly paths: readonly string[];
  readonly values: ParsedValues;
  /** The options given, as written (`--stack`), in order. */
  readonly given: readonly string[];
}

/** What each option's value looks like, for the "needs a value" message. */
const VALUE_HINTS: Record<string, string> = {
  'fail-on': 'replacement, data-loss, failure, none',
  'stack': 'a stack name',
  'parameters-before': 'Key=Value[,Key=Value...], Stack:Key=Value or @file.json',
  'parameters-after': 'Key=Value[,Key=Value...], Stack:Key=Value or @file.json',
  'refactor-plan': 'the plan file to write (JSON)',
  'refactor-mappings': 'a mappings file in cdk refactor\'s --override-file format (JSON)',
  'resource': 'a logical id or construct path',
  'request': 'create, update, delete or lifecycle',
  'properties': 'a JSON file, or JSON starting with {',
  'physical-id': 'the physical id of the deployed resource',
  'timeout': 'a number of seconds',
  'env': 'NAME=value',
  'placeholder': 'LogicalId=value or LogicalId.Attribute=value',
  'rules': 'a YAML or JSON rules file',
  'group-by': 'type, action, property, stack, kind or level (comma-separated)',
  'html': 'a file to write the HTML report to',
  'markdown': 'a file to write the Markdown summary to',
  'sarif': 'a file to write the SARIF log to',
  'junit': 'a file to write the JUnit XML to',
  'deployed': 'the cloud assembly (cdk.out) whose stacks are read from CloudFormation',
  'profile': 'a profile of the shared AWS config and credentials files',
  'out': 'the folder to write the snapshot to',
};

/**
 * Parses the arguments after the program name. `--flag value` and `--flag=value` both work;
 * `--` ends the options; `--help` and `--version` win over everything else, mistakes included
 * (a first, lenient pass of `util.parseArgs` finds them).
 *
 * @throws CliError for an unknown command or option, a missing value or wrong paths
 */
export function parseArgs(argv: readonly string[]): CliCommand {
  const lenient = nodeParseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: false, tokens: true });
  const flags = new Set(lenient.tokens.flatMap((token) => (token.kind === 'option' ? [token.name] : [])));
  const named = lenient.positionals.find((arg) => (COMMANDS as readonly string[]).includes(arg)) as CommandName | undefined;
  if (flags.has('help')) return { kind: 'help', ...(named ? { command: named } : {}) };
  if (flags.has('version')) return { kind: 'version' };

  let parsed: ReturnType<typeof nodeParseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; tokens: true }>>;
  try {
    parsed = nodeParseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  } catch (error) {
    throw usageError(describeParseError(error as Error & { code?: string }, argv));
  }
  const [command, ...paths] = parsed.positionals;
  if (command === undefined) throw usageError(`missing command: ${listed(COMMANDS, 'or')}`);
  if (command === 'help') return { kind: 'help' };
  const given = parsed.tokens.flatMap((token) => (token.kind === 'option' ? [token.rawName] : []));
  const line: ParsedLine = { paths, values: parsed.values, given };
  switch (command) {
    case 'diff': return { kind: 'diff', options: diffOptions(line) };
    case 'invoke': return { kind: 'invoke', options: invokeArgs(line) };
    case 'snapshot': return { kind: 'snapshot', options: snapshotOptions(line) };
    default: throw usageError(`unknown command "${command}": the commands are ${listed(COMMANDS, 'and')}`);
  }
}

/** `a, b and c`. */
function listed(names: readonly string[], last: 'and' | 'or'): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1]}`;
}

/**
 * Rejects the options a command does not take.
 *
 * @throws CliError naming the first such option and the command that takes it
 */
export function onlyOptions(line: ParsedLine, command: CommandName, allowed: readonly (keyof typeof OPTIONS)[]): void {
  for (const raw of line.given) {
    const name = raw.replace(/^--?/, '');
    if ((allowed as readonly string[]).includes(name)) continue;
    throw usageError(`${raw} is not an option of ${command}`);
  }
}

/** The last value given to an option (`--timeout 5 --timeout 6` is 6). */
export function lastValue(values: readonly string[] | undefined): string | undefined {
  return values === undefined || values.length === 0 ? undefined : values[values.length - 1];
}

/** util.parseArgs's messages, in this command's words. */
function describeParseError(error: Error & { code?: string }, argv: readonly string[]): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1];
  const name = option?.replace(/^--?/, '') ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take an argument/.test(error.message)) return `${option} takes no value, got: ${argv.find((arg) => arg.startsWith(`${option}=`)) ?? option}`;
      return `${option} needs a value${VALUE_HINTS[name] === undefined ? '' : `: ${VALUE_HINTS[name]}`}`;
    default:
      return error.message.split('\n')[0];
  }
}
