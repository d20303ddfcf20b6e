/**
 * The CloudFormation YAML reader's own edges: errors as one line with a position, many
 * aliases, and which keys count as repeated.
 */
import { parseCfnYaml, YamlSyntaxError } from '../../../src/change-set/input/cfn-yaml';

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

describe('aliases', () => {
  test('GIVEN 150 aliases of one anchor (more than the library allows by default) WHEN parsed THEN each is read', () => {
    const text = `base: &b { k: v }\nlist:\n${'  - *b\n'.repeat(150)}`;
    const parsed = parseCfnYaml(text).value as { list: unknown[] };
    expect(parsed.list).toHaveLength(150);
    expect(parsed.list[149]).toEqual({ k: 'v' });
  });
});

describe('repeated keys', () => {
  test('GIVEN two different complex keys WHEN parsed THEN no key is reported as repeated', () => {
    const parsed = parseCfnYaml('? [a, b]\n: 1\n? [c]\n: 2\nx: 3\n');
    expect(parsed.warnings).toEqual([]);
  });
});
