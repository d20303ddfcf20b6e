/**
 * The heap a handler's worker may use, from the function's memory: the rest is kept for the
 * runtime's own thread, the worker's memory outside its heap (young generation, code, stacks)
 * and buffers, so that a handler exhausting its heap ends its worker, not the sandbox.
 */

/** Memory kept outside the handler's heap limit, in MB (see bench/worker-memory.bench.ts). */
export const RUNTIME_RESERVE_MB = 128;

/** Smallest heap limit given to a handler, in MB. */
export const MIN_HEAP_LIMIT_MB = 48;

/** The old-generation limit for `AWS_LAMBDA_FUNCTION_MEMORY_SIZE`; undefined outside Lambda. */
export function heapLimitMb(functionMemoryMb: string | undefined): number | undefined {
  const memory = Number(functionMemoryMb);
  if (!(memory > 0 && memory < Infinity)) return undefined;
  return Math.max(MIN_HEAP_LIMIT_MB, Math.floor(memory - RUNTIME_RESERVE_MB));
}
