import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations as CoreAnnotations, App, Aspects, Aws, CfnMapping, Stack, Stage } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ecr from 'aws-cdk-lib/aws-ecr';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { FindingId, ReplacementGuard } from '../../src';
import { Entry, manifest, SENTINEL, stackArtifact, Workspace } from '../helpers/hostile-files';

/** Synthesizes the "deployed" app into a fresh cloud assembly directory. */
function deployed(build: (app: App) => void): string {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-'));
  const app = new App({ outdir });
  build(app);
  app.synth();
  return outdir;
}

function updated(baseline: string, build: (app: App) => void): App {
  const app = new App();
  build(app);
  Aspects.of(app).add(new ReplacementGuard({ baseline }));
  return app;
}

const errors = (stack: Stack, id: string) => Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(id));
const warnings = (stack: Stack, id: string) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(id));

interface DataStackChanges {
  /** The partition key of the named `Reports` table: a new one replaces it. */
  readonly reportsKey?: string;
  readonly queueId?: string;
  readonly parameterGroup?: string;
}

/** The "Data" stack: a named bucket, queue and DB instance, with one of them changed. */
function dataStack(scope: Construct, changes: DataStackChanges = {}): Stack {
  const stack = new Stack(scope, 'Data');
  new dynamodb.Table(stack, 'Reports', { tableName: 'acme-reports', partitionKey: { name: changes.reportsKey ?? 'id', type: dynamodb.AttributeType.STRING } });
  new sqs.Queue(stack, changes.queueId ?? 'Jobs', { queueName: 'acme-jobs' });
  new rds.CfnDBInstance(stack, 'Db', { dbInstanceIdentifier: 'acme-db', dbInstanceClass: 'db.t3.micro', engine: 'postgres', dbParameterGroupName: changes.parameterGroup ?? 'pg-a' });
  return stack;
}

