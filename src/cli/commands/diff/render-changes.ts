/**
 * One stack's resource changes in the style of `cdk diff`, from the review model: a marker line
 * per resource, a tree of its details, the reference chain under each detail that replaces it
 * through another resource, and nested stacks' changes indented under their stack resource.
 */
import { detailReplacement } from '../../../review/reference-chain';
import { ReviewChange, ReviewDetail } from '../../../review/review-model';
import { ValueChange } from '../../../review/value-diff';
import { Style } from '../../render/style';

/** The marker of a resource change (the legend is in `--help` and docs/cli.md). */
function markerOf(change: ReviewChange): string {
  if (change.action === 'Add') return '[+]';
  if (change.action === 'Remove') return '[-]';
  if (change.replacement === 'True') return '[-/+]';
  if (change.replacement === 'Conditional') return '[-/+?]';
  return '[~]';
}

/**
 * The lines of one stack's resource changes (its outputs are not among them), each nested
 * stack's under its stack resource, indented.
 */
export function renderChanges(changes: readonly ReviewChange[], style: Style): string[] {
  const byTemplate = new Map<string, ReviewChange[]>();
  for (const change of changes) {
    if (change.output !== undefined) continue;
    const key = change.nestedStackPath ?? '';
    byTemplate.set(key, [...byTemplate.get(key) ?? [], change]);
  }
  const render = (nestedPath: string, indent: string): string[] => (byTemplate.get(nestedPath) ?? []).flatMap((change) => {
    const lines = [indent + resourceLine(change, style)];
    change.details.forEach((detail, index) => {
      const last = index === change.details.length - 1;
      const values = detail.valueChanges ?? [];
      const inline = values.length === 1 && values[0].path === detail.target && shortValue(values[0].before) && shortValue(values[0].after);
      lines.push(`${indent} ${last ? '└─' : '├─'} ${detailLine(detail, style)}${inline ? ` ${showChange(values[0])}` : ''}`);
      const under = `${indent} ${last ? ' ' : '│'}     `;
      if (!inline) lines.push(...values.flatMap((value) => valueLines(value, under)));
      if (detail.chain !== undefined && detailReplacement(detail) !== 'False') lines.push(`${under}${style.faint('because')} ${detail.chain}`);
    });
    lines.push(...render(nestedPath === '' ? change.logicalId : `${nestedPath}/${change.logicalId}`, `${indent}     `));
    return lines;
  });
  return render('', '');
}

function resourceLine(change: ReviewChange, style: Style): string {
  const marker = markerOf(change);
  const colour = change.action === 'Add' ? style.added
    : change.action === 'Remove' ? style.removed
      : change.replacement === 'False' ? style.modified : style.replaced;
  const notes: string[] = [];
  if (change.replacement === 'True') notes.push(style.replaced('replace'));
  if (change.replacement === 'Conditional') notes.push(style.replaced('may be replaced'));
  const rename = change.rename;
  if (rename !== undefined) notes.push(`(probably renamed ${rename.direction} ${rename.logicalId}, similarity ${rename.similarity})`);
  if (change.failure !== undefined) {
    notes.push(change.failure.certainty === 'Certain' ? style.replaced('[will fail]') : style.warning('[may fail]'));
  }
  const id = change.constructPath === undefined ? change.logicalId : `${change.constructPath} ${style.faint(change.logicalId)}`;
  return [colour(marker), change.resourceType, id, ...notes].join(' ');
}

/**
 * `[~] BucketName ← Ref Other (Always, Static: requires replacement)`; a direct change of a
 * short value shows it on the line (`[~] MemorySize (Never, Static) "128" → "256"`), else each
 * changed path on a line below.
 */
function detailLine(detail: ReviewDetail, style: Style): string {
  const replacement = detailReplacement(detail);
  const effect = replacement === 'True' ? ': requires replacement' : replacement === 'Conditional' ? ': may cause replacement' : '';
  const verdict = `(${detail.requiresRecreation}, ${detail.evaluation}${effect})`;
  return `${style.modified('[~]')} ${detail.target}${sourceOf(detail)} ${replacement === 'False' ? style.faint(verdict) : style.replaced(verdict)}`;
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

function sourceOf(detail: ReviewDetail): string {
  switch (detail.changeSource) {
    case 'ResourceReference': return ` ← Ref ${detail.causingEntity}`;
    case 'ResourceAttribute': return ` ← GetAtt ${detail.causingEntity}`;
    case 'ParameterReference': return ` ← parameter ${detail.causingEntity}`;
    case 'Automatic': return ' ← its own changes, below';
    default: return '';
  }
}
