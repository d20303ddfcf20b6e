/**
 * No isolation: the handler runs on the runtime's own thread (`isolateHandler: false`).
 *
 * It still receives a deep copy of the event and its result is serialized once, but a
 * handler that throws from a timer, exits the process or blocks the event loop takes the
 * runtime down with it. Tests also use it to run handlers in-thread.
 */
import { POLLING_BUILD } from '../build-variant';
import { callHandler, findExport, loadErrorText, missingExport } from './call-handler';
import type { Isolation } from './isolation';
import { withDeadline } from '../protocol/deadline';
import { failure } from '../protocol/handler-result';

/** Runs the handler in-thread; the module is loaded on first use (again after a failed load). */
export function inThreadIsolation(load: () => Promise<Record<string, unknown>>, moduleName: string, now: () => number = Date.now): Isolation {
  let loading: Promise<Record<string, unknown>> | undefined;
  return {
    call: async (call) => {
      let mod: Record<string, unknown>;
      try {
        mod = await (loading ??= load());
      } catch (e) {
        loading = undefined;
        return failure(loadErrorText(moduleName, e));
      }
      const fn = findExport(mod, call.exportName);
      if (!fn) return missingExport(moduleName, call.exportName, mod);
      // Events are JSON: copying cannot fail.
      return withDeadline(callHandler(fn, structuredClone(call.event), POLLING_BUILD ? call.shape : undefined), call.deadline - now());
    },
  };
}
