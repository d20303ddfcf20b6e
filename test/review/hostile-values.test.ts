/**
 * Issue 36, item 4: hostile values in every value a review shows (logical ids, construct paths,
 * property values, a failure's reason, an output's value and export, an IAM statement, a rule's
 * message from a rules file, the stack's name) render as text in each medium: the Markdown as
 * GitHub renders it has no HTML, link, image or mention from a value and keeps its tables' rows;
 * the SARIF log is valid against the SARIF 2.1.0 schema, formats included; the JUnit XML is
 * well-formed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parse } from 'junit2json';
import { HOSTILE, HOSTILE_STACK, hostileReview, PAYLOAD } from './hostile';
import { readRulesFile } from '../../src/cli/commands/diff/read-rules-file';
import { visible } from '../../src/review/plain-text';
import { renderJunit } from '../../src/review/render-junit';
import { renderMarkdown } from '../../src/review/render-markdown';
import { renderSarif } from '../../src/review/render-sarif';
import { ReviewChange } from '../../src/review/review-model';
import { artifactUri } from '../../src/review/sarif-log';
import { MdNode, renderGfm, textOf, walk } from '../helpers/gfm';
import { sarifProblems } from '../helpers/sarif-schema';

const TOOL = { name: 'cdk-lifecycle', version: '1.2.3', informationUri: 'https://github.com/cdk-lifecycle/cdk-lifecycle' };

/** The hostile rule, read from a rules file as `--rules` reads it. */
function rulesFromFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-hostile-rules-'));
  fs.writeFileSync(path.join(dir, 'rules.json'), JSON.stringify({ rules: [{ id: 'no_data_loss_', match: { resourceType: 'AWS::SQS::*' }, level: 'fail', message: `Queues: ${PAYLOAD}` }] }));
  return readRulesFile('rules.json', dir);
}

/** The tags (with their attributes) of the HTML. */
function tagsOf(html: string): string[] {
  return [...html.matchAll(/<(\/?[A-Za-z][\w-]*)([^>]*)>/g)].map((match) => `${match[1]}${match[2]}`);
}

/** Tables after their heading (`### Title (n)` or `<details><summary>Title (n)</summary>`), with the count it gives. */
function tablesWithCounts(tree: MdNode): Array<{ title: string; count: number; rows: number }> {
  const tables: Array<{ title: string; count: number; rows: number }> = [];
  let heading: { title: string; count: number } | undefined;
  for (const node of tree.children ?? []) {
    const said = /^(?:<details><summary>)?(.*) \((\d+)\)(?:<\/summary>)?$/.exec(node.type === 'heading' || node.type === 'html' ? textOf(node) : '');
    if (said !== null) heading = { title: said[1], count: Number(said[2]) };
    if (node.type === 'table') tables.push({ ...heading!, rows: (node.children ?? []).length - 1 });
  }
  return tables;
}

