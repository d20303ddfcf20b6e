/**
 * Golden cases: each folder of golden/ holds a template pair (`before.json`, `after.json`),
 * optional predict options (`options.json`) and the change set worked out by hand from the
 * CloudFormation documentation and the spec table (`expected.json`). The README lists what
 * each case shows.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deepFreeze } from './helpers';
import { ChangeSetPredictor } from '../../src/change-set';

const GOLDEN = path.join(__dirname, 'golden');
const cases = fs.readdirSync(GOLDEN, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

function read(folder: string, file: string): any {
  const full = path.join(GOLDEN, folder, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : undefined;
}

test('GIVEN the golden folder WHEN listed THEN it holds the cases the README describes', () => {
  const readme = fs.readFileSync(path.join(GOLDEN, 'README.md'), 'utf8');
  expect(cases.length).toBeGreaterThanOrEqual(15);
  for (const name of cases) expect(readme).toContain(`\`${name}\``);
});

test.each(cases)('GIVEN golden case %s WHEN predicted THEN the change set is the expected one', (name) => {
  const before = deepFreeze(read(name, 'before.json'));
  const after = deepFreeze(read(name, 'after.json'));
  const options = deepFreeze(read(name, 'options.json'));

  const changeSet = ChangeSetPredictor.predict(before, after, options);

  expect(changeSet.toJson()).toEqual(read(name, 'expected.json'));
});

/** Cases with `expected-reverse.json` are also predicted the other way round (`options-reverse.json`, else no options). */
const reversible = cases.filter((name) => fs.existsSync(path.join(GOLDEN, name, 'expected-reverse.json')));

test('GIVEN the golden folder WHEN listed THEN the cases of issue 18 run in both directions', () => {
  expect(reversible.filter((name) => name.startsWith('issue18-')).length).toBeGreaterThanOrEqual(8);
});

test.each(reversible)('GIVEN golden case %s the other way round WHEN predicted THEN the change set is the expected one', (name) => {
  const changeSet = ChangeSetPredictor.predict(deepFreeze(read(name, 'after.json')), deepFreeze(read(name, 'before.json')), deepFreeze(read(name, 'options-reverse.json')));

  expect(changeSet.toJson()).toEqual(read(name, 'expected-reverse.json'));
});
