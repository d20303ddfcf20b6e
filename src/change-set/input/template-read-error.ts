/**
 * An input that cannot be used as a template: a file that cannot be read, does not parse,
 * or is not a template. The message is one line naming the file (and the position, for a
 * syntax error); the hint, when there is one, says what to do instead.
 */
export class TemplateReadError extends Error {
  /**
   * @param message what was wrong, naming the file and what was found
   * @param hint a line of advice
   */
  public constructor(message: string, public readonly hint?: string) {
    super(message);
    this.name = 'TemplateReadError';
  }
}
