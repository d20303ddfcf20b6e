/**
 * Findings and their acknowledgement through aws-cdk-lib's public API. This suite also runs
 * against the newest aws-cdk-lib the registry serves (`npx projen test:cdk-latest`), because
 * acknowledgements once broke on a new aws-cdk-lib release.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations as CoreAnnotations, App, Aspects, Stack, Stage } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ecr from 'aws-cdk-lib/aws-ecr';
import { FindingId, ReplacementGuard, ReplacementGuardProps, Severity } from '../../src';

const NAMED = FindingId.NAMED_RESOURCE_REPLACEMENT;

function appWith(props: ReplacementGuardProps, build: (stack: Stack) => void, outdir?: string) {
  const app = new App(outdir ? { outdir } : {});
  const stack = new Stack(app, 'Acked');
  build(stack);
  Aspects.of(app).add(new ReplacementGuard(props));
  return { app, stack };
}

const warnings = (stack: Stack, id = NAMED) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(id)).map((w) => w.id);
const errors = (stack: Stack, id = NAMED) => Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(id)).map((e) => e.id);

describe.each([Severity.WARNING, Severity.ERROR])('severity %s', (severity) => {
  const found = (stack: Stack) => (severity === Severity.ERROR ? errors(stack) : warnings(stack));

  test('GIVEN an acknowledgement on the resource WHEN synthesized THEN only the other resource has a finding', () => {
    const { stack } = appWith({ severity }, (s) => {
      new ecr.Repository(s, 'Kept', { repositoryName: 'kept-queue' });
      const acked = new ecr.Repository(s, 'Acked', { repositoryName: 'acked-queue' });
      CoreAnnotations.of(acked).acknowledgeWarning(NAMED, 'Replaced by hand in a maintenance window');
    });
    expect(found(stack)).toEqual(['/Acked/Kept/Resource']);
  });

  test('GIVEN an acknowledgement on the stack WHEN synthesized THEN nothing in it has a finding', () => {
    const { stack } = appWith({ severity }, (s) => {
      new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
      new ecr.Repository(s, 'Q', { repositoryName: 'queue-q' });
      CoreAnnotations.of(s).acknowledgeWarning(NAMED, 'accepted for the whole stack');
    });
    expect(found(stack)).toEqual([]);
  });

  test('GIVEN an acknowledgement on the L1 resource itself (not its L2) WHEN synthesized THEN it has no finding', () => {
    const { stack } = appWith({ severity }, (s) => {
      const queue = new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
      CoreAnnotations.of(queue.node.defaultChild!).acknowledgeWarning(NAMED, 'accepted');
    });
    expect(found(stack)).toEqual([]);
  });

  test('GIVEN an acknowledgement of another id, or on a sibling WHEN synthesized THEN the finding stands', () => {
    const { stack } = appWith({ severity }, (s) => {
      const queue = new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
      CoreAnnotations.of(queue).acknowledgeWarning(FindingId.REPLACEMENT_WILL_FAIL, 'a different finding');
      const sibling = new ecr.Repository(s, 'Unnamed');
      CoreAnnotations.of(sibling).acknowledgeWarning(NAMED, 'not the queue');
    });
    expect(found(stack)).toEqual(['/Acked/A/Resource']);
  });

  test('GIVEN an acknowledgement on a Stage WHEN synthesized THEN the stacks inside it have no finding', () => {
    const app = new App();
    const stage = new Stage(app, 'Prod');
    const stack = new Stack(stage, 'Data');
    new ecr.Repository(stack, 'A', { repositoryName: 'queue-a' });
    CoreAnnotations.of(stage).acknowledgeWarning(NAMED, 'accepted in prod');
    Aspects.of(stage).add(new ReplacementGuard({ severity }));
    expect(found(stack)).toEqual([]);
  });
});

test('GIVEN acknowledged and standing findings WHEN synthesized THEN the tree keeps no trace of the acknowledgement check', () => {
  const { app, stack } = appWith({ severity: Severity.ERROR }, (s) => {
    new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
    const acked = new ecr.Repository(s, 'B', { repositoryName: 'queue-b' });
    CoreAnnotations.of(acked).acknowledgeWarning(NAMED, 'accepted');
  });
  expect(errors(stack)).toEqual(['/Acked/A/Resource']);
  const paths = app.node.findAll().map((c) => c.node.path);
  expect(paths.filter((p) => /Probe/i.test(p))).toEqual([]);
});

test('GIVEN Severity.ERROR WHEN a finding stands THEN it is an error whose message tells how to acknowledge an error', () => {
  const { stack } = appWith({ severity: Severity.ERROR }, (s) => { new ecr.Repository(s, 'A', { repositoryName: 'queue-a' }); });
  const [message] = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(NAMED)).map((e) => String(e.entry.data));
  expect(message).toContain(`or acknowledge this error: Annotations.of(construct).acknowledgeWarning('${NAMED}'`);
  expect(message).not.toContain('this warning');
  expect(warnings(stack)).toEqual([]);
});

test('GIVEN writeReport WHEN a finding is acknowledged THEN the report lists only the standing one', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'acked-report-'));
  const { app } = appWith({ writeReport: true }, (s) => {
    new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
    CoreAnnotations.of(new ecr.Repository(s, 'B', { repositoryName: 'queue-b' })).acknowledgeWarning(NAMED, 'accepted');
  }, outdir);
  app.synth();
  const report = JSON.parse(fs.readFileSync(path.join(outdir, 'Acked.cdk-lifecycle.json'), 'utf8'));
  expect(report.findings.map((f: { constructPath: string }) => f.constructPath)).toEqual(['Acked/A/Resource']);
});

describe('baseline errors', () => {
  const table = (s: Stack, partitionKey: string) => new dynamodb.Table(s, 'Orders', {
    tableName: 'orders',
    partitionKey: { name: partitionKey, type: dynamodb.AttributeType.STRING },
  });
  const deployedDir = (() => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'acked-baseline-'));
    const app = new App({ outdir });
    table(new Stack(app, 'Acked'), 'pk');
    app.synth();
    return outdir;
  })();

  test('GIVEN a change that will certainly fail WHEN synthesized THEN an error stands, and WHEN acknowledged THEN no error is left', () => {
    const failing = appWith({ baseline: deployedDir }, (s) => { table(s, 'orderId'); });
    expect(errors(failing.stack, FindingId.REPLACEMENT_WILL_FAIL)).toEqual(['/Acked/Orders/Resource']);

    const acked = appWith({ baseline: deployedDir }, (s) => {
      CoreAnnotations.of(table(s, 'orderId')).acknowledgeWarning(FindingId.REPLACEMENT_WILL_FAIL, 'Data is migrated to a new table by hand');
    });
    expect(Annotations.fromStack(acked.stack).findError('*', Match.anyValue())).toEqual([]);
  });
});
