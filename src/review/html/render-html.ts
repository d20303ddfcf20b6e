/**
 * `--html <file>`: one self-contained page for reviewers. What fails and what loses data comes
 * first, then replacements with the chain of references behind each, then renames and moves,
 * then everything else; per stack a graph of the affected resources; the aggregation tree;
 * filters by stack, kind and resource type. Everything but the filters is written into the
 * page, so it reads without JavaScript; nothing is fetched (its Content-Security-Policy says so).
 */
import { aggregate, GroupKey, GroupNode } from '../aggregate';
import { appGraph, StackMove } from './app-graph';
import { explain } from '../reference-chain';
import type { Review, ReviewChange, ReviewDetail } from '../review-model';
import { escapeHtml as e } from './escape-html';
import { PAGE_SCRIPT, PAGE_STYLE } from './page-assets';
import { KIND_STYLE, legend, MAX_GRAPH_NODES, stackGraph } from './stack-graph';
import { kindsOf } from '../review-rules';
import { securityRows } from '../security/security-rows';

/** What the page says about the run besides the review. */
export interface PageOptions {
  /** The two sides compared, as given. */
  readonly before: string;
  readonly after: string;
  /** The aggregation tree's levels. */
  readonly groupBy: readonly GroupKey[];
  /** `cdk-lifecycle x.y.z`. */
  readonly tool: string;
  /** The refactor plan's moves and steps, as the text report writes them (none when nothing moved). */
  readonly planLines?: readonly string[];
  /** The refactor plan's moves, for the arrows between stacks. */
  readonly moves?: readonly StackMove[];
}

const KIND_ORDER: ReadonlyArray<ReviewChange['kind']> = ['failure', 'data-loss', 'security', 'replace', 'maybe-replace', 'rename', 'remove', 'add', 'modify'];

