/**
 * CloudFormation's checks before it starts a stack operation: nulls, sizes, counts, names.
 * Each rule at its boundary: the quota itself passes, one more fails.
 */
import { checkTemplate, TEMPLATE_LIMITS, templateSizeNote } from '../../../src/local/rules/template-checks';

const named = (count: number, value: unknown = {}) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`N${i}`, value]));
const rules = (template: Record<string, unknown>, bytes?: number) =>
  checkTemplate({ Resources: {}, ...template }, bytes).map((problem) => [problem.rule, problem.path]);

test('GIVEN nulls at every depth WHEN checked THEN each is refused at its JSON pointer, with the text CloudFormation answers', () => {
  const problems = checkTemplate({ Resources: { R: { Type: 'Custom::X', Properties: { nothing: null, nested: { 'a/b~c': null }, list: [1, null] } } } });

  expect(problems).toEqual([
    { rule: 'null-value', path: '/Resources/R/Properties/nothing', message: "'null' values are not allowed in templates" },
    { rule: 'null-value', path: '/Resources/R/Properties/nested/a~1b~0c', message: "'null' values are not allowed in templates" },
    { rule: 'null-value', path: '/Resources/R/Properties/list/1', message: "'null' values are not allowed in templates" },
  ]);
});

test('GIVEN more nulls than are worth listing WHEN checked THEN ten are listed and the rest counted', () => {
  const problems = checkTemplate({ Resources: { R: { Properties: named(12, null) } } });

  expect(problems).toHaveLength(11);
  expect(problems[10]).toEqual({ rule: 'null-value', path: '', message: 'and 2 more null values' });
});

test.each([
  ['Resources', 'resource-count', TEMPLATE_LIMITS.resources],
  ['Outputs', 'output-count', TEMPLATE_LIMITS.outputs],
  ['Parameters', 'parameter-count', TEMPLATE_LIMITS.parameters],
  ['Mappings', 'mapping-count', TEMPLATE_LIMITS.mappings],
])('GIVEN %s at the quota and one over WHEN checked THEN only the one over is refused', (section, rule, limit) => {
  expect(rules({ [section]: named(limit) })).toEqual([]);
  expect(rules({ [section]: named(limit + 1) })).toEqual([[rule, `/${section}`]]);
  expect(checkTemplate({ Resources: {}, [section]: named(limit + 1) })[0].message).toBe(`Template format error: Number of ${section.toLowerCase()}, ${limit + 1}, is greater than maximum allowed, ${limit}`);
});

test('GIVEN a mapping of 200 attributes and one of 201 WHEN checked THEN the second is refused', () => {
  expect(rules({ Mappings: { Ok: named(200), TooBig: named(201) } })).toEqual([['mapping-attribute-count', '/Mappings/TooBig']]);
});

test.each([
  ['a dash', 'my-bucket', 'is non alphanumeric'],
  ['an underscore', 'my_bucket', 'is non alphanumeric'],
  ['256 characters', 'A'.repeat(256), 'is 256 characters, over the 255 allowed'],
])('GIVEN a logical id with %s WHEN checked THEN it is refused in every named section', (_, name, problem) => {
  for (const section of ['Resources', 'Outputs', 'Parameters', 'Conditions', 'Mappings']) {
    const [found] = checkTemplate({ Resources: {}, [section]: { [name]: {} } });
    expect(found).toEqual({ rule: 'logical-id', path: `/${section}/${name}`, message: `Template format error: ${section} name ${JSON.stringify(name)} ${problem}` });
  }
  expect(rules({ Resources: { ['A'.repeat(255)]: {}, Abc123: {} } })).toEqual([]);
});

test('GIVEN template sizes WHEN checked THEN over 1 MB is refused, over 51,200 bytes only noted (it deploys through S3)', () => {
  expect(rules({}, TEMPLATE_LIMITS.bodyBytesInS3)).toEqual([]);
  expect(rules({}, TEMPLATE_LIMITS.bodyBytesInS3 + 1)).toEqual([['template-size', '']]);
  expect(templateSizeNote(TEMPLATE_LIMITS.bodyBytesInRequest)).toBeUndefined();
  expect(templateSizeNote(TEMPLATE_LIMITS.bodyBytesInRequest + 1)).toMatch(/^the template is 51,201 bytes, over the 51,200 a CreateStack request may carry: it deploys only through an S3 template URL/);
  expect(templateSizeNote(TEMPLATE_LIMITS.bodyBytesInS3 + 1)).toBeUndefined();
  expect(templateSizeNote(undefined)).toBeUndefined();
});

test('GIVEN a Description of 1,024 bytes and one of 1,025 WHEN checked THEN the longer is refused', () => {
  expect(rules({ Description: 'é'.repeat(512) })).toEqual([]);
  expect(rules({ Description: `${'é'.repeat(512)}x` })).toEqual([['description', '/Description']]);
});
