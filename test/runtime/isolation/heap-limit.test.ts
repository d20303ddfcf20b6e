import { heapLimitMb, MIN_HEAP_LIMIT_MB, RUNTIME_RESERVE_MB } from '../../../src/runtime/isolation/heap-limit';

test.each([
  ['128', 48],
  ['176', 48],
  ['177', 49],
  ['256', 128],
  ['1024', 896],
  ['10240', 10112],
  ['300.7', 172],
  [undefined, undefined],
  ['', undefined],
  ['0', undefined],
  ['-5', undefined],
  ['lots', undefined],
  ['Infinity', undefined],
])('GIVEN AWS_LAMBDA_FUNCTION_MEMORY_SIZE %p WHEN limiting the handler heap THEN %p MB', (memory, limit) => {
  expect(heapLimitMb(memory)).toBe(limit);
});

test('the reserve and the floor', () => {
  expect([RUNTIME_RESERVE_MB, MIN_HEAP_LIMIT_MB]).toEqual([128, 48]);
});
