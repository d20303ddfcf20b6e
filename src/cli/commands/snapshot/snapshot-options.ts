/** The options of `cdk-lifecycle snapshot`, built from the parsed command line. */
import { lastValue, onlyOptions, ParsedLine } from '../../args/parse-args';
import { usageError } from '../../args/usage-error';

/** The options of `cdk-lifecycle snapshot`. */
export interface SnapshotOptions {
  /** The cloud assembly (cdk.out) whose stacks are read. */
  readonly assembly: string;
  /** `--out`: the folder the snapshot is written to. */
  readonly out: string;
  /** `--stack` values: only these stacks (stack names, artifact ids or construct paths). */
  readonly stacks: readonly string[];
  /** `--profile`: a profile of the shared AWS config files. */
  readonly profile?: string;
}

/**
 * The snapshot options of a parsed command line.
 *
 * @throws CliError for options of another command, a wrong number of paths or no `--out`
 */
export function snapshotOptions(line: ParsedLine): SnapshotOptions {
  onlyOptions(line, 'snapshot', ['out', 'stack', 'profile']);
  const { paths, values } = line;
  if (paths.length !== 1) {
    throw usageError(`snapshot needs one cloud assembly (cdk.out), got ${paths.length}${paths.length > 0 ? `: ${paths.join(' ')}` : ''}`);
  }
  const out = lastValue(values.out);
  if (out === undefined) throw usageError('snapshot needs --out <dir>: the folder to write the snapshot to');
  const profile = lastValue(values.profile);
  return { assembly: paths[0], out, stacks: values.stack ?? [], ...(profile === undefined ? {} : { profile }) };
}
