import { FailOn } from './diff-options';
import { Summary } from './summary';
import { POLICY_EXIT_CODE } from '../../cli-error';

/**
 * The exit code `--fail-on` asks for:
 * - `none`: 0;
 * - `failure` (the default): 1 when any change will certainly fail (possible failures do
 *   not count: they are reported, and `replacement` catches them);
 * - `replacement`: 1 when `failure` would be, or any resource is replaced, certainly or
 *   conditionally;
 * - `data-loss`: 1 when `failure` would be, or any data verdict deletes data (certainly or
 *   possibly: a removed or replaced data-bearing resource whose policy is Delete).
 */
export function exitCodeFor(failOn: FailOn, summary: Summary): number {
  switch (failOn) {
    case 'none':
      return 0;
    case 'failure':
      return summary.certainFailures > 0 ? POLICY_EXIT_CODE : 0;
    case 'data-loss':
      return summary.certainFailures + summary.dataDeleted > 0 ? POLICY_EXIT_CODE : 0;
    case 'replacement':
      return summary.certainFailures + summary.replaced + summary.maybeReplaced > 0 ? POLICY_EXIT_CODE : 0;
  }
}
