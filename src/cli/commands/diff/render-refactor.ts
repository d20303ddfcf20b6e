/**
 * The report's refactor plan: each rename and move, whether a stack refactor can do it (and
 * why not), what happens without one, and the deployments that make the whole change.
 */
import { RefactorPlan } from '../../../change-set';
import { Style } from '../../render/style';

/** The section's lines (none when nothing moved). `written` names the plan file when one was written. */
export function renderRefactor(plan: RefactorPlan | undefined, style: Style, written?: string): string[] {
  const moves = plan?.moves ?? [];
  if (plan === undefined || moves.length === 0) return [];
  const refactorable = moves.filter((move) => move.refactorable).length;
  const lines = [style.heading(`Moves: ${moves.length} resource${moves.length === 1 ? '' : 's'} renamed or moved, ${refactorable} can be a stack refactor`)];
  for (const move of moves) {
    const from = `${move.source.stackName}.${move.source.logicalResourceId}`;
    const to = `${move.destination.stackName}.${move.destination.logicalResourceId}`;
    const how = move.matchedBy === 'Name' ? 'same name' : move.matchedBy === 'IdenticalProperties' ? 'identical properties' : `similarity ${move.similarity}`;
    const verdict = move.refactorable ? style.added('stack refactor') : style.warning(`no refactor: ${move.reasons.join('; ')}`);
    lines.push(`[>] ${move.resourceType} ${from} → ${to} (${how}): ${verdict}`, `    without a refactor: ${move.withoutRefactor}`);
  }
  const steps = plan.steps;
  if (steps.length > 0) {
    // CDK's construct paths move with a rename: an update of metadata only, which cdk refactor does not count as an edit.
    const metadataOnly = steps.length === 2 && steps[1].actions.every((action) => action.endsWith('(metadata only)'));
    lines.push(style.heading(steps.length === 1 ? 'Plan: one deployment, the refactor'
      : metadataOnly ? 'Plan: the refactor, then a deployment that only updates the moved resources\' metadata' : 'Plan: two deployments, the refactor first, then the rest'));
    for (const step of steps) {
      lines.push(step.kind === 'Refactor'
        ? `Step ${step.step}: refactor (aws cloudformation create-stack-refactor, or cdk refactor --unstable=refactor${steps.length === 1 || metadataOnly ? '' : ', which refuses while step 2 is pending'})`
        : `Step ${step.step}: deploy the rest (cdk deploy)`);
      lines.push(...step.actions.map((action) => `    ${action}`));
    }
    lines.push(written === undefined ? 'Write the plan files with --refactor-plan <file>' : `Plan written to ${written}`);
  }
  lines.push('');
  return lines;
}
