/**
 * The HTML report opened in real headless Chromium: what a reviewer sees, with and without
 * JavaScript, that it fetches nothing and logs no error, that the filters work, and that a page
 * of 5,000 changes opens and filters (its load time is measured by bench/review-outputs.bench.ts).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { renderHtml } from '../../../src/review/html/render-html';
import { Review } from '../../../src/review/review-model';
import { launchChromium } from '../../helpers/chromium';
import { everyKindOfChange, reviewSides, reviewTemplates } from '../helpers';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-html-'));
let browser: Browser;
beforeAll(async () => { browser = await launchChromium(); });
afterAll(async () => { await browser?.close(); });

/** Writes the page and opens it, recording console errors and every request. */
interface Opened { page: Page; errors: string[]; requests: string[]; file: string }

async function open(review: Review, name: string, javaScriptEnabled = true, width = 1280): Promise<Opened> {
  const file = path.join(DIR, `${name}.html`);
  fs.writeFileSync(file, renderHtml(review, { before: 'cdk.out.before', after: 'cdk.out.after', groupBy: ['kind', 'type'], tool: 'cdk-lifecycle test' }));
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`file://${file}`);
  return { page, errors, requests, file };
}

/** The changes whose rows show (a change may be listed in several sections: it counts once). */
const visibleRows = async (page: Page) => new Set(await page.locator('tr.change:visible').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')))).size;
const allRows = async (page: Page) => new Set(await page.locator('tr.change').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-key')))).size;

describe('GIVEN the review of the CLI fixture assemblies (4 stacks, a nested stack, a Stage)', () => {
  const review = reviewSides('assembly-before', 'assembly-after');

  test('WHEN opened THEN the summary, each section, the graph with its legend and the tree are drawn, nothing is fetched and nothing logs an error', async () => {
    const { page, errors, requests, file } = await open(review, 'fixture');
    await page.screenshot({ path: path.join(DIR, 'fixture.png'), fullPage: true });
    expect(errors).toEqual([]);
    expect(requests).toEqual([`file://${file}`]);
    expect(await page.locator('#counts').textContent()).toContain('Certain failures1');
    for (const id of ['#failures', '#replacements', '#renames', '#other', '#graphs', '#tree']) expect(await page.locator(id).isVisible()).toBe(true);
    expect(await page.locator('#failures tr.change').count()).toBe(2);
    expect(await page.locator('svg.graph g.node').count()).toBe(review.changes.length);
    expect(await page.locator('svg.legend rect').count()).toBe(9);
    expect(await page.locator('svg.graph g.kind-failure').count()).toBe(2);
    const box = await page.locator('svg.graph g.kind-failure').first().boundingBox();
    expect(box!.width).toBeGreaterThan(100);
    expect(await page.locator('#tree details.group').count()).toBeGreaterThan(4);
    expect(fs.statSync(path.join(DIR, 'fixture.png')).size).toBeGreaterThan(20_000);
  });

  test('WHEN a stack, a kind, a type or a text is picked THEN only its changes show, with the count', async () => {
    const { page } = await open(review, 'filters');
    expect(await visibleRows(page)).toBe(5);
    await page.selectOption('#filter-stack', 'Api');
    expect(await visibleRows(page)).toBe(1);
    expect(await page.locator('#filter-count').textContent()).toBe('1 of 5 changes shown');
    expect(await page.locator('#failures').isVisible()).toBe(false);
    await page.selectOption('#filter-stack', '');
    await page.selectOption('#filter-kind', 'failure');
    expect(await visibleRows(page)).toBe(2);
    await page.selectOption('#filter-kind', '');
    await page.selectOption('#filter-type', 'AWS::SQS::Queue');
    expect(await visibleRows(page)).toBe(1);
    await page.selectOption('#filter-type', '');
    await page.fill('#filter-text', 'orders-db');
    await page.locator('#filter-count', { hasText: '1 of 5 changes shown' }).waitFor();
    expect(await page.locator('tr.change:visible code').first().textContent()).toBe('Db');
  });

  test('WHEN opened without JavaScript THEN the summary and every change still read, and the filters (which need it) are not shown', async () => {
    const { page } = await open(review, 'no-js', false);
    expect(await page.locator('#counts').isVisible()).toBe(true);
    expect(await page.locator('.summary').textContent()).toContain('1 change fails the review');
    expect(await visibleRows(page)).toBe(5);
    expect(await page.locator('nav.filters').isVisible()).toBe(false);
    // Legacy, which the new app no longer has, changes nothing: it stays deployed, and says so.
    expect(await page.locator('#stack-notes li').allTextContents()).toEqual([expect.stringMatching(/^Legacy: Legacy is no longer in the app: cdk deploy does not delete it/)]);
    // One graph per stack with affected resources: Legacy has none.
    expect(await page.locator('svg.graph').count()).toBe(3);
  });
});

test('GIVEN 5,000 changed resources WHEN opened THEN every change is listed and the filters act on all of them', async () => {
  const pair = everyKindOfChange(5000);
  const review = reviewTemplates({ Big: [pair.before, pair.after], Other: [{ Resources: { Gone: { Type: 'AWS::SNS::Topic' } } }, { Resources: {} }] });
  const { page, errors } = await open(review, 'big');
  expect(errors).toEqual([]);
  expect(await allRows(page)).toBe(5001);
  await page.selectOption('#filter-kind', 'failure');
  expect(await page.locator('#filter-count').textContent()).toBe('833 of 5001 changes shown');
  await page.selectOption('#filter-stack', 'Other');
  expect(await page.locator('#filter-count').textContent()).toBe('0 of 5001 changes shown');
  await page.selectOption('#filter-kind', '');
  expect(await visibleRows(page)).toBe(1);
  expect(await page.locator('#graphs details.stack-graph').first().textContent()).toContain('The graph shows the first 150 of 5000 changes');
});

test('GIVEN a role policy broadened and a long environment changed WHEN opened at 1,400 px THEN each changed path shows both values in full and nothing overflows the window', async () => {
  const fn = (code: string) => ({
    Type: 'AWS::Lambda::Function',
    Properties: {
      Role: 'arn:aws:iam::123456789012:role/r',
      Environment: { Variables: { CONFIG: code, MODE: 'x' } },
      Code: { ZipFile: 'exports.handler = async () => {}' },
    },
  });
  const policy = (action: string) => ({ Type: 'AWS::IAM::Policy', Properties: { PolicyName: 'p', Roles: ['r'], PolicyDocument: { Statement: [{ Effect: 'Allow', Action: 'sqs:SendMessage', Resource: '*' }, { Effect: 'Allow', Action: action, Resource: '*' }] } } });
  const long = (end: string) => `${'{"feature":"on","endpoint":"https://example.com/'.repeat(40)}${end}`;
  const review = reviewTemplates({ App: [{ Resources: { Fn: fn(long('a')), Policy: policy('s3:GetObject') } }, { Resources: { Fn: fn(long('b')), Policy: policy('*') } }] });
  const { page } = await open(review, 'long-values', true, 1400);
  const paths = await page.locator('code.value-path').allTextContents();
  expect([...paths].sort()).toEqual(['Environment.Variables.CONFIG', 'PolicyDocument.Statement[1].Action']);
  const after = (valuePath: string) => page.locator('ul.values li', { has: page.locator('code.value-path', { hasText: valuePath }) }).locator('.value-after').textContent();
  expect(await after('PolicyDocument.Statement[1].Action')).toBe('"*"');
  expect((await after('Environment.Variables.CONFIG'))!.endsWith('b"')).toBe(true);
  expect(await page.locator('#security tr.change').count()).toBe(1);
  expect(await page.locator('#security-tables tr.security-row').count()).toBe(2);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1400);
});

describe('GIVEN the review of the template fixtures (a rename whose new half fails, replacements through references)', () => {
  const review = reviewSides('templates/before.json', 'templates/after.yaml');
  const planLines = ['Moves: 1 resource renamed or moved, 1 can be a stack refactor', 'Step 1: refactor (aws cloudformation create-stack-refactor, or cdk refactor --unstable=refactor)'];

  test('WHEN opened THEN every card that names a section counts the changes listed in it, and the renames and the plan are there', async () => {
    const file = path.join(DIR, 'counts.html');
    fs.writeFileSync(file, renderHtml(review, { before: 'a', after: 'b', groupBy: ['kind'], tool: 't', planLines }));
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`file://${file}`);
    const cards = await page.locator('#counts div[data-section]').evaluateAll((divs) => divs.map((div) => [div.getAttribute('data-section'), Number(div.querySelector('dd')!.textContent)] as const));
    const bySection = new Map<string, number>();
    for (const [section, count] of cards) bySection.set(section!, (bySection.get(section!) ?? 0) + count);
    for (const [section, count] of bySection) {
      const rows = await page.locator(`#${section} tr.change`).count();
      expect([section, rows]).toEqual([section, count]);
      expect([section, Number(await page.locator(`#${section}`).getAttribute('data-count'))]).toEqual([section, count]);
    }
    // A change in several sections has its details written once; later rows link to them.
    const written = await page.locator('section.changes tr.change:not(:has(a.seen))').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-key'), `#${row.closest('section')!.id}`]));
    const writtenIn = new Map(written.map(([key, section]) => [key, section]));
    expect(writtenIn.size).toBe(written.length);
    const linked = await page.locator('section.changes tr.change:has(a.seen)').evaluateAll((rows) => rows.map((row) => [row.getAttribute('data-key'), row.querySelector('a.seen')!.getAttribute('href')]));
    expect(linked.length).toBeGreaterThan(0);
    for (const [key, href] of linked) expect([key, href]).toEqual([key, writtenIn.get(key)]);
    expect(await page.locator('#renames tr.change a.seen').getAttribute('href')).toBe('#failures');
    expect(bySection.get('renames')).toBe(1);
    expect(await page.locator('#renames tr.change').textContent()).toContain('from OrdersQueue');
    expect(await page.locator('#plan pre').textContent()).toBe(planLines.join('\n'));
  });

  test('WHEN opened THEN the graph draws cause → dependent arrows and a dashed rename arrow, and the filters hide boxes, arrows and tree entries too', async () => {
    const { page } = await open(review, 'graph');
    expect(await page.locator('svg.graph path.edge-cause').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('svg.graph path.edge-rename[data-from="/OrdersQueue"][data-to="/OrdersQueueV2"]').count()).toBe(1);
    await page.selectOption('#filter-kind', 'add');
    const shownBoxes = await page.locator('svg.graph g.node:visible').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-key')));
    expect(shownBoxes.sort()).toEqual(['/Audit']);
    expect(await page.locator('svg.graph path.edge:visible').count()).toBe(0);
    expect(await page.locator('li.tree-change:not([hidden])').evaluateAll((items) => items.map((item) => item.querySelector('code')!.textContent))).toEqual(['Audit']);
    await page.selectOption('#filter-kind', '');
    expect(await page.locator('svg.graph path.edge-rename:visible').count()).toBe(1);
  });
});

