/**
 * CloudFormation YAML: the `yaml` library with the short-form intrinsic tags (`!Ref X`,
 * `!GetAtt A.B`, `!Sub [...]`, ...) turned into their long JSON forms, so the engine sees
 * the same template whichever form the author wrote. Read as CloudFormation reads it:
 *
 * - a key repeated in one mapping takes its last value, with a warning naming the key and
 *   its line (the library's `uniqueKeys: false`);
 * - a quoted scalar whose continuation lines sit at (or left of) its key's indentation is
 *   read, although YAML 1.2 wants them indented further: when the library reports such a
 *   scalar unclosed, its continuation lines are indented and the text parsed again (a flow
 *   scalar drops the leading white space of its continuation lines, so the value is the
 *   same). The library has no option for this.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/intrinsic-function-reference.html
 */
import { CollectionTag, Document, isScalar, LineCounter, parseDocument, Pair, ScalarTag, Scalar, visit, YAMLError, YAMLMap, YAMLSeq } from 'yaml';
import { indentContinuationLines, quoteLeftOpen } from './quoted-continuations';
import { MAX_NESTING } from './read-limits';
import { yamlLimitProblem } from './yaml-limits';

/** Short-form tag name -> the long form's key. */
const INTRINSICS: ReadonlyArray<readonly [tag: string, key: string]> = [
  ['Ref', 'Ref'],
  ['Condition', 'Condition'],
  ...['GetAtt', 'Sub', 'Join', 'If', 'Select', 'Split', 'Base64', 'FindInMap', 'Cidr', 'GetAZs', 'ImportValue',
    'Equals', 'And', 'Or', 'Not', 'Transform', 'ToJsonString', 'Length'].map((name) => [name, `Fn::${name}`] as const),
];

/** How many unclosed quoted scalars one text may need re-indented. */
const MAX_REPAIRS = 1000;

/** How far above an error the start of a quoted scalar is looked for. */
const MAX_LINES_BACK = 500;

/** A position in a file, 1-based. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** Something CloudFormation accepts but that is probably a mistake. */
export interface YamlWarning {
  /** What was found, one line. */
  readonly message: string;
  readonly position: SourcePosition;
}

/** A parsed YAML text. */
export interface ParsedYaml {
  /** Plain JSON values. */
  readonly value: unknown;
  readonly warnings: readonly YamlWarning[];
}

/** A YAML syntax error, with its position when the parser gives one. */
export class YamlSyntaxError extends Error {
  public constructor(message: string, public readonly position?: SourcePosition) {
    super(message);
    this.name = 'YamlSyntaxError';
  }
}

/** A YAML document past one of the reading limits (aliases, their expansion, nesting): see `yaml-limits.ts`. */
export class YamlLimitError extends Error {
  public constructor(message: string, public readonly position: SourcePosition) {
    super(message);
    this.name = 'YamlLimitError';
  }
}

/**
 * Parses a CloudFormation YAML template to plain JSON values (YAML 1.2 core schema, so
 * `2012-10-17` stays a string).
 *
 * @throws YamlSyntaxError for invalid YAML
 * @throws YamlLimitError for YAML past the reading limits (an alias bomb, too deep)
 */
export function parseCfnYaml(text: string): ParsedYaml {
  let source = text;
  for (let repairs = 0; ; repairs++) {
    const lineCounter = new LineCounter();
    const document = parseDocument(source, { customTags: CFN_TAGS, schema: 'core', uniqueKeys: false, lineCounter });
    const error = document.errors[0];
    if (error === undefined) {
      const problem = yamlLimitProblem(document, lineCounter);
      if (problem !== undefined) throw new YamlLimitError(problem.message, { line: problem.line, column: 1 });
      return { value: toPlainValues(document), warnings: duplicateKeys(document, lineCounter) };
    }
    const repaired = repairs < MAX_REPAIRS ? repairQuotedScalar(source, error) : undefined;
    if (repaired === undefined || repaired === source) throw syntaxError(error);
    source = repaired;
  }
}

