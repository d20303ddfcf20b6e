/** The runner repeats two names of the runtime's contract (it does not import the runtime): they must agree. */
import { ON_EVENT_FUNCTION_VARIABLE } from '../../../src/local/stack/find-provider';
import { ENV_ON_EVENT_FUNCTION } from '../../../src/runtime/contract';

test('GIVEN the framework-mode variable WHEN compared with the runtime contract THEN they agree', () => {
  expect(ON_EVENT_FUNCTION_VARIABLE).toBe(ENV_ON_EVENT_FUNCTION);
});
