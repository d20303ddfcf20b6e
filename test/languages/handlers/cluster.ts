// The TypeScript handler of the languages apps' polling provider: onEvent starts the work,
// isComplete says when it is done (at once here).
import type { IsCompleteResult, LifecycleEvent, LifecycleIsCompleteEvent, LifecycleResult } from '../../../src/runtime/types';

export async function onEvent(event: LifecycleEvent): Promise<LifecycleResult | void> {
  if (event.RequestType === 'Create') return { PhysicalResourceId: `cluster-${event.RequestId.slice(0, 8)}` };
}

export async function isComplete(event: LifecycleIsCompleteEvent): Promise<IsCompleteResult> {
  return { IsComplete: true, Data: { requestType: event.RequestType } };
}
