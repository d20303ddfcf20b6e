/**
 * Everything the command reads from or writes to its process, injected so tests run `main`
 * in-process and see exactly what a terminal would.
 */
export interface CliIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** Whether standard output is a terminal (colours are used only then). */
  readonly isTTY: boolean;
  /** Whether standard error is a terminal (progress lines are shown only then). */
  readonly stderrIsTTY?: boolean;
  /** Environment variables (`NO_COLOR`). */
  readonly env: { readonly [name: string]: string | undefined };
  /** The folder relative paths are resolved against. */
  readonly cwd: string;
}

/** The real process's streams, environment and working folder. */
export function processIo(): CliIo {
  // `cdk-lifecycle diff ... | head` closes the pipe early: that is not an error worth a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  return {
    stdout: (text) => { process.stdout.write(text); },
    stderr: (text) => { process.stderr.write(text); },
    isTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    env: process.env,
    cwd: process.cwd(),
  };
}
