/**
 * The one repair CloudFormation's YAML reader makes unnecessary: a single- or double-quoted
 * scalar whose continuation lines are not indented beyond its key.
 *
 * ```yaml
 *     Description: 'Name of an existing
 *     key pair'
 * ```
 *
 * YAML 1.2 (and the `yaml` library) requires the second line to be indented further than
 * `Description`; CloudFormation reads it. A quoted scalar folds its line breaks and drops the
 * leading white space of each continuation line, so indenting those lines further changes
 * nothing in the value: that is all this does.
 */

type Quote = '\'' | '"';

/**
 * The text with the continuation lines of the quoted scalar left open on `line` (1-based)
 * indented beyond that line; undefined when that line opens no quoted scalar, or the scalar
 * never closes (then the text really is invalid).
 */
export function indentContinuationLines(text: string, line: number): string | undefined {
  const lines = text.split('\n');
  const first = lines[line - 1];
  if (first === undefined) return undefined;
  const quote = quoteLeftOpen(first);
  if (quote === undefined) return undefined;
  const indent = ' '.repeat(indentationOf(first) + 2);
  for (let index = line; index < lines.length; index++) {
    const content = lines[index];
    if (content.trim() !== '' && indentationOf(content) < indent.length) lines[index] = indent + content.trimStart();
    if (closesQuote(content, quote)) return lines.join('\n');
  }
  return undefined;
}

/** The quote of a quoted scalar that starts on this line and is still open at its end. */
export function quoteLeftOpen(line: string): Quote | undefined {
  let open: Quote | undefined;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (open === undefined) {
      if (char === '#' && (index === 0 || /\s/.test(line[index - 1]))) return undefined;
      if ((char === '\'' || char === '"') && startsToken(line, index)) open = char;
    } else if (open === '"' && char === '\\') {
      index++;
    } else if (char === open) {
      if (open === '\'' && line[index + 1] === '\'') index++;
      else open = undefined;
    }
  }
  return open;
}

/** Whether a quote at `index` starts a scalar: at the start of the line or after `:`, `-`, `[`, `{`, `,` or `?` and white space. */
function startsToken(line: string, index: number): boolean {
  const before = line.slice(0, index).trimEnd();
  return before === '' || /[:\-[{,?]$/.test(before);
}

/** Whether a continuation line of a scalar quoted with `quote` closes it. */
function closesQuote(line: string, quote: Quote): boolean {
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quote === '"' && char === '\\') {
      index++;
    } else if (char === quote) {
      if (quote === '\'' && line[index + 1] === '\'') index++;
      else return true;
    }
  }
  return false;
}

function indentationOf(line: string): number {
  return line.length - line.trimStart().length;
}
