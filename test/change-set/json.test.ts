/**
 * The engine's small JSON readers: the canonical text behind value comparison (key order,
 * absent keys and CloudFormation's string scalars do not matter; list order does) and the
 * locale-independent order of names.
 */
import { nest, nestInLists } from './helpers';
import { canonicalText, compareText, intrinsicName, isObject, MAX_DEPTH, NestingLimitError, own } from '../../src/change-set/json';

describe('canonicalText', () => {
  test('GIVEN a value of every JSON kind WHEN written THEN keys are sorted and scalars are CloudFormation strings', () => {
    expect(canonicalText({ b: [1, true, null, 'x'], a: {}, c: [] })).toBe('{"a":{},"b":["1","true",null,"x"],"c":[]}');
  });

  test.each([
    ['keys in another order', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['a key whose value is absent', { a: 1, b: undefined }, { a: 1 }],
    ['a number and its string', { n: 5 }, { n: '5' }],
    ['a boolean and its string', [false], ['false']],
  ])('GIVEN %s WHEN written THEN both texts are equal', (_, a, b) => {
    expect(canonicalText(a)).toBe(canonicalText(b));
  });

  test.each([
    ['lists in another order', [1, 2], [2, 1]],
    ['null and the string "null"', null, 'null'],
    ['null and an absent value', null, undefined],
    ['a string that looks like an object', '{}', {}],
  ])('GIVEN %s WHEN written THEN the texts differ', (_, a, b) => {
    expect(canonicalText(a)).not.toBe(canonicalText(b));
  });

  test('GIVEN the two scalars JSON has no string for WHEN written THEN null and undefined are named', () => {
    expect(canonicalText(null)).toBe('null');
    expect(canonicalText(undefined)).toBe('undefined');
    expect(canonicalText([undefined])).toBe('[undefined]');
  });

  test(`GIVEN values nested ${MAX_DEPTH} levels deep WHEN written THEN all of them is written; one level deeper THEN it is a NestingLimitError, not a cut`, () => {
    expect(canonicalText(nest(MAX_DEPTH, 'x'))).toBe(`${'{"a":'.repeat(MAX_DEPTH)}"x"${'}'.repeat(MAX_DEPTH)}`);
    expect(canonicalText(nestInLists(MAX_DEPTH, 'x'))).toBe(`${'['.repeat(MAX_DEPTH)}"x"${']'.repeat(MAX_DEPTH)}`);
    expect(() => canonicalText(nest(MAX_DEPTH + 1, 'x'))).toThrow(NestingLimitError);
    expect(() => canonicalText(nestInLists(MAX_DEPTH + 1, 'x'))).toThrow(NestingLimitError);
  });

  test('GIVEN an object that contains itself WHEN written THEN it is a NestingLimitError (the text would never end)', () => {
    const cyclic: Record<string, unknown> = { k: 1 };
    cyclic.self = cyclic;
    const list: unknown[] = [];
    list.push(list);
    expect(() => canonicalText(cyclic)).toThrow(NestingLimitError);
    expect(() => canonicalText(list)).toThrow(NestingLimitError);
  });
});

describe('compareText', () => {
  test.each([
    ['a', 'b', -1],
    ['b', 'a', 1],
    ['a', 'a', 0],
    ['Z', 'a', -1],
    ['é', 'z', 1],
  ])('GIVEN %j and %j WHEN compared THEN the order is %d (code units, not the locale)', (a, b, expected) => {
    expect(compareText(a, b)).toBe(expected);
  });
});

describe('isObject, own and intrinsicName', () => {
  test.each([
    [{}, true],
    [[], false],
    [null, false],
    ['x', false],
  ])('GIVEN %j WHEN checked THEN isObject is %s', (value, expected) => {
    expect(isObject(value)).toBe(expected);
  });

  test('GIVEN a key only a prototype has WHEN read THEN it is absent', () => {
    expect(own({ a: 1 }, 'toString')).toBeUndefined();
    expect(own({ a: 1 }, 'a')).toBe(1);
  });

  test.each([
    [{ Ref: 'X' }, 'Ref'],
    [{ 'Fn::GetAtt': ['X', 'Arn'] }, 'Fn::GetAtt'],
    [{ Ref: 'X', Other: 1 }, undefined],
    [{ Condition: 'C' }, undefined],
    [['Ref'], undefined],
  ])('GIVEN %j WHEN checked THEN the intrinsic is %s', (value, expected) => {
    expect(intrinsicName(value)).toBe(expected);
  });
});
