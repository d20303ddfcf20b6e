import { describe as describeValue, describeType, isPlainObject, parseRequest, readReplyAddress } from '../../../src/runtime/protocol/request';

const valid = {
  RequestType: 'Update',
  ResponseURL: 'https://x/y',
  StackId: 'stack',
  RequestId: 'req',
  LogicalResourceId: 'Res',
  ResourceType: 'Custom::X',
  PhysicalResourceId: 'p-1',
  ResourceProperties: { a: '1' },
  OldResourceProperties: { a: '0' },
  ServiceToken: 'arn',
};

describe('parseRequest', () => {
  test('GIVEN a valid Update WHEN parsed THEN the request keeps its fields', () => {
    const parsed = parseRequest(valid);
    expect(parsed).toMatchObject({ ok: true, request: { ...valid } });
  });

  test('GIVEN a Create with a PhysicalResourceId and OldResourceProperties WHEN parsed THEN neither is kept', () => {
    const parsed = parseRequest({ ...valid, RequestType: 'Create' });
    expect(parsed.ok && parsed.request.PhysicalResourceId).toBeUndefined();
    expect(parsed.ok && parsed.request.OldResourceProperties).toBeUndefined();
  });

  test('GIVEN a Delete WHEN parsed THEN it keeps its id and has no OldResourceProperties', () => {
    const parsed = parseRequest({ ...valid, RequestType: 'Delete', OldResourceProperties: undefined });
    expect(parsed.ok && parsed.request).toMatchObject({ PhysicalResourceId: 'p-1', OldResourceProperties: undefined });
  });

  test('GIVEN missing or null property objects WHEN parsed THEN they are empty objects', () => {
    const parsed = parseRequest({ ...valid, ResourceProperties: null, OldResourceProperties: undefined });
    expect(parsed.ok && parsed.request).toMatchObject({ ResourceProperties: {}, OldResourceProperties: {} });
  });

  test.each([
    ['RequestType Upsert', { RequestType: 'Upsert' }, 'RequestType must be Create, Update or Delete, got string "Upsert"'],
    ['RequestType 5', { RequestType: 5 }, 'RequestType must be Create, Update or Delete, got number 5'],
    ['an empty StackId', { StackId: '' }, 'StackId must be a non-empty string, got string ""'],
    ['no ResponseURL', { ResponseURL: undefined }, 'ResponseURL must be a non-empty string, got nothing'],
    ['a numeric RequestId', { RequestId: 7 }, 'RequestId must be a non-empty string, got number 7'],
    ['LogicalResourceId null', { LogicalResourceId: null }, 'LogicalResourceId must be a non-empty string, got null'],
    ['ResourceType as an object', { ResourceType: {} }, 'ResourceType must be a non-empty string, got an object'],
    ['ResourceProperties as an array', { ResourceProperties: ['a'] }, 'ResourceProperties must be an object, got an array of 1'],
    ['ResourceProperties as a string', { ResourceProperties: 'a' }, 'ResourceProperties must be an object, got string "a"'],
    ['an Update without an id', { PhysicalResourceId: '' }, 'PhysicalResourceId must be a non-empty string on Update, got string ""'],
    ['OldResourceProperties as an array', { OldResourceProperties: [] }, 'OldResourceProperties must be an object, got an array of 0'],
  ])('GIVEN %s WHEN parsed THEN the error says which field and what it held', (_name, change, problem) => {
    const parsed = parseRequest({ ...valid, ...change });
    expect(parsed).toMatchObject({ ok: false, error: `malformed request: ${problem}` });
  });

  test('GIVEN a Delete without an id WHEN parsed THEN it is malformed', () => {
    expect(parseRequest({ ...valid, RequestType: 'Delete', PhysicalResourceId: undefined })).toMatchObject({ ok: false, error: 'malformed request: PhysicalResourceId must be a non-empty string on Delete, got nothing' });
  });

  test('GIVEN a Create without an id and with odd OldResourceProperties WHEN parsed THEN it is valid', () => {
    expect(parseRequest({ ...valid, RequestType: 'Create', PhysicalResourceId: undefined, OldResourceProperties: 'x' }).ok).toBe(true);
  });

  test('GIVEN several problems WHEN parsed THEN all are listed, joined by "; "', () => {
    const parsed = parseRequest({ ...valid, StackId: 1, RequestId: 2 });
    expect(parsed).toMatchObject({ ok: false, error: 'malformed request: StackId must be a non-empty string, got number 1; RequestId must be a non-empty string, got number 2' });
  });

  test.each([[null, 'null'], [[1], 'an array of 1'], ['text', 'string "text"']])('GIVEN %p WHEN parsed THEN it is not a request object', (raw, got) => {
    expect(parseRequest(raw)).toEqual({ ok: false, error: `request must be a JSON object, got ${got}`, address: { ResponseURL: undefined, StackId: '', RequestId: '', LogicalResourceId: '', RequestType: undefined, PhysicalResourceId: undefined } });
  });
});

describe('readReplyAddress', () => {
  test('GIVEN a valid request WHEN read THEN the address holds its own fields', () => {
    expect(readReplyAddress({ ...valid, StackId: 'stack-9', RequestType: 'Update' })).toMatchObject({ StackId: 'stack-9', RequestType: 'Update', RequestId: 'req' });
  });

  test('GIVEN string fields WHEN read THEN copied verbatim; others become empty or undefined', () => {
    expect(readReplyAddress({ ...valid, StackId: 5, RequestType: ['x'] })).toEqual({ ResponseURL: 'https://x/y', StackId: '', RequestId: 'req', LogicalResourceId: 'Res', RequestType: undefined, PhysicalResourceId: 'p-1' });
  });
});

describe('describe', () => {
  test.each([
    [undefined, 'nothing'],
    [null, 'null'],
    [[1, 2], 'an array of 2'],
    [{ a: 1 }, 'an object'],
    ['short', 'string "short"'],
    [42, 'number 42'],
    [false, 'boolean false'],
    [BigInt(7), 'bigint 7'],
    ['x'.repeat(78), `string "${'x'.repeat(78)}"`],
    ['x'.repeat(79), `string "${'x'.repeat(76)}...`],
    ['y'.repeat(50_000_000), `string "${'y'.repeat(76)}...`],
  ])('describe(%p) is %p', (value, text) => {
    expect(describeValue(value)).toBe(text);
  });

  test.each([
    ['secret', 'a string'],
    [12, 'a number'],
    [true, 'a boolean'],
    [[1], 'an array of 1'],
    [{ k: 'secret' }, 'an object'],
    [null, 'null'],
    [undefined, 'nothing'],
  ])('describeType(%p) is %p, without the value', (value, text) => {
    expect(describeType(value)).toBe(text);
  });

  test('isPlainObject accepts objects only', () => {
    expect([{}, [], null, 'a', 1].map(isPlainObject)).toEqual([true, false, false, false, false]);
  });
});
