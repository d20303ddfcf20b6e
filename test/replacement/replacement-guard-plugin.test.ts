/**
 * The guard as a CDK policy-validation plugin, through the real `cdk synth` on a multi-stack
 * app with a nested stack and a Stage (test/fixtures/apps/plugin-app.ts): findings in CDK's
 * validation report with construct paths and property locations.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { ReplacementGuardPlugin } from '../../src';
import { cdkSynth } from '../helpers/cdk-synth';

function synth(extra: string[] = []) {
  const result = cdkSynth('test/fixtures/apps/plugin-app.ts', extra);
  const report = JSON.parse(fs.readFileSync(path.join(result.outdir, 'validation-report.json'), 'utf8'));
  const violations = report.pluginReports.find((plugin: any) => plugin.pluginName === 'cdk-lifecycle').violations as any[];
  const found = violations.flatMap((violation) => violation.violatingConstructs.map((construct: any) => [
    // The errors-in-stages entry is tied to no resource.
    violation.ruleName, violation.severity, construct.constructPath, construct.cloudFormationResource?.propertyPaths[0] ?? '',
  ]));
  return { result, report, found: found.sort() };
}

let warnings: ReturnType<typeof synth>;
beforeAll(() => { warnings = synth(); });

const tables = (found: string[][]) => found.filter(([, , where]) => !where.includes('/Jobs/'));

test('GIVEN the app WHEN synthesized with cdk synth THEN the report lists the named tables of every stack, nested stack and Stage, with construct paths, and not the acknowledged one', () => {
  expect(tables(warnings.found)).toEqual([
    ['cdk-lifecycle:named-resource-replacement', 'warning', 'Front/Storage/Orders/Resource', 'Properties/TableName'],
    ['cdk-lifecycle:named-resource-replacement', 'warning', 'Prod/Inner/Ledger/Resource', 'Properties/TableName'],
  ]);
  // CDK prints the report with the construct path and the line that created the construct.
  expect(warnings.result.stderr).toContain('test/fixtures/apps/plugin-app.ts:16:1');
  expect(warnings.result.stderr).toContain('Front/Storage/Orders/Resource (OrdersA9B65338) aws-cdk-lib.aws_dynamodb.CfnTable');
});

test('GIVEN a name two stacks of one environment share WHEN synthesized THEN it is an error on both naming the other stack, and the synthesis fails', () => {
  expect(warnings.found.filter(([id]) => id === 'cdk-lifecycle:name-collision')).toEqual([
    ['cdk-lifecycle:name-collision', 'error', 'Back/Jobs/Resource', 'Properties/QueueName'],
    ['cdk-lifecycle:name-collision', 'error', 'Front/Jobs/Resource', 'Properties/QueueName'],
  ]);
  expect(warnings.result.status).not.toBe(0);
  const collision = warnings.report.pluginReports[0].violations.find((violation: any) => violation.ruleName === 'cdk-lifecycle:name-collision' && violation.violatingConstructs[0].constructPath === 'Front/Jobs/Resource');
  expect(collision.description).toContain('has the name QueueName "shared-jobs", as ');
  expect(collision.description).toContain('in stack Back does: such names are unique in an account and Region');
  expect(warnings.report.pluginReports[0].conclusion).toBe('failure');
});

test('GIVEN severity ERROR WHEN synthesized THEN the named-resource findings are errors too, and the acknowledged one is still left out', () => {
  const errors = synth(['-c', 'guardErrors=true']);
  expect(tables(errors.found).map(([, severity, where]) => [severity, where])).toEqual([
    ['error', ''], ['error', 'Front/Storage/Orders/Resource'], ['error', 'Prod/Inner/Ledger/Resource'],
  ]);
  expect(errors.result.status).not.toBe(0);
  // The Ledger's error is inside a Stage, which cdk synth without a selector does not read: one more error lists it.
  const inStages = errors.report.pluginReports[0].violations.find((violation: any) => violation.ruleName === 'cdk-lifecycle:errors-in-stages');
  expect(inStages.description).toContain('1 error of this report is in stacks inside Stages');
  expect(inStages.description).toContain(': Prod/Inner/Ledger/Resource (cdk-lifecycle:named-resource-replacement). ');
  expect(warnings.report.pluginReports[0].violations.map((violation: any) => violation.ruleName)).not.toContain('cdk-lifecycle:errors-in-stages');
});

test('GIVEN an app without findings WHEN synthesized in-process THEN the plugin succeeds with no violations', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-plugin-clean-'));
  const app = new App({ outdir });
  Validations.of(app).addPlugins(new ReplacementGuardPlugin({ includeResourceTypes: ['AWS::SQS::*'] }));
  new sqs.Queue(new Stack(app, 'Clean'), 'Unnamed');
  expect(() => app.synth()).not.toThrow();
  const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'));
  expect(report.pluginReports.flatMap((plugin: any) => plugin.violations)).toEqual([]);
});
