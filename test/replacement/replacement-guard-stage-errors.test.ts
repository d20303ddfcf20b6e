/**
 * An error of the guard fails `cdk synth` (no stack selector, no `--strict`) wherever it is: in a
 * top-level stack, in a Stage's stack or in a nested Stage's stack, for the Aspect
 * (`ReplacementGuard.applyTo`) and for the plugin (`ReplacementGuardPlugin`); warnings stay
 * warnings. The CLI checks the metadata and the validation report of the stacks it selects
 * only, the top-level ones without a selector (see docs/replacement-guard.md).
 *
 * Through the real `cdk synth` on test/fixtures/apps/stage-errors-app.ts, and in-process for what
 * tests that synthesize an app see.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations, App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { FindingId, ReplacementGuard, ReplacementGuardPlugin } from '../../src';
import { buildStageErrorsApp, Renamed } from '../fixtures/apps/stage-errors-shape';
import { cdkSynth } from '../helpers/cdk-synth';

/** The deployed app: every table under its first construct id. */
function deployedAssembly(): string {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-errors-baseline-'));
  const app = new App({ outdir });
  buildStageErrorsApp(app);
  app.synth();
  return outdir;
}

/** The `path id` of each error the guard's failure lists, in its order. */
function listedErrors(message: string): string[] {
  return [...message.matchAll(/^ {4}(\S+): .* \[(cdk-lifecycle:[\w-]+)\]$/gm)].map(([, where, id]) => `${where} ${id}`);
}

/** The messages of one level in a stack's artifact, as `path id` (the finding's id ends the message, in brackets). */
function messagesOf(assembly: CloudAssembly, stack: Stack, level: 'error' | 'warning'): string[] {
  return assembly.getStackArtifact(stack.artifactId).messages
    .filter((message) => message.level === level)
    .map((message) => `${message.id} ${/\[(?:ack: )?(cdk-lifecycle:[\w-]+)\]$/.exec(String(message.entry.data))?.[1]}`);
}

