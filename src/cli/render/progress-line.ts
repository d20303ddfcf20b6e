/**
 * A status line on a terminal's standard error, rewritten in place while the command waits,
 * and erased before anything else is printed. Off the terminal it prints nothing.
 */
export class ProgressLine {
  private shown = false;

  /**
   * @param write writes to standard error
   * @param enabled whether standard error is a terminal
   */
  public constructor(private readonly write: (text: string) => void, private readonly enabled: boolean) {}

  /** Replaces the line with `text`. */
  public update(text: string): void {
    if (!this.enabled) return;
    this.write(`\r\u001b[2K${text}`);
    this.shown = true;
  }

  /** Erases the line. */
  public clear(): void {
    if (!this.shown) return;
    this.write('\r\u001b[2K');
    this.shown = false;
  }
}
