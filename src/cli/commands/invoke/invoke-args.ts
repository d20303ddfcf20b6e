/** The options of `cdk-lifecycle invoke`, built from the parsed command line. */
import { lastValue, onlyOptions, ParsedLine } from '../../args/parse-args';
import { usageError } from '../../args/usage-error';

/** What `--request` asks for. */
export type RequestChoice = 'create' | 'update' | 'delete' | 'lifecycle';

/** The `--request` values. */
export const REQUEST_CHOICES: readonly RequestChoice[] = ['create', 'update', 'delete', 'lifecycle'];

/** The options of `cdk-lifecycle invoke`. */
export interface InvokeArgs {
  /** One cloud assembly; or two, `<before> <after>`, to play their change set. */
  readonly assemblies: readonly string[];
  readonly stack?: string;
  readonly resource?: string;
  /** One assembly only; `lifecycle` by default. */
  readonly request: RequestChoice;
  /** `--properties` as given: a JSON file, or JSON starting with `{`. */
  readonly properties?: string;
  readonly physicalId?: string;
  /** The longest wait for one answer, in seconds. */
  readonly timeoutSeconds?: number;
  /** `--env NAME=value`, for every function. */
  readonly env: Readonly<Record<string, string>>;
  /** `--placeholder [Stack:]LogicalId[.Attribute]=value`: the values of `Ref` and `Fn::GetAtt`. */
  readonly placeholders: Readonly<Record<string, string>>;
  readonly json: boolean;
  /** False with `--no-color`. */
  readonly color: boolean;
  /** A fresh container for every invocation. */
  readonly cold: boolean;
  /** The providers' waits play on a simulated clock that jumps over them. */
  readonly fastClock: boolean;
}

/**
 * The invoke options of a parsed command line.
 *
 * @throws CliError for options of another command or that do not go together, and bad values
 */
export function invokeArgs(line: ParsedLine): InvokeArgs {
  onlyOptions(line, 'invoke', ['json', 'no-color', 'stack', 'resource', 'request', 'properties', 'physical-id', 'timeout', 'env', 'placeholder', 'cold', 'fast-clock']);
  const { paths, values } = line;
  if (paths.length < 1 || paths.length > 2) {
    throw usageError(`invoke needs one cloud assembly (or two, <before> <after>, to play their change set), got ${paths.length}${paths.length > 0 ? `: ${paths.join(' ')}` : ''}`);
  }
  const request = lastValue(values.request);
  const properties = lastValue(values.properties);
  const physicalId = lastValue(values['physical-id']);
  if (paths.length === 2) {
    const single = [request !== undefined && '--request', properties !== undefined && '--properties', physicalId !== undefined && '--physical-id'].find(Boolean);
    if (single) throw usageError(`${single} is for one assembly: with two, invoke plays the requests of the change set between them`);
  }
  const choice = requestOf(request);
  if ((choice === 'update' || choice === 'delete') && physicalId === undefined) {
    throw usageError(`--request ${choice} needs --physical-id: the id of the deployed resource (or play --request lifecycle, which creates one first)`);
  }
  if (choice === 'update' && properties === undefined) throw usageError('--request update needs --properties: the new properties CloudFormation would send');
  if ((choice === 'create' || choice === 'lifecycle') && physicalId !== undefined) throw usageError(`--physical-id is for --request update and delete, not ${choice}`);
  const timeout = lastValue(values.timeout);
  return {
    assemblies: paths,
    ...(lastValue(values.stack) === undefined ? {} : { stack: lastValue(values.stack) }),
    ...(lastValue(values.resource) === undefined ? {} : { resource: lastValue(values.resource) }),
    request: choice,
    ...(properties === undefined ? {} : { properties }),
    ...(physicalId === undefined ? {} : { physicalId }),
    ...(timeout === undefined ? {} : { timeoutSeconds: secondsOf(timeout) }),
    env: environmentOf(values.env ?? []),
    placeholders: placeholdersOf(values.placeholder ?? []),
    json: values.json === true,
    color: values['no-color'] !== true,
    cold: values.cold === true,
    fastClock: values['fast-clock'] === true,
  };
}

function requestOf(given: string | undefined): RequestChoice {
  const value = given ?? 'lifecycle';
  if (!(REQUEST_CHOICES as readonly string[]).includes(value)) throw usageError(`--request must be one of ${REQUEST_CHOICES.join(', ')}, got: "${value}"`);
  return value as RequestChoice;
}

function secondsOf(given: string): number {
  const seconds = Number(given);
  if (given.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) {
    throw usageError(`--timeout must be a number of seconds greater than 0 and at most 3600, got: "${given}"`);
  }
  return seconds;
}

function placeholdersOf(pairs: readonly string[]): Record<string, string> {
  const placeholders: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^((?:[^:=]+:)?[A-Za-z0-9]+(?:\.[^=]+)?)=(.*)$/s.exec(pair);
    if (match === null) {
      throw usageError(`--placeholder must be LogicalId=value (a Ref) or LogicalId.Attribute=value (a Fn::GetAtt), optionally after Stack:, got: "${pair}"`);
    }
    placeholders[match[1]] = match[2];
  }
  return placeholders;
}

function environmentOf(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (match === null) throw usageError(`--env must be NAME=value, got: "${pair}"`);
    env[match[1]] = match[2];
  }
  return env;
}
