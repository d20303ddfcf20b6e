/**
 * A problem with what the user asked the runner to play, found before anything runs: an
 * unknown stack, a resource that is not there or not a custom resource, a provider whose code
 * is not in the assembly or does not run on Node.js, properties that are not JSON. The CLI
 * prints its message on one line (and the hint on the next) and exits 2.
 */
export class LocalSetupError extends Error {
  /**
   * @param message what is wrong, naming the stack, resource, function or file
   * @param hint what to do instead
   */
  public constructor(message: string, public readonly hint?: string) {
    super(message);
    this.name = 'LocalSetupError';
  }
}