describe('GIVEN three stacks, Api importing an export of Data that is removed, and Other on its own', () => {
  const queue = (delay: number, extra: Record<string, unknown> = {}) => ({ Type: 'AWS::SQS::Queue', Properties: { DelaySeconds: delay, ...extra } });
  const review = reviewTemplates({
    Data: [
      { Resources: { Table: queue(1) }, Outputs: { TableArn: { Value: { 'Fn::GetAtt': ['Table', 'Arn'] }, Export: { Name: 'data-table' } } } },
      { Resources: { Table: queue(2) } },
    ],
    Api: [{ Resources: { Worker: queue(1, { Tags: [{ Key: 't', Value: { 'Fn::ImportValue': 'data-table' } }] }) } }, { Resources: { Worker: queue(3, { Tags: [{ Key: 't', Value: { 'Fn::ImportValue': 'data-table' } }] }) } }],
    Other: [{ Resources: { Alone: queue(1) } }, { Resources: { Alone: queue(2) } }],
  });

  test('WHEN opened THEN one red arrow goes from Data to Api, none touches Other, and the stack filter keeps only the arrows of the stack picked', async () => {
    const { page, errors } = await open(review, 'between-stacks');
    const links = await page.locator('svg.app-graph g.link').evaluateAll((gs) => gs.map((g) => [g.getAttribute('class'), g.getAttribute('data-from'), g.getAttribute('data-to')]));
    expect(links).toEqual([['link link-import failing', 'Data', 'Api']]);
    expect(await page.locator('svg.app-graph g.stack-node').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-stack')))).toEqual(['Data', 'Api']);
    expect(await page.locator('svg.app-graph g.link title').textContent()).toBe('Data exports, Api imports (fails):\ndata-table by Worker (the new app still imports it, but no longer exports it)');
    await page.selectOption('#filter-stack', 'Other');
    expect(await page.locator('svg.app-graph g.link:visible').count()).toBe(0);
    await page.selectOption('#filter-stack', 'Api');
    expect(await page.locator('svg.app-graph g.link:visible').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
