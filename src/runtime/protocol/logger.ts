/**
 * Structured logs: one JSON object per line, keyed by RequestId.
 *
 * Secrets never reach a log line: every URL loses its query string (the pre-signed
 * signature) and callers never pass Data values, only their keys.
 */

/** Where log lines go (console.log in Lambda, an array in tests). */
export type LogSink = (line: string) => void;

/** Severity of a log line. */
export type LogLevel = 'INFO' | 'ERROR';

const URL_QUERY = /(https?:\/\/[^\s?"'#]+)\?[^\s"'#]*/g;

/** Removes the query string of every URL in a text. */
export function redactUrls(text: string): string {
  return text.replace(URL_QUERY, '$1?[redacted]');
}

/** Writes one JSON line per call, with the fields it is bound to (such as RequestId). */
export interface Logger {
  /** A logger that adds `fields` to every line. */
  child(fields: Record<string, unknown>): Logger;
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A logger writing to `sink`. */
export function createLogger(sink: LogSink, bound: Record<string, unknown> = {}): Logger {
  const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
    try {
      sink(redactUrls(JSON.stringify({ level, ...bound, message, ...fields })));
    } catch {
      // A log line must never break the answer to CloudFormation.
    }
  };
  return {
    child: (fields) => createLogger(sink, { ...bound, ...fields }),
    info: (message, fields) => write('INFO', message, fields),
    error: (message, fields) => write('ERROR', message, fields),
  };
}
