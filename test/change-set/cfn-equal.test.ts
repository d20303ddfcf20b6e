/**
 * CloudFormation equality (scalars as strings, key order, the two `Fn::GetAtt` forms) and the
 * nested paths where two values differ.
 */
import { nest, nestInLists } from './helpers';
import { cfnEqual, changedPaths } from '../../src/change-set/cfn-equal';
import { NestingLimitError } from '../../src/change-set/json';

describe('cfnEqual', () => {
  test.each([
    ['a number and its string', 10, '10', true],
    ['a decimal and its string', 1.5, '1.5', true],
    ['a boolean and its string', true, 'true', true],
    ['false and "false"', false, 'false', true],
    ['objects in another key order', { a: 1, b: [1, { c: 'x' }] }, { b: ['1', { c: 'x' }], a: '1' }, true],
    ['Fn::GetAtt string and array forms', { 'Fn::GetAtt': 'Db.Endpoint.Address' }, { 'Fn::GetAtt': ['Db', 'Endpoint.Address'] }, true],
    ['a key whose value is undefined and a missing key', { a: 1, b: undefined }, { a: 1 }, true],
    ['two different strings', 'a', 'b', false],
    ['a blank string and 0', '', 0, false],
    ['"True" and true (case matters)', 'True', true, false],
    ['a number and a boolean', 1, true, false],
    ['arrays in another order', [1, 2], [2, 1], false],
    ['an object with an extra key', { a: 1 }, { a: 1, b: 2 }, false],
    ['null and a missing value', null, undefined, false],
    ['an intrinsic and a string', { Ref: 'P' }, 'x', false],
    ['an object and a number', { a: 1 }, 1, false],
    ['a number and a string of another number', 10, '11', false],
    ['a number and a blank string', 0, ' ', false],
    ['a number and a string that is no number', 1, 'one', false],
    ['true and "false"', true, 'false', false],
    ['an array and an object', [1], { 0: 1 }, false],
    ['arrays of different lengths', [1], [1, 1], false],
    ['Fn::GetAtt forms naming different attributes', { 'Fn::GetAtt': 'Db.Port' }, { 'Fn::GetAtt': ['Db', 'Address'] }, false],
    ['Fn::GetAtt and another intrinsic', { 'Fn::GetAtt': 'Db.Port' }, { Ref: 'Db' }, false],
  ])('GIVEN %s WHEN compared THEN equal is %s', (_, a, b, expected) => {
    expect(cfnEqual(a, b)).toBe(expected);
    expect(cfnEqual(b, a)).toBe(expected);
  });
});

describe('values nested deeper than the engine follows (issue 36: an error, never a silent "equal" or a cut)', () => {
  test('GIVEN equal objects or lists whose innermost container is 64 deep WHEN compared and walked THEN they are equal, and a difference there is found', () => {
    expect(cfnEqual(nest(64, {}), nest(64, {}))).toBe(true);
    expect(cfnEqual(nestInLists(64, []), nestInLists(64, []))).toBe(true);
    expect(changedPaths(nest(60, 'x'), nest(60, 'y'))).toEqual([Array(60).fill('a')]);
    expect(changedPaths(nest(63, 'x'), nest(63, 'y'))).toEqual([Array(63).fill('a')]);
  });

  test.each<[string, () => unknown]>([
    ['equal objects 65 deep, compared', () => cfnEqual(nest(65, {}), nest(65, {}))],
    ['equal lists 65 deep, compared', () => cfnEqual(nestInLists(65, []), nestInLists(65, []))],
    ['values 70 deep that differ at the bottom, compared', () => cfnEqual(nest(70, 'x'), nest(70, 'y'))],
    ['values 70 deep in a list, compared', () => cfnEqual([nest(70, 'x')], [nest(70, 'x')])],
    ['values 70 deep, walked', () => changedPaths(nest(70, 'x'), nest(70, 'y'))],
    ['objects inside lists, 40 levels of each, walked', () => changedPaths(nestInLists(40, nest(40, 'x')), nestInLists(40, nest(40, 'y')))],
    ['a value added 70 objects deep, walked', () => changedPaths({}, { A: nest(70, 'x') })],
    ['a value added inside 70 lists, walked', () => changedPaths({}, { A: nestInLists(70, { k: 1 }) })],
  ])('GIVEN %s WHEN the limit of 64 is passed THEN it is a NestingLimitError', (_name, compare) => {
    expect(compare).toThrow(NestingLimitError);
    expect(compare).toThrow('a value is nested more than 64 levels of objects and arrays deep: cdk-lifecycle compares values up to 64 levels deep');
  });

  test('GIVEN the same deep object on both sides WHEN compared THEN it is equal to itself without being walked', () => {
    const deep = nest(70, 'x');
    expect(cfnEqual(deep, deep)).toBe(true);
    expect(changedPaths(deep, deep)).toEqual([]);
  });

  test('GIVEN a value added inside 10 lists WHEN walked THEN its keys are listed', () => {
    expect(changedPaths({}, { A: nestInLists(10, { k: 1 }) })).toEqual([['A'], ['A', 'k']]);
  });
});

