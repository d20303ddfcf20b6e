/**
 * The one template reader of the CLI and the guard's baseline: CloudFormation YAML (short
 * forms, duplicate keys, quoted scalars continued at their key's indentation), one-line
 * JSON errors with a position, and the template check with its manifest hint.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readFileBytes, readTemplateFile as readTemplate, TEMPLATE_LIMIT } from '../../../src/assembly/read-file';
import { parseCfnYaml, YamlSyntaxError } from '../../../src/change-set/input/cfn-yaml';
import { findJsonSyntaxError } from '../../../src/change-set/input/json-syntax';
import { indentContinuationLines, quoteLeftOpen } from '../../../src/change-set/input/quoted-continuations';
import {
  asTemplate, describe as describeValue, looksLikeAssemblyManifest, parseTemplateText, templateOfBytes,
} from '../../../src/change-set/input/read-template';
import { TemplateReadError } from '../../../src/change-set/input/template-read-error';

const FIXTURES = path.join(__dirname, 'fixtures');

describe('CloudFormation YAML', () => {
  test('GIVEN every short-form tag in every form WHEN parsed THEN the result equals the long-form JSON', () => {
    const yaml = fs.readFileSync(path.join(FIXTURES, 'all-tags.yaml'), 'utf8');
    const json = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'all-tags.json'), 'utf8'));

    expect(parseCfnYaml(yaml)).toEqual({ value: json, warnings: [] });
  });

  test.each([
    ['!GetAtt with a dotted attribute', 'v: !GetAtt Db.Endpoint.Port', { 'Fn::GetAtt': ['Db', 'Endpoint.Port'] }],
    ['!GetAtt without an attribute', 'v: !GetAtt Db', { 'Fn::GetAtt': ['Db'] }],
    ['!GetAZs without a value', 'v: !GetAZs', { 'Fn::GetAZs': '' }],
    ['!Ref with a quoted name', 'v: !Ref "AWS::StackName"', { Ref: 'AWS::StackName' }],
    ['!Select with a nested !Split', "v: !Select [1, !Split [',', !ImportValue list]]", { 'Fn::Select': [1, { 'Fn::Split': [',', { 'Fn::ImportValue': 'list' }] }] }],
    ['!If in block style', 'v: !If\n  - Cond\n  - a\n  - b', { 'Fn::If': ['Cond', 'a', 'b'] }],
    ['a date-like version (YAML 1.2 core schema)', 'v: 2010-09-09', '2010-09-09'],
  ])('GIVEN %s WHEN parsed THEN it is the long form', (_, text, expected) => {
    expect(parseCfnYaml(text).value).toEqual({ v: expected });
  });

  describe('duplicate keys', () => {
    test('GIVEN a key twice in one mapping WHEN parsed THEN the last value wins and a warning names the key and both lines', () => {
      const parsed = parseCfnYaml('Resources:\n  Queue:\n    Type: AWS::SQS::Queue\n    Type: AWS::SNS::Topic\n');

      expect(parsed.value).toEqual({ Resources: { Queue: { Type: 'AWS::SNS::Topic' } } });
      expect(parsed.warnings).toEqual([{
        message: 'duplicate key "Type" at line 4, column 5 (first at line 3): CloudFormation uses the last value',
        position: { line: 4, column: 5 },
      }]);
    });

    test('GIVEN a key three times and the same key in two different mappings WHEN parsed THEN only repeats within one mapping warn', () => {
      const parsed = parseCfnYaml('A:\n  x: 1\nB:\n  x: 2\nC: 1\nC: 2\nC: 3\n');

      expect(parsed.value).toEqual({ A: { x: 1 }, B: { x: 2 }, C: 3 });
      expect(parsed.warnings.map((w) => [w.position.line, w.message.split(' at ')[0]])).toEqual([[6, 'duplicate key "C"'], [7, 'duplicate key "C"']]);
    });

    test('GIVEN duplicate keys in a flow mapping and inside a short-form tag WHEN parsed THEN each is found', () => {
      const parsed = parseCfnYaml('v: !Sub [ "${a}", { a: 1, a: 2 } ]\nw: { k: 1, k: 2 }\n');

      expect(parsed.value).toEqual({ v: { 'Fn::Sub': ['${a}', { a: 2 }] }, w: { k: 2 } });
      expect(parsed.warnings.map((w) => w.position)).toEqual([{ line: 1, column: 27 }, { line: 2, column: 12 }]);
    });
  });

  describe('quoted scalars continued at their key\'s indentation (CloudFormation reads them)', () => {
    test.each([
      ['single-quoted, continuation at the key\'s column', "P:\n  Description: 'Name of an existing\n  key pair'\n  Type: String\n", { P: { Description: 'Name of an existing key pair', Type: 'String' } }],
      ['single-quoted with an escaped quote and three lines', "P:\n  D: 'it''s\n  a\n  test'\n", { P: { D: "it's a test" } }],
      ['double-quoted with an escaped quote', 'P:\n  D: "say \\"hi\\"\n  there"\n', { P: { D: 'say "hi" there' } }],
      ['continuation left of the key', "A:\n  B:\n    D: 'one\n  two'\n    E: x\n", { A: { B: { D: 'one two', E: 'x' } } }],
      ['a blank line inside (a line break)', "P:\n  D: 'one\n\n  two'\n", { P: { D: 'one\ntwo' } }],
      ['two such scalars', "A: 'x\ny'\nB: \"p\nq\"\n", { A: 'x y', B: 'p q' }],
      ['a list item', "L:\n- 'a\n- b'\n", { L: ['a - b'] }],
    ])('GIVEN %s WHEN parsed THEN the value is the folded text', (_, text, expected) => {
      expect(parseCfnYaml(text).value).toEqual(expected);
    });

    test('GIVEN a quote that never closes WHEN parsed THEN it is still a syntax error with a position', () => {
      expect(() => parseCfnYaml("A:\n  D: 'never closed\n  B: x\n")).toThrow(YamlSyntaxError);
      expect(() => parseCfnYaml("A:\n  D: 'never closed\n  B: x\n")).toThrow(/Missing closing 'quote/);
    });

    test.each([
      ['a plain scalar', 'Key: value', undefined],
      ['a closed quote', "Key: 'value'", undefined],
      ['an open single quote', "Key: 'value", "'"],
      ['an open double quote after an escaped one', 'Key: "a \\" b', '"'],
      ['an apostrophe inside a plain scalar', "Key: it's", undefined],
      ['a quote after a comment', "Key: x # 'quoted", undefined],
      ['a doubled single quote that stays open', "Key: 'it''s", "'"],
      ['an open quote in a flow sequence', "Key: [a, 'b", "'"],
    ])('GIVEN %s WHEN asked which quote a line leaves open THEN it is %j', (_, line, expected) => {
      expect(quoteLeftOpen(line)).toBe(expected);
    });

    test('GIVEN a line that opens no quote, or a line past the end WHEN repaired THEN nothing is done', () => {
      expect(indentContinuationLines('A: x\nB: y', 1)).toBeUndefined();
      expect(indentContinuationLines('A: x', 5)).toBeUndefined();
      expect(indentContinuationLines("A: 'x\n  y'", 1)).toBe("A: 'x\n  y'");
    });
  });

  test.each([
    ['an unclosed flow sequence', 'a: [1, 2\n', 'Flow sequence in block collection must be sufficiently indented and end with a ]', { line: 2, column: 1 }],
    ['a bad indentation', 'a:\n  b: 1\n c: 2\n', 'All mapping items must start at the same column', { line: 3, column: 1 }],
  ])('GIVEN %s WHEN parsed THEN the error has the message and the position', (_, text, message, position) => {
    expect(() => parseCfnYaml(text)).toThrow(expect.objectContaining({ message, position }));
  });
});

describe('JSON syntax errors', () => {
  test.each([
    ['text that is not JSON', 'not json {\n', 1, 1, 'unexpected character "n"'],
    ['a trailing comma', '{\n  "a": 1,\n}', 3, 1, 'expected a double-quoted property name, found "}"'],
    ['a missing colon', '{"a" 1}', 1, 6, 'expected ":" after a property name, found "1"'],
    ['a missing comma', '{"a": 1 "b": 2}', 1, 9, 'expected "," or "}" after a property value, found "\\""'],
    ['a missing comma in an array', '[1 2]', 1, 4, 'expected "," or "]" after an array item, found "2"'],
    ['an unclosed string', '{"a": "b', 1, 9, 'unexpected end of the text'],
    ['a line break in a string', '{"a": "b\nc"}', 1, 9, 'a string cannot hold the control character "\\n"; write it escaped'],
    ['a bad escape', '["\\x"]', 1, 3, 'invalid escape \\x'],
    ['a short unicode escape', '["\\u12"]', 1, 3, '\\u must be followed by four hexadecimal digits'],
    ['a bad number', '[-]', 1, 2, 'invalid number'],
    ['a leading zero', '[01]', 1, 3, 'expected "," or "]" after an array item, found "1"'],
    ['text after the value', '{} x', 1, 4, 'unexpected text after the JSON value'],
    ['an empty text', '', 1, 1, 'unexpected end of the text'],
    ['a misspelt literal', '[tru]', 1, 2, 'unexpected character "t"'],
  ])('GIVEN %s (%j) WHEN located THEN the error is at line %i, column %i: %s', (_, text, line, column, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(parseError(text, 'x.json')).toBe(`x.json is not valid JSON at line ${line}, column ${column}: ${reason}`);
  });

  test.each([
    ['an object', '{"a": [1, 2.5e-3, true, false, null, "\\u00e9\\n"], "b": {}}'],
    ['an empty array', ' [ ] '],
    ['a number', '-0.5E+2'],
  ])('GIVEN valid JSON (%s) WHEN scanned THEN no error is found', (_, text) => {
    expect(findJsonSyntaxError(text)).toBeUndefined();
  });

  test('GIVEN JSON nested deeper than the scanner follows WHEN located THEN it says so instead of overflowing', () => {
    expect(findJsonSyntaxError('['.repeat(20_000))).toEqual({ offset: 1_001, reason: 'nested too deeply' });
  });

  test('GIVEN a file named .template starting with { WHEN parsed THEN it is read as JSON', () => {
    expect(parseTemplateText('{"Resources": {}}', 'stack.template').value).toEqual({ Resources: {} });
    expect(parseError('{"Resources": {', 'stack.template')).toMatch(/^stack\.template is not valid JSON at line 1, column 16/);
  });

  test('GIVEN invalid YAML WHEN parsed THEN the error is one line with the position', () => {
    expect(parseError('a: [1, 2\n', 'x.yaml')).toBe('x.yaml is not valid YAML at line 2, column 1: Flow sequence in block collection must be sufficiently indented and end with a ]');
  });
});

describe('the template check', () => {
  test.each([
    ['a cloud assembly manifest', { version: '48.0.0', artifacts: { App: { type: 'aws:cloudformation:stack' }, Tree: { type: 'cdk:tree' } } }, true],
    ['a CodeBuild buildspec', { version: 0.2, phases: { build: { commands: ['make'] } }, artifacts: { files: ['**/*'] } }, false],
    ['artifacts that are not objects', { artifacts: { a: 'x' } }, false],
    ['no artifacts at all', { artifacts: {} }, false],
    ['an array', [], false],
    ['one artifact of another kind', { artifacts: { App: { type: 'aws:cloudformation:stack' }, Other: { type: 'files' } } }, false],
    ['an artifact without a type', { artifacts: { App: { type: 'aws:cloudformation:stack' }, Other: {} } }, false],
    ['an artifact whose type is not text', { artifacts: { App: { type: 7 } } }, false],
    ['a type that only contains aws:', { artifacts: { App: { type: 'my-aws:stack' } } }, false],
    ['artifacts that are a list', { artifacts: [{ type: 'aws:cloudformation:stack' }] }, false],
  ])('GIVEN %s WHEN checked THEN it looks like a manifest: %s', (_, value, expected) => {
    expect(looksLikeAssemblyManifest(value)).toBe(expected);
    let hint: string | undefined;
    try {
      asTemplate(value, 'x');
    } catch (error) {
      hint = (error as TemplateReadError).hint;
    }
    expect(hint).toBe(expected ? 'it looks like a cloud assembly manifest: pass the folder that holds it instead' : undefined);
  });

  test('GIVEN null WHEN checked as a template THEN it is refused as an empty document', () => {
    expect(() => asTemplate(null, 'x')).toThrow(new TemplateReadError('x is not a CloudFormation template: expected an object with a "Resources" object, found an empty document'));
  });

  test.each([
    [undefined, 'an empty document'],
    [null, 'an empty document'],
    ['a long text that does not fit in forty characters', 'the string "a long text that does not fit in for...'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5 }, 'an object with keys a, b, c, d, e'],
    [{ a: 1 }, 'an object with key a'],
    ['text', 'the string "text"'],
    [7, 'a number 7'],
    [[1], 'an array of 1 item'],
    [{}, 'an empty object'],
    [{ Resources: [] }, '"Resources" being an array of 0 items'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 }, 'an object with keys a, b, c, d, e, ... (6 keys)'],
  ])('GIVEN %j WHEN described THEN it reads %s', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });
});

