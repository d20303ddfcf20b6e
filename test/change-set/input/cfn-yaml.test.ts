/**
 * The CloudFormation YAML reader's own edges: errors as one line with a position, many
 * aliases, and which keys count as repeated.
 */
import { parseCfnYaml, YamlLimitError, YamlSyntaxError } from '../../../src/change-set/input/cfn-yaml';

function syntaxErrorOf(text: string): YamlSyntaxError {
  try {
    parseCfnYaml(text);
  } catch (error) {
    expect(error).toBeInstanceOf(YamlSyntaxError);
    return error as YamlSyntaxError;
  }
  throw new Error('expected a syntax error');
}

describe('syntax errors', () => {
  test('GIVEN an error past line 9 and column 9 WHEN parsed THEN the message is one line without its position, which is given apart', () => {
    const text = `${'k: v\n'.repeat(11)}list: [1, 2\n`;
    const error = syntaxErrorOf(text);
    expect(error.name).toBe('YamlSyntaxError');
    expect(error.message).toBe('Flow sequence in block collection must be sufficiently indented and end with a ]');
    expect(error.position).toEqual({ line: 13, column: 1 });
    expect(syntaxErrorOf(`${'k: v\n'.repeat(11)}key:      value: x\n`)).toMatchObject({
      message: 'Nested mappings are not allowed in compact mappings',
      position: { line: 12, column: 11 },
    });
  });

  test('GIVEN an error no quoted scalar explains WHEN parsed THEN it is reported as it is', () => {
    expect(() => parseCfnYaml('a: "x"\nb: [1\n')).toThrow(YamlSyntaxError);
  });
});

describe('aliases, within the yaml library\'s default of 100 (CloudFormation documents none at all)', () => {
  test('GIVEN 100 aliases of one anchor WHEN parsed THEN each is read', () => {
    const text = `base: &b { k: v }\nlist:\n${'  - *b\n'.repeat(100)}`;
    const parsed = parseCfnYaml(text).value as { list: unknown[] };
    expect(parsed.list).toHaveLength(100);
    expect(parsed.list[99]).toEqual({ k: 'v' });
  });

  test.each<[string, string, string, number]>([
    ['101 aliases', `base: &b { k: v }\nlist:\n${'  - *b\n'.repeat(101)}`, 'more than 100 YAML aliases (the yaml library\'s default limit)', 103],
    ['aliases that double a list 21 times', `l0: &l0 [x, x]\n${Array.from({ length: 20 }, (_, i) => `l${i + 1}: &l${i + 1} [*l${i}, *l${i}]`).join('\n')}\n`, 'YAML aliases that expand it to more than 1000000 values', 18],
    ['an alias inside the node it names', 'a: &a [x, *a]\n', 'a YAML alias *a inside the node it names (a value that contains itself)', 1],
    ['an alias that nests a list 70 deep', `l0: &l0 [x]\n${Array.from({ length: 70 }, (_, i) => `l${i + 1}: &l${i + 1} [*l${i}]`).join('\n')}\n`, 'values nested more than 64 levels deep through the alias *l62', 64],
    ['flow lists nested 1,000 deep', `a: ${'['.repeat(1000)}${']'.repeat(1000)}\n`, 'values nested more than 64 levels deep', 1],
  ])('GIVEN %s WHEN parsed THEN it is refused before anything is expanded, with the line', (_name, text, message, line) => {
    expect(() => parseCfnYaml(text)).toThrow(new YamlLimitError(message, { line, column: 1 }));
    try {
      parseCfnYaml(text);
    } catch (error) {
      expect((error as YamlLimitError).position.line).toBe(line);
    }
  });
});

describe('repeated keys', () => {
  test('GIVEN two different complex keys WHEN parsed THEN no key is reported as repeated', () => {
    const parsed = parseCfnYaml('? [a, b]\n: 1\n? [c]\n: 2\nx: 3\n');
    expect(parsed.warnings).toEqual([]);
  });
});