/**
 * The document as plain values, once `yamlLimitProblem` has bounded its aliases (at most 100,
 * the library's default `maxAliasCount`, counted over the whole document, and their expansion).
 * The library's own count is turned off: it multiplies counts of nested anchors, so it refuses
 * some documents within those bounds, and it walks the whole document again for each alias
 * inside an anchored node. It still refuses an alias it cannot resolve: an error in the text.
 */
function toPlainValues(document: Document.Parsed): unknown {
  try {
    return document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    throw new YamlSyntaxError((error as Error).message);
  }
}

/**
 * The text with the quoted scalar that the error follows re-indented: the nearest line at
 * or above the error that leaves a quote open starts it (the library reports such a scalar
 * where it gave up, as an unclosed quote or as the next line's broken key).
 */
function repairQuotedScalar(source: string, error: YAMLError): string | undefined {
  const errorLine = error.linePos?.[0].line;
  if (errorLine === undefined) return undefined;
  const lines = source.split('\n');
  for (let line = errorLine; line >= 1 && line > errorLine - MAX_LINES_BACK; line--) {
    if (quoteLeftOpen(lines[line - 1] ?? '') !== undefined) return indentContinuationLines(source, line);
  }
  return undefined;
}

function syntaxError(error: YAMLError): YamlSyntaxError | YamlLimitError {
  // The pretty message is "What went wrong at line 3, column 5:" plus a source excerpt.
  const what = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  const where = error.linePos?.[0];
  const position = where === undefined ? undefined : { line: where.line, column: where.col };
  // The parser runs out of stack on text nested some hundreds of levels deep.
  if (what.includes('Maximum call stack size exceeded')) return new YamlLimitError(`values nested more than ${MAX_NESTING} levels deep`, position ?? { line: 1, column: 1 });
  return new YamlSyntaxError(what, position);
}

/** A warning for each key that repeats a key before it in the same mapping. */
function duplicateKeys(document: Document.Parsed, lineCounter: LineCounter): YamlWarning[] {
  const warnings: YamlWarning[] = [];
  const positionOf = (node: Scalar): SourcePosition => {
    const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0);
    return { line, column: col };
  };
  visit(document, {
    Map: (_, map) => {
      const first = new Map<string, Scalar>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        const earlier = first.get(name);
        if (earlier === undefined) {
          first.set(name, pair.key);
          continue;
        }
        const position = positionOf(pair.key);
        warnings.push({
          message: `duplicate key ${JSON.stringify(name)} at line ${position.line}, column ${position.column} (first at line ${positionOf(earlier).line}): CloudFormation uses the last value`,
          position,
        });
      }
    },
  });
  return warnings;
}

/** Each intrinsic as a scalar, a sequence and a mapping tag (one tag name, three node kinds). */
const CFN_TAGS: Array<ScalarTag | CollectionTag> = INTRINSICS.flatMap(([name, key]): Array<ScalarTag | CollectionTag> => [
  { tag: `!${name}`, resolve: (value: string) => ({ [key]: name === 'GetAtt' ? splitGetAtt(value) : value }) },
  { tag: `!${name}`, collection: 'seq', resolve: (node) => wrap(key, node) },
  { tag: `!${name}`, collection: 'map', resolve: (node) => wrap(key, node) },
]);

/** `!GetAtt Resource.Attribute.Path` -> `['Resource', 'Attribute.Path']` (attribute names may contain dots). */
function splitGetAtt(value: string): string[] {
  const dot = value.indexOf('.');
  return dot === -1 ? [value] : [value.slice(0, dot), value.slice(dot + 1)];
}

/** `{ key: node }` as a YAML node, so anchors and nested tags inside resolve as usual. */
function wrap(key: string, node: YAMLMap.Parsed | YAMLSeq.Parsed): YAMLMap {
  const map = new YAMLMap();
  map.items.push(new Pair(new Scalar(key), node));
  return map;
}