describe('Markdown', () => {
  const review = hostileReview(rulesFromFile());
  const markdown = renderMarkdown(review, undefined, [`Moves: ${PAYLOAD}`, '````', 'Step 1: refactor']);
  const { html, tree } = renderGfm(markdown);
  const nodes = walk(tree);

  test('GIVEN hostile values everywhere WHEN rendered as GitHub renders Markdown THEN no tag, attribute or comment comes from a value: only the renderer\'s own', () => {
    const own = new Set(['h2', 'h3', 'p', 'strong', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'code class="language-text"', 'pre', 'ul', 'li', 'details', 'summary', 'blockquote']);
    const tags = tagsOf(html).map((tag) => tag.replace(/^\//, ''));
    expect([...new Set(tags.filter((tag) => !own.has(tag)))]).toEqual([]);
    expect(html).not.toContain('<!--');
    // The check can fail: the payload's HTML as raw Markdown would give tags of its own.
    expect(tagsOf(renderGfm(PAYLOAD).html).some((tag) => tag.startsWith('img'))).toBe(true);
  });

  test('GIVEN hostile values WHEN rendered THEN no link, image or footnote comes from a value, and the only raw HTML is the renderer\'s <details>', () => {
    const live = nodes.filter(({ node }) => ['link', 'image', 'linkReference', 'imageReference', 'footnoteReference', 'definition', 'footnoteDefinition', 'delete'].includes(node.type));
    expect(live.map(({ node }) => `${node.type} ${node.url ?? textOf(node)}`)).toEqual([]);
    const raw = nodes.filter(({ node }) => node.type === 'html').map(({ node }) => node.value);
    expect(raw.filter((value) => !/^(?:<details><summary>[^<>]*<\/summary>|<\/details>)$/.test(value!))).toEqual([]);
    expect(raw.length).toBeGreaterThan(0);
  });

  test('GIVEN @names, #numbers and GH-numbers in construct paths, logical ids and a rule\'s message WHEN rendered THEN no text GitHub would read as a mention or a reference', () => {
    const texts = nodes.filter(({ node }) => node.type === 'text').map(({ node }) => node.value!);
    expect(texts.filter((text) => /(^|\W)@[A-Za-z0-9-]/.test(text))).toEqual([]);
    expect(texts.filter((text) => /(^|\W)#\d/.test(text) || /\bGH-\d/i.test(text))).toEqual([]);
    // They are there, as text: a reader sees the value, GitHub notifies nobody.
    expect(texts.some((text) => text.replace(/\u200b/g, '').includes('@octocat'))).toBe(true);
  });

  test('GIVEN CR, LF and pipes in values WHEN rendered THEN every table has the rows its heading counts, and each cell shows its value whole', () => {
    const tables = tablesWithCounts(tree);
    expect(tables.length).toBeGreaterThanOrEqual(5);
    for (const table of tables) expect([table.title, table.rows]).toEqual([table.title, table.count]);
    const added = review.changes.find((change) => change.logicalId.startsWith('New'))!;
    const all = (tree.children ?? []).filter((node) => node.type === 'table').pop()!;
    const row = all.children!.find((candidate) => textOf(candidate.children![3]).includes('New'))!;
    const shown = (node: MdNode) => textOf(node).replace(/\u200b/g, '');
    expect(row.children!.map(shown)).toEqual(['❌', visible(HOSTILE_STACK), 'Add', visible(`${added.constructPath} (${added.logicalId})`), 'AWS::SQS::Queue', '']);
    const topic = review.changes.find((change) => change.logicalId === 'Topic')!.details[0].valueChanges![0];
    const values = (tree.children ?? []).filter((node) => node.type === 'table').find((table) => textOf(table.children![0]) === 'StackResourcePathBeforeAfter')!;
    const security = (tree.children ?? []).filter((node) => node.type === 'table').find((table) => textOf(table.children![0]) === 'StackWhatStatement or rule')!;
    expect(security.children!.slice(1).map((cells) => shown(cells.children![3]))).toContainEqual(expect.stringContaining(visible(PAYLOAD)));
    expect(values.children!.slice(1).map((cells) => cells.children!.map(shown))).toContainEqual([visible(HOSTILE_STACK), visible(`${review.changes.find((change) => change.logicalId === 'Topic')!.constructPath} (Topic)`), 'DisplayName', '"old"', visible(topic.after!)]);
  });

  test('GIVEN a refactor plan line with backticks WHEN summarized THEN it stays inside its code block', () => {
    const blocks = nodes.filter(({ node }) => node.type === 'code');
    expect(blocks.map(({ node }) => node.value)).toEqual([[`Moves: ${visible(PAYLOAD)}`, '````', 'Step 1: refactor'].join('\n')]);
  });
});

describe('SARIF', () => {
  const review = hostileReview(rulesFromFile());
  const withSource = (file: string) => ({
    ...review,
    changes: review.changes.map((change): ReviewChange => ({ ...change, source: { file, line: 3, column: 1 } })),
  });

  test('GIVEN hostile values and a source file whose path has spaces, # and brackets WHEN written as SARIF THEN the log is valid SARIF 2.1.0, formats included, and the URI is encoded per segment', () => {
    const log = JSON.parse(renderSarif(withSource('my app/lib/a b#[1]%.ts'), rulesFromFile(), TOOL));
    expect(sarifProblems(log)).toEqual([]);
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('my%20app/lib/a%20b%23%5B1%5D%25.ts');
    expect(log.runs[0].results.some((result: any) => result.message.text.includes(PAYLOAD))).toBe(true);
    // The check can fail: the raw path is no URI reference.
    log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri = 'my app/lib/a b.ts';
    expect(sarifProblems(log)).toEqual([expect.stringContaining('must match format "uri-reference"')]);
  });

  test.each([
    ['lib/app.ts', 'lib/app.ts'],
    ['lib\\win dows\\app.ts', 'lib/win%20dows/app.ts'],
    ['/home/me/my app/app.ts', 'file:///home/me/my%20app/app.ts'],
    ['C:\\work\\my app\\app.ts', 'file:///C:/work/my%20app/app.ts'],
    ['https://example.com/x.ts', 'https%3A//example.com/x.ts'],
    ['é/\u0000\uD800.ts', '%C3%A9/%00%EF%BF%BD.ts'],
  ])('GIVEN the source path %j WHEN located THEN its URI is %j, valid in a SARIF log', (file, uri) => {
    expect(artifactUri(file)).toBe(uri);
    expect(sarifProblems(JSON.parse(renderSarif(withSource(file), [], TOOL)))).toEqual([]);
  });
});

describe('JUnit', () => {
  test('GIVEN hostile values with characters XML 1.0 cannot hold WHEN written as JUnit THEN the XML is well-formed, holds only XML characters, and shows them as escapes', async () => {
    const review = hostileReview(rulesFromFile());
    const xml = renderJunit(review, 0);
    expect(xml.match(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu)).toBeNull();
    const report: any = await parse(xml);
    const testcase = report.testsuite[0].testcase[0];
    expect(testcase.name).toBe(visible(HOSTILE_STACK));
    // U+FFFE, a non-character XML cannot hold either, becomes U+FFFD.
    expect(testcase.failure[0].inner).toContain('\\x01\uFFFD\\ud800');
    expect(testcase.failure[0].inner).toContain(visible(HOSTILE.terminal));
  });
});
