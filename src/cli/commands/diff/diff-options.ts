/** The options of `cdk-lifecycle diff`, built from the parsed command line. */
import { GroupKey, parseGroupBy } from '../../../review/aggregate';
import { FailOn } from '../../../review/review-rules';
import { lastValue, onlyOptions, ParsedLine } from '../../args/parse-args';
import { usageError } from '../../args/usage-error';


export type { FailOn };

/** The `--fail-on` values, strictest first. */
export const FAIL_ON_VALUES: readonly FailOn[] = ['replacement', 'data-loss', 'security', 'failure', 'none'];

/** Where the review outputs go (files), when asked for. */
export interface ReviewOutputs {
  readonly html?: string;
  readonly markdown?: string;
  readonly sarif?: string;
  readonly junit?: string;
}

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
  /** `--security-only`: the text report shows the security changes alone. */
  readonly securityOnly: boolean;
  readonly failOn: FailOn;
  /** `--parameters-before` values as given (`Key=Value,...`, `Stack:Key=Value`, `@file.json`). */
  readonly parametersBefore: readonly string[];
  /** `--parameters-after` values as given. */
  readonly parametersAfter: readonly string[];
  /** `--stack` values: stack names, artifact ids or display names. */
  readonly stacks: readonly string[];
  /** False with `--no-color`. */
  readonly color: boolean;
  /** `--rules`: the review rules file. */
  readonly rules?: string;
  /** `--group-by`: the aggregation of the text report and the HTML tree. */
  readonly groupBy?: readonly GroupKey[];
  readonly outputs: ReviewOutputs;
  /** `--refactor-plan`: where to write the refactor plan. */
  readonly refactorPlan?: string;
  /** `--refactor-mappings`: the user's mappings (cdk refactor's override file format). */
  readonly refactorMappings?: string;
  /**
   * `--deployed <cdk.out>`: the deployed side is read from CloudFormation, for the stacks of
   * the assembly (then `before` and `after` are both that assembly).
   */
  readonly deployed?: DeployedSource;
}

/** Where `--deployed` reads the stacks from: the credentials to use. */
export interface DeployedSource {
  /** `--profile`: a profile of the shared AWS config files. */
  readonly profile?: string;
}

/**
 * The diff options of a parsed command line.
 *
 * @throws CliError for options of another command, a wrong number of paths or an unknown `--fail-on`
 */
export function diffOptions(line: ParsedLine): DiffOptions {
  onlyOptions(line, 'diff', [
    'json', 'property-values', 'security-only', 'no-color', 'fail-on', 'stack', 'parameters-before', 'parameters-after', 'refactor-plan', 'refactor-mappings',
    'rules', 'group-by', 'html', 'markdown', 'sarif', 'junit', 'deployed', 'profile',
  ]);
  const { paths, values } = line;
  const deployed = lastValue(values.deployed);
  const profile = lastValue(values.profile);
  if (deployed !== undefined && paths.length > 0) {
    throw usageError(`--deployed compares the assembly it names with what is deployed: give no other path, got ${paths.join(' ')}`);
  }
  if (deployed === undefined && profile !== undefined) {
    throw usageError('--profile is for --deployed: it names the credentials to read the deployed stacks with');
  }
  if (deployed === undefined && paths.length !== 2) {
    throw usageError(`diff needs two paths, <before> and <after>, got ${paths.length}${paths.length > 0 ? `: ${paths.join(' ')}` : ''}`);
  }
  if (values['security-only'] === true && (values.json === true || values['property-values'] === true)) {
    throw usageError('--security-only is for the text report: --json and --property-values print every change (their security changes are in each stack\'s SecurityChanges)');
  }
  return {
    before: deployed ?? paths[0],
    after: deployed ?? paths[1],
    ...(deployed === undefined ? {} : { deployed: optional('profile', profile) }),
    json: values.json === true || values['property-values'] === true,
    propertyValues: values['property-values'] === true,
    securityOnly: values['security-only'] === true,
    failOn: failOnOf(lastValue(values['fail-on'])),
    parametersBefore: values['parameters-before'] ?? [],
    parametersAfter: values['parameters-after'] ?? [],
    stacks: values.stack ?? [],
    color: values['no-color'] !== true,
    ...optional('rules', lastValue(values.rules)),
    ...groupByOf(values['group-by']),
    outputs: {
      ...optional('html', lastValue(values.html)),
      ...optional('markdown', lastValue(values.markdown)),
      ...optional('sarif', lastValue(values.sarif)),
      ...optional('junit', lastValue(values.junit)),
    },
    ...optional('refactorPlan', lastValue(values['refactor-plan'])),
    ...optional('refactorMappings', lastValue(values['refactor-mappings'])),
  };
}

function optional<K extends string>(key: K, value: string | undefined): { [key in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [key in K]?: string };
}

function groupByOf(given: readonly string[] | undefined): { groupBy?: GroupKey[] } {
  if (given === undefined) return {};
  const { keys, problem } = parseGroupBy(given);
  if (problem !== undefined) throw usageError(problem);
  return { groupBy: keys };
}

/** The `--fail-on` given, checked; `failure` when none is. */
function failOnOf(given: string | undefined): FailOn {
  const value = given ?? 'failure';
  if (!(FAIL_ON_VALUES as readonly string[]).includes(value)) {
    throw usageError(`--fail-on must be one of ${FAIL_ON_VALUES.join(', ')}, got: "${value}"`);
  }
  return value as FailOn;
}
