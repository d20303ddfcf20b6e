/** The values of the `IncludePropertyValues` description: how each is written, and what is masked. */
import { nestInLists } from './helpers';
import { NestingLimitError } from '../../src/change-set/json';
import { Detail } from '../../src/change-set/model';
import { normalize } from '../../src/change-set/normalize';
import { MASK, ValueRenderer, withValues } from '../../src/change-set/property-values';
import { TemplateEvaluator } from '../../src/change-set/template-evaluator';

const side = (template: Record<string, unknown>, values: Record<string, string> = {}) => {
  const normalized = normalize(template);
  return { template: normalized, renderer: new ValueRenderer(normalized, new TemplateEvaluator(normalized, new Map(Object.entries(values)))) };
};
const PARAMETERS = { Parameters: { Secret: { Type: 'String', NoEcho: true }, Quiet: { Type: 'String', NoEcho: 'true' }, Stage: { Type: 'String' } }, Resources: {} };

describe('ValueRenderer', () => {
  const { renderer } = side(PARAMETERS, { Secret: 's3cret', Quiet: 'q', Stage: 'prod' });

  test.each([
    ['a string as it is', 'text', 'text'],
    ['a number as its text', 10, '10'],
    ['a boolean as its text', false, 'false'],
    ['a structure as JSON, its scalars as text', { A: 1, B: [true, 'x'], C: null }, '{"A":"1","B":["true","x"],"C":null}'],
    ['a parameter with a value as the value', { Ref: 'Stage' }, 'prod'],
    ['a Fn::Sub with known values evaluated', { 'Fn::Sub': '${Stage}-app' }, 'prod-app'],
    ['a reference to a resource as written', { 'Fn::GetAtt': ['Bucket', 'Arn'] }, '{"Fn::GetAtt":["Bucket","Arn"]}'],
    ['a NoEcho parameter masked', { Ref: 'Secret' }, MASK],
    ['a NoEcho parameter given as the text "true" masked', { Ref: 'Quiet' }, MASK],
    ['a value computed from a NoEcho parameter masked', { 'Fn::Join': [':', ['user', { Ref: 'Secret' }]] }, MASK],
    ['a structure with a secret inside masked only there', { User: 'u', Password: { Ref: 'Secret' } }, '{"User":"u","Password":"****"}'],
    ['a dynamic reference as written', '{{resolve:secretsmanager:db:SecretString:password}}', '{{resolve:secretsmanager:db:SecretString:password}}'],
  ])('GIVEN %s WHEN rendered THEN it is written as CloudFormation writes it', (_, value, expected) => {
    expect(renderer.text(value)).toBe(expected);
  });

  test('GIVEN a value computed from a NoEcho parameter and a plain one WHEN rendered THEN it is masked (one secret is enough)', () => {
    expect(renderer.text({ 'Fn::Join': [':', [{ Ref: 'Stage' }, { Ref: 'Secret' }]] })).toBe(MASK);
    expect(renderer.text({ 'Fn::Sub': '${Secret}-${Stage}' })).toBe(MASK);
  });

  test('GIVEN a parameter reference 64 levels deep (the limit) WHEN rendered THEN it is still evaluated', () => {
    expect(renderer.text(nestInLists(64, { Ref: 'Stage' }))).toBe(`${'['.repeat(64)}"prod"${']'.repeat(64)}`);
  });

  test('GIVEN a value nested 64 levels deep WHEN rendered THEN all of it is written; 70 levels THEN it is a NestingLimitError, not a null', () => {
    expect(renderer.text(nestInLists(63, 7))).toBe(`${'['.repeat(63)}"7"${']'.repeat(63)}`);
    expect(() => renderer.text(nestInLists(70, 7))).toThrow(NestingLimitError);
  });

  test('GIVEN a value nested 100,000 levels deep WHEN rendered THEN it is refused at the limit without running out of stack', () => {
    expect(() => renderer.text(nestInLists(100_000, { Ref: 'Stage' }))).toThrow(NestingLimitError);
  });

  test('GIVEN no value WHEN rendered THEN there is no text', () => {
    expect(renderer.text(undefined)).toBeUndefined();
  });

  test('GIVEN a resource WHEN its context is rendered THEN it holds its properties, and its metadata when it has some', () => {
    const { template, renderer: render } = side({
      ...PARAMETERS,
      Resources: {
        Plain: { Type: 'T', Properties: { Size: 2, Password: { Ref: 'Secret' } } },
        Described: { Type: 'T', Properties: {}, Metadata: { note: { Ref: 'Stage' } } },
      },
    }, { Stage: 'dev' });
    expect(render.context(template.resources.get('Plain')!)).toBe('{"Properties":{"Size":"2","Password":"****"}}');
    expect(render.context(template.resources.get('Described')!)).toBe('{"Properties":{},"Metadata":{"note":"dev"}}');
  });
});

describe('withValues', () => {
  const before = side({ Resources: { R: { Type: 'T', Properties: { Name: 'a', Tags: [{ Key: 'k', Value: 'v' }] }, Metadata: { m: 1 } } } });
  const after = side({ Resources: { R: { Type: 'T', Properties: { Name: 'b', Added: 'x' }, DeletionPolicy: 'Retain' } } });
  const renderers = { before: before.renderer, after: after.renderer };
  const old = before.template.resources.get('R');
  const current = after.template.resources.get('R');
  const detail = (attribute: Detail['attribute'], name?: string): Detail => ({ attribute, ...(name ? { name } : {}), requiresRecreation: 'Never', evaluation: 'Static', changeSource: 'DirectModification' });

  test.each([
    ['a property that changes', detail('Properties', 'Name'), { path: '/Properties/Name', changeType: 'Modify', beforeValue: 'a', afterValue: 'b' }],
    ['a property that appears', detail('Properties', 'Added'), { path: '/Properties/Added', changeType: 'Add', afterValue: 'x' }],
    ['tags that disappear', detail('Tags'), { path: '/Properties/Tags', changeType: 'Remove', beforeValue: '[{"Key":"k","Value":"v"}]' }],
    ['metadata that disappears', detail('Metadata'), { path: '/Metadata', changeType: 'Remove', beforeValue: '{"m":"1"}' }],
    ['a policy that appears', detail('DeletionPolicy'), { path: '/DeletionPolicy', changeType: 'Add', afterValue: 'Retain' }],
    ['a nested stack\'s automatic detail', detail('Properties'), { path: '/Properties', changeType: 'Add' }],
  ])('GIVEN %s WHEN given its values THEN it has its path, change type and values', (_, given, expected) => {
    const rendered = withValues(given, old, current, renderers);
    expect(rendered).toEqual({ ...given, ...expected });
  });

  test('GIVEN a resource on one side only WHEN given values THEN the missing side has none', () => {
    expect(withValues(detail('Properties', 'Name'), undefined, current, renderers)).toMatchObject({ changeType: 'Add', afterValue: 'b' });
    expect(withValues(detail('Properties', 'Name'), old, undefined, renderers)).toMatchObject({ changeType: 'Remove', beforeValue: 'a' });
  });
});
