/**
 * The two sides of `diff`: two paths, or, with `--deployed`, the assembly and its stacks as
 * CloudFormation has them. Only `--deployed` loads the AWS SDK (a `require` when it runs), so a diff of two
 * folders starts without it.
 */
import { Warnings } from './read-template';
import { readSide, Side } from './stack-pairs';
import { CliIo } from '../cli-io';

/** What the sides are read from. */
export interface SidesToRead {
  readonly before: string;
  readonly after: string;
  /** `--stack`: with `--deployed`, only these stacks are read from CloudFormation. */
  readonly stacks: readonly string[];
  /** `--deployed`, with its `--profile`. */
  readonly deployed?: { readonly profile?: string };
}

/** Both sides. @throws CliError for a side that cannot be read */
export async function readSides(options: SidesToRead, io: CliIo, warnings: Warnings): Promise<{ readonly before: Side; readonly after: Side }> {
  if (options.deployed === undefined) {
    return { before: readSide(options.before, io.cwd, warnings), after: readSide(options.after, io.cwd, warnings) };
  }
  const after = readSide(options.after, io.cwd, warnings);
  // Loaded here, not at the top: it loads the AWS SDK, which a diff of two folders does not need.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readDeployedSide } = require('../deployed/deployed-side') as typeof import('../deployed/deployed-side');
  return { before: await readDeployedSide(after, options.stacks, options.deployed.profile, io, warnings), after };
}
