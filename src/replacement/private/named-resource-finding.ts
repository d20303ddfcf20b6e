/**
 * One finding of the guard: a named resource with properties whose change would replace it.
 */
import { Severity } from '../severity';

/** A finding, as reported on the construct and in the JSON report. */
export interface NamedResourceFinding {
  readonly id: string;
  readonly severity: Severity;
  readonly constructPath: string;
  readonly logicalId: string;
  readonly resourceType: string;
  /** Name properties that are set, with a rendering of their values. */
  readonly names: ReadonlyArray<{ readonly property: string; readonly value: string }>;
  readonly always: readonly string[];
  readonly conditionally: readonly string[];
  readonly message: string;
}

const MAX_LISTED = 12;

function list(paths: readonly string[]): string {
  if (paths.length <= MAX_LISTED) return paths.join(', ');
  return `${paths.slice(0, MAX_LISTED).join(', ')} and ${paths.length - MAX_LISTED} more`;
}

/** The message: what was found, why it matters, what to do. */
export function namedResourceMessage(f: Omit<NamedResourceFinding, 'message'>): string {
  const names = f.names.map((n) => `${n.property} = ${n.value}`).join(', ');
  const forcing = [
    f.always.length ? `always: ${list(f.always)}` : undefined,
    f.conditionally.length ? `conditionally (CloudFormation decides at deploy time): ${list(f.conditionally)}` : undefined,
  ].filter(Boolean).join('; ');
  return [
    `${f.resourceType} ${f.logicalId} has an explicit name (${names}).`,
    `Changing any of these properties replaces it, and the replacement fails because CloudFormation creates the new resource before deleting the old one and both cannot hold the same name: ${forcing}.`,
    'To stay safe: remove the explicit name and let CloudFormation generate one,',
    'or change the name in the same deployment as such a property,',
    `or acknowledge this ${f.severity === Severity.ERROR ? 'error' : 'warning'}: Annotations.of(construct).acknowledgeWarning('${f.id}', 'why it is safe').`,
  ].join(' ');
}
