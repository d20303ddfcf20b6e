/**
 * The graph of a stack's affected resources, drawn as SVG when the page is written (so it
 * shows without JavaScript): each changed resource a box coloured by its kind, each reference
 * that carries a change (a detail's causing entity) an arrow from cause to dependent, each
 * probable rename a dashed arrow from the old logical id to the new one. Boxes
 * are laid out in columns by how far down a chain of causes they are, so a replacement reads
 * left to right: changed property -> resource -> dependents.
 */
import type { ChangeKind, ReviewChange } from '../review-model';
import { kindsOf } from '../review-rules';
import { escapeHtml } from './escape-html';

/** Boxes drawn per stack at most; the rest are listed in the tables only. */
export const MAX_GRAPH_NODES = 150;

const BOX_W = 210;
const BOX_H = 34;
const GAP_X = 70;
const GAP_Y = 14;

/** How each kind is drawn (the legend uses the same). */
export const KIND_STYLE: Record<ChangeKind, { fill: string; stroke: string; dash?: string; label: string }> = {
  'failure': { fill: '#fde2e1', stroke: '#b42318', label: 'fails' },
  'data-loss': { fill: '#fde2e1', stroke: '#b42318', dash: '6 3', label: 'data deleted' },
  'replace': { fill: '#fff1d6', stroke: '#b54708', label: 'replaced' },
  'maybe-replace': { fill: '#fff8e6', stroke: '#b54708', dash: '4 3', label: 'maybe replaced' },
  'security': { fill: '#fdeaf5', stroke: '#c11574', label: 'broadens permissions' },
  'remove': { fill: '#f2f4f7', stroke: '#475467', dash: '2 2', label: 'removed' },
  'rename': { fill: '#ede9fe', stroke: '#6941c6', label: 'renamed or moved' },
  'add': { fill: '#e3f8e9', stroke: '#067647', label: 'added' },
  'modify': { fill: '#e8f1fd', stroke: '#175cd3', label: 'modified in place' },
};

/** The SVG of one stack's changes (the first `MAX_GRAPH_NODES` by importance). */
export function stackGraph(changes: readonly ReviewChange[]): { svg: string; drawn: number } {
  const nodes = changes.slice(0, MAX_GRAPH_NODES);
  const key = (change: Pick<ReviewChange, 'nestedStackPath' | 'logicalId'>) => `${change.nestedStackPath ?? ''}/${change.logicalId}`;
  const byKey = new Map(nodes.map((change) => [key(change), change]));
  const edges: Array<[string, string]> = [];
  for (const change of nodes) {
    const causes = new Set(change.details.flatMap((detail) => (detail.causingEntity === undefined || detail.changeSource === 'ParameterReference' ? [] : [detail.causingEntity.split('.')[0]])));
    for (const cause of causes) {
      const from = `${change.nestedStackPath ?? ''}/${cause}`;
      if (byKey.has(from) && from !== key(change)) edges.push([from, key(change)]);
    }
  }
  // A rename: from the old logical id to the new one.
  const renames: Array<[string, string]> = nodes.flatMap((change) => {
    if (change.rename?.direction !== 'from') return [];
    const from = `${change.nestedStackPath ?? ''}/${change.rename.logicalId}`;
    return byKey.has(from) ? [[from, key(change)] as [string, string]] : [];
  });
  const depth = depths(nodes.map(key), [...edges, ...renames]);
  const columns = new Map<number, string[]>();
  for (const node of nodes.map(key)) columns.set(depth.get(node)!, [...columns.get(depth.get(node)!) ?? [], node]);
  const position = new Map<string, { x: number; y: number }>();
  for (const [column, members] of columns) {
    members.forEach((member, row) => position.set(member, { x: 10 + column * (BOX_W + GAP_X), y: 10 + row * (BOX_H + GAP_Y) }));
  }
  const width = 20 + Math.max(1, columns.size) * (BOX_W + GAP_X) - GAP_X;
  const height = 20 + Math.max(1, ...[...columns.values()].map((members) => members.length)) * (BOX_H + GAP_Y) - GAP_Y;
  const arrow = (kind: 'cause' | 'rename') => ([from, to]: [string, string]) => {
    const a = position.get(from)!;
    const b = position.get(to)!;
    const ends = `data-from="${escapeHtml(from)}" data-to="${escapeHtml(to)}"`;
    return `<path class="edge edge-${kind}" ${ends} d="M${a.x + BOX_W} ${a.y + BOX_H / 2} C${a.x + BOX_W + GAP_X / 2} ${a.y + BOX_H / 2} ${b.x - GAP_X / 2} ${b.y + BOX_H / 2} ${b.x} ${b.y + BOX_H / 2}" marker-end="url(#arrow)"/>`;
  };
  const arrows = [...edges.map(arrow('cause')), ...renames.map(arrow('rename'))];
  const boxes = nodes.map((change) => {
    const { x, y } = position.get(key(change))!;
    const style = KIND_STYLE[change.kind];
    const label = shorten(change.constructPath ?? change.logicalId, 30);
    const stack = `${change.stack || 'template'}${change.nestedStackPath === undefined ? '' : `/${change.nestedStackPath}`}`;
    const filters = `data-stack="${escapeHtml(stack)}" data-kind="${kindsOf(change).join(' ')}" data-type="${escapeHtml(change.resourceType)}"`;
    return `<g class="node kind-${change.kind}" data-key="${escapeHtml(key(change))}" ${filters}><title>${escapeHtml(`${change.resourceType} ${change.logicalId}: ${style.label}`)}</title>`
      + `<rect x="${x}" y="${y}" width="${BOX_W}" height="${BOX_H}" rx="5" fill="${style.fill}" stroke="${style.stroke}"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''}/>`
      + `<text x="${x + 8}" y="${y + 14}" class="node-id">${escapeHtml(label)}</text>`
      + `<text x="${x + 8}" y="${y + 27}" class="node-type">${escapeHtml(shorten(change.resourceType, 34))}</text></g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" class="graph" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Affected resources and the references between them">`
    + '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#667085"/></marker></defs>'
    + `${arrows.join('')}${boxes.join('')}</svg>`;
  return { svg, drawn: nodes.length };
}

/** The SVG legend of the kinds. */
export function legend(): string {
  const items = Object.entries(KIND_STYLE).map(([kind, style], index) => {
    const x = 10 + (index % 4) * 190;
    const y = 8 + Math.floor(index / 4) * 26;
    return `<g class="legend-${kind}"><rect x="${x}" y="${y}" width="28" height="16" rx="3" fill="${style.fill}" stroke="${style.stroke}"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''}/><text x="${x + 36}" y="${y + 12}">${escapeHtml(style.label)}</text></g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" class="legend" width="780" height="60" role="img" aria-label="Legend">${items.join('')}</svg>`;
}

/** Each node's column: the length of the longest chain of causes leading to it (cycles cut). */
export function depths(nodes: readonly string[], edges: ReadonlyArray<[string, string]>): Map<string, number> {
  const causes = new Map<string, string[]>();
  for (const [from, to] of edges) causes.set(to, [...causes.get(to) ?? [], from]);
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const visit = (node: string): number => {
    const known = depth.get(node);
    if (known !== undefined) return known;
    if (visiting.has(node)) return 0;
    visiting.add(node);
    const value = Math.min(6, Math.max(0, ...(causes.get(node) ?? []).map((cause) => visit(cause) + 1)));
    visiting.delete(node);
    depth.set(node, value);
    return value;
  };
  nodes.forEach(visit);
  return depth;
}

/** `text`, or its last `max - 1` characters after an ellipsis. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
}
