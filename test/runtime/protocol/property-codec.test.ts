import { decodeProperties, parsePointer, readOptions } from '../../../src/runtime/protocol/property-codec';

describe('decodeProperties', () => {
  test('GIVEN stringified values and their pointers WHEN decoded THEN the original types come back, in a copy', () => {
    const properties = {
      ServiceToken: 'arn',
      ServiceTimeout: '60',
      n: '5',
      f: '1.5',
      t: 'true',
      b: 'false',
      z: 'null-ish',
      list: ['1', 'x', ['2']],
      text: ' ',
      nan: 'abc',
      inf: 'Infinity',
      CdkLifecycle: { v: '1', numbers: ['/n', '/f', '/list/0', '/list/2/0', '/text', '/nan', '/inf', '/missing', '/list/9', '/list/x'], booleans: ['/t', '/b', '/n'], nulls: ['/z'] },
    };
    const snapshot = JSON.stringify(properties);
    const decoded = decodeProperties(properties);
    expect(decoded.properties).toEqual({ n: 5, f: 1.5, t: true, b: false, z: null, list: [1, 'x', [2]], text: ' ', nan: 'abc', inf: 'Infinity' });
    expect(JSON.stringify(properties)).toBe(snapshot);
  });

  test('GIVEN a pointer to an array index of two digits WHEN decoded THEN it is converted', () => {
    const list = Array.from({ length: 12 }, (_, i) => String(i));
    expect(decodeProperties({ list, CdkLifecycle: { v: '1', numbers: ['/list/10'] } }).properties.list).toEqual([...list.slice(0, 10), 10, '11']);
  });

  test('GIVEN escaped pointers WHEN decoded THEN ~1 is / and ~0 is ~', () => {
    expect(decodeProperties({ 'a/b': '1', 'c~d': '2', 'CdkLifecycle': { v: '1', numbers: ['/a~1b', '/c~0d'] } }).properties).toEqual({ 'a/b': 1, 'c~d': 2 });
  });

  test.each(['__proto__', 'constructor', 'prototype'])('GIVEN a property named %s WHEN decoded THEN it is an own property and no prototype changes', (key) => {
    const properties = JSON.parse(`{"${key}":{"n":"1"},"CdkLifecycle":{"v":"1","numbers":["/${key}/n"],"nulls":["/${key}"]}}`);
    const decoded = decodeProperties(properties).properties;
    expect(Object.keys(decoded)).toEqual([key]);
    expect(Object.getOwnPropertyDescriptor(decoded, key)).toEqual({ value: null, enumerable: true, writable: true, configurable: true });
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).n).toBeUndefined();
  });

  test('GIVEN a pointer through an inherited name WHEN decoded THEN nothing outside the properties is touched', () => {
    const decoded = decodeProperties({ a: {}, CdkLifecycle: { v: '1', numbers: ['/a/constructor/name', '/toString'], booleans: ['/a/hasOwnProperty'] } }).properties;
    expect(decoded).toEqual({ a: {} });
    expect(Object.prototype.hasOwnProperty.call(decoded.a, 'constructor')).toBe(false);
  });

  test.each([
    ['an array index with leading zero', ['/l/01'], { l: ['1', '2'] }],
    ['an array length', ['/l/length'], { l: ['1', '2'] }],
    ['an empty pointer', [''], { l: ['1', '2'] }],
    ['a pointer without a leading slash', ['l/0'], { l: ['1', '2'] }],
    ['the root', ['/'], { l: ['1', '2'] }],
  ])('GIVEN %s WHEN decoded THEN it is ignored', (_name, numbers, expected) => {
    expect(decodeProperties({ l: ['1', '2'], CdkLifecycle: { v: '1', numbers } }).properties).toEqual(expected);
  });

  test('GIVEN null members left out of the template (CloudFormation refuses nulls) WHEN decoded THEN each is added back, and null list items written as "" become null', () => {
    const delivered = { a: { b: {} }, list: ['', 'x', ''], items: [{}], CdkLifecycle: { v: '1', nulls: ['/top', '/a/b/c', '/list/0', '/items/0/z'] } };
    expect(decodeProperties(delivered).properties).toEqual({ top: null, a: { b: { c: null } }, list: [null, 'x', ''], items: [{ z: null }] });
  });

  test('GIVEN a null path under a member that is missing or a scalar, or past the end of a list WHEN decoded THEN nothing is added', () => {
    const delivered = { s: 'text', list: ['a'], CdkLifecycle: { v: '1', nulls: ['/gone/x', '/s/x', '/list/5', '/list/x'] } };
    expect(decodeProperties(delivered).properties).toEqual({ s: 'text', list: ['a'] });
  });

  test('GIVEN a number pointer to a missing member WHEN decoded THEN it is not added (only nulls are)', () => {
    expect(decodeProperties({ CdkLifecycle: { v: '1', numbers: ['/n'], booleans: ['/b'] } }).properties).toEqual({});
  });

  test('GIVEN no reserved property WHEN decoded THEN strings stay strings and CloudFormation\'s own properties go', () => {
    expect(decodeProperties({ ServiceToken: 't', ServiceTimeout: '5', n: '5' })).toEqual({ properties: { n: '5' }, options: undefined });
  });
});

describe('readOptions', () => {
  test.each([
    [{ CdkLifecycle: { v: '1', numbers: ['/a'], booleans: 'x', nulls: [1], replaceOnChange: ['r'] } }, { v: '1', numbers: ['/a'], replaceOnChange: ['r'] }],
    [{ CdkLifecycle: { v: 1 } }, undefined],
    [{ CdkLifecycle: 'v1' }, undefined],
    [{ CdkLifecycle: ['v'] }, undefined],
    [{}, undefined],
  ])('readOptions(%p) is %p', (properties, options) => {
    expect(readOptions(properties)).toEqual(options);
  });
});

describe('parsePointer', () => {
  test.each([
    ['/a/b', ['a', 'b']],
    ['/', ['']],
    ['/~01', ['~1']],
    ['a', undefined],
  ])('parsePointer(%p) is %p', (pointer, segments) => {
    expect(parsePointer(pointer)).toEqual(segments);
  });
});
