/**
 * How alike two property sets are (the score behind probable renames): every key and every
 * primitive weighs 1, lists are compared as multisets, the score is the Dice coefficient.
 */
import { nest, nestInLists } from './helpers';
import { NestingLimitError } from '../../src/change-set/json';
import { similarity, weightOf } from '../../src/change-set/similarity';

describe('weightOf', () => {
  test.each([
    ['a primitive', 1, 'x'],
    ['an object: its keys and the primitives under them', 3, { a: { b: 1 } }],
    ['a list: its items only', 4, [1, 'x', { a: 1 }]],
    ['an absent value', 0, undefined],
    ['a key whose value is absent: the key alone', 1, { a: undefined }],
    ['null, a primitive', 1, null],
  ])('GIVEN %s WHEN weighed THEN the weight is %d', (_, expected, value) => {
    expect(weightOf(value)).toBe(expected);
  });

  test('GIVEN values nested 64 levels deep WHEN weighed THEN every level counts; deeper THEN it is a NestingLimitError', () => {
    expect(weightOf(nest(64, 'x'))).toBe(65);
    expect(weightOf(nestInLists(64, 'x'))).toBe(1);
    expect(() => weightOf(nest(65, 'x'))).toThrow(NestingLimitError);
    expect(() => weightOf(nestInLists(70, 'x'))).toThrow(NestingLimitError);
  });
});

describe('similarity', () => {
  test.each([
    ['identical values', 1, { a: 1, b: [1, 2] }, { b: ['1', 2], a: 1 }],
    ['two empty property sets', 1, {}, {}],
    ['lists in another order', 1, { a: [1, 2, 3] }, { a: [3, 2, 1] }],
    ['the seed 003 example: one of five values changed', 12 / 14, { a: { b: 's', c: 's' }, d: 's' }, { a: { b: 's', c: 's' }, d: 't' }],
    ['nothing in common', 0, { a: 1 }, { b: 2 }],
    ['a number and its string (CloudFormation equality)', 1, { Port: 80 }, { Port: '80' }],
    ['one primitive list item changed', 0, ['x'], ['y']],
    ['an object and a list holding the same value', 0, { 0: 'x' }, ['x']],
    ['keys whose value is absent on both sides: the keys match', 1, { A: undefined, B: 'x' }, { A: undefined, B: 'x' }],
    ['a value that became absent: the key matches', 2 / 3, { A: 'x' }, { A: undefined }],
    ['a list item changed inside an object: the item pairs with the left-over one', 6 / 8, [{ A: 1, B: 2 }], [{ A: 1, B: 3 }]],
    ['a repeated list item matched once per copy', 2 / 4, ['x', 'x'], ['x', 'y']],
    ['repeated items matched as a multiset, the rest paired in order', 4 / 6, ['z', 'x', 'x'], ['x', 'x', 'w']],
    ['a list item without a partner', 4 / 8, [{ A: 1 }, { B: 1 }], [{ A: 1, C: 1 }]],
  ])('GIVEN %s WHEN scored THEN similarity is %d', (_, expected, a, b) => {
    expect(similarity(a, b)).toBeCloseTo(expected, 5);
    expect(similarity(b, a)).toBeCloseTo(expected, 5);
  });

  test('GIVEN values that differ only deeper than the engine follows WHEN scored THEN it is a NestingLimitError, never "identical"', () => {
    expect(() => similarity(nest(70, 'x'), nest(70, 'y'))).toThrow(NestingLimitError);
    expect(() => similarity([nest(70, 'x')], [nest(70, 'y')])).toThrow(NestingLimitError);
    expect(similarity(nest(63, 'x'), nest(63, 'y'))).toBeCloseTo(126 / 128, 5);
  });

  test('GIVEN their weights WHEN scored THEN the weights given are used instead of weighing again', () => {
    expect(similarity({ a: 1 }, { a: 1 }, 4, 4)).toBe(0.5);
  });
});
