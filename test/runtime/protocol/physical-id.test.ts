import { FAILED_CREATE_MARKER } from '../../../src/runtime/contract';
import { defaultPhysicalId, failedCreateId, isFailedCreateId, physicalIdProblem } from '../../../src/runtime/protocol/physical-id';

const request = { StackId: 'arn:stack/one', RequestId: 'req-1', LogicalResourceId: 'My-Res_1.x' };

describe('defaultPhysicalId', () => {
  test('GIVEN a request WHEN named THEN <LogicalResourceId>-<16 hex>, the same for the same request', () => {
    expect(defaultPhysicalId(request)).toMatch(/^My-Res_1\.x-[0-9a-f]{16}$/);
    expect(defaultPhysicalId({ ...request })).toBe(defaultPhysicalId(request));
  });

  test.each(['StackId', 'RequestId', 'LogicalResourceId'] as const)('GIVEN another %s WHEN named THEN the hash differs', (field) => {
    expect(defaultPhysicalId({ ...request, [field]: `${request[field]}2` }).slice(-16)).not.toBe(defaultPhysicalId(request).slice(-16));
  });

  test('GIVEN fields that only differ in where they split WHEN named THEN the hashes differ', () => {
    expect(defaultPhysicalId({ StackId: 'a', RequestId: 'bc', LogicalResourceId: 'X' })).not.toBe(defaultPhysicalId({ StackId: 'ab', RequestId: 'c', LogicalResourceId: 'X' }));
  });

  test.each([
    ['Weird Id!ü', /^WeirdId-[0-9a-f]{16}$/],
    ['!!!', /^Resource-[0-9a-f]{16}$/],
    ['L'.repeat(300), /^L{200}-[0-9a-f]{16}$/],
  ])('GIVEN the logical id %p WHEN named THEN only readable characters are kept', (logicalId, pattern) => {
    expect(defaultPhysicalId({ ...request, LogicalResourceId: logicalId })).toMatch(pattern);
  });
});

describe('failedCreateId', () => {
  test('GIVEN a request WHEN its Create failed THEN the marker prefixes the default id', () => {
    expect(failedCreateId(request)).toBe(`${FAILED_CREATE_MARKER}${defaultPhysicalId(request)}`);
    expect(isFailedCreateId(failedCreateId(request))).toBe(true);
  });

  test.each([['plain-id', false], [undefined, false], [`x${FAILED_CREATE_MARKER}`, false]])('isFailedCreateId(%p) is %p', (id, expected) => {
    expect(isFailedCreateId(id)).toBe(expected);
  });
});

describe('physicalIdProblem', () => {
  test.each([
    ['a', undefined],
    ['x'.repeat(1024), undefined],
    ['é'.repeat(512), undefined],
    ['x'.repeat(1025), 'PhysicalResourceId must be at most 1024 bytes, got 1025'],
    ['é'.repeat(513), 'PhysicalResourceId must be at most 1024 bytes, got 1026'],
    ['', 'PhysicalResourceId must not be empty'],
    [5, 'PhysicalResourceId must be a string, got number'],
    [null, 'PhysicalResourceId must be a string, got object'],
  ])('physicalIdProblem(%p) is %p', (id, problem) => {
    expect(physicalIdProblem(id)).toBe(problem);
  });
});
