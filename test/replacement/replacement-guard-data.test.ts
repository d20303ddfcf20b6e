/**
 * The guard's baseline mode and what the issue 19 added to it: a rename a stack refactor would
 * make says so and names the plan command; a data-bearing resource whose replacement or
 * removal deletes its data is a finding of its own (`FindingId.DATA_WILL_BE_DELETED`),
 * acknowledgeable like any other.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations as CoreAnnotations, App, Aspects, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { FindingId, ReplacementGuard } from '../../src';

interface Version {
  readonly key?: string;
  readonly removalPolicy?: RemovalPolicy;
  readonly queueId?: string;
  readonly withQueue?: boolean;
  readonly acknowledge?: boolean;
}

function build(app: App, version: Version = {}): Stack {
  const stack = new Stack(app, 'Data');
  const table = new dynamodb.Table(stack, 'Reports', { partitionKey: { name: version.key ?? 'id', type: dynamodb.AttributeType.STRING }, removalPolicy: version.removalPolicy });
  if (version.withQueue ?? true) new sqs.Queue(stack, version.queueId ?? 'Jobs', { queueName: 'acme-jobs' });
  if (version.acknowledge) CoreAnnotations.of(table).acknowledgeWarning(FindingId.DATA_WILL_BE_DELETED, 'Scratch data, rebuilt nightly');
  return stack;
}

function baseline(version: Version = {}): string {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-data-'));
  const app = new App({ outdir });
  build(app, version);
  app.synth();
  return outdir;
}

function check(deployedVersion: Version, version: Version): Stack {
  const app = new App();
  const stack = build(app, version);
  Aspects.of(app).add(new ReplacementGuard({ baseline: baseline(deployedVersion) }));
  app.synth();
  return stack;
}

const errors = (stack: Stack, id: string) => Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(id)).map((m) => String(m.entry.data));
const warnings = (stack: Stack, id: string) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(id)).map((m) => String(m.entry.data));

describe('renames a refactor would fix', () => {
  test('GIVEN a named queue under a new construct id WHEN checked against the baseline THEN the certain failure says a refactor would keep it and names the plan command', () => {
    const [message, ...others] = errors(check({}, { queueId: 'JobsQueue' }), FindingId.REPLACEMENT_WILL_FAIL);
    expect(others).toEqual([]);
    expect(message).toContain('A stack refactor would move the deployed resource to its new logical id without replacing it: `cdk-lifecycle diff <deployed cdk.out> cdk.out --refactor-plan plan.json` writes the plan');
  });
});

describe('data that a change deletes', () => {
  test('GIVEN a table (CDK\'s default: Retain) whose key changes WHEN checked THEN there is no data finding: the old table is retained', () => {
    const stack = check({}, { key: 'pk' });
    expect(errors(stack, FindingId.DATA_WILL_BE_DELETED)).toEqual([]);
  });

  test('GIVEN a table with RemovalPolicy.DESTROY whose key changes WHEN checked THEN an error on the table says its items are deleted', () => {
    const stack = check({ removalPolicy: RemovalPolicy.DESTROY }, { key: 'pk', removalPolicy: RemovalPolicy.DESTROY });
    const found = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(FindingId.DATA_WILL_BE_DELETED));
    expect(found.map((m) => m.id)).toEqual(['/Data/Reports/Resource']);
    expect(String(found[0].entry.data)).toMatch(/^AWS::DynamoDB::Table Reports\w+ is replaced and its UpdateReplacePolicy is Delete: the new table starts empty; the old one and its items are deleted once the update completes\. Keep the data with RemovalPolicy\.RETAIN or SNAPSHOT/);
  });

  test('GIVEN a removed queue (Delete) WHEN checked THEN the error is on the stack, which still exists', () => {
    const found = Annotations.fromStack(check({}, { withQueue: false })).findError('*', Match.stringLikeRegexp(FindingId.DATA_WILL_BE_DELETED));
    expect(found.map((m) => m.id)).toEqual(['/Data']);
    expect(String(found[0].entry.data)).toMatch(/^AWS::SQS::Queue Jobs\w+ is removed and its DeletionPolicy is Delete: the queue and its messages are deleted/);
  });

  test('GIVEN the data finding acknowledged on the table WHEN checked THEN it is gone', () => {
    const stack = check({ removalPolicy: RemovalPolicy.DESTROY }, { key: 'pk', removalPolicy: RemovalPolicy.DESTROY, acknowledge: true });
    expect(errors(stack, FindingId.DATA_WILL_BE_DELETED)).toEqual([]);
    expect(warnings(stack, FindingId.DATA_WILL_BE_DELETED)).toEqual([]);
  });
});
