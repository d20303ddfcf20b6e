/**
 * The review outputs on the change-set bench's 5,000-resource pair (about 3% of resources
 * changed) and on a pair in which all 5,000 resources change, in one run: the time to build
 * the review and each output's size and rendering time, against the limits that matter (GitHub's
 * comment and SARIF limits), and the HTML page of 5,000 changes in Debian's headless Chromium:
 * how long it takes to load, and to apply a filter, against the 2 s target.
 *
 * The peer for the text: `@aws-cdk/cloudformation-diff`'s `formatDifferences` (what `cdk diff`
 * prints) on the same pair, the one report reviewers read today.
 *
 *   npx ts-node --transpile-only bench/review-outputs.bench.ts
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { formatDifferences, fullDiff } from '@aws-cdk/cloudformation-diff';
import { renderHtml } from '../src/review/html/render-html';
import { renderJunit } from '../src/review/render-junit';
import { GITHUB_COMMENT_LIMIT, renderMarkdown } from '../src/review/render-markdown';
import { renderSarif } from '../src/review/render-sarif';
import { Review } from '../src/review/review-model';
import { generatePair } from '../test/change-set/template-generator';
import { launchChromium } from '../test/helpers/chromium';
import { everyKindOfChange, reviewTemplates } from '../test/review/helpers';

const TOOL = { name: 'cdk-lifecycle', version: 'bench', informationUri: 'https://github.com/cdk-lifecycle/cdk-lifecycle' };
const REPETITIONS = 5;

function timed<T>(run: () => T, repetitions = REPETITIONS): { value: T; ms: number } {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < repetitions; i++) {
    const started = performance.now();
    value = run();
    times.push(performance.now() - started);
  }
  return { value, ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)] };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function outputs(name: string, review: Review, before: unknown, after: unknown): string {
  const lines = [`\n${name}: ${review.changes.length} changes`];
  const html = timed(() => renderHtml(review, { before: 'before', after: 'after', groupBy: ['kind', 'type'], tool: 'cdk-lifecycle bench' }));
  const markdown = timed(() => renderMarkdown(review));
  const sarif = timed(() => renderSarif(review, [], TOOL));
  const junit = timed(() => renderJunit(review, 0));
  const sarifResults = (JSON.parse(sarif.value) as { runs: Array<{ results: unknown[] }> }).runs[0].results.length;
  lines.push(
    `  HTML      ${kb(html.value.length).padStart(8)}  ${html.ms.toFixed(1).padStart(7)} ms`,
    `  Markdown  ${kb(markdown.value.length).padStart(8)}  ${markdown.ms.toFixed(1).padStart(7)} ms  (${markdown.value.length} of GitHub's ${GITHUB_COMMENT_LIMIT} characters${markdown.value.includes('Cut to fit') ? ', cut to fit' : ''})`,
    `  SARIF     ${kb(sarif.value.length).padStart(8)}  ${sarif.ms.toFixed(1).padStart(7)} ms  (${sarifResults} results; gzipped ${kb(gzipSync(sarif.value).length)} of GitHub's 10 MB)`,
    `  JUnit     ${kb(junit.value.length).padStart(8)}  ${junit.ms.toFixed(1).padStart(7)} ms`,
  );
  const diff = timed(() => {
    let text = '';
    const sink = new Writable({ write(chunk, _encoding, done) { text += String(chunk); done(); } });
    formatDifferences(sink, fullDiff(before as never, after as never));
    return text;
  }, 1);
  lines.push(`  peer: cdk diff's text (formatDifferences over fullDiff, one run) ${kb(diff.value.length)} in ${diff.ms.toFixed(0)} ms`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const standard = generatePair(5000, { resources: 5000, mutations: 150 });
  const built = timed(() => reviewTemplates({ Bench: [standard.before, standard.after] }));
  console.log(`the change-set bench's pair (5,000 resources): review built in ${built.ms.toFixed(0)} ms (prediction included)`);
  console.log(outputs('5,000 resources, ~3% changed', built.value, standard.before, standard.after));

  const every = everyKindOfChange(5000);
  const all = timed(() => reviewTemplates({ Bench: [every.before, every.after] }));
  console.log(`\nevery resource changed (5,000): review built in ${all.ms.toFixed(0)} ms`);
  console.log(outputs('5,000 resources, all changed', all.value, every.before, every.after));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-review-bench-'));
  const file = path.join(dir, 'review.html');
  fs.writeFileSync(file, renderHtml(all.value, { before: 'before', after: 'after', groupBy: ['kind', 'type'], tool: 'cdk-lifecycle bench' }));
  const browser = await launchChromium();
  try {
    const loads: number[] = [];
    const filters: number[] = [];
    for (let i = 0; i < REPETITIONS; i++) {
      const page = await browser.newPage();
      const started = performance.now();
      await page.goto(`file://${file}`, { waitUntil: 'load' });
      loads.push(performance.now() - started);
      // In the page: the time from a filter change to the rows being shown or hidden.
      // (A string, run in the page: this file is compiled without the DOM's types.)
      filters.push(await page.evaluate(`(() => {
        const select = document.querySelector('#filter-kind');
        const begin = performance.now();
        select.value = 'failure';
        select.dispatchEvent(new Event('change'));
        return performance.now() - begin;
      })()`) as number);
      await page.close();
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const load = median(loads);
    console.log(`\nHTML page of 5,000 changes in headless Chromium: load ${load.toFixed(0)} ms (target 2,000 ms: ${load < 2000 ? 'met' : 'missed'}), a filter applied in ${median(filters).toFixed(1)} ms`);
  } finally {
    await browser.close();
  }
}

void main();
