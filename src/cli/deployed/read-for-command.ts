/**
 * `readDeployed` as the commands run it: a progress line on standard error (a terminal only)
 * when there are more than a few stacks, and the notes printed once the read is over.
 */
import { readDeployed } from './read-deployed';
import { SnapshotRead } from './snapshot-read';
import { plainMessage } from '../../review/plain-text';
import { CliIo } from '../cli-io';
import { AssemblyStack } from '../input/read-assembly';
import { Warnings } from '../input/read-template';
import { ProgressLine } from '../render/progress-line';

/** More stacks than this, and the read shows its progress. */
export const PROGRESS_ABOVE = 3;

/**
 * Reads the stacks with the command's credentials.
 *
 * @throws CliError as `readDeployed` does
 */
export async function readForCommand(
  stacks: readonly AssemblyStack[], profile: string | undefined, io: CliIo, warnings: Warnings,
): Promise<SnapshotRead> {
  const progress = new ProgressLine(io.stderr, io.stderrIsTTY === true && stacks.length > PROGRESS_ABOVE);
  const notes: string[] = [];
  progress.update(`reading ${stacks.length} stacks from CloudFormation...`);
  try {
    return await readDeployed(stacks, {
      ...(profile === undefined ? {} : { profile }),
      env: io.env,
      notes,
      warnings,
      progress: (done, total) => progress.update(`reading stacks from CloudFormation: ${done}/${total}`),
    });
  } finally {
    progress.clear();
    for (const note of notes) io.stderr(plainMessage(`cdk-lifecycle: note: ${note}\n`));
  }
}
