/**
 * How the engine judges a resource: AWS types by the spec, custom resources by what they
 * declare (ServiceToken never replaces; undeclared properties may).
 */
import { SPEC } from './test-spec';
import { LIFECYCLE_PROPERTY } from '../../src/change-set/custom-resources';
import { normalize } from '../../src/change-set/normalize';
import { SpecLookup } from '../../src/change-set/replacement-spec-lookup';
import { ResourceRules } from '../../src/change-set/resource-rules';

const rules = () => new ResourceRules(new SpecLookup(SPEC));
const read = (type: string, properties: Record<string, unknown> = {}, metadata?: unknown) =>
  normalize({ Resources: { R: { Type: type, Properties: properties, ...(metadata === undefined ? {} : { Metadata: metadata }) } } }).resources.get('R')!;

describe('custom resources', () => {
  const undeclared = read('Custom::Thing', { ServiceToken: 'arn', A: 1 });
  const declared = read('Custom::Thing', { ServiceToken: 'arn', [LIFECYCLE_PROPERTY]: { replaceOnChange: ['Size'] } }, { 'cdk-lifecycle': { nameProperty: 'Name' } });

  test.each([
    ['ServiceToken of an undeclared one', undeclared, 'ServiceToken', 'Never'],
    ['another property of an undeclared one', undeclared, 'A', 'Conditionally'],
    ['ServiceToken of a declared one', declared, 'ServiceToken', 'Never'],
    ['a property it replaces on', declared, 'Size', 'Always'],
    ['another property of a declared one', declared, 'Other', 'Never'],
  ])('GIVEN %s WHEN judged THEN a change recreates it: %s', (_, resource, property, expected) => {
    expect(rules().recreation(resource, [property])).toBe(expected);
  });

  test('GIVEN a declared name WHEN asked THEN it names and identifies the resource; without one nothing does', () => {
    expect(rules().nameProperties(declared)).toEqual(['Name']);
    expect(rules().identityProperties(declared)).toEqual(['Name']);
    expect(rules().nameProperties(undeclared)).toStrictEqual([]);
    expect(rules().identityProperties(undeclared)).toStrictEqual([]);
  });
});

describe('AWS types', () => {
  test('GIVEN a type of the spec WHEN judged THEN the spec answers', () => {
    const thing = read('Test::Thing', { Name: 'n' });
    expect(rules().recreation(thing, ['Create'])).toBe('Always');
    expect(rules().recreation(thing, ['Other'])).toBe('Never');
    expect(rules().nameProperties(thing)).toEqual(['Name']);
  });
});
