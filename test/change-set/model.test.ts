/** The engine's small reducers over recreation and replacement values, and CloudFormation's rule between them. */
import { replacementOf, worstRecreation, worstReplacement } from '../../src/change-set/model';

describe('worstRecreation and worstReplacement', () => {
  test.each([
    ['Never', 'Always', 'Always'],
    ['Always', 'Never', 'Always'],
    ['Conditionally', 'Never', 'Conditionally'],
    ['Never', 'Conditionally', 'Conditionally'],
    ['Always', 'Conditionally', 'Always'],
    ['Never', 'Never', 'Never'],
  ] as const)('GIVEN %s and %s WHEN reduced THEN the more intrusive is %s', (a, b, expected) => {
    expect(worstRecreation(a, b)).toBe(expected);
  });

  test.each([
    ['False', 'True', 'True'],
    ['True', 'False', 'True'],
    ['Conditional', 'False', 'Conditional'],
    ['True', 'Conditional', 'True'],
  ] as const)('GIVEN %s and %s WHEN reduced THEN the more intrusive is %s', (a, b, expected) => {
    expect(worstReplacement(a, b)).toBe(expected);
  });
});

describe('replacementOf', () => {
  test.each([
    ['Never', 'Static', 'False'],
    ['Never', 'Dynamic', 'False'],
    ['Conditionally', 'Static', 'Conditional'],
    ['Always', 'Static', 'True'],
    ['Always', 'Dynamic', 'Conditional'],
  ] as const)('GIVEN RequiresRecreation %s with a %s value WHEN judged THEN Replacement is %s', (requiresRecreation, evaluation, expected) => {
    expect(replacementOf({ requiresRecreation, evaluation })).toBe(expected);
  });
});
