import { CliError } from '../cli-error';

/** A mistake on the command line, with the pointer to `--help`. */
export function usageError(message: string): CliError {
  return new CliError(message, 'run `cdk-lifecycle --help` for usage');
}
