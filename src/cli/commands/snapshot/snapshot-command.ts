/**
 * `cdk-lifecycle snapshot <cdk.out> --out <dir>`: reads the app's stacks from CloudFormation
 * and writes them as a snapshot folder, which `diff` reads offline like any cloud assembly.
 */
import * as path from 'node:path';
import { SnapshotOptions } from './snapshot-options';
import { plainMessage } from '../../../review/plain-text';
import { CliError } from '../../cli-error';
import { CliIo } from '../../cli-io';
import { stacksToRead } from '../../deployed/stacks-to-read';
import { checkSnapshotTarget, writeSnapshot } from '../../deployed/write-snapshot';
import { statusKind } from '../../input/deployed-state';
import { readSide } from '../../input/stack-pairs';

/**
 * Runs the snapshot and returns the exit code (0; errors are thrown).
 *
 * @throws CliError for inputs that cannot be read, an `--out` that cannot take a snapshot, and AWS errors (nothing is written then)
 */
export async function runSnapshot(options: SnapshotOptions, io: CliIo): Promise<number> {
  const warnings: string[] = [];
  const app = readSide(options.assembly, io.cwd, warnings);
  const stacks = stacksToRead(app, options.stacks, 'snapshot');
  const out = path.resolve(io.cwd, options.out);
  if (app.kind === 'assembly' && stacks.some((stack) => path.resolve(stack.directory) === out || out === path.resolve(io.cwd, options.assembly))) {
    throw new CliError(`--out ${options.out} is the cloud assembly being read: the snapshot goes to a folder of its own`);
  }
  checkSnapshotTarget(out, options.out);
  // The AWS SDK is loaded here, and only by the commands that read from AWS.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readForCommand } = require('../../deployed/read-for-command') as typeof import('../../deployed/read-for-command');
  const read = await readForCommand(stacks, options.profile, io, warnings);
  writeSnapshot(read, out, options.out, warnings);
  for (const warning of warnings) io.stderr(plainMessage(`cdk-lifecycle: warning: ${warning}\n`));

  const fresh = read.stacks.filter((stack) => statusKind(stack.deployed.status) === 'new').length;
  const unsettled = read.stacks.filter((stack) => statusKind(stack.deployed.status) === 'unsettled').length;
  const inApp = new Set(read.stacks.map((stack) => stack.stackName));
  const outside = read.exports.filter((entry) => entry.importers.some((importer) => !inApp.has(importer))).length;
  const counts = [
    `${read.stacks.length - fresh} deployed`,
    ...(fresh > 0 ? [`${fresh} new (nothing to update)`] : []),
    ...(unsettled > 0 ? [`${unsettled} not settled`] : []),
  ];
  io.stdout(`Snapshot of ${plural(read.stacks.length, 'stack')} written to ${options.out} (taken ${read.takenAt}): ${counts.join(', ')}; ${plural(read.exports.length, 'export')}, ${outside} imported outside the app\n`);
  return 0;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
