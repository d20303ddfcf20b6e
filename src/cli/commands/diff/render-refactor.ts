/**
 * The report's refactor plan: each rename and move, whether a stack refactor can do it (and
 * why not), what happens without one; the identical resources nothing tells apart (paired
 * only by the user's mappings); and the deployments that make the whole change, each said
 * unsafe where it would fail as planned.
 */
import { RefactorAmbiguity, RefactorPlan } from '../../../change-set';
import { Style } from '../../render/style';

/** The section's lines (none when nothing moved). `written` names the plan file when one was written. */
export function renderRefactor(plan: RefactorPlan | undefined, style: Style, written?: string): string[] {
  const moves = plan?.moves ?? [];
  const ambiguities = plan?.ambiguities ?? [];
  if (plan === undefined || (moves.length === 0 && ambiguities.length === 0)) return [];
  const refactorable = moves.filter((move) => move.refactorable).length;
  const unclear = ambiguities.length === 0 ? '' : `, ${ambiguities.length} ambiguous (not paired)`;
  const lines = [style.heading(`Moves: ${moves.length} resource${moves.length === 1 ? '' : 's'} renamed or moved, ${refactorable} can be a stack refactor${unclear}`)];
  for (const move of moves) {
    const from = `${move.source.stackName}.${move.source.logicalResourceId}`;
    const to = `${move.destination.stackName}.${move.destination.logicalResourceId}`;
    const how = HOW[move.matchedBy] ?? `similarity ${move.similarity}`;
    const verdict = move.refactorable ? style.added('stack refactor') : style.warning(`no refactor: ${move.reasons.join('; ')}`);
    lines.push(`[>] ${move.resourceType} ${from} → ${to} (${how}): ${verdict}`, `    without a refactor: ${move.withoutRefactor}`);
  }
  for (const ambiguity of ambiguities) lines.push(...ambiguityLines(ambiguity, style));
  const steps = plan.steps;
  if (steps.length > 0) {
    // CDK's construct paths move with a rename: an update of metadata only, which cdk refactor does not count as an edit.
    const metadataOnly = steps.length === 2 && steps[1].actions.every((action) => action.endsWith('(metadata only)'));
    lines.push(style.heading(steps.length === 1 ? 'Plan: one deployment, the refactor'
      : metadataOnly ? 'Plan: the refactor, then a deployment that only updates the moved resources\' metadata' : 'Plan: two deployments, the refactor first, then the rest'));
    for (const step of steps) {
      const unsafe = step.safe ? '' : style.removed(' — not safe as planned');
      lines.push(step.kind === 'Refactor'
        ? `Step ${step.step}: refactor (aws cloudformation create-stack-refactor, or cdk refactor --unstable=refactor${steps.length === 1 || metadataOnly ? '' : ', which refuses while step 2 is pending'})${unsafe}`
        : `Step ${step.step}: deploy the rest (cdk deploy)${unsafe}`);
      lines.push(...step.actions.map((action) => `    ${action}`));
      lines.push(...step.problems.map((problem) => `    ${style.removed('[!]')} ${problem}`));
    }
    lines.push(written === undefined ? 'Write the plan files with --refactor-plan <file>' : `Plan written to ${written}`);
  }
  lines.push('');
  return lines;
}

const HOW: Record<string, string> = {
  Name: 'same name',
  IdenticalProperties: 'identical properties',
  Dependents: 'told apart by what refers to it',
  Mapping: 'your mapping',
};

/** An ambiguity, and how to decide it. */
function ambiguityLines(ambiguity: RefactorAmbiguity, style: Style): string[] {
  const at = (location: { stackName: string; logicalResourceId: string }) => `${location.stackName}.${location.logicalResourceId}`;
  const example = `"${at(ambiguity.sources[0])}": "${at(ambiguity.destinations[0])}"`;
  return [
    `[?] ${ambiguity.resourceType} ${ambiguity.sources.map(at).join(', ')} → ${ambiguity.destinations.map(at).join(', ')}: ${style.warning('ambiguous, none paired')}`,
    '    identical resources, and nothing that refers to them tells them apart: a guess could swap their data between constructs',
    `    say which went where with --refactor-mappings <file> (cdk refactor's --override-file format: { "environments": [{ "account", "region", "resources": { ${example} } }] })`,
  ];
}
