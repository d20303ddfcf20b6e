/** The options of `cdk-lifecycle diff`, built from the parsed command line. */
import { lastValue, onlyOptions, ParsedLine } from '../../args/parse-args';
import { usageError } from '../../args/usage-error';

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
  /** Describe the change set as `DescribeChangeSet --include-property-values` does (JSON). */
  readonly propertyValues: boolean;
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

/**
 * The diff options of a parsed command line.
 *
 * @throws CliError for options of another command, a wrong number of paths or an unknown `--fail-on`
 */
export function diffOptions(line: ParsedLine): DiffOptions {
  onlyOptions(line, 'diff', ['json', 'property-values', 'no-color', 'fail-on', 'stack', 'parameters-before', 'parameters-after']);
  const { paths, values } = line;
  if (paths.length !== 2) {
    throw usageError(`diff needs two paths, <before> and <after>, got ${paths.length}${paths.length > 0 ? `: ${paths.join(' ')}` : ''}`);
  }
  return {
    before: paths[0],
    after: paths[1],
    json: values.json === true || values['property-values'] === true,
    propertyValues: values['property-values'] === true,
    failOn: failOnOf(lastValue(values['fail-on'])),
    parametersBefore: values['parameters-before'] ?? [],
    parametersAfter: values['parameters-after'] ?? [],
    stacks: values.stack ?? [],
    color: values['no-color'] !== true,
  };
}

/** The `--fail-on` given, checked; `failure` when none is. */
function failOnOf(given: string | undefined): FailOn {
  const value = given ?? 'failure';
  if (!(FAIL_ON_VALUES as readonly string[]).includes(value)) {
    throw usageError(`--fail-on must be one of ${FAIL_ON_VALUES.join(', ')}, got: "${value}"`);
  }
  return value as FailOn;
}