/** The page. */
export function renderHtml(review: Review, options: PageOptions): string {
  const shown = review.changes.filter((change) => change.level !== 'ignore');
  // Each section lists every change it is about (a change may be in several: a failing
  // replacement is in both), so each count on a card is the count of its section.
  const listed = new Set<ReviewChange>();
  const take = (changes: ReviewChange[]) => { changes.forEach((change) => listed.add(change)); return changes; };
  const sections: Array<[string, string, ReviewChange[]]> = [
    ['failures', 'Certain and possible failures', take(review.changes.filter((change) => (change.level !== 'ignore' || change.lowered !== undefined) && change.failure !== undefined))],
    ['data', 'Data verdicts: what becomes of the data of removed and replaced resources', take(shown.filter((change) => change.dataVerdict !== undefined))],
    ['security', 'Security: changes that broaden permissions', take(shown.filter((change) => change.security?.broadening === true))],
    ['replacements', 'Replacements, with the references that cause them', take(shown.filter((change) => change.replacement === 'True' || change.replacement === 'Conditional'))],
    // A rename is one row, on its new logical id, naming the old one.
    ['renames', 'Renames and moves', take(shown.filter((change) => change.rename?.direction === 'from'))],
  ];
  sections.push(['other', 'Added, removed and modified in place', shown.filter((change) => !listed.has(change))]);
  // A change is written in full where it is first listed; later listings point there.
  const listing: Listing = { titles: new Map(sections.map(([id, title]) => [id, title])), first: new Map() };
  const stacks = [...new Set(shown.map(stackOf))];
  const types = [...new Set(shown.map((change) => change.resourceType))].sort();
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; script-src \'unsafe-inline\'; img-src data:">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>Predicted changes: ${e(options.before)} → ${e(options.after)}</title>`,
    `<style>${PAGE_STYLE}</style></head><body>`,
    `<header><h1>Predicted changes</h1><p class="path mono">${e(options.before)} → ${e(options.after)} · ${e(options.tool)}</p>`,
    summary(review),
    '</header>',
    stackNotes(review),
    filters(stacks, types, shown.length),
    ...sections.map(([id, title, changes]) => changeSection(id, title, changes, listing) + (id === 'renames' ? planSection(options.planLines ?? []) : '')),
    securityTables(review),
    appGraph(review, options.moves ?? []),
    graphs(review),
    tree(shown, options.groupBy),
    `<script>${PAGE_SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** What the review says of stacks as a whole (a stack the app no longer has stays deployed). */
function stackNotes(review: Review): string {
  const items = review.stacks.flatMap((stack) => (stack.notes ?? []).map((note) => `<li><strong>${e(stack.name)}</strong>: ${e(note)}</li>`));
  return items.length === 0 ? '' : `<section id="stack-notes"><h2>Stacks</h2><ul>${items.join('')}</ul></section>`;
}

function summary(review: Review): string {
  const c = review.counts;
  // data-section: the section whose rows the card counts (a test checks each against it).
  const cells: Array<[string, number, string?]> = [
    ['Fail the review', c.byLevel.fail], ['Warnings', c.byLevel.warn], ['Certain failures', c.certainFailures, 'failures'], ['Possible failures', c.possibleFailures, 'failures'],
    ['Data verdicts', c.dataVerdicts, 'data'], ['Data deleted', c.dataLoss], ['Replaced', c.replaced, 'replacements'], ['Maybe replaced', c.maybeReplaced, 'replacements'],
    ['Removed', c.removed], ['Added', c.added], ['Modified in place', c.modified], ['Probable renames', c.renames, 'renames'],
    ['Broaden permissions', c.securityBroadening, 'security'], ['Outputs changed', c.outputs], ['Ignored by rules', c.byLevel.ignore],
  ];
  const verdict = c.byLevel.fail > 0
    ? `<strong class="level level-fail">${c.byLevel.fail} change${c.byLevel.fail === 1 ? ' fails' : 's fail'} the review</strong>`
    : '<strong class="level level-info">Nothing fails the review</strong>';
  return `<p class="summary">${verdict} · ${review.changes.length} change${review.changes.length === 1 ? '' : 's'} in ${review.stacks.length} stack${review.stacks.length === 1 ? '' : 's'}</p>`
    + `<dl class="counts" id="counts">${cells.map(([label, count, section]) => `<div${count > 0 ? ' class="nonzero"' : ''}${section === undefined ? '' : ` data-section="${section}"`}><dt>${label}</dt><dd>${count}</dd></div>`).join('')}</dl>`;
}

function filters(stacks: readonly string[], types: readonly string[], total: number): string {
  const options = (values: readonly string[]) => values.map((value) => `<option value="${e(value)}">${e(value)}</option>`).join('');
  const kinds = KIND_ORDER.map((kind) => `<option value="${kind}">${e(KIND_STYLE[kind].label)}</option>`).join('');
  return `<nav class="filters" hidden><label>Stack<select id="filter-stack"><option value="">all</option>${options(stacks)}</select></label>`
    + `<label>Kind<select id="filter-kind"><option value="">all</option>${kinds}</select></label>`
    + `<label>Type<select id="filter-type"><option value="">all</option>${options(types)}</select></label>`
    + '<label>Text<input id="filter-text" type="search" placeholder="logical id, property, ..."></label>'
    + `<span id="filter-count" class="count">${total} changes</span></nav>`;
}

/** The refactor plan's moves and steps, under the renames. */
function planSection(lines: readonly string[]): string {
  if (lines.length === 0) return '';
  return `<section id="plan"><h3>Refactor plan</h3><pre class="plan mono">${e(lines.join('\n'))}</pre></section>`;
}

/** The sections' titles by id, and the section each change was first written in. */
interface Listing {
  readonly titles: ReadonlyMap<string, string>;
  readonly first: Map<ReviewChange, string>;
}

function changeSection(id: string, title: string, changes: readonly ReviewChange[], listing: Listing): string {
  if (changes.length === 0) return `<section id="${id}"><h2>${e(title)}</h2><p class="empty">None.</p></section>`;
  // Every change of the section is a row; its details (the heavy part) are written once, where it is first listed.
  const rows = changes.map((change) => {
    const first = listing.first.get(change);
    if (first === undefined) listing.first.set(change, id);
    return row(change, first === undefined ? undefined : { id: first, title: listing.titles.get(first) ?? first });
  });
  return `<section id="${id}" class="changes" data-count="${changes.length}"><h2>${e(title)} <span class="count">(${changes.length})</span></h2>`
    + '<table class="change-table"><thead><tr><th>Level</th><th>Stack</th><th>Resource</th><th>Type</th><th>What happens</th><th>Details</th></tr></thead><tbody>'
    + rows.join('\n')
    + '</tbody></table></section>';
}

/** `detailsIn`: the section above that writes this change's details out. */
function row(change: ReviewChange, detailsIn?: { readonly id: string; readonly title: string }): string {
  const failure = change.failure === undefined ? undefined : `<strong>${change.failure.certainty === 'Certain' ? 'Will fail' : 'May fail'}</strong>: ${e(change.failure.reason)}`;
  const data = change.dataVerdict === undefined ? undefined
    : `<strong>Data ${e(change.dataVerdict.verdict)}</strong>: ${e(change.failure === undefined ? explain(change) : change.dataVerdict.consequence)}`;
  const rename = change.rename === undefined ? '' : `: ${change.rename.direction} <code>${e(change.rename.logicalId)}</code> (similarity ${change.rename.similarity})`;
  const renamed = change.rename === undefined || (failure === undefined && data === undefined) ? undefined : `Probably renamed${rename}`;
  const what = [failure, data, renamed].filter((part) => part !== undefined).join('<br>') || `${e(KIND_STYLE[change.kind].label)}${rename}`;
  const rule = change.lowered !== undefined ? `<br><strong class="lowered">${e(change.levelReason)}</strong> (level ${change.level}, not ${change.lowered.from})`
    : change.ruleId === undefined ? '' : `<br><span class="path">rule <code>${e(change.ruleId)}</code>: ${e(change.levelReason)}</span>`;
  const source = change.source === undefined ? '' : `<br><span class="path mono">${e(change.source.file)}:${change.source.line}</span>`;
  const resource = `${change.constructPath === undefined ? '' : `${e(change.constructPath)}<br>`}<code>${e(change.logicalId)}</code>${source}`;
  const detailCell = detailsIn === undefined ? details(change.details) : `<a class="seen" href="#${detailsIn.id}">see ${e(detailsIn.title)}</a>`;
  return `<tr class="change" ${filterAttributes(change)} data-level="${change.level}">`
    + `<td><span class="level level-${change.level}">${change.level}</span></td><td>${e(stackOf(change))}</td><td>${resource}</td>`
    + `<td><code>${e(change.resourceType)}</code></td><td>${what}${rule}</td><td>${detailCell}</td></tr>`;
}

function details(list: readonly ReviewDetail[]): string {
  if (list.length === 0) return '<span class="empty">the whole resource</span>';
  return `<ul class="details">${list.map((detail) => {
    const values = detail.valueChanges === undefined ? ''
      : `<ul class="values">${detail.valueChanges.map((value) => `<li><code class="value-path">${e(value.path)}</code>: `
        + `<span class="value-before mono">${e(value.before ?? '(none)')}</span> → <span class="value-after mono">${e(value.after ?? '(none)')}</span></li>`).join('')}</ul>`;
    const cause = detail.chain !== undefined ? `<br><span class="chain">${e(detail.chain)}</span>` : detail.causingEntity !== undefined ? ` ← ${e(detail.causingEntity)}` : '';
    return `<li><code>${e(detail.target)}</code> ${e(detail.requiresRecreation)}, ${e(detail.evaluation)}, ${e(detail.changeSource)}${values}${cause}</li>`;
  }).join('')}</ul>`;
}

/** The IAM statements, managed policies, security-group rules and settings added and removed, per stack, as cdk diff tables them. */
function securityTables(review: Review): string {
  const rows = review.stacks.flatMap((stack) => [...stack.security ?? []].flatMap(([nested, changes]) => {
    const where = `${stack.name || 'template'}${nested === '' ? '' : `/${nested}`}`;
    const tr = (change: '+' | '-', wide: boolean, what: string, text: string) =>
      `<tr class="security-row" data-stack="${e(where)}"><td class="${wide ? 'level level-fail' : ''}">${wide ? '+ broadens' : change}</td><td>${e(where)}</td><td>${what}</td><td class="mono">${e(text)}</td></tr>`;
    return securityRows(changes).map((one) => tr(one.change, one.broadening, e(one.what), one.text));
  }));
  if (rows.length === 0) return '<section id="security-tables"><h2>IAM statements and security-group rules</h2><p class="empty">None changed.</p></section>';
  return `<section id="security-tables" class="changes"><h2>IAM statements and security-group rules <span class="count">(${rows.length})</span></h2>`
    + `<table><thead><tr><th></th><th>Stack</th><th>What</th><th>Statement or rule</th></tr></thead><tbody>${rows.join('\n')}</tbody></table></section>`;
}

function graphs(review: Review): string {
  const parts = review.stacks.map((stack) => {
    const affected = [...stack.changes].filter((change) => change.level !== 'ignore').sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
    if (affected.length === 0) return '';
    const { svg, drawn } = stackGraph(affected);
    const more = drawn < affected.length ? `<p class="empty">The graph shows the first ${MAX_GRAPH_NODES} of ${affected.length} changes, failures and replacements first; the tables list all.</p>` : '';
    return `<details class="stack-graph" open><summary>${e(stack.name || 'template')} <span class="count">(${affected.length})</span></summary>${more}<div class="graph-wrap">${svg}</div></details>`;
  });
  return `<section id="graphs"><h2>Affected resources by stack</h2>${legend()}${parts.join('\n')}</section>`;
}

function tree(changes: readonly ReviewChange[], keys: readonly GroupKey[]): string {
  const render = (nodes: readonly GroupNode[]): string => nodes.map((node) => `<details class="group"><summary>${e(node.value)} <span class="count">(${node.count})</span></summary>`
    + (node.children.length > 0 ? render(node.children) : `<ul>${node.changes.slice(0, 200).map((change) => `<li class="tree-change" ${filterAttributes(change)}><code>${e(change.logicalId)}</code> ${e(stackOf(change))}</li>`).join('')}${node.changes.length > 200 ? `<li class="empty">and ${node.changes.length - 200} more</li>` : ''}</ul>`)
    + '</details>').join('');
  return `<section id="tree"><h2>Changes grouped by ${keys.map(e).join(', then ')}</h2>${render(aggregate(changes, keys))}</section>`;
}

/** The attributes the filters read. */
function filterAttributes(change: ReviewChange): string {
  return `data-key="${e(keyOf(change))}" data-stack="${e(stackOf(change))}" data-kind="${kindsOf(change).join(' ')}" data-type="${e(change.resourceType)}"`;
}

/** One change's identity on the page: the same in every section, graph and tree it appears in. */
function keyOf(change: ReviewChange): string {
  return `${stackOf(change)}/${change.output === undefined ? '' : 'Outputs/'}${change.logicalId}`;
}

function stackOf(change: ReviewChange): string {
  return `${change.stack || 'template'}${change.nestedStackPath === undefined ? '' : `/${change.nestedStackPath}`}`;
}
