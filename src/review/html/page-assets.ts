/**
 * The style and script of the HTML report, inlined into the page (it loads nothing: the page
 * works from disk and as a CI artifact, and its Content-Security-Policy forbids any fetch).
 */

/** The page's CSS. */
export const PAGE_STYLE = `
:root { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #101828; background: #fcfcfd; }
body { margin: 0 auto; max-width: 1280px; padding: 16px 24px 48px; }
h1 { font-size: 1.5rem; margin: 0 0 4px; } h2 { font-size: 1.2rem; margin: 28px 0 8px; border-bottom: 1px solid #eaecf0; padding-bottom: 4px; }
.summary { margin: 4px 0 12px; }
table { border-collapse: collapse; width: 100%; font-size: 0.86rem; }
/* The change tables' rows are grids of fixed columns, not table rows: each row lays out on its own, and
   rows off screen (content-visibility, which table rows ignore) only when scrolled to, so 5,000 changes open at once. */
table.change-table, table.change-table thead, table.change-table tbody { display: block; }
table.change-table thead { position: sticky; top: 0; z-index: 1; }
table.change-table tr { display: grid; grid-template-columns: 4.5em 12% 18% 13% 26% minmax(0, 1fr); }
table.change-table tbody tr { content-visibility: auto; contain-intrinsic-size: auto 64px; } table.change-table tr[hidden] { display: none; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid #eaecf0; }
th { background: #f2f4f7; position: sticky; top: 0; }
dl.counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 4px; }
dl.counts div { border: 1px solid #eaecf0; border-radius: 6px; padding: 4px 10px; background: #fff; min-width: 88px; }
dl.counts dt { font-size: 0.75rem; color: #475467; } dl.counts dd { margin: 0; font-size: 1.2rem; font-weight: 600; color: #98a2b3; }
dl.counts div.nonzero dd { color: #101828; }
.level { font-weight: 600; border-radius: 4px; padding: 1px 6px; white-space: nowrap; }
.level-fail { background: #fde2e1; color: #b42318; } .level-warn { background: #fff1d6; color: #93370d; } .lowered { color: #93370d; }
.level-info { background: #e8f1fd; color: #175cd3; } .level-ignore { background: #f2f4f7; color: #667085; }
code, .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 0.82rem; }
.path { color: #475467; } .chain { color: #93370d; } .value-before { color: #b42318; text-decoration: line-through; } .value-after { color: #067647; }
ul.details { margin: 0; padding-left: 16px; } ul.details li { margin: 1px 0; }
ul.values { margin: 2px 0 4px; padding-left: 14px; }
/* Long values wrap anywhere: a policy or environment of any length stays inside the page. */
td, ul.values li, .chain { overflow-wrap: anywhere; } ul.values .mono, ul.values code { white-space: pre-wrap; }
nav.filters { display: flex; gap: 12px; flex-wrap: wrap; align-items: center; padding: 8px 0; position: sticky; top: 0; background: #fcfcfd; z-index: 2; border-bottom: 1px solid #eaecf0; }
nav.filters label { font-size: 0.85rem; } nav.filters select, nav.filters input { font-size: 0.85rem; margin-left: 4px; }
.graph-wrap { overflow: auto; border: 1px solid #eaecf0; border-radius: 6px; background: #fff; max-height: 520px; }
svg.graph .edge-rename { stroke: #6941c6; stroke-dasharray: 5 3; } svg.graph [hidden] { display: none; } li.tree-change[hidden] { display: none; }
pre.plan { white-space: pre-wrap; overflow-wrap: anywhere; background: #fff; border: 1px solid #eaecf0; border-radius: 6px; padding: 8px; }
svg.graph text { font-size: 11px; } svg.graph .node-type { fill: #475467; font-size: 10px; } svg.graph .edge { fill: none; stroke: #98a2b3; stroke-width: 1.2; }
svg.legend text { font-size: 12px; }
svg.app-graph rect { fill: #fff; stroke: #475467; } svg.app-graph .outside rect { stroke-dasharray: 4 3; fill: #f9fafb; }
svg.app-graph text { font-size: 11px; } svg.app-graph .node-type { fill: #475467; font-size: 10px; }
svg.app-graph .edge { fill: none; stroke: #667085; stroke-width: 1.5; } svg.app-graph marker path { fill: #667085; }
svg.app-graph .link-move .edge { stroke: #6941c6; stroke-dasharray: 6 4; } svg.app-graph .link-move marker path { fill: #6941c6; }
svg.app-graph .failing .edge { stroke: #b42318; } svg.app-graph .failing marker path { fill: #b42318; } svg.app-graph .failing text { fill: #b42318; font-weight: 600; }
svg.app-graph [hidden] { display: none; }
details.group > summary { cursor: pointer; } details.group { margin-left: 14px; } .count { color: #475467; }
.empty { color: #475467; font-style: italic; }
tr[hidden], section[hidden], nav.filters[hidden] { display: none; }
`;

