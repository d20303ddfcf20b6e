#!/usr/bin/env node
/**
 * The `cdk-lifecycle` command. `main` takes the arguments and injected I/O and resolves to
 * the exit code, so tests run it in-process; run as a program, it wires the real process.
 */
import { parseArgs } from './args/parse-args';
import { DIFF_USAGE, INVOKE_USAGE, USAGE } from './args/usage';
import { CliError, USAGE_ERROR_EXIT_CODE } from './cli-error';
import { CliIo, processIo } from './cli-io';
import { packageVersion } from '../review/package-version';
import { runDiff } from './commands/diff/diff-command';
import { runInvoke } from './commands/invoke/invoke-command';

/**
 * Runs the command line.
 *
 * @param argv the arguments after the program name
 * @returns 0; 1 when `diff`'s `--fail-on` level is reached or an `invoke` step fails or
 *   breaks the protocol; 2 for a usage or input error
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const command = parseArgs(argv);
    switch (command.kind) {
      case 'help':
        io.stdout(command.command === 'diff' ? DIFF_USAGE : command.command === 'invoke' ? INVOKE_USAGE : USAGE);
        return 0;
      case 'version':
        io.stdout(`${packageVersion()}\n`);
        return 0;
      case 'diff':
        return runDiff(command.options, io);
      case 'invoke':
        return await runInvoke(command.options, io);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`cdk-lifecycle: ${error.message}\n${error.hint === undefined ? '' : `  ${error.hint}\n`}`);
    } else {
      io.stderr(`cdk-lifecycle: unexpected error, please report it with the command line you ran:\n${(error as Error)?.stack ?? String(error)}\n`);
    }
    return USAGE_ERROR_EXIT_CODE;
  }
}

if (require.main === module) {
  // exitCode, not process.exit(): a long report piped to another program is flushed first.
  void main(process.argv.slice(2), processIo()).then((code) => { process.exitCode = code; });
}