function synthError(app: App): string {
  try {
    app.synth();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the synthesis to fail');
}

const WILL_FAIL = FindingId.REPLACEMENT_WILL_FAIL;

describe('through the real cdk synth, without a stack selector or --strict', () => {
  const APP = 'test/fixtures/apps/stage-errors-app.ts';
  let baseline: string;
  beforeAll(() => { baseline = deployedAssembly(); });
  const withBaseline = (renamed: string) => cdkSynth(APP, [], { GUARD_CASE: 'baseline', GUARD_BASELINE: baseline, GUARD_RENAMED: renamed });
  const output = (result: { stdout: string; stderr: string }) => `${result.stdout}${result.stderr}`;

  test('GIVEN applyTo(app, { baseline }) WHEN a named table of a Stage\'s stack moves to a new logical id THEN cdk synth fails, naming it', () => {
    const result = withBaseline('stage');
    expect(result.status).toBe(1);
    expect(output(result)).toContain('ReplacementGuard found 1 error in stacks inside Stages');
    expect(listedErrors(output(result))).toEqual([`Prod/Data/LedgerV2/Resource ${WILL_FAIL}`]);
  });

  test('GIVEN the same in a nested Stage and in a top-level stack WHEN cdk synth THEN it fails, listing both, each once', () => {
    const result = withBaseline('nested,top');
    expect(result.status).toBe(1);
    expect(listedErrors(output(result))).toEqual([`Prod/Eu/Archive/ArchiveV2/Resource ${WILL_FAIL}`, `Front/OrdersV2/Resource ${WILL_FAIL}`]);
    expect(output(result).split('TableName "orders" is still held').length - 1).toBe(1);
  });

  test('GIVEN the same in a top-level stack only WHEN cdk synth THEN the CLI fails on the stack\'s metadata, as before, and the error shows once', () => {
    const result = withBaseline('top');
    expect(result.status).toBe(1);
    expect(output(result)).not.toContain('ReplacementGuard found');
    expect(output(result)).toMatch(/^ERROR AWS::DynamoDB::Table OrdersV2\w+: TableName "orders" is still held .*\n {3}Front\/OrdersV2\/Resource$/m);
    expect(output(result).split('TableName "orders" is still held').length - 1).toBe(1);
  });

  test('GIVEN applyTo(app) WHEN two queues of a Stage\'s stack share a name THEN cdk synth fails on the name collision', () => {
    const result = cdkSynth(APP, [], { GUARD_CASE: 'collision' });
    expect(result.status).toBe(1);
    expect(listedErrors(output(result))).toEqual([`Prod/Data/Jobs/Resource ${FindingId.NAME_COLLISION}`, `Prod/Data/MoreJobs/Resource ${FindingId.NAME_COLLISION}`]);
  });

  test('GIVEN ReplacementGuardPlugin in new App({ policyValidationBeta1 }) WHEN the collision is in a Stage only THEN cdk synth fails and prints the errors inside Stages', () => {
    const result = cdkSynth(APP, [], { GUARD_CASE: 'plugin' });
    expect(result.status).toBe(1);
    expect(output(result)).toContain('ERROR 2 errors of this report are in stacks inside Stages, which `cdk synth` and `cdk deploy` check only when they are selected');
    expect(output(result)).toContain(`Prod/Data/Jobs/Resource (${FindingId.NAME_COLLISION}), Prod/Data/MoreJobs/Resource (${FindingId.NAME_COLLISION})`);
    const report = JSON.parse(fs.readFileSync(path.join(result.outdir, 'validation-report.json'), 'utf8'));
    expect(report.pluginReports.map((plugin: { pluginName: string; conclusion: string }) => [plugin.pluginName, plugin.conclusion])).toEqual([['cdk-lifecycle', 'failure']]);
  });

  test('GIVEN ReplacementGuardPlugin added with Validations.of(app).addPlugins WHEN the collision is in a Stage only THEN cdk synth fails and prints the errors inside Stages', () => {
    const result = cdkSynth(APP, [], { GUARD_CASE: 'plugin-validations' });
    expect(result.status).toBe(1);
    expect(output(result)).toContain('ERROR 2 errors of this report are in stacks inside Stages, which `cdk synth` and `cdk deploy` check only when they are selected');
    expect(output(result)).toContain(`Prod/Data/Jobs/Resource (${FindingId.NAME_COLLISION}), Prod/Data/MoreJobs/Resource (${FindingId.NAME_COLLISION})`);
  });

  test('GIVEN the Aspect and the plugin with warnings in every stack and the errors acknowledged WHEN cdk synth THEN it passes, the standing warnings printed', () => {
    const result = cdkSynth(APP, [], { GUARD_CASE: 'warnings' });
    expect(output(result)).not.toContain('ReplacementGuard found');
    expect(output(result)).toContain('WARNING AWS::DynamoDB::Table OrdersA9B65338 has an explicit name');
    expect(result.status).toBe(0);
    // The plugin's report holds the warnings of the top-level and the Stage's stack; the acknowledged
    // collisions and the nested Stage's acknowledged warning are left out.
    const report = JSON.parse(fs.readFileSync(path.join(result.outdir, 'validation-report.json'), 'utf8'));
    type Violation = { ruleName: string; severity: string; violatingConstructs: Array<{ constructPath: string }> };
    const violations: Violation[] = report.pluginReports.flatMap((plugin: { violations: Violation[] }) => plugin.violations);
    expect(violations.map((v) => `${v.severity} ${v.ruleName} ${v.violatingConstructs[0].constructPath}`).sort()).toEqual([
      `warning ${FindingId.NAMED_RESOURCE_REPLACEMENT} Front/Orders/Resource`,
      `warning ${FindingId.NAMED_RESOURCE_REPLACEMENT} Prod/Data/Ledger/Resource`,
    ]);
  });
});

describe('in-process', () => {
  let baseline: string;
  beforeAll(() => { baseline = deployedAssembly(); });
  const guarded = (renamed: Renamed[], acknowledge = false) => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'stage-errors-')) });
    const shape = buildStageErrorsApp(app, renamed);
    if (acknowledge) Annotations.of(shape.prod).acknowledgeWarning(WILL_FAIL, 'the ledger is recreated by hand');
    ReplacementGuard.applyTo(app, { baseline });
    return { app, ...shape };
  };

  test('GIVEN certain failures in a Stage, a nested Stage and a top-level stack WHEN app.synth() THEN it throws, listing each once', () => {
    const { app } = guarded(['stage', 'nested', 'top']);
    const message = synthError(app);
    expect(message).toContain('ReplacementGuard found 3 errors, 2 of them in stacks inside Stages');
    expect(listedErrors(message)).toEqual([
      `Prod/Eu/Archive/ArchiveV2/Resource ${WILL_FAIL}`,
      `Prod/Data/LedgerV2/Resource ${WILL_FAIL}`,
      `Front/OrdersV2/Resource ${WILL_FAIL}`,
    ]);
  });

  test('GIVEN a certain failure in a Stage WHEN the Stage alone is synthesized (Template.fromStack) THEN it does not throw and its stack carries the error', () => {
    const { prod, data } = guarded(['stage']);
    expect(() => Template.fromStack(data)).not.toThrow();
    expect(messagesOf(prod.synth(), data, 'error')).toEqual([`/Prod/Data/LedgerV2/Resource ${WILL_FAIL}`]);
  });

  test('GIVEN a certain failure in a top-level stack only WHEN app.synth() THEN it does not throw: the error is the stack\'s, for cdk synth to report', () => {
    const { app, front } = guarded(['top']);
    expect(messagesOf(app.synth(), front, 'error')).toEqual([`/Front/OrdersV2/Resource ${WILL_FAIL}`]);
  });

  test('GIVEN the failure in a Stage acknowledged WHEN app.synth() THEN it does not throw', () => {
    const { app, prod, data } = guarded(['stage'], true);
    expect(() => app.synth()).not.toThrow();
    expect(messagesOf(prod.synth(), data, 'error')).toEqual([]);
  });

  test('GIVEN only warnings inside Stages (severity WARNING, no baseline) WHEN app.synth() THEN it does not throw and the warnings stand', () => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'stage-errors-')) });
    const { prod, data } = buildStageErrorsApp(app);
    ReplacementGuard.applyTo(app);
    expect(() => app.synth()).not.toThrow();
    expect(messagesOf(prod.synth(), data, 'warning')).toEqual([`/Prod/Data/Ledger/Resource ${FindingId.NAMED_RESOURCE_REPLACEMENT}`]);
  });

  test('GIVEN a named table moved from a top-level stack into a Stage\'s stack WHEN app.synth() THEN the failure the Stage could not see fails the synthesis', () => {
    const moved = (app: App, into: 'front' | 'data') => {
      const { front, data } = buildStageErrorsApp(app);
      new dynamodb.Table(into === 'front' ? front : data, 'Moved', { tableName: 'moved', partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
    };
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-errors-moved-'));
    const before = new App({ outdir });
    moved(before, 'front');
    before.synth();
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'stage-errors-')) });
    moved(app, 'data');
    ReplacementGuard.applyTo(app, { baseline: outdir });
    const message = synthError(app);
    expect(listedErrors(message)).toEqual([`Prod/Data/Moved/Resource ${WILL_FAIL}`]);
    expect(message).toContain('seen once the whole app was known, after this Stage was synthesized');
  });
});

