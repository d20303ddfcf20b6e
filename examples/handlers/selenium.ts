import type { LifecycleEvent, LifecycleResult } from '../../src/runtime/types';

export async function onEvent(event: LifecycleEvent): Promise<LifecycleResult | void> {
  const props = event.ResourceProperties;
  switch (event.RequestType) {
    case 'Create': {
      // Every Create starts a new test run with a new id, also the Create that replaces the
      // resource after `region` changed (event.Replacing is set then): CloudFormation deletes
      // the old id once the new one is answered.
      const id = `selenium-${props.region}-${event.RequestId.slice(0, 8)}`;
      return { PhysicalResourceId: id, Data: { resultsPage: `https://example.com/results/${id}` } };
    }
    case 'Update':
      return { Data: { resultsPage: `https://example.com/results/${event.PhysicalResourceId}` } };
    case 'Delete':
      return; // stop the test run event.PhysicalResourceId
  }
}
