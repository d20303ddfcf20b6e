/**
 * Every output tells one story: each count the text report, the Markdown, the HTML, SARIF and
 * JUnit give equals the review model's, and each section lists as many changes as its count.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { run } from './helpers';
import { sarifProblems } from '../helpers/sarif-schema';
import { reviewSides } from '../review/helpers';

const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-agree-'));

describe.each([
  ['two templates', 'templates/before.json', 'templates/after.yaml'],
  ['the fixture assemblies (4 stacks, a nested stack, a Stage)', 'assembly-before', 'assembly-after'],
])('GIVEN %s', (_name, before, after) => {
  const review = reviewSides(before, after);
  const c = review.counts;
  const file = (name: string) => path.join(DIR, `${before.replace(/\W/g, '')}-${name}`);
  let text: string;
  beforeAll(async () => {
    text = (await run(['diff', before, after, '--html', file('r.html'), '--markdown', file('r.md'), '--sarif', file('r.sarif'), '--junit', file('r.xml')])).stdout;
  });

  test('WHEN the text report is read THEN its sections and summary count what the review counts', () => {
    const lines = text.split('\n');
    expect(lines.filter((line) => line.startsWith('[!] ')).length).toBe(c.certainFailures);
    expect(lines.filter((line) => line.startsWith('[?] ')).length).toBe(c.possibleFailures);
    expect(lines.filter((line) => /^\[(deleted|snapshotted|retained|unknown)\] /.test(line)).length).toBe(c.dataVerdicts);
    const renames = text.split('Probable renames\n').slice(1).map((part) => part.split('\n\n')[0].split('\n').length).reduce((a, b) => a + b, 0);
    expect(renames).toBe(c.renames);
    expect(lines.pop() === '' ? lines.pop() : '').toBe(
      `Summary: ${c.added} added, ${c.modified} modified in place, ${c.replaced} replaced, ${c.maybeReplaced} maybe replaced, ${c.removed} removed; `
      + `${c.certainFailures} certain failure${c.certainFailures === 1 ? '' : 's'}, ${c.possibleFailures} possible failure${c.possibleFailures === 1 ? '' : 's'}; `
      + `${c.renames} probable rename${c.renames === 1 ? '' : 's'}`
      + `${c.dataVerdicts === 0 ? '' : `; ${c.dataVerdicts} data verdict${c.dataVerdicts === 1 ? '' : 's'} (${c.dataLoss} deleting data)`}`
      + `${c.outputs === 0 ? '' : `; ${c.outputs} output${c.outputs === 1 ? '' : 's'} changed`}`,
    );
  });

  test('WHEN the Markdown is read THEN its head and each section count what the review counts', () => {
    const markdown = fs.readFileSync(file('r.md'), 'utf8');
    expect(markdown).toContain(`**${c.byLevel.fail} fail · ${c.byLevel.warn} warn · ${c.byLevel.info} info** in ${review.stacks.length} stack`);
    expect(markdown).toContain(`${c.added} added, ${c.modified} modified in place, ${c.replaced} replaced, ${c.maybeReplaced} maybe replaced, ${c.removed} removed; ${c.certainFailures} certain and ${c.possibleFailures} possible failures; ${c.dataLoss} with data deleted; ${c.renames} probable renames`);
    const sections = [...markdown.matchAll(/(?:### |<summary>)(.+?) \((\d+)\)/g)];
    expect(sections.length).toBeGreaterThanOrEqual(3);
    for (const [, title, count] of sections) {
      // The section's table: from its header row to the first line that is not a row.
      const section = markdown.split(`${title} (${count})`)[1].split('\n');
      const start = section.findIndex((line) => line.startsWith('|'));
      const end = section.findIndex((line, index) => index > start && !line.startsWith('|'));
      const rows = section.slice(start + 2, end).length;
      expect([title, rows]).toEqual([title, Number(count)]);
    }
  });

  test('WHEN the notes of the stacks are read THEN the text, the JSON, the Markdown, the HTML and the JUnit each carry every one', async () => {
    const notes = review.stacks.flatMap((stack) => (stack.notes ?? []).map((note) => [stack.name, note] as const));
    const json = before.endsWith('.json') ? undefined : JSON.parse((await run(['diff', '--json', before, after])).stdout);
    const markdown = fs.readFileSync(file('r.md'), 'utf8');
    const html = fs.readFileSync(file('r.html'), 'utf8');
    const junit = fs.readFileSync(file('r.xml'), 'utf8');
    const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    for (const [stack, note] of notes) {
      expect(text).toContain(`\nnote: ${note}\n`);
      expect(json[stack].Notes).toContain(note);
      expect(markdown).toContain(`- \`${stack}\`: ${note}`);
      expect(html).toContain(`<li><strong>${escape(stack)}</strong>: ${escape(note).replace(/"/g, '&quot;')}</li>`);
      expect(junit).toContain(`NOTE ${escape(note)}`);
    }
    // The fixture assemblies' Legacy stack is only on the old side: it stays deployed, and says so.
    expect(notes.length).toBe(before.endsWith('.json') ? 0 : 1);
  });

  test('WHEN the HTML, SARIF and JUnit are read THEN their counts are the review\'s', () => {
    const html = fs.readFileSync(file('r.html'), 'utf8');
    const card = (label: string) => Number(new RegExp(`<dt>${label}</dt><dd>(\\d+)</dd>`).exec(html)![1]);
    expect([card('Certain failures'), card('Possible failures'), card('Data verdicts'), card('Replaced'), card('Maybe replaced'), card('Probable renames'), card('Added'), card('Removed'), card('Modified in place')])
      .toEqual([c.certainFailures, c.possibleFailures, c.dataVerdicts, c.replaced, c.maybeReplaced, c.renames, c.added, c.removed, c.modified]);
    expect(sarifProblems(JSON.parse(fs.readFileSync(file('r.sarif'), 'utf8')))).toEqual([]);
    const sarif = JSON.parse(fs.readFileSync(file('r.sarif'), 'utf8')).runs[0].results;
    expect(sarif.filter((result: any) => result.ruleId === 'cdk-lifecycle:certain-failure').length).toBe(c.certainFailures);
    expect(sarif.filter((result: any) => result.level === 'error').length).toBe(c.byLevel.fail);
    const junit = fs.readFileSync(file('r.xml'), 'utf8');
    expect(junit).toContain(`tests="${review.stacks.length}" failures="${review.stacks.filter((stack) => stack.changes.some((change) => change.level === 'fail')).length}"`);
  });
});
