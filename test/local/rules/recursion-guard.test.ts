/**
 * Lambda's recursive loop detection: the trace header's lineage counts each function's
 * invocations in one chain; the 17th is stopped unless the function's RecursiveLoop is Allow.
 */
import { MAX_CHAIN_INVOCATIONS, stopsRecursion, traceFor } from '../../../src/local/rules/recursion-guard';

const A = { arn: 'arn:aws:lambda:us-east-1:123456789012:function:a', recursiveLoop: 'Terminate' };
const B = { arn: 'arn:aws:lambda:us-east-1:123456789012:function:b', recursiveLoop: 'Terminate' };

/** The trace of the nth invocation of `fn` in a chain where it invokes itself. */
function chainOf(fn: typeof A, length: number) {
  let trace = traceFor(fn);
  for (let i = 1; i < length; i++) trace = traceFor(fn, trace.header);
  return trace;
}

test('GIVEN no caller trace WHEN a function is invoked THEN a new chain starts: an X-Ray root, a parent, and a lineage counting 1', () => {
  const trace = traceFor(A);

  expect(trace.count).toBe(1);
  expect(trace.header).toMatch(/^Root=1-[0-9a-f]{8}-[0-9a-f]{24};Parent=[0-9a-f]{16};Sampled=0;Lineage=[0-9a-f]{8}:1$/);
});

test('GIVEN a chain WHEN it goes on THEN the root is kept, the parent is new, and each function counts its own invocations', () => {
  const first = traceFor(A);
  const second = traceFor(B, first.header);
  const third = traceFor(A, second.header);

  const field = (header: string, name: string) => new RegExp(`${name}=([^;]*)`).exec(header)![1];
  expect(field(third.header, 'Root')).toBe(field(first.header, 'Root'));
  expect(field(third.header, 'Parent')).not.toBe(field(second.header, 'Parent'));
  expect([first.count, second.count, third.count]).toEqual([1, 1, 2]);
  expect(field(third.header, 'Lineage').split('|')).toHaveLength(2);
});

test('GIVEN a function invoking itself WHEN the chain reaches 16 and then 17 invocations THEN only the 17th is stopped, and never with RecursiveLoop Allow', () => {
  expect(stopsRecursion(A, chainOf(A, MAX_CHAIN_INVOCATIONS))).toBe(false);
  expect(stopsRecursion(A, chainOf(A, MAX_CHAIN_INVOCATIONS + 1))).toBe(true);
  const allowed = { ...A, recursiveLoop: 'Allow' };
  expect(stopsRecursion(allowed, chainOf(allowed, 40))).toBe(false);
});

test.each([
  ['no header', undefined],
  ['an unrelated header', 'Self=1-67891233-12456789abcdef012345678'],
  ['a malformed lineage', 'Root=1-5759e988-bd862e3fe1be46a994272793;Lineage=zz:99|:1|abcdefab:x'],
])('GIVEN %s from the caller WHEN invoked THEN the count starts at 1', (_, header) => {
  expect(traceFor(A, header).count).toBe(1);
});
