/**
 * Structured logs: one JSON object per line, keyed by RequestId.
 *
 * Secrets never reach a log line: every URL loses its query string (the pre-signed
 * signature) and callers never pass Data values, only their keys.
 */

/** Where log lines go (console.log in Lambda, an array in tests). */
export type LogSink = (line: string) => void;

/** Severity of a log line. */
export type LogLevel = 'INFO' | 'WARN' | 'ERROR';

const URL_QUERY = /(https?:\/\/[^\s?"'#]+)\?[^\s"'#]*/g;

/** Removes the query string of every URL in a text. */
export function redactUrls(text: string): string {
  return text.replace(URL_QUERY, '$1?[redacted]');
}

/** A logger bound to fixed fields (such as RequestId). */
export class Logger {
  constructor(private readonly sink: LogSink, private readonly fields: Record<string, unknown> = {}) {}

  /** A logger that adds `fields` to every line. */
  public child(fields: Record<string, unknown>): Logger {
    return new Logger(this.sink, { ...this.fields, ...fields });
  }

  public info(message: string, fields: Record<string, unknown> = {}): void {
    this.write('INFO', message, fields);
  }

  public warn(message: string, fields: Record<string, unknown> = {}): void {
    this.write('WARN', message, fields);
  }

  public error(message: string, fields: Record<string, unknown> = {}): void {
    this.write('ERROR', message, fields);
  }

  private write(level: LogLevel, message: string, fields: Record<string, unknown>): void {
    try {
      const line = JSON.stringify({ level, ...this.fields, message, ...fields });
      this.sink(redactUrls(line));
    } catch {
      // A log line must never break the answer to CloudFormation.
    }
  }
}
