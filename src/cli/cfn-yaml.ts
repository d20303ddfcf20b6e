/**
 * CloudFormation YAML: the `yaml` library with the short-form intrinsic tags (`!Ref X`,
 * `!GetAtt A.B`, `!Sub [...]`, ...) turned into their long JSON forms, so the engine sees
 * the same template whichever form the author wrote.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/intrinsic-function-reference.html
 */
import { CollectionTag, parseDocument, Pair, ScalarTag, Scalar, YAMLMap, YAMLSeq } from 'yaml';

/** Short-form tag name -> the long form's key. */
const INTRINSICS: ReadonlyArray<readonly [tag: string, key: string]> = [
  ['Ref', 'Ref'],
  ['Condition', 'Condition'],
  ...['GetAtt', 'Sub', 'Join', 'If', 'Select', 'Split', 'Base64', 'FindInMap', 'Cidr', 'GetAZs', 'ImportValue',
    'Equals', 'And', 'Or', 'Not', 'Transform', 'ToJsonString', 'Length'].map((name) => [name, `Fn::${name}`] as const),
];

/** A position in a file, 1-based. */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** A YAML syntax error, with its position when the parser gives one. */
export class YamlSyntaxError extends Error {
  public constructor(message: string, public readonly position?: SourcePosition) {
    super(message);
    this.name = 'YamlSyntaxError';
  }
}

/**
 * Parses a CloudFormation YAML template to plain JSON values (YAML 1.2 core schema, so
 * `2012-10-17` stays a string).
 *
 * @throws YamlSyntaxError for invalid YAML, duplicate keys included
 */
export function parseCfnYaml(text: string): unknown {
  const document = parseDocument(text, { customTags: CFN_TAGS, schema: 'core' });
  const error = document.errors[0];
  if (error !== undefined) {
    // The pretty message is "What went wrong at line 3, column 5:" plus a source excerpt.
    const what = error.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    const where = error.linePos?.[0];
    throw new YamlSyntaxError(what, where === undefined ? undefined : { line: where.line, column: where.col });
  }
  return document.toJS({ maxAliasCount: 10_000 });
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
