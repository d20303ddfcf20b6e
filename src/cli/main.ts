#!/usr/bin/env node
/**
 * The `cdk-lifecycle` command. `main` takes the arguments and injected I/O and resolves to
 * the exit code, so tests run it in-process; run as a program, it wires the real process.
 */
import { CommandName, parseArgs } from './args/parse-args';
import { DIFF_USAGE, INVOKE_USAGE, SNAPSHOT_USAGE, USAGE } from './args/usage';
import { CliError, USAGE_ERROR_EXIT_CODE } from './cli-error';
import { CliIo, processIo } from './cli-io';
import { packageVersion } from '../review/package-version';
import { plainMessage } from '../review/plain-text';

/** Each command's `--help`. */
const COMMAND_USAGE: Record<CommandName, string> = { diff: DIFF_USAGE, invoke: INVOKE_USAGE, snapshot: SNAPSHOT_USAGE };

/**
 * Runs the command line.
 *
 * @param argv the arguments after the program name
 * @returns 0; 1 when `diff`'s `--fail-on` level is reached or an `invoke` step fails or
 *   breaks the protocol; 2 for a usage or input error (and, for the commands that read from
 *   AWS, an error reading it)
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseArgs(argv);
    switch (command.kind) {
      case 'help':
        io.stdout(command.command === undefined ? USAGE : COMMAND_USAGE[command.command]);
        return 0;
      case 'version':
        io.stdout(`${packageVersion()}\n`);
        return 0;
      // Each command's modules are loaded when it runs, not at start: `diff` in CI does not
      // pay for the local runner, nor `invoke` for the change-set engine (bench/diff-process.bench.ts).
      case 'diff':
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return await (require('./commands/diff/diff-command') as typeof import('./commands/diff/diff-command')).runDiff(command.options, io);
      case 'invoke':
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return await (require('./commands/invoke/invoke-command') as typeof import('./commands/invoke/invoke-command')).runInvoke(command.options, io);
      case 'snapshot':
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        return await (require('./commands/snapshot/snapshot-command') as typeof import('./commands/snapshot/snapshot-command')).runSnapshot(command.options, io);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(plainMessage(`cdk-lifecycle: ${error.message}\n${error.hint === undefined ? '' : `  ${error.hint}\n`}`));
    } else {
      io.stderr(plainMessage(`cdk-lifecycle: unexpected error, please report it with the command line you ran:\n${(error as Error)?.stack ?? String(error)}\n`));
    }
    return USAGE_ERROR_EXIT_CODE;
  }
}

if (require.main === module) {
  // exitCode, not process.exit(): a long report piped to another program is flushed first.
  void main(process.argv.slice(2), processIo()).then((code) => { process.exitCode = code; });
}
