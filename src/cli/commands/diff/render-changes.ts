/**
 * One stack's resource changes in the style of `cdk diff`: a marker line per resource, a tree
 * of its details, the reference chain under each detail that replaces it through another
 * resource, and nested stacks' changes indented under their stack resource.
 */
import { ConstructPaths } from './construct-paths';
import { PredictedChangeDetail, PredictedChangeSet, PredictedResourceChange } from '../../../change-set';
import { detailReplacement, referenceChain, targetOf } from '../../../review/reference-chain';
import { CDK_METADATA_TYPE } from '../../../review/review-model';
import { ValueChange, valueDiff } from '../../../review/value-diff';
import { Style } from '../../render/style';

/** The marker of a resource change (the legend is in `--help` and docs/cli.md). */
function markerOf(change: PredictedResourceChange): string {
  if (change.action === 'Add') return '[+]';
  if (change.action === 'Remove') return '[-]';
  if (change.replacement === 'True') return '[-/+]';
  if (change.replacement === 'Conditional') return '[-/+?]';
  return '[~]';
}

/**
 * The lines of a change set's changes, each starting with `indent`. `nestedPath` is the path
 * of logical ids of the nested stack being rendered ('' at the top), to find construct paths.
 */
export function renderChanges(changeSet: PredictedChangeSet, style: Style, paths: ConstructPaths = new Map(), indent: string = '', nestedPath: string = ''): string[] {
  // CDK's version reporting resource changes with the libraries' versions: not a change to review.
  const changes = changeSet.changes.filter((change) => change.resourceType !== CDK_METADATA_TYPE);
  const pathOf = (logicalId: string) => paths.get(nestedPath)?.get(logicalId);
  const byId = new Map(changes.map((change) => [change.logicalResourceId, change]));
  const nested = changeSet.nestedChangeSets;
  return changes.flatMap((change) => {
    const lines = [indent + resourceLine(change, style, pathOf(change.logicalResourceId))];
    change.details.forEach((detail, index) => {
      const last = index === change.details.length - 1;
      const values = valueChangesOf(detail);
      const inline = values.length === 1 && values[0].path === targetOf(detail) && shortValue(values[0].before) && shortValue(values[0].after);
      lines.push(`${indent} ${last ? '└─' : '├─'} ${detailLine(detail, style)}${inline ? ` ${showChange(values[0])}` : ''}`);
      const under = `${indent} ${last ? ' ' : '│'}     `;
      if (!inline) lines.push(...values.flatMap((value) => valueLines(value, under)));
      const chain = detailReplacement(detail) === 'False' ? undefined : referenceChain(byId, change.logicalResourceId, detail);
      if (chain !== undefined) lines.push(`${under}${style.faint('because')} ${chain}`);
    });
    const inner = nested[change.logicalResourceId];
    if (inner !== undefined) {
      const innerPath = nestedPath === '' ? change.logicalResourceId : `${nestedPath}/${change.logicalResourceId}`;
      lines.push(...renderChanges(inner, style, paths, `${indent}     `, innerPath));
    }
    return lines;
  });
}

function resourceLine(change: PredictedResourceChange, style: Style, constructPath: string | undefined): string {
  const marker = markerOf(change);
  const colour = change.action === 'Add' ? style.added
    : change.action === 'Remove' ? style.removed
      : change.replacement === 'False' ? style.modified : style.replaced;
  const notes: string[] = [];
  if (change.replacement === 'True') notes.push(style.replaced('replace'));
  if (change.replacement === 'Conditional') notes.push(style.replaced('may be replaced'));
  const rename = change.probableRename;
  if (rename !== undefined) {
    const other = change.action === 'Add' ? `renamed from ${rename.fromLogicalId}` : `renamed to ${rename.toLogicalId}`;
    notes.push(`(probably ${other}, similarity ${rename.similarity})`);
  }
  if (change.failure !== undefined) {
    notes.push(change.failure.certainty === 'Certain' ? style.replaced('[will fail]') : style.warning('[may fail]'));
  }
  const id = constructPath === undefined ? change.logicalResourceId : `${constructPath} ${style.faint(change.logicalResourceId)}`;
  return [colour(marker), change.resourceType, id, ...notes].join(' ');
}

/**
 * `[~] BucketName ← Ref Other (Always, Static: requires replacement)`; a direct change of a
 * short value shows it on the line (`[~] MemorySize (Never, Static) "128" → "256"`), else each
 * changed path on a line below.
 */
function detailLine(detail: PredictedChangeDetail, style: Style): string {
  const replacement = detailReplacement(detail);
  const effect = replacement === 'True' ? ': requires replacement' : replacement === 'Conditional' ? ': may cause replacement' : '';
  const verdict = `(${detail.requiresRecreation}, ${detail.evaluation}${effect})`;
  return `${style.modified('[~]')} ${targetOf(detail)}${sourceOf(detail)} ${replacement === 'False' ? style.faint(verdict) : style.replaced(verdict)}`;
}

/** The paths a direct change changes, with their values (none for a change through a reference). */
function valueChangesOf(detail: PredictedChangeDetail): ValueChange[] {
  if (detail.changeSource !== 'DirectModification') return [];
  return valueDiff(targetOf(detail), detail.beforeValue, detail.afterValue);
}

/** Values up to this long are written on the line of their path; longer ones fold onto lines of their own, whole. */
const SHORT_VALUE = 60;

function shortValue(value: string | undefined): boolean {
  return value === undefined || value.length <= SHORT_VALUE;
}

function showChange(value: ValueChange): string {
  return `${value.before ?? '(none)'} → ${value.after ?? '(none)'}`;
}

/** `Path: before → after`, or, for long values, the path then `- before` and `+ after` in full. */
function valueLines(value: ValueChange, indent: string): string[] {
  if (shortValue(value.before) && shortValue(value.after)) return [`${indent}${value.path}: ${showChange(value)}`];
  return [`${indent}${value.path}:`, `${indent}  - ${value.before ?? '(none)'}`, `${indent}  + ${value.after ?? '(none)'}`];
}

function sourceOf(detail: PredictedChangeDetail): string {
  switch (detail.changeSource) {
    case 'ResourceReference': return ` ← Ref ${detail.causingEntity}`;
    case 'ResourceAttribute': return ` ← GetAtt ${detail.causingEntity}`;
    case 'ParameterReference': return ` ← parameter ${detail.causingEntity}`;
    case 'Automatic': return ' ← its own changes, below';
    default: return '';
  }
}