describe('ReplacementGuard with a deployed baseline', () => {
  const v1 = deployed((app) => dataStack(app));

  test('GIVEN the deployed app unchanged WHEN synthesized THEN there is no finding at all (named resources that stay put are fine)', () => {
    const app = updated(v1, (a) => dataStack(a));
    const stack = app.node.findChild('Data') as Stack;
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
    expect(warnings(stack, 'cdk-lifecycle')).toEqual([]);
  });

  test('GIVEN a named table whose key schema changes under the same name WHEN synthesized THEN an error on the bucket says it will fail', () => {
    const app = updated(v1, (a) => dataStack(a, { reportsKey: 'pk' }));
    const found = errors(app.node.findChild('Data') as Stack, FindingId.REPLACEMENT_WILL_FAIL);
    expect(found).toHaveLength(1);
    expect(found[0].id).toBe('/Data/Reports/Resource');
    expect(String(found[0].entry.data)).toMatch(/AWS::DynamoDB::Table Reports\w+: .*acme-reports/);
  });

  test('GIVEN a named queue moved to a new construct id (new logical id, same name) WHEN synthesized THEN an error says the new resource collides', () => {
    const app = updated(v1, (a) => dataStack(a, { queueId: 'JobQueue' }));
    const found = errors(app.node.findChild('Data') as Stack, FindingId.REPLACEMENT_WILL_FAIL);
    expect(found.map((f) => f.id)).toEqual(['/Data/JobQueue/Resource']);
  });

  test('GIVEN a named DB instance whose conditionally replacing property changes WHEN synthesized THEN a warning says it may fail', () => {
    const app = updated(v1, (a) => dataStack(a, { parameterGroup: 'pg-b' }));
    const stack = app.node.findChild('Data') as Stack;
    expect(errors(stack, FindingId.REPLACEMENT_WILL_FAIL)).toEqual([]);
    const found = warnings(stack, FindingId.REPLACEMENT_MAY_FAIL);
    expect(found.map((f) => f.id)).toEqual(['/Data/Db']);
  });

  test('GIVEN a second stack that has no baseline WHEN synthesized THEN its named resources get the findings of a guard without baseline', () => {
    const app = updated(v1, (a) => {
      new dynamodb.Table(new Stack(a, 'Data'), 'Reports', { tableName: 'acme-reports', partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
      // A repository (a named queue has no replacing property its name allows: issue 18).
      new ecr.Repository(new Stack(a, 'Other'), 'Logs', { repositoryName: 'acme-logs' });
    });
    expect(warnings(app.node.findChild('Other') as Stack, FindingId.NAMED_RESOURCE_REPLACEMENT)).toHaveLength(1);
    expect(warnings(app.node.findChild('Data') as Stack, FindingId.NAMED_RESOURCE_REPLACEMENT)).toEqual([]);
  });

  test('GIVEN a single template file as baseline and a one-stack app WHEN synthesized THEN it is compared', () => {
    const file = path.join(v1, 'Data.template.json');
    const app = new App();
    const stack = new Stack(app, 'Renamed');
    new dynamodb.Table(stack, 'Reports', { tableName: 'acme-reports', partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    Aspects.of(app).add(new ReplacementGuard({ baseline: file }));
    expect(errors(stack, FindingId.REPLACEMENT_WILL_FAIL)).toHaveLength(1);
  });

  test('GIVEN a certain failure acknowledged on the construct WHEN synthesized THEN no error remains', () => {
    const app = updated(v1, (a) => {
      const stack = new Stack(a, 'Data');
      const table = new dynamodb.Table(stack, 'Reports', { tableName: 'acme-reports', partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
      CoreAnnotations.of(table).acknowledgeWarning(FindingId.REPLACEMENT_WILL_FAIL, 'The old bucket is deleted by hand first');
    });
    expect(errors(app.node.findChild('Data') as Stack, FindingId.REPLACEMENT_WILL_FAIL)).toEqual([]);
  });

  test.each([
    ['a missing path', '/no/such/baseline', /ReplacementGuard: baseline "\/no\/such\/baseline" cannot be read/],
    ['a directory without manifest', os.tmpdir(), /has no manifest.json; expected a cloud assembly directory/],
  ])('GIVEN %s WHEN the guard is created THEN it throws a clear error', (_name, location, message) => {
    expect(() => new ReplacementGuard({ baseline: location })).toThrow(message);
  });

  test('GIVEN a JSON file that is not a template WHEN the guard is created THEN it says so, in the reader\'s words', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bad-')), 'x.json');
    fs.writeFileSync(file, '{"Outputs": {}}');
    expect(() => new ReplacementGuard({ baseline: file })).toThrow(/^ReplacementGuard: baseline .*x\.json is not a CloudFormation template: expected an object with a "Resources" object, found an object with key Outputs$/);
    fs.writeFileSync(file, '{not json');
    expect(() => new ReplacementGuard({ baseline: file })).toThrow(/^ReplacementGuard: baseline .*x\.json is not valid JSON at line 1, column 2: expected a double-quoted property name, found "n"$/);
  });

  test.each<[string, Record<string, Entry>, RegExp]>([
    ['a templateFile outside the folder', { 'manifest.json': manifest({ App: stackArtifact('../outside/template.json') }) },
      /^ReplacementGuard: baseline .*base\/manifest\.json: artifacts\.App\.properties\.templateFile "\.\.\/outside\/template\.json" is outside the cloud assembly .*base \(a cloud assembly names only files inside its folder\)$/],
    ['a template that is a link out', { 'manifest.json': manifest({ App: stackArtifact('App.json') }), 'App.json': { symlink: '../outside/template.json' } },
      /templateFile "App\.json" is a link to a file outside the cloud assembly/],
    ['a Stage that includes itself', { 'manifest.json': manifest({ Self: { type: 'cdk:cloud-assembly', properties: { directoryName: '.' } } }) },
      /artifacts\.Self\.properties\.directoryName "\." is the cloud assembly .*base itself: a cycle$/],
  ])('GIVEN a baseline assembly with %s WHEN the guard is created THEN it is refused as diff refuses it, and nothing outside is read', (_name, entries, message) => {
    const ws = new Workspace();
    try {
      const baseline = ws.folder('base', entries);
      expect(() => new ReplacementGuard({ baseline })).toThrow(message);
      expect(() => new ReplacementGuard({ baseline })).not.toThrow(new RegExp(SENTINEL));
    } finally {
      ws.remove();
    }
  });

  test('GIVEN a manifest.json given as the baseline file WHEN the guard is created THEN the error carries the hint to pass its folder', () => {
    expect(() => new ReplacementGuard({ baseline: path.join(v1, 'manifest.json') })).toThrow(/found an object with keys .*artifacts.* \(it looks like a cloud assembly manifest: pass the folder that holds it instead\)$/);
  });
});

test('GIVEN writeReport and a baseline WHEN a certain failure is found THEN the report lists it', () => {
  const v1 = deployed((app) => dataStack(app));
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'baseline-report-'));
  const app = new App({ outdir });
  dataStack(app, { reportsKey: 'pk' });
  Aspects.of(app).add(new ReplacementGuard({ baseline: v1, writeReport: true }));
  app.synth();
  const report = JSON.parse(fs.readFileSync(path.join(outdir, 'Data.cdk-lifecycle.json'), 'utf8'));
  expect(report.findings).toEqual([expect.objectContaining({
    id: FindingId.REPLACEMENT_WILL_FAIL, severity: 'error', certainty: 'Certain', constructPath: 'Data/Reports/Resource', resourceType: 'AWS::DynamoDB::Table',
  })]);
});

test('GIVEN a baseline assembly whose stack sits in a Stage WHEN the same Stage is synthesized THEN its stack is matched', () => {
  const v1 = deployed((app) => dataStack(new Stage(app, 'Prod')));
  const stage = new Stage(new App(), 'Prod');
  const stack = dataStack(stage, { reportsKey: 'pk' });
  // Aspects do not cross Stage boundaries: the guard is added to the Stage.
  Aspects.of(stage).add(new ReplacementGuard({ baseline: v1 }));
  // The Stage's own synthesis: the app's fails on an error inside a Stage (replacement-guard-stage-errors.test.ts).
  const messages = stage.synth().getStackArtifact(stack.artifactId).messages;
  expect(messages.filter((m) => m.level === 'error' && String(m.entry.data).includes(FindingId.REPLACEMENT_WILL_FAIL))).toHaveLength(1);
});

describe('a YAML baseline, read as the CLI reads it', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yaml-baseline-'));
  const file = path.join(dir, 'Data.yaml');
  // The deployed template as its author wrote it: short forms, a repeated key, a quoted
  // scalar continued at its key's indentation.
  fs.writeFileSync(file, [
    'Description: \'The data stack,',
    'as deployed\'',
    'Resources:',
    '  Reports:',
    '    Type: AWS::S3::Bucket',
    '    Properties:',
    '      BucketName: acme-reports',
    '      BucketName: acme-reports',
    '  Db:',
    '    Type: AWS::RDS::DBInstance',
    '    Properties:',
    '      DBInstanceIdentifier: acme-db',
    '      DBInstanceClass: !Sub db.t3.micro',
    '      Engine: postgres',
    '      DBParameterGroupName: pg-a',
    '',
  ].join('\n'));

  function guardedData(build: (stack: Stack) => void): Stack {
    const app = new App();
    const stack = new Stack(app, 'Data');
    build(stack);
    Aspects.of(app).add(new ReplacementGuard({ baseline: file }));
    return stack;
  }

  test('GIVEN a YAML baseline with a duplicate key WHEN the same stack is synthesized THEN a warning on the stack names the key and line, and nothing else is found', () => {
    const stack = guardedData((s) => {
      new s3.CfnBucket(s, 'Reports', { bucketName: 'acme-reports' }).overrideLogicalId('Reports');
      new rds.CfnDBInstance(s, 'Db', { dbInstanceIdentifier: 'acme-db', dbInstanceClass: 'db.t3.micro', engine: 'postgres', dbParameterGroupName: 'pg-a' }).overrideLogicalId('Db');
    });
    const found = warnings(stack, FindingId.BASELINE_TEMPLATE_WARNING);
    expect(found.map((f) => f.id)).toEqual(['/Data']);
    expect(String(found[0].entry.data)).toMatch(/Data\.yaml: duplicate key "BucketName" at line 8, column 7 \(first at line 7\): CloudFormation uses the last value/);
    expect(errors(stack, 'cdk-lifecycle')).toEqual([]);
    expect(warnings(stack, FindingId.REPLACEMENT_MAY_FAIL)).toEqual([]);
  });

  test('GIVEN a YAML baseline with short forms WHEN a replacing change keeps the name THEN the failure is found as with JSON', () => {
    const stack = guardedData((s) => {
      new s3.CfnBucket(s, 'Reports', { bucketName: 'acme-reports' }).overrideLogicalId('Reports');
      new rds.CfnDBInstance(s, 'Db', { dbInstanceIdentifier: 'acme-db', dbInstanceClass: 'db.t3.micro', engine: 'postgres', dbParameterGroupName: 'pg-b' }).overrideLogicalId('Db');
    });
    expect(warnings(stack, FindingId.REPLACEMENT_MAY_FAIL).map((f) => f.id)).toEqual(['/Data/Db']);
  });
});

describe('the stack\'s environment in the baseline check (issue 18)', () => {
  /** A named table whose key comes from a mapping keyed by the Region; the key of eu-west-1 changes. */
  const keyed = (scope: Construct, env: { account: string; region: string } | undefined, euKey: string) => {
    const stack = new Stack(scope, 'Keyed', env === undefined ? {} : { env });
    const keys = new CfnMapping(stack, 'Keys', { mapping: { 'eu-west-1': { Name: euKey }, 'us-east-1': { Name: 'id' } } });
    new dynamodb.CfnTable(stack, 'Table', {
      tableName: 'keyed',
      keySchema: [{ attributeName: keys.findInMap(Aws.REGION, 'Name'), keyType: 'HASH' }],
      attributeDefinitions: [{ attributeName: 'id', attributeType: 'S' }],
      billingMode: 'PAY_PER_REQUEST',
    });
    return stack;
  };

  test.each([
    ['in eu-west-1', { account: '123456789012', region: 'eu-west-1' }, 1],
    ['in us-east-1', { account: '123456789012', region: 'us-east-1' }, 0],
    ['without an environment (the Region is not known at synth time)', undefined, 0],
  ])('GIVEN a mapping leaf of one Region changed WHEN the stack is %s THEN the named table\'s replacement is reported only where it happens', (_, env, expected) => {
    const baseline = deployed((app) => keyed(app, env, 'id'));
    const app = updated(baseline, (a) => keyed(a, env, 'pk'));
    expect(errors(app.node.findChild('Keyed') as Stack, FindingId.REPLACEMENT_WILL_FAIL)).toHaveLength(expected);
  });
});

describe('the app against its baseline: exports in use and names moved between stacks', () => {
  interface AppVersion {
    readonly tableId?: string;
    readonly partitionKey?: string;
    readonly bucketIn?: 'Data' | 'Api';
    readonly withLegacy?: boolean;
  }

  /** Data (a table, a named retained bucket) and Api (a queue named after the table: CDK exports the name and Api imports it). */
  function twoStacks(app: App, version: AppVersion = {}): { data: Stack; api: Stack } {
    const data = new Stack(app, 'Data');
    const table = new dynamodb.Table(data, version.tableId ?? 'Orders', { partitionKey: { name: version.partitionKey ?? 'pk', type: dynamodb.AttributeType.STRING } });
    const api = new Stack(app, 'Api');
    new sqs.Queue(api, 'Jobs', { queueName: `${table.tableName}-jobs` });
    new s3.Bucket(version.bucketIn === 'Api' ? api : data, 'Archive', { bucketName: 'acme-archive' });
    if (version.withLegacy) namedQueue(new Stack(app, 'Legacy'));
    return { data, api };
  }

  /** A named queue, in whatever stack holds it. */
  function namedQueue(scope: Stack): void {
    new sqs.Queue(scope, 'Worker', { queueName: 'acme-worker' });
  }

  const v1 = deployed((app) => twoStacks(app, { withLegacy: true }));

  test('GIVEN the table renamed while the deployed Api imports its name WHEN synthesized THEN an error on Data says its export cannot be deleted while in use', () => {
    const app = new App();
    const { data } = twoStacks(app, { tableId: 'OrdersTable', withLegacy: true });
    Aspects.of(app).add(new ReplacementGuard({ baseline: v1 }));

    const found = errors(data, FindingId.REPLACEMENT_WILL_FAIL);
    expect(found.map((finding) => String(finding.entry.data))).toEqual([expect.stringMatching(/^Output ExportsOutputRefOrders\w+: Export Data:ExportsOutputRefOrders\w+ cannot be deleted as it is in use by Api/)]);
    // The export is gone from the new app: the error is on the stack that removes it.
    expect(found[0].id).toBe('/Data');
  });

  test('GIVEN the table replaced (a new key) while the deployed Api imports its name WHEN synthesized THEN the error is on the export\'s output', () => {
    const app = new App();
    const { data } = twoStacks(app, { partitionKey: 'id', withLegacy: true });
    Aspects.of(app).add(new ReplacementGuard({ baseline: v1 }));

    const found = errors(data, 'Cannot update export');
    expect(found.map((finding) => finding.id)).toEqual([expect.stringMatching(/^\/Data\/Exports\/Output\{"Ref":"Orders\w+"\}$/)]);
    expect(String(found[0].entry.data)).toContain('it reads Orders');
  });

  test('GIVEN the named bucket moved from Data to Api WHEN synthesized THEN an error on Api\'s bucket says the retained old one still holds the name, and a refactor is the way out', () => {
    const app = new App();
    const { api } = twoStacks(app, { bucketIn: 'Api', withLegacy: true });
    Aspects.of(app).add(new ReplacementGuard({ baseline: v1 }));

    const found = errors(api, FindingId.REPLACEMENT_WILL_FAIL);
    expect(found.map((finding) => finding.id)).toEqual(['/Api/Archive/Resource']);
    expect(String(found[0].entry.data)).toMatch(/BucketName "acme-archive" is still held by Archive\w+ in stack Data, whose DeletionPolicy Retain keeps it/);
  });

  test('GIVEN a named queue moved from a stack the app no longer has into a new stack WHEN synthesized THEN the new stack gets the error: cdk deploy does not delete the old stack', () => {
    const app = new App();
    twoStacks(app);
    const fresh = new Stack(app, 'Workers');
    namedQueue(fresh);
    Aspects.of(app).add(new ReplacementGuard({ baseline: v1 }));

    const found = errors(fresh, FindingId.REPLACEMENT_WILL_FAIL);
    expect(found.map((finding) => finding.id)).toEqual(['/Workers/Worker/Resource']);
    expect(String(found[0].entry.data)).toContain('a stack the app no longer has: cdk deploy does not delete it');
  });
});
