/**
 * The nesting of a parsed document, checked before anything compares it: a value nested
 * deeper than `MAX_NESTING` objects and arrays, or one that contains itself (a YAML alias to a
 * node around it), is refused with the path where it happens. Past the limit the engine could
 * not compare the values completely, and two templates that differ only down there would
 * read as equal.
 */
import { MAX_NESTING } from './read-limits';
import { TemplateReadError } from './template-read-error';

/**
 * Checks the value's nesting.
 *
 * @param shown the file as the user should see it in messages
 * @param text the JSON text it was parsed from, for the line of a refusal
 * @throws TemplateReadError naming the file, the path (and line) where the limit is passed or the value contains itself
 */
export function checkNesting(value: unknown, shown: string, text?: string): void {
  // Parsed JSON shares no objects and cannot contain itself: one pass over its text (a few
  // milliseconds for a megabyte) tells whether anything is too deep; the walk that names
  // the path runs only then.
  if (text !== undefined && lineOfLevel(text, MAX_NESTING + 1) === undefined) return;
  new NestingCheck(shown, text).check(value, 1);
}

class NestingCheck {
  /** The keys from the root to the value being checked. */
  private readonly path: string[] = [];
  private readonly ancestors = new Set<object>();
  /** The height of each object checked already (a YAML alias shares one object between places). */
  private readonly heights = new Map<object, number>();

  public constructor(private readonly shown: string, private readonly text: string | undefined) {}

  /** The value's height (levels of objects and arrays in it); `level` is its own level (the root's is 1). */
  public check(value: unknown, level: number): number {
    if (typeof value !== 'object' || value === null) return 0;
    const known = this.heights.get(value);
    if (known !== undefined && level + known - 1 <= MAX_NESTING) return known;
    if (this.ancestors.has(value)) {
      throw new TemplateReadError(`${this.shown} has a value that contains itself (at ${this.where()}): a YAML alias to a node around it`);
    }
    if (level > MAX_NESTING) {
      const line = this.text === undefined ? undefined : lineOfLevel(this.text, MAX_NESTING + 1);
      throw new TemplateReadError(
        `${this.shown} nests values more than ${MAX_NESTING} levels deep (at ${this.where()}${line === undefined ? '' : `, line ${line}`})`,
        `cdk-lifecycle compares values up to ${MAX_NESTING} levels of objects and arrays deep`,
      );
    }
    this.ancestors.add(value);
    let height = 0;
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      this.path.push(String(key));
      height = Math.max(height, this.check(item, level + 1));
      this.path.pop();
    }
    this.ancestors.delete(value);
    this.heights.set(value, height + 1);
    return height + 1;
  }

  /** The path, its start and end when long: `Resources.T.Properties.Tags.a.a.a ... a.a`. */
  private where(): string {
    const shown = this.path.length > 12 ? [...this.path.slice(0, 8), '...', ...this.path.slice(-2)] : this.path;
    return shown.length === 0 ? 'the top' : shown.map((key) => (/^[\w:.-]*$/.test(key) ? key : JSON.stringify(key))).join('.');
  }
}

const [NEWLINE, BACKSLASH, QUOTE, OPEN_BRACE, OPEN_BRACKET, CLOSE_BRACE, CLOSE_BRACKET] = [...'\n\\"{[}]'].map((char) => char.charCodeAt(0));

/** The line of JSON text where an object or array first reaches `level`. */
function lineOfLevel(text: string, level: number): number | undefined {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (char === NEWLINE) line++;
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (++depth >= level) return line;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return undefined;
}
