/**
 * How a `ReplacementGuard` reports what it finds.
 */
export enum Severity {
  /** An acknowledgeable warning (`cdk synth --strict` turns it into a failure). */
  WARNING = 'warning',
  /**
   * An error: synthesis fails, unless the finding is acknowledged with
   * `Annotations.of(scope).acknowledgeWarning(id, reason)` like a warning.
   */
  ERROR = 'error',
}
