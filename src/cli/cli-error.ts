/**
 * An error the user can fix: a wrong argument, a missing or unreadable file, something that
 * is not a template or not a cloud assembly. `main` prints its message to stderr and exits
 * with `USAGE_ERROR_EXIT_CODE`; any other error is a bug and says so.
 */
export class CliError extends Error {
  /**
   * @param message what was wrong, naming the file, flag or stack and what was found
   * @param hint a line of advice printed after the message
   */
  public constructor(message: string, public readonly hint?: string) {
    super(message);
    this.name = 'CliError';
  }
}

/** Exit code of a usage or input error: no prediction was made. */
export const USAGE_ERROR_EXIT_CODE = 2;

/** Exit code when `diff`'s `--fail-on` policy trips, or an `invoke` step fails or breaks the protocol. */
export const POLICY_EXIT_CODE = 1;
