/**
 * The report's security section, from the review model, as `cdk diff` prints its security tables: the IAM statements,
 * managed policies and security-group rules each stack adds (`+`) and removes (`-`), a
 * broadening marked `[+!]`, with what makes it wide.
 */
import { Review } from '../../../review/review-model';
import { SecurityChanges } from '../../../review/security/security-changes';
import { securityRows } from '../../../review/security/security-rows';
import { Style } from '../../render/style';

/** The section's lines (none when no stack's security changes), ending with a blank line. */
export function renderSecurity(review: Review, style: Style): string[] {
  const lines: string[] = [];
  for (const stack of review.stacks) {
    for (const [nestedPath, changes] of stack.security ?? []) {
      const where = [stack.name, nestedPath === '' ? undefined : nestedPath].filter((part) => part !== undefined && part !== '').join('/');
      lines.push(...stackLines(where, changes, style));
    }
  }
  if (lines.length === 0) return [];
  return [style.heading('Security changes: IAM statements, managed policies and security-group rules ([+!] broadens permissions)'), ...lines, ''];
}

/** How many statements, managed policies, rules and settings are added or removed, and how many of them broaden permissions. */
export function securityCounts(review: Review): { changed: number; broadening: number } {
  let changed = 0;
  let broadening = 0;
  for (const stack of review.stacks) {
    for (const changes of stack.security?.values() ?? []) {
      for (const row of securityRows(changes)) { changed++; if (row.broadening) broadening++; }
    }
  }
  return { changed, broadening };
}

function stackLines(where: string, changes: SecurityChanges, style: Style): string[] {
  const prefix = where === '' ? '' : `${where} `;
  const marker = (change: '+' | '-', wide: boolean) => (wide ? style.replaced('[+!]') : change === '+' ? style.added('[+]') : style.removed('[-]'));
  return securityRows(changes).map((row) => `${marker(row.change, row.broadening)} ${prefix}${row.what} ${row.text}`);
}
