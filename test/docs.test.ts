/**
 * The docs say what the code does: API.md's summaries are whole sentences (jsii-docgen takes a
 * doc comment's first sentence, and a `;` or `?` inside it cuts the summary short), and the
 * example commands of docs/cli.md are the ones the `example:diff` task runs.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIFF_USAGE } from '../src/cli/args/usage';

const ROOT = path.join(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

test('GIVEN API.md WHEN its summary tables are read THEN every member has a summary that ends its sentence', () => {
  const rows = read('API.md').split('\n').filter((line) => line.startsWith('| <code><a href'));
  expect(rows.length).toBeGreaterThan(100);
  const summaries = rows.map((row) => row.split(' | ').pop()!.replace(/ \|$/, ''));
  expect(summaries.filter((summary) => summary === '*No description.*')).toEqual([]);
  expect(summaries.filter((summary) => !/[.)]$/.test(summary))).toEqual([]);
});

test('GIVEN docs/cli.md\'s example of the example app WHEN compared with the example:diff task THEN it runs the same commands', () => {
  const task = JSON.parse(read('.projen/tasks.json')).tasks['example:diff'] as { steps: Array<{ exec?: string; cwd?: string }> };
  const commands = task.steps.filter((step) => step.exec !== undefined).map((step) => {
    expect(step.cwd).toBe('examples');
    return step.exec!.replace(/ --fail-on none$/, '');
  });
  const docs = read('docs/cli.md');
  const block = /### The example app, before and after a change[\s\S]*?```sh\n([\s\S]*?)```/.exec(docs)![1].trim().split('\n');
  expect(block[0]).toBe('cd examples');
  expect(block.slice(1).map((line) => line.replace(/^npx (cdk|ts-node) /, '$1 '))).toEqual(commands);
});

test('GIVEN diff --help WHEN its options are compared with docs/cli.md\'s options table THEN every option is documented there', () => {
  const options = [...DIFF_USAGE.matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1]);
  expect(options.length).toBeGreaterThan(15);
  const table = /## Options\n\n([\s\S]*?)\n\n/.exec(read('docs/cli.md'))![1];
  const documented = new Set([...table.matchAll(/`(--[a-z-]+)/g)].map((match) => match[1]));
  expect(options.filter((option) => !documented.has(option))).toEqual([]);
});