/** A template the cdk wrote, read from a file. */
const readSynthesizedTemplate = (file: string, shown = file) => templateOfBytes(fs.readFileSync(file), file, shown, true);

describe('reading files', () => {
  // Made once the tests run (not when the file is loaded: the mutation run loads it for every mutant).
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-template-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };

  test('GIVEN a YAML template with a byte order mark and a duplicate key WHEN read THEN the template comes back with a warning naming the file', () => {
    const file = write('t.yaml', '\uFEFFResources:\n  A:\n    Type: X\n    Type: Y\n');
    expect(readTemplate(file, 't.yaml')).toEqual({
      value: { Resources: { A: { Type: 'Y' } } },
      warnings: ['t.yaml: duplicate key "Type" at line 4, column 5 (first at line 3): CloudFormation uses the last value'],
    });
  });

  test('GIVEN a synthesized template without Resources WHEN read THEN it is a template without resources; a named one is not', () => {
    const file = write('empty.json', '{"Outputs": {}}');
    expect(readSynthesizedTemplate(file).value).toEqual({ Outputs: {}, Resources: {} });
    expect(() => readTemplate(file, 'empty.json')).toThrow(/empty\.json is not a CloudFormation template: expected an object with a "Resources" object, found an object with key Outputs/);
  });

  test('GIVEN a synthesized template with Resources, or that is not an object WHEN read THEN its resources are kept, or it is refused', () => {
    expect(readSynthesizedTemplate(write('full.json', '{"Resources": {"A": {"Type": "X"}}}')).value).toEqual({ Resources: { A: { Type: 'X' } } });
    expect(() => readSynthesizedTemplate(write('list.json', '[]'), 'list.json')).toThrow(/list\.json is not a CloudFormation template: .*found an array of 0 items/);
  });

  test('GIVEN a byte order mark at the start and one inside a value WHEN read THEN only the first is dropped', () => {
    const file = write('bom.json', '\uFEFF{"Resources": {}, "Description": "a\uFEFFb"}');
    expect(readTemplate(file).value).toEqual({ Resources: {}, Description: 'a\uFEFFb' });
    expect(readTemplate(write('inner-bom.json', '{"Resources": {}, "Description": "a\uFEFFb"}')).value).toEqual({ Resources: {}, Description: 'a\uFEFFb' });
  });

  test.each([
    ['x.yaml', '{a: 1, Resources: {}}', 'YAML'],
    ['x.YML', '{a: 1, Resources: {}}', 'YAML'],
    ['x.template', '  \n {"a": 1, "Resources": {}}', 'JSON'],
    ['x.txt', 'Resources: {}', 'YAML'],
    ['x', '{"Resources": {}}', 'JSON'],
  ])('GIVEN %s holding %j WHEN parsed THEN it is read as %s', (file, text, kind) => {
    const parsed = parseTemplateText(text, file);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.value).toMatchObject({ Resources: {} });
    // Text that only YAML accepts tells the two readers apart.
    const yamlOnly = kind === 'JSON' ? text.replace('{', '{ # c\n') : `${text} # c`;
    if (kind === 'JSON') expect(() => parseTemplateText(yamlOnly, file)).toThrow(/is not valid JSON/);
    else expect(parseTemplateText(yamlOnly, file).value).toEqual(parsed.value);
  });

  test('GIVEN YAML with more aliases than the yaml library allows by default WHEN parsed THEN it is refused at the first one too many', () => {
    const text = `a: &a [x]\nl:\n${'  - *a\n'.repeat(10_001)}`;
    expect(() => parseTemplateText(text, 'bomb.yaml')).toThrow(new TemplateReadError('bomb.yaml has more than 100 YAML aliases (the yaml library\'s default limit) (at line 103)'));
  });

  test('GIVEN a missing file WHEN read THEN the error names it as shown', () => {
    expect(() => readFileBytes(path.join(dir, 'missing.json'), 'missing.json', TEMPLATE_LIMIT)).toThrow(/^cannot read missing\.json: ENOENT/);
  });
});

function parseError(text: string, file: string): string {
  try {
    parseTemplateText(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(TemplateReadError);
    expect((error as Error).name).toBe('TemplateReadError');
    return (error as Error).message;
  }
  throw new Error('expected a parse error');
}
