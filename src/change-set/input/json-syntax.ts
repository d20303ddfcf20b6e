/**
 * Where and why a text is not valid JSON, in one line. `JSON.parse` says neither reliably
 * on Node 20 (`Unexpected token 'o', "not json {..." is not valid JSON` quotes the text,
 * line breaks included, and gives no position), so after it fails this small validating
 * scanner finds the first error itself. It runs only on text `JSON.parse` rejected.
 */

/** The first syntax error of a JSON text. */
export interface JsonSyntaxError {
  /** Offset of the offending character (the text's length for an early end). */
  readonly offset: number;
  /** What is wrong there, lower case, one line. */
  readonly reason: string;
}

/** Deepest nesting scanned; deeper text is reported at the level where scanning stopped. */
const MAX_DEPTH = 1_000;

class Failure {
  public constructor(public readonly offset: number, public readonly reason: string) {}
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.value(0);
    scanner.whitespace();
    if (!scanner.atEnd()) scanner.fail('unexpected text after the JSON value');
    return undefined;
  } catch (error) {
    if (error instanceof Failure) return { offset: error.offset, reason: error.reason };
    throw error;
  }
}

class Scanner {
  private at = 0;

  public constructor(private readonly text: string) {}

  public atEnd(): boolean {
    return this.at >= this.text.length;
  }

  public fail(reason: string): never {
    throw new Failure(this.at, this.atEnd() ? 'unexpected end of the text' : reason);
  }

  public whitespace(): void {
    while (!this.atEnd() && ' \t\n\r'.includes(this.text[this.at])) this.at++;
  }

  public value(depth: number): void {
    this.whitespace();
    if (depth > MAX_DEPTH) this.fail('nested too deeply');
    const char = this.text[this.at];
    if (char === '{') this.object(depth);
    else if (char === '[') this.array(depth);
    else if (char === '"') this.string();
    else if (char === '-' || isDigit(char)) this.number();
    else if (!this.literal('true') && !this.literal('false') && !this.literal('null')) this.fail(`unexpected character ${show(char)}`);
  }

  private object(depth: number): void {
    this.at++;
    this.whitespace();
    if (this.text[this.at] === '}') {
      this.at++;
      return;
    }
    for (;;) {
      this.whitespace();
      if (this.text[this.at] !== '"') this.fail(`expected a double-quoted property name, found ${show(this.text[this.at])}`);
      this.string();
      this.whitespace();
      if (this.text[this.at] !== ':') this.fail(`expected ":" after a property name, found ${show(this.text[this.at])}`);
      this.at++;
      this.value(depth + 1);
      this.whitespace();
      const next = this.text[this.at];
      if (next === '}') {
        this.at++;
        return;
      }
      if (next !== ',') this.fail(`expected "," or "}" after a property value, found ${show(next)}`);
      this.at++;
    }
  }

  private array(depth: number): void {
    this.at++;
    this.whitespace();
    if (this.text[this.at] === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.value(depth + 1);
      this.whitespace();
      const next = this.text[this.at];
      if (next === ']') {
        this.at++;
        return;
      }
      if (next !== ',') this.fail(`expected "," or "]" after an array item, found ${show(next)}`);
      this.at++;
    }
  }

  private string(): void {
    this.at++;
    for (;;) {
      if (this.atEnd()) this.fail('unclosed string');
      const char = this.text[this.at];
      if (char === '"') {
        this.at++;
        return;
      }
      if (char < ' ') this.fail(`a string cannot hold the control character ${show(char)}; write it escaped`);
      if (char === '\\') {
        const escaped = this.text[this.at + 1];
        if (escaped === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at + 2, this.at + 6))) this.fail('\\u must be followed by four hexadecimal digits');
          this.at += 6;
          continue;
        }
        if (escaped === undefined || !'"\\/bfnrt'.includes(escaped)) this.fail(`invalid escape \\${escaped ?? ''}`);
        this.at += 2;
        continue;
      }
      this.at++;
    }
  }

  private number(): void {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.at, this.at + 400));
    if (match === null) this.fail('invalid number');
    this.at += match[0].length;
  }

  private literal(word: string): boolean {
    if (!this.text.startsWith(word, this.at)) return false;
    this.at += word.length;
    return true;
  }
}

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

/** A character as messages show it: quoted, control characters escaped. */
function show(char: string | undefined): string {
  return char === undefined ? 'the end of the text' : JSON.stringify(char);
}
