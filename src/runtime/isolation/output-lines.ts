/**
 * Splits a stream of text into lines, each clipped to a bound: a handler printing megabytes
 * without a newline costs the runtime a bounded buffer, not its memory.
 */

/** Longest line forwarded, in UTF-16 units. */
export const MAX_OUTPUT_LINE = 16_384;

/** Collects chunks and emits complete lines; `end` emits what is left. */
export interface LineSplitter {
  push(chunk: string): void;
  end(): void;
}

/** A splitter emitting each line (without its `\n` or `\r\n`), clipped to `maxLine` units. */
export function lineSplitter(emit: (line: string) => void, maxLine: number = MAX_OUTPUT_LINE): LineSplitter {
  let partial = '';
  let clipped = false;
  const append = (text: string) => {
    if (clipped) return;
    const room = maxLine - partial.length;
    clipped = text.length > room;
    partial += clipped ? text.slice(0, room) : text;
  };
  const flush = () => {
    const line = partial.endsWith('\r') ? partial.slice(0, -1) : partial;
    emit(clipped ? `${line} [line clipped]` : line);
    partial = '';
    clipped = false;
  };
  return {
    push: (chunk) => {
      let start = 0;
      for (let newline = chunk.indexOf('\n'); newline >= 0; newline = chunk.indexOf('\n', start)) {
        append(chunk.slice(start, newline));
        flush();
        start = newline + 1;
      }
      append(chunk.slice(start));
    },
    end: () => {
      if (partial !== '' || clipped) flush();
    },
  };
}
