/**
 * What a custom resource declares about its lifecycle: from its metadata, from the reserved
 * property its provider receives, or both.
 */
import { customResourceDeclaration, isCustomResourceType, LIFECYCLE_PROPERTY } from '../../src/change-set/custom-resources';
import { normalize } from '../../src/change-set/normalize';

const resource = (properties: Record<string, unknown>, metadata?: unknown) =>
  normalize({ Resources: { R: { Type: 'Custom::Thing', Properties: properties, ...(metadata === undefined ? {} : { Metadata: metadata }) } } }).resources.get('R')!;

describe('isCustomResourceType', () => {
  test.each([
    ['Custom::Thing', true],
    ['AWS::CloudFormation::CustomResource', true],
    ['AWS::CloudFormation::Stack', false],
    ['MyCustom::Thing', false],
    ['', false],
  ])('GIVEN %j WHEN checked THEN it is a custom resource: %s', (type, expected) => {
    expect(isCustomResourceType(type)).toBe(expected);
  });
});

describe('customResourceDeclaration', () => {
  test('GIVEN neither metadata nor the reserved property WHEN read THEN nothing is declared', () => {
    expect(customResourceDeclaration(resource({ A: 1 }))).toBeUndefined();
  });

  test('GIVEN only the reserved property WHEN read THEN its text entries replace on change', () => {
    expect(customResourceDeclaration(resource({ [LIFECYCLE_PROPERTY]: { replaceOnChange: ['A', 7, 'B'] } }))).toEqual({ replaceOnChange: ['A', 'B'] });
  });

  test('GIVEN a reserved property whose list is not a list WHEN read THEN nothing replaces', () => {
    expect(customResourceDeclaration(resource({ [LIFECYCLE_PROPERTY]: { replaceOnChange: 'A' } }))).toEqual({ replaceOnChange: [] });
  });

  test('GIVEN metadata with a name and no list WHEN read THEN the name is declared and nothing replaces', () => {
    expect(customResourceDeclaration(resource({}, { 'cdk-lifecycle': { nameProperty: 'Name' } }))).toEqual({ replaceOnChange: [], nameProperty: 'Name' });
  });

  test('GIVEN both WHEN read THEN the lists are merged without repeats', () => {
    const both = resource({ [LIFECYCLE_PROPERTY]: { replaceOnChange: ['B', 'C'] } }, { 'cdk-lifecycle': { replaceOnChange: ['A', 'B'] } });
    expect(customResourceDeclaration(both)).toEqual({ replaceOnChange: ['A', 'B', 'C'] });
  });
});