/**
 * The page's script: the filters (stack, kind, resource type, text) and their counts, over the
 * tables' rows, the graphs' boxes (and the arrows between boxes shown) and the tree's changes.
 * It only sets `hidden`, so 5,000 changes filter at once. A change listed in several sections
 * counts once.
 */
export const PAGE_SCRIPT = `
(function () {
  var nav = document.querySelector('nav.filters');
  if (!nav) return;
  nav.hidden = false;
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.change, svg.graph g.node, li.tree-change'));
  var edges = Array.prototype.slice.call(document.querySelectorAll('svg.graph path.edge'));
  var links = Array.prototype.slice.call(document.querySelectorAll('svg.app-graph g.link'));
  var keys = {};
  rows.forEach(function (row) { if (row.tagName === 'TR') keys[row.getAttribute('data-key')] = true; });
  var total = Object.keys(keys).length;
  var controls = { stack: nav.querySelector('#filter-stack'), kind: nav.querySelector('#filter-kind'), type: nav.querySelector('#filter-type'), text: nav.querySelector('#filter-text') };
  var shown = nav.querySelector('#filter-count');
  function apply() {
    var stack = controls.stack.value, kind = controls.kind.value, type = controls.type.value, text = controls.text.value.trim().toLowerCase();
    var visible = {};
    var shownNodes = {};
    for (var i = 0; i < rows.length; i++) {
      var row = rows[i];
      var ok = (stack === '' || row.getAttribute('data-stack') === stack)
        && (kind === '' || (' ' + row.getAttribute('data-kind') + ' ').indexOf(' ' + kind + ' ') >= 0)
        && (type === '' || row.getAttribute('data-type') === type)
        && (text === '' || row.textContent.toLowerCase().indexOf(text) >= 0);
      if (ok) row.removeAttribute('hidden'); else row.setAttribute('hidden', '');
      if (ok && row.tagName === 'TR') visible[row.getAttribute('data-key')] = true;
      if (ok && row.tagName !== 'TR' && row.tagName !== 'LI') shownNodes[row.getAttribute('data-key')] = true;
    }
    for (var k = 0; k < edges.length; k++) {
      var both = shownNodes[edges[k].getAttribute('data-from')] && shownNodes[edges[k].getAttribute('data-to')];
      if (both) edges[k].removeAttribute('hidden'); else edges[k].setAttribute('hidden', '');
    }
    // Between stacks: the arrows to and from the stack picked.
    for (var m = 0; m < links.length; m++) {
      var ends = [links[m].getAttribute('data-from'), links[m].getAttribute('data-to')];
      var touches = stack === '' || ends.some(function (end) { return stack === end || stack.indexOf(end + '/') === 0; });
      if (touches) links[m].removeAttribute('hidden'); else links[m].setAttribute('hidden', '');
    }
    var sections = document.querySelectorAll('section.changes');
    for (var j = 0; j < sections.length; j++) {
      var any = sections[j].querySelector('tr.change:not([hidden])');
      sections[j].hidden = !any;
    }
    shown.textContent = Object.keys(visible).length + ' of ' + total + ' changes shown';
  }
  ['stack', 'kind', 'type'].forEach(function (name) { controls[name].addEventListener('change', apply); });
  var timer;
  controls.text.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 120); });
  apply();
})();
`;