describe('the plugin, in-process', () => {
  /** The plugin's violations, as `rule severity paths`, with the report left to the caller as the CDK CLI does. */
  const violations = (build: (app: App) => void) => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-errors-plugin-'));
    const app = new App({ outdir, context: { '@aws-cdk/core:failSynthOnValidationErrors': false } });
    Validations.of(app).addPlugins(new ReplacementGuardPlugin({ includeResourceTypes: ['AWS::SQS::*'] }));
    build(app);
    app.synth();
    const report = JSON.parse(fs.readFileSync(path.join(outdir, 'validation-report.json'), 'utf8'));
    type Violation = { ruleName: string; severity: string; violatingConstructs: Array<{ constructPath: string }> };
    return report.pluginReports[0].violations.map((v: Violation) => `${v.ruleName} ${v.severity} [${v.violatingConstructs.map((c) => c.constructPath).join(',')}]`);
  };
  const collide = (stack: Stack) => {
    new sqs.Queue(stack, 'Jobs', { queueName: 'jobs' });
    new sqs.Queue(stack, 'MoreJobs', { queueName: 'jobs' });
  };

  test('GIVEN a collision in a Stage\'s stack WHEN synthesized THEN one more error, tied to no construct, lists it', () => {
    expect(violations((app) => collide(buildStageErrorsApp(app).archive))).toEqual([
      `${FindingId.NAME_COLLISION} error [Prod/Eu/Archive/Jobs/Resource]`,
      `${FindingId.NAME_COLLISION} error [Prod/Eu/Archive/MoreJobs/Resource]`,
      'cdk-lifecycle:errors-in-stages error []',
    ]);
  });

  test('GIVEN a collision in a top-level stack only WHEN synthesized THEN its errors are reported once, with no such summary', () => {
    expect(violations((app) => collide(buildStageErrorsApp(app).front))).toEqual([
      `${FindingId.NAME_COLLISION} error [Front/Jobs/Resource]`,
      `${FindingId.NAME_COLLISION} error [Front/MoreJobs/Resource]`,
    ]);
  });
});
