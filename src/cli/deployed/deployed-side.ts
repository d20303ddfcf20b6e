/**
 * `diff --deployed`: the app's stacks read from CloudFormation and written as a snapshot to a
 * temporary folder, which is read back as the deployed side of the comparison exactly as
 * `diff <snapshot> <cdk.out>` reads a snapshot, then removed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readForCommand } from './read-for-command';
import { stacksToRead } from './stacks-to-read';
import { writeSnapshotInto } from './write-snapshot';
import { CliIo } from '../cli-io';
import { Warnings } from '../input/read-template';
import { AssemblySide, readSide, Side } from '../input/stack-pairs';

/** What the deployed side is shown as in messages. */
export const DEPLOYED_SHOWN = 'CloudFormation';

/**
 * The deployed side of the app's stacks (those `--stack` names, when given).
 *
 * @throws CliError for a template file or a `--stack` that names no stack of the app, and as `readDeployed` does
 */
export async function readDeployedSide(
  app: Side, filter: readonly string[], profile: string | undefined, io: CliIo, warnings: Warnings,
): Promise<AssemblySide> {
  const read = await readForCommand(stacksToRead(app, filter, '--deployed'), profile, io, warnings);
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-deployed-'));
  try {
    writeSnapshotInto(read, directory, warnings);
    const side = readSide(directory, io.cwd, warnings) as AssemblySide;
    // The folder is gone once the comparison starts: nothing may point into it.
    const stacks = side.stacks.map(({ templateFile: _gone, ...stack }) => ({ ...stack, shown: DEPLOYED_SHOWN }));
    return { ...side, shown: DEPLOYED_SHOWN, stacks };
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
