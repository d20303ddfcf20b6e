/**
 * This review's broadening verdict against the CDK CLI's own (`@aws-cdk/cloudformation-diff`'s
 * `permissionsBroadened`) on aws-cdk-lib pairs: where they agree, and where they differ and why
 * (the table docs/review.md shows).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fullDiff } from '@aws-cdk/cloudformation-diff';
import { PAIRS, synth } from './cdk-pairs';
import { securityChanges } from '../../../src/review/security/security-changes';

const broadens = (before: unknown, after: unknown) => [...securityChanges(before, after).byResource.values()].some((resource) => resource.broadening);

describe.each(PAIRS.map((pair) => [pair.name, pair] as const))('GIVEN %s', (_name, pair) => {
  const before = synth(pair.before);
  const after = synth(pair.after);

  test(`WHEN judged THEN the CDK CLI says ${pair.cdkCli ? 'broadening' : 'not broadening'} and this review ${pair.ours ? 'broadening' : 'not broadening'}`, () => {
    expect({ cdkCli: fullDiff(before, after).permissionsBroadened, ours: broadens(before, after) }).toEqual({ cdkCli: pair.cdkCli, ours: pair.ours });
  });

  test('WHEN the two differ THEN the table says why', () => {
    expect(pair.why !== undefined).toBe(pair.cdkCli !== pair.ours);
  });
});

test('GIVEN docs/review.md WHEN its table of differences with the CDK CLI is read THEN it lists exactly the pairs that differ, with both verdicts', () => {
  const docs = fs.readFileSync(path.join(__dirname, '../../../docs/review.md'), 'utf8');
  const section = /### Where the CDK CLI judges differently\n([\s\S]*?)\n\n(?!\|)/.exec(`${docs}\n\n`)![1];
  const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| pair') && !line.startsWith('|---'));
  const verdict = (broadening: boolean) => (broadening ? 'broadening' : 'not broadening');
  expect(rows.map((row) => row.split(' | ').slice(0, 3).map((cell) => cell.replace(/^\| /, '')))).toEqual(
    PAIRS.filter((pair) => pair.cdkCli !== pair.ours).map((pair) => [pair.name, verdict(pair.cdkCli), verdict(pair.ours)]),
  );
});
