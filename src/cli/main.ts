#!/usr/bin/env node
/**
 * The `cdk-lifecycle` command. `main` takes the arguments and injected I/O and returns the
 * exit code, so tests run it in-process; run as a program, it wires the real process.
 */
import { CliError, USAGE_ERROR_EXIT_CODE } from './cli-error';
import { CliIo, processIo } from './cli-io';
import { runDiff } from './diff-command';
import { parseArgs } from './parse-args';
import { USAGE } from './usage';
import { packageVersion } from './version';

/**
 * Runs the command line.
 *
 * @param argv the arguments after the program name
 * @returns 0, 1 when the `--fail-on` level is reached, 2 for a usage or input error
 */
export function main(argv: readonly string[], io: CliIo): number {
  try {
    const command = parseArgs(argv);
    switch (command.kind) {
      case 'help':
        io.stdout(USAGE);
        return 0;
      case 'version':
        io.stdout(`${packageVersion()}\n`);
        return 0;
      case 'diff':
        return runDiff(command.options, io);
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
  process.exitCode = main(process.argv.slice(2), processIo());
}
