/** `writeReport`: the guard's findings of each stack as a SARIF 2.1.0 log beside the JSON report. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations, App, Aspects, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import { FindingId, ReplacementGuard } from '../../src';
import { sarifProblems } from '../helpers/sarif-schema';

function synth(stackTraces: boolean) {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-guard-sarif-'));
  const app = new App({ outdir, stackTraces });
  Aspects.of(app).add(new ReplacementGuard({ writeReport: true }));
  const stack = new Stack(app, 'Shop');
  new dynamodb.Table(stack, 'Orders', { tableName: 'orders', partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
  const role = new iam.Role(stack, 'Quiet', { roleName: 'quiet', assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
  Annotations.of(role).acknowledgeWarning(FindingId.NAMED_RESOURCE_REPLACEMENT, 'recreated by hand');
  app.synth();
  return JSON.parse(fs.readFileSync(path.join(outdir, 'Shop.cdk-lifecycle.sarif'), 'utf8'));
}

test('GIVEN writeReport and stack traces WHEN synthesized THEN the SARIF log is valid and each standing finding is a result located by construct path and source line', () => {
  const log = synth(true);
  expect(sarifProblems(log)).toEqual([]);
  const [result, ...others] = log.runs[0].results;
  expect(others).toEqual([]);
  expect(result.ruleId).toBe(FindingId.NAMED_RESOURCE_REPLACEMENT);
  expect(result.level).toBe('warning');
  expect(result.locations[0].logicalLocations[0].fullyQualifiedName).toBe('Shop/Orders/Resource');
  expect(result.locations[0].physicalLocation.artifactLocation.uri).toBe('test/replacement/replacement-guard-sarif.test.ts');
  expect(result.locations[0].physicalLocation.region.startLine).toBe(fs.readFileSync(__filename, 'utf8').split('\n').findIndex((line) => line.includes("new dynamodb.Table(stack, 'Orders'")) + 1);
  expect(log.runs[0].tool.driver.rules.map((rule: any) => rule.id)).toEqual([FindingId.NAMED_RESOURCE_REPLACEMENT]);
});

test('GIVEN the same app WHEN synthesized twice THEN each finding has the same fingerprint (code scanning tracks it across runs)', () => {
  const first = synth(true).runs[0].results[0];
  const second = synth(false).runs[0].results[0];
  expect(first.partialFingerprints).toEqual(second.partialFingerprints);
  expect(first.partialFingerprints['cdkLifecycleFinding/v1']).toMatch(/^[0-9a-f]{32}$/);
});
