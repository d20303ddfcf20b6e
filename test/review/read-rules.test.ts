import * as fs from 'node:fs';
import * as path from 'node:path';
import Ajv from 'ajv';
import { ROOT } from './helpers';
import { rulesSchemaText } from '../../build-tools/write-rules-schema';
import { parseRules, RulesFileError } from '../../src/review/read-rules';

const problems = (text: string): readonly string[] => {
  try {
    parseRules(text, 'rules.yaml');
  } catch (error) {
    if (error instanceof RulesFileError) return error.problems;
    throw error;
  }
  throw new Error('no error');
};

describe('parseRules', () => {
  test('GIVEN YAML with values and lists WHEN parsed THEN every match field is a list, True stays the text True', () => {
    expect(parseRules('rules:\n  - id: a\n    level: fail\n    message: m\n    match:\n      resourceType: AWS::RDS::*\n      replacement: [True, Conditional]\n', 'r.yaml')).toEqual([
      { id: 'a', level: 'fail', message: 'm', match: { resourceType: ['AWS::RDS::*'], replacement: ['True', 'Conditional'] } },
    ]);
  });

  test('GIVEN JSON WHEN parsed THEN it reads the same (a rule without match matches everything)', () => {
    expect(parseRules('{"rules": [{"id": "all", "level": "info", "message": "m"}]}', 'r.json')).toEqual([{ id: 'all', level: 'info', message: 'm', match: {} }]);
  });

  test('GIVEN mistakes WHEN parsed THEN each is reported with its line and what was expected', () => {
    expect(problems([
      'rules:',
      '  - id: a',
      '    level: fatal',
      '    message: x',
      '  - id: b',
      '    lvl: warn',
      '    message: y',
      '    match:',
      '      action: Change',
      '      colour: red',
    ].join('\n'))).toEqual([
      'line 3: rules[0].level must be one of fail, warn, info, ignore',
      'line 5: rules[1] has no "level"; it is required',
      'line 6: rules[1] has an unknown key "lvl"; expected one of id, level, message, match',
      'line 9: rules[1].match.action must be one of Add, Modify, Remove or a list of them',
      'line 10: rules[1].match has an unknown key "colour"; expected one of resourceType, action, replacement, property, onlyProperties, changeSource, dataVerdict, kind, stack',
    ]);
  });

  test.each<[string, string, string]>([
    ['a YAML syntax error', 'rules: [ {id: a', 'line 1: '],
    ['a repeated id', 'rules:\n  - {id: a, level: fail, message: x}\n  - {id: a, level: warn, message: y}\n', 'line 3: rule id "a" is used by rule 1 already; ids must be unique'],
    ['a repeated key', 'rules:\n  - id: a\n    id: b\n    level: fail\n    message: x\n', 'line 3: '],
    ['no rules', 'rule: []\n', 'line 1: the file has no "rules"; it is required'],
    ['rules that are not a list', 'rules: {}\n', 'line 1: rules must be a list'],
    ['an id with spaces', 'rules:\n  - {id: "two words", level: fail, message: x}\n', 'line 2: rules[0].id must be letters, digits'],
    ['an empty list of types', 'rules:\n  - id: a\n    level: fail\n    message: x\n    match: {resourceType: []}\n', 'line 5: rules[0].match.resourceType must be a string or a list of them'],
  ])('GIVEN %s WHEN parsed THEN the error says where', (_name, text, start) => {
    expect(problems(text).some((problem) => problem.startsWith(start))).toBe(true);
  });

  test('GIVEN a rules file error WHEN shown THEN the message names the file and lists each problem', () => {
    expect(() => parseRules('rules: 5', 'team-rules.yaml')).toThrow('team-rules.yaml is not a valid rules file:\n  line 1: rules must be a list');
  });
});

describe('the shipped JSON schema', () => {
  const file = path.join(ROOT, 'schemas', 'review-rules.schema.json');

  test('GIVEN schemas/review-rules.schema.json WHEN compared with the schema the reader uses THEN it is what generate:schemas writes', () => {
    expect(fs.readFileSync(file, 'utf8')).toBe(rulesSchemaText());
  });

  test('GIVEN the schema WHEN compiled by a JSON-schema validator THEN it is a valid draft-07 schema that takes the example rule sets', () => {
    const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(JSON.parse(fs.readFileSync(file, 'utf8')));
    const examples = fs.readdirSync(path.join(ROOT, 'docs', 'review-rules')).filter((name) => name.endsWith('.yaml'));
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const name of examples) {
      const rules = parseRules(fs.readFileSync(path.join(ROOT, 'docs', 'review-rules', name), 'utf8'), name);
      expect(rules.length).toBeGreaterThan(0);
      expect(validate({ rules: rules.map((rule) => ({ ...rule })) })).toBe(true);
    }
    expect(validate({ rules: [{ id: 'x', level: 'loud', message: 'm' }] })).toBe(false);
  });
});
