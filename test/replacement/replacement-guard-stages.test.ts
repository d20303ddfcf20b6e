/**
 * `ReplacementGuard.applyTo(app)`: every stack of an app guarded in one line, Stages (nested
 * ones, and those created after the call) included; in-process and through the real `cdk synth`
 * (test/fixtures/apps/stage-guard-app.ts), with what `--strict` covers with and without a selector.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Aspects, Stack, Stage } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { Construct } from 'constructs';
import { FindingId, ReplacementGuard, Severity } from '../../src';
import { cdkSynth } from '../helpers/cdk-synth';

const table = (scope: Construct, id: string, name: string) => new dynamodb.Table(scope, id, { tableName: name, partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });

/** The construct paths of the guard's findings in every stack of an assembly, nested assemblies included. */
function findingPaths(assembly: CloudAssembly): string[] {
  const paths: string[] = [];
  const walk = (current: CloudAssembly) => {
    for (const stack of current.stacks) {
      for (const message of stack.messages) {
        if (String(message.entry.data).includes(FindingId.NAMED_RESOURCE_REPLACEMENT)) paths.push(`${message.level} ${message.id}`);
      }
    }
    for (const artifact of current.nestedAssemblies) walk(artifact.nestedAssembly);
  };
  walk(assembly);
  return paths.sort();
}

describe('in-process', () => {
  test('GIVEN an app with a Stage, a nested Stage and a Stage created after the call WHEN applyTo(app) and synthesized THEN every stack is guarded', () => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-stages-')) });
    table(new Stack(app, 'Front'), 'Orders', 'orders');
    const prod = new Stage(app, 'Prod');
    table(new Stack(prod, 'Data'), 'Ledger', 'ledger');
    table(new Stack(new Stage(prod, 'Eu'), 'Archive'), 'Archive', 'eu-archive');
    ReplacementGuard.applyTo(app);
    table(new Stack(new Stage(app, 'Late'), 'Reports'), 'Reports', 'reports');
    table(new Stack(new Stage(prod, 'LateInner'), 'Deep'), 'Deep', 'deep');
    expect(findingPaths(app.synth())).toEqual([
      'warning /Front/Orders/Resource',
      'warning /Late/Reports/Reports/Resource',
      'warning /Prod/Data/Ledger/Resource',
      'warning /Prod/Eu/Archive/Archive/Resource',
      'warning /Prod/LateInner/Deep/Deep/Resource',
    ]);
  });

  test('GIVEN Aspects.of(app).add(guard) WHEN synthesized THEN only the stacks outside Stages are guarded (why applyTo exists)', () => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-stages-')) });
    table(new Stack(app, 'Front'), 'Orders', 'orders');
    table(new Stack(new Stage(app, 'Prod'), 'Data'), 'Ledger', 'ledger');
    Aspects.of(app).add(new ReplacementGuard());
    expect(findingPaths(app.synth())).toEqual(['warning /Front/Orders/Resource']);
  });

  test('GIVEN applyTo(stage) with options WHEN the Stage is synthesized twice THEN it holds the guard once and its findings have the guard\'s severity', () => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-stages-')) });
    const prod = new Stage(app, 'Prod');
    table(new Stack(prod, 'Data'), 'Ledger', 'ledger');
    const guard = ReplacementGuard.applyTo(prod, { severity: Severity.ERROR });
    expect(guard).toBeInstanceOf(ReplacementGuard);
    expect(Aspects.of(prod).all.filter((aspect) => aspect === guard)).toHaveLength(1);
    prod.synth(); // synthesizing again must not add the guard twice
    expect(Aspects.of(prod).all.filter((aspect) => aspect === guard)).toHaveLength(1);
    expect(findingPaths(prod.synth({ force: true }))).toEqual(['error /Prod/Data/Ledger/Resource']);
    // The app's synthesis fails on the error inside its Stage, once.
    expect(() => app.synth({ force: true })).toThrow(/ReplacementGuard found 1 error in stacks inside Stages[^]*\n {4}Prod\/Data\/Ledger\/Resource: AWS::DynamoDB::Table /);
  });

  test('GIVEN a scope that is not an App or a Stage WHEN applyTo THEN it throws naming the scope', () => {
    const stack = new Stack(new App(), 'Alone');
    expect(() => ReplacementGuard.applyTo(stack as unknown as Stage)).toThrow('ReplacementGuard.applyTo: Alone is not an App or a Stage; pass the app (or a Stage) whose stacks should be guarded');
  });
});

describe('through the real cdk synth --strict', () => {
  const synth = (args: string[]) => {
    const result = cdkSynth('test/fixtures/apps/stage-guard-app.ts', ['--strict', ...args]);
    const paths = [...`${result.stdout}${result.stderr}`.matchAll(/^ {3}([A-Za-z][\w/]*\/Resource)$/gm)].map((match) => match[1]).sort();
    return { status: result.status, paths };
  };

  test('GIVEN applyTo(app) WHEN cdk synth --strict "**" THEN it fails on the findings of every Stage\'s stacks, the late Stage\'s too', () => {
    expect(synth(['**'])).toEqual({ status: 1, paths: ['Front/Orders/Resource', 'Late/Reports/Reports/Resource', 'Prod/Data/Ledger/Resource', 'Prod/Eu/Archive/Archive/Resource'] });
  });

  test('GIVEN Aspects.of(app).add(guard) WHEN cdk synth --strict "**" THEN only the top-level stack has a finding', () => {
    expect(synth(['**', '-c', 'guard=aspect'])).toEqual({ status: 1, paths: ['Front/Orders/Resource'] });
  });

  test('GIVEN findings only inside Stages WHEN cdk synth --strict without a selector THEN it exits 0: the CLI checks top-level stacks only', () => {
    expect(synth(['-c', 'quietFront=true'])).toEqual({ status: 0, paths: [] });
  });
});
