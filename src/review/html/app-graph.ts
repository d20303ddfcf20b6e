/**
 * The graph between stacks, drawn as SVG when the page is written: each stack a box, each
 * export another stack imports an arrow from the exporting stack to the importer (red when the
 * export's change fails: removed or changed while in use), and each resource the refactor plan
 * moves between stacks a dashed arrow from its old stack to its new one. Stacks are laid out in
 * columns by how far down the chain of exports they are, so exporters come before importers,
 * as `cdk deploy` deploys them.
 */
import type { ExportLink } from '../../change-set/app/export-links';
import type { Review } from '../review-model';
import { escapeHtml as e } from './escape-html';
import { depths, shorten } from './stack-graph';

/** A resource moved from one stack to another (the refactor plan's moves between stacks). */
export interface StackMove {
  readonly fromStack: string;
  readonly fromLogicalId: string;
  readonly toStack: string;
  readonly toLogicalId: string;
}

const BOX_W = 200;
const BOX_H = 40;
const GAP_X = 130;
const GAP_Y = 22;

interface Arrow {
  readonly kind: 'import' | 'move';
  readonly from: string;
  readonly to: string;
  readonly items: string[];
  failing: boolean;
}

/** The section, or '' when no stack imports another's export and nothing moves between stacks. */
export function appGraph(review: Review, moves: readonly StackMove[]): string {
  const arrows = new Map<string, Arrow>();
  const arrowFor = (kind: Arrow['kind'], from: string, to: string): Arrow => {
    const key = `${kind}\u0000${from}\u0000${to}`;
    let arrow = arrows.get(key);
    if (arrow === undefined) arrows.set(key, arrow = { kind, from, to, items: [], failing: false });
    return arrow;
  };
  const outside = new Set<string>();
  for (const link of review.links) {
    if (link.exporter.stack === link.importer.stack) continue;
    if (link.outsideApp === true) outside.add(link.importer.stack);
    const arrow = arrowFor('import', link.exporter.stack, link.importer.stack);
    arrow.items.push(importText(link));
    arrow.failing ||= fails(review, link);
  }
  for (const move of moves) {
    if (move.fromStack === move.toStack) continue;
    const arrow = arrowFor('move', move.fromStack, move.toStack);
    arrow.items.push(move.fromLogicalId === move.toLogicalId ? move.toLogicalId : `${move.fromLogicalId} → ${move.toLogicalId}`);
    // A move without a stack refactor fails when the new resource keeps the old one's name.
    arrow.failing ||= review.changes.some((change) => change.stack === move.toStack && change.logicalId === move.toLogicalId
      && change.failure !== undefined);
  }
  if (arrows.size === 0) return '';

  const stacks = [...new Set([...review.stacks.map((stack) => stack.name), ...[...arrows.values()].flatMap((arrow) => [arrow.from, arrow.to])])]
    .filter((stack) => [...arrows.values()].some((arrow) => arrow.from === stack || arrow.to === stack));
  const imports = [...arrows.values()].filter((arrow) => arrow.kind === 'import').map((arrow): [string, string] => [arrow.from, arrow.to]);
  const depth = depths(stacks, imports);
  const columns = new Map<number, string[]>();
  for (const stack of stacks) columns.set(depth.get(stack)!, [...columns.get(depth.get(stack)!) ?? [], stack]);
  const position = new Map<string, { x: number; y: number }>();
  for (const [column, members] of columns) {
    members.forEach((member, row) => position.set(member, { x: 10 + column * (BOX_W + GAP_X), y: 10 + row * (BOX_H + GAP_Y) }));
  }
  const width = 20 + Math.max(1, columns.size) * (BOX_W + GAP_X) - GAP_X;
  const height = 20 + Math.max(1, ...[...columns.values()].map((members) => members.length)) * (BOX_H + GAP_Y) - GAP_Y;

  const paths = [...arrows.values()].map((arrow, index) => {
    const a = position.get(arrow.from)!;
    const b = position.get(arrow.to)!;
    // Arrows between the same two stacks (an import and a move) are drawn apart.
    const bend = arrow.kind === 'move' ? 10 : 0;
    const [x1, y1] = a.x < b.x ? [a.x + BOX_W, a.y + BOX_H / 2 + bend] : [a.x, a.y + BOX_H / 2 + bend];
    const [x2, y2] = a.x < b.x ? [b.x, b.y + BOX_H / 2 + bend] : [b.x + BOX_W, b.y + BOX_H / 2 + bend];
    const reach = a.x === b.x ? 60 : (x2 - x1) / 2;
    const [c1, c2] = a.x === b.x ? [x1 - reach, x2 - reach] : [x1 + reach, x2 - reach];
    const label = arrow.kind === 'import' ? `${arrow.items.length} import${arrow.items.length === 1 ? '' : 's'}` : `${arrow.items.length} moved`;
    const title = `${arrow.kind === 'import' ? `${arrow.from} exports, ${arrow.to} imports` : `moved from ${arrow.from} to ${arrow.to}`}${arrow.failing ? ' (fails)' : ''}:\n${arrow.items.join('\n')}`;
    return `<g class="link link-${arrow.kind}${arrow.failing ? ' failing' : ''}" data-from="${e(arrow.from)}" data-to="${e(arrow.to)}" data-items="${arrow.items.length}"><title>${e(title)}</title>`
      + `<path class="edge edge-${arrow.kind}" d="M${x1} ${y1} C${c1} ${y1} ${c2} ${y2} ${x2} ${y2}" marker-end="url(#link-arrow-${index})"/>`
      + `<defs><marker id="link-arrow-${index}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>`
      // An import's label above its arrow, a move's below.
      + `<text x="${(x1 + x2) / 2}" y="${(y1 + y2) / 2 + (arrow.kind === 'move' ? 14 : -5)}" text-anchor="middle">${e(label)}</text></g>`;
  });
  const boxes = stacks.map((stack) => {
    const { x, y } = position.get(stack)!;
    const changes = review.stacks.find((reviewed) => reviewed.name === stack)?.changes.filter((change) => change.level !== 'ignore').length;
    const sub = outside.has(stack) ? 'outside the app' : changes === undefined ? 'not compared' : `${changes} change${changes === 1 ? '' : 's'}`;
    return `<g class="stack-node${outside.has(stack) ? ' outside' : ''}" data-stack="${e(stack)}"><title>${e(stack)}</title>`
      + `<rect x="${x}" y="${y}" width="${BOX_W}" height="${BOX_H}" rx="6"/>`
      + `<text x="${x + 10}" y="${y + 16}" class="node-id">${e(shorten(stack, 28))}</text><text x="${x + 10}" y="${y + 31}" class="node-type">${e(sub)}</text></g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" class="app-graph" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Exports imported between stacks, and resources moved between them">`
    + `${paths.join('')}${boxes.join('')}</svg>`;
  return '<section id="between-stacks"><h2>Between stacks: exports and their importers, moves</h2>'
    + '<p class="path">An arrow from the stack that exports to the stack that imports (red: the export\'s change fails while it is in use); dashed: resources moved from one stack to another. Hover an arrow for its exports or resources.</p>'
    + `<div class="graph-wrap">${svg}</div></section>`;
}

function importText(link: ExportLink): string {
  const where = link.importer.logicalId === undefined ? '' : ` by ${link.importer.nestedStackPath === undefined ? '' : `${link.importer.nestedStackPath}/`}${link.importer.logicalId}`;
  const side = link.exportRemoved === true ? ' (the new app still imports it, but no longer exports it)'
    : link.outsideApp === true ? ' (a stack outside the app)'
      : link.sides === 'before' ? ' (deployed only: the new app drops this import)' : link.sides === 'after' ? ' (new)' : '';
  return `${link.exportName}${where}${side}`;
}

/** Whether the export's output change fails (removed or changed while in use), or the import itself does. */
function fails(review: Review, link: ExportLink): boolean {
  return review.changes.some((change) => change.failure !== undefined && (
    (change.output?.exportName === link.exportName && change.stack === link.exporter.stack)
    || (change.stack === link.importer.stack && change.logicalId === link.importer.logicalId && change.failure.reason.includes(link.exportName))));
}