describe('paths whose keys run together', () => {
  test('GIVEN an added key "ab" and an added "a" holding "b" WHEN walked THEN both paths are listed', () => {
    expect(changedPaths({}, { ab: 1, a: { b: 1 } })).toEqual([['ab'], ['a'], ['a', 'b']]);
  });
});

describe('scalars CloudFormation does not equate', () => {
  test.each([
    [null, 'null'],
    [undefined, 'undefined'],
  ])('GIVEN %j and its text WHEN compared THEN they differ', (value, text) => {
    expect(cfnEqual(value, text)).toBe(false);
    expect(cfnEqual(text, value)).toBe(false);
  });

  test('GIVEN Fn::GetAtt of a name without an attribute, as a string and as a list WHEN compared THEN they are equal', () => {
    expect(cfnEqual({ 'Fn::GetAtt': 'Res' }, { 'Fn::GetAtt': ['Res'] })).toBe(true);
  });
});

describe('changedPaths', () => {
  test.each([
    ['equal values', { a: { b: 1 } }, { a: { b: '1' } }, []],
    ['a changed scalar', 'x', 'y', [[]]],
    ['a nested scalar, with array indices removed', { SubnetIds: ['a', 'b'] }, { SubnetIds: ['a', 'c'] }, [['SubnetIds']]],
    ['a grown array of objects: every path inside the new element', [{ Ebs: { Size: 1 } }], [{ Ebs: { Size: 1 } }, { Ebs: { KmsKeyId: 'k' } }], [[], ['Ebs'], ['Ebs', 'KmsKeyId']]],
    ['an added key with nested content', {}, { A: { B: 1 } }, [['A'], ['A', 'B']]],
    ['a value replaced by an intrinsic: paths of both sides', { A: { B: 1 } }, { A: { Ref: 'P' } }, [['A'], ['A', 'B']]],
    ['two intrinsics that differ', { Ref: 'A' }, { Ref: 'B' }, [[]]],
    ['a list added: every path inside each new item', undefined, [{ Ebs: { KmsKeyId: 'k' } }, { Name: 'x' }], [[], ['Ebs'], ['Ebs', 'KmsKeyId'], ['Name']]],
    ['a list removed: every path inside each old item', [{ Ebs: { KmsKeyId: 'k' } }], undefined, [[], ['Ebs'], ['Ebs', 'KmsKeyId']]],
    ['an item changed inside a list of objects', [{ A: 1, B: 2 }], [{ A: 1, B: 3 }], [['B']]],
  ])('GIVEN %s WHEN walked THEN the changed paths are listed', (_, before, after, expected) => {
    expect(changedPaths(before, after)).toEqual(expected);
  });
});
