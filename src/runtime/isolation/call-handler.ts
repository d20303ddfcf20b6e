/**
 * Calling the handler and taking its result back: the part that runs where the handler runs
 * (inside the worker, or on the runtime's thread without isolation).
 */
import { POLLING_BUILD } from '../build-variant';
import { errorText } from '../protocol/error-text';
import { failure, HandlerOutcome, ResultShape, settleIsComplete, settleResult } from '../protocol/handler-result';
import { isPlainObject } from '../protocol/request';

/** A handler export. */
export type HandlerFunction = (event: unknown) => unknown;

/** Calls `fn` and settles what it returned or threw into a bounded outcome. Never rejects. */
export async function callHandler(fn: HandlerFunction, event: unknown, shape: ResultShape = 'onEvent'): Promise<HandlerOutcome> {
  // Read before the handler can change its event.
  const forDelete = (event as { RequestType?: unknown } | null)?.RequestType === 'Delete';
  let raw: unknown;
  try {
    raw = await fn(event);
  } catch (e) {
    return failure(errorText(e));
  }
  return POLLING_BUILD && shape === 'isComplete' ? settleIsComplete(raw) : settleResult(raw, forDelete);
}

/** The export named `exportName`, also looked up under `default` (ES modules compiled to CommonJS). */
export function findExport(mod: Record<string, unknown>, exportName: string): HandlerFunction | undefined {
  const direct = mod[exportName];
  if (typeof direct === 'function') return direct as HandlerFunction;
  const fallback = isPlainObject(mod.default) ? (mod.default as Record<string, unknown>)[exportName] : undefined;
  return typeof fallback === 'function' ? (fallback as HandlerFunction) : undefined;
}

/** The failure for a module without the export. */
export function missingExport(moduleName: string, exportName: string, mod: Record<string, unknown>): HandlerOutcome {
  return failure(`HandlerLoadError: module "${moduleName}" has no exported function "${exportName}" (exports: ${Object.keys(mod).join(', ') || 'none'})`);
}

/** Names a module that could not be loaded. */
export function loadErrorText(moduleName: string, e: unknown): string {
  return `HandlerLoadError: could not load handler module "${moduleName}" from the function code: ${errorText(e)}`;
}
