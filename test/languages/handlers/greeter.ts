// The TypeScript handler every language's app gives to ResourceProvider as `entry`: bundled
// with esbuild at synth. Its Data holds the properties as they arrived, as JSON, so running
// the synthesized provider shows whether a language's binding delivered them unchanged.
import type { LifecycleEvent, LifecycleResult } from '../../../src/runtime/types';

export async function onEvent(event: LifecycleEvent): Promise<LifecycleResult | void> {
  if (event.RequestType === 'Delete') return;
  const props = event.ResourceProperties;
  // A new region is a new greeting (replaceOnChange): every Create answers a new id.
  const id = event.RequestType === 'Create' ? `greeting-${props.region}-${event.RequestId.slice(0, 8)}` : event.PhysicalResourceId;
  return { PhysicalResourceId: id, Data: { message: `Hello, ${props.greetingName}`, received: JSON.stringify(props) } };
}
