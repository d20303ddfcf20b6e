/**
 * The README's sample outputs are what the commands they show print: the example app's variants
 * are synthesized with the real cdk CLI and each sample's command is run as `npm run docs:samples`
 * runs it (build-tools/readme-samples.ts). A difference fails here: run `npm run docs:samples`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readmeSamples, ROOT, runSamples, SAMPLES, synthesizeVariants, withSamples } from '../build-tools/readme-samples';

const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
let outputs: Map<string, string>;
beforeAll(async () => { outputs = await runSamples(synthesizeVariants()); }, 240_000);

test('GIVEN the README WHEN its samples are read THEN each sample the script makes has its marked block', () => {
  expect([...readmeSamples(readme).keys()].sort()).toEqual(SAMPLES.map((sample) => sample.id).sort());
});

test.each(SAMPLES.map((sample) => [sample.id]))('GIVEN the README\'s "%s" sample WHEN its command runs on the example app THEN it prints the same text (else: npm run docs:samples)', (id) => {
  expect(readmeSamples(readme).get(id)).toBe(outputs.get(id));
});

test('GIVEN a README whose sample differs WHEN the samples are written THEN the block is replaced and the rest kept', () => {
  const stale = '# x\n<!-- sample: diff -->\n```\nold\n```\nafter\n';
  expect(withSamples(stale, new Map([['diff', 'new\nlines']]))).toBe('# x\n<!-- sample: diff -->\n```\nnew\nlines\n```\nafter\n');
  expect(withSamples(stale, new Map())).toBe(stale);
});
