/**
 * Issue 36, item 4, HTML: one test per attack, each value of the review (logical ids, construct
 * paths, property values, a failure's reason, an output and its export, an IAM statement, a
 * rule's message, the stack's name, the compared paths) set to it, the page opened in headless
 * Chromium with every request but the page's own failing the test: no script from a value runs,
 * nothing is fetched, and the page holds only the elements and attributes the renderer writes,
 * the value showing as text.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Browser } from 'playwright-core';
import { renderHtml } from '../../../src/review/html/render-html';
import { Review } from '../../../src/review/review-model';
import { launchChromium } from '../../helpers/chromium';
import { HOSTILE, hostileReview, HOSTILE_RULES } from '../hostile';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-html-hostile-'));
let browser: Browser;
beforeAll(async () => { browser = await launchChromium(); });
afterAll(async () => { await browser?.close(); });

/** What the page did: the requests it tried, whether a value's script ran, its elements and attributes. */
interface Seen {
  readonly requests: string[];
  readonly dialogs: string[];
  readonly pwned: unknown;
  readonly tags: string[];
  readonly attributes: string[];
  readonly links: string[];
  readonly text: string;
  readonly background: string;
}

async function openPage(review: Review, name: string, value: string): Promise<Seen> {
  const file = path.join(DIR, `${name}.html`);
  fs.writeFileSync(file, renderHtml(review, { before: `before ${value}`, after: `after ${value}`, groupBy: ['kind', 'type'], tool: 'cdk-lifecycle test', planLines: [`Moves: ${value}`] }));
  const context = await browser.newContext();
  const page = await context.newPage();
  const requests: string[] = [];
  const dialogs: string[] = [];
  const own = `file://${file}`;
  // Any request but the page itself fails (and is recorded): nothing may be fetched, CSP or not.
  await page.route('**/*', async (route) => {
    if (route.request().url() === own) return route.continue();
    requests.push(route.request().url());
    return route.abort();
  });
  page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.dismiss(); });
  await page.goto(own);
  // Hover and click every change row and graph box: handlers a value added would run now.
  for (const target of await page.locator('tr.change, svg g.node').all()) await target.hover({ force: true }).catch(() => undefined);
  const seen = await page.evaluate<Omit<Seen, 'requests' | 'dialogs'>>(`({
    pwned: window.__pwned,
    tags: [...new Set([...document.querySelectorAll('*')].map((element) => element.tagName.toLowerCase()))],
    attributes: [...new Set([...document.querySelectorAll('*')].flatMap((element) => [...element.attributes].map((attribute) => attribute.name)))],
    links: [...document.querySelectorAll('a[href]')].map((link) => link.getAttribute('href')),
    text: document.body.textContent ?? '',
    background: getComputedStyle(document.body).backgroundImage,
  })`);
  await context.close();
  return { requests, dialogs, ...seen };
}

let baseline: Seen;
beforeAll(async () => {
  baseline = await openPage(hostileReview(HOSTILE_RULES, 'plain value', 'App'), 'baseline', 'plain value');
});

test.each([
  ['a script', HOSTILE.script],
  ['an event handler breaking out of a double-quoted attribute', HOSTILE.handler],
  ['an event handler breaking out of a single-quoted attribute', HOSTILE.attribute],
  ['a javascript: link', `${HOSTILE.jsLink} <a href="${HOSTILE.jsLink}">x</a>`],
  ['CSS that fetches', HOSTILE.css],
  ['a </script> that would end the page\'s own script', HOSTILE.scriptClose],
  ['a remote image', HOSTILE.remoteImage],
  ['SVG with onload, inside the graphs', HOSTILE.svg],
])('GIVEN %s in every value WHEN the page opens in Chromium THEN nothing runs, nothing is fetched, and the value shows as text', async (name, value) => {
  const seen = await openPage(hostileReview(HOSTILE_RULES, value, `App ${value}`), name.replace(/\W+/g, '-'), value);
  expect(seen.requests).toEqual([]);
  expect(seen.dialogs).toEqual([]);
  expect(seen.pwned).toBeUndefined();
  expect(seen.tags.filter((tag) => !baseline.tags.includes(tag))).toEqual([]);
  expect(seen.attributes.filter((attribute) => !baseline.attributes.includes(attribute))).toEqual([]);
  expect(seen.links.filter((link) => !link.startsWith('#'))).toEqual([]);
  expect(seen.background).toBe('none');
  expect(seen.text).toContain(value);
});
