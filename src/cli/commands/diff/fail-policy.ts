import { Review } from '../../../review/review-model';
import { POLICY_EXIT_CODE } from '../../cli-error';

/**
 * The exit code of a review: 1 when any change is at level `fail`. Without review rules that
 * is what `--fail-on` asks for (`failure`, the default: a change that will certainly fail;
 * `data-loss`: that or data deleted, certainly or possibly; `replacement`: a certain failure or
 * a certain or conditional replacement; `none`: nothing); a rule can raise a change to `fail`
 * or lower it.
 */
export function exitCodeFor(review: Review): number {
  return review.counts.byLevel.fail > 0 ? POLICY_EXIT_CODE : 0;
}
