import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations as CoreAnnotations, App, Aspects, CfnParameter, CfnResource, PhysicalName, Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as ecr from 'aws-cdk-lib/aws-ecr';
import * as ecs from 'aws-cdk-lib/aws-ecs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { FindingId, ProvidedResource, ReplacementGuard, ReplacementGuardProps, ResourceProvider, Severity } from '../../src';

const ID = FindingId.NAMED_RESOURCE_REPLACEMENT;

function guarded(props?: ReplacementGuardProps, build?: (stack: Stack) => void) {
  const app = new App();
  const stack = new Stack(app, 'Guarded', { env: { account: '123456789012', region: 'us-east-1' } });
  build?.(stack);
  Aspects.of(app).add(new ReplacementGuard(props));
  return { app, stack };
}

const warningsOf = (stack: Stack) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(ID));
const errorsOf = (stack: Stack) => Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(ID));
const code = lambda.Code.fromInline('exports.handler = async () => ({})');
const vpcOf = (scope: Construct) => new ec2.Vpc(scope, 'Vpc', { maxAzs: 1, natGateways: 0, subnetConfiguration: [{ name: 'p', subnetType: ec2.SubnetType.PRIVATE_ISOLATED }] });

type Build = (scope: Construct, named: boolean) => void;
const matrix: Array<[string, string, string, Build]> = [
  ['dynamodb.Table', 'AWS::DynamoDB::Table', 'TableName = "orders"', (s, n) => new dynamodb.Table(s, 'R', { tableName: n ? 'orders' : undefined, partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } })],
  ['iam.Role', 'AWS::IAM::Role', 'RoleName = "deployer"', (s, n) => new iam.Role(s, 'R', { roleName: n ? 'deployer' : undefined, assumedBy: new iam.AccountRootPrincipal() })],
  ['lambda.Function', 'AWS::Lambda::Function', 'FunctionName = "worker"', (s, n) => new lambda.Function(s, 'R', { functionName: n ? 'worker' : undefined, code, handler: 'index.handler', runtime: lambda.Runtime.NODEJS_22_X })],
  // (A named sqs.Queue or sns.Topic has no finding: FifoQueue and FifoTopic are coupled to the name, issue 18.)
  ['ecr.Repository', 'AWS::ECR::Repository', 'RepositoryName = "images"', (s, n) => new ecr.Repository(s, 'R', { repositoryName: n ? 'images' : undefined })],
  ['ec2.SecurityGroup', 'AWS::EC2::SecurityGroup', 'GroupName = "web"', (s, n) => new ec2.SecurityGroup(s, 'R', { vpc: vpcOf(s), securityGroupName: n ? 'web' : undefined })],
  ['rds.DatabaseInstance', 'AWS::RDS::DBInstance', 'DBInstanceIdentifier = "main-db"', (s, n) => new rds.DatabaseInstance(s, 'R', {
    vpc: vpcOf(s),
    vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
    instanceIdentifier: n ? 'main-db' : undefined,
    engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_16 }),
  })],
];

describe('L2 constructs', () => {
  test.each(matrix)('GIVEN a named %s WHEN synthesized THEN one warning on its resource names the property and the value', (_name, type, nameText, build) => {
    const { stack } = guarded({}, (s) => build(s, true));
    const warnings = warningsOf(stack);
    expect(warnings).toHaveLength(1);
    const message = String(warnings[0].entry.data);
    expect(message).toContain(type);
    expect(message).toContain(nameText);
    expect(message).toMatch(/Changing any of these properties replaces it.*always: \w+/);
    expect(message).toContain(`acknowledgeWarning('${ID}'`);
    expect(warnings[0].id).toMatch(/\/R\/Resource$/);
  });

  test.each(matrix)('GIVEN an unnamed %s WHEN synthesized THEN nothing is reported', (_name, _type, _text, build) => {
    const { stack } = guarded({}, (s) => build(s, false));
    expect(warningsOf(stack)).toEqual([]);
  });

  test('GIVEN a named rds.DatabaseInstance THEN Always and Conditionally properties are listed apart', () => {
    const { stack } = guarded({}, (s) => matrix.find(([name]) => name === 'rds.DatabaseInstance')![3](s, true));
    const message = String(warningsOf(stack)[0].entry.data);
    expect(message).toMatch(/always: [^;]*KmsKeyId/);
    expect(message).toMatch(/conditionally \(CloudFormation decides at deploy time\): [^;]*DBParameterGroupName/);
    expect(message).not.toMatch(/always: [^;]*DBInstanceIdentifier/);
  });

  test.each([
    ['logs.LogGroup', (s: Construct) => new logs.LogGroup(s, 'R', { logGroupName: '/app/logs' })],
    ['ecs.Cluster', (s: Construct) => new ecs.Cluster(s, 'R', { clusterName: 'apps', vpc: vpcOf(s) })],
    // Its other replacing properties (BucketNamePrefix, BucketNamespace) give it a name elsewhere.
    ['s3.Bucket', (s: Construct) => new s3.Bucket(s, 'R', { bucketName: 'my-bucket' })],
  ])('GIVEN a named %s whose only replacing properties are its name and its scope WHEN synthesized THEN nothing is reported (a rename cannot collide)', (_name, build) => {
    const { stack } = guarded({}, (s) => { build(s); });
    expect(warningsOf(stack)).toEqual([]);
  });
});

describe('L1, raw CfnResource, tokens and overrides', () => {
  test('GIVEN an L1 CfnQueue with a name WHEN synthesized THEN it is reported', () => {
    const { stack } = guarded({}, (s) => new ecr.CfnRepository(s, 'L1', { repositoryName: 'l1-repo' }));
    expect(String(warningsOf(stack)[0].entry.data)).toContain('RepositoryName = "l1-repo"');
  });

  test('GIVEN a raw CfnResource with a type string WHEN synthesized THEN it is reported', () => {
    const { stack } = guarded({}, (s) => new CfnResource(s, 'Raw', { type: 'AWS::ECR::Repository', properties: { RepositoryName: 'raw-repo' } }));
    expect(String(warningsOf(stack)[0].entry.data)).toContain('RepositoryName = "raw-repo"');
  });

  test('GIVEN a name set through addPropertyOverride WHEN synthesized THEN the override value is reported', () => {
    const { stack } = guarded({}, (s) => {
      const queue = new ecr.Repository(s, 'B');
      (queue.node.defaultChild as ecr.CfnRepository).addPropertyOverride('RepositoryName', 'overridden');
    });
    expect(String(warningsOf(stack)[0].entry.data)).toContain('RepositoryName = "overridden"');
  });

  test('GIVEN a name removed through addPropertyDeletionOverride WHEN synthesized THEN nothing is reported', () => {
    const { stack } = guarded({}, (s) => {
      const queue = new ecr.Repository(s, 'B', { repositoryName: 'gone' });
      (queue.node.defaultChild as ecr.CfnRepository).addPropertyDeletionOverride('RepositoryName');
    });
    expect(warningsOf(stack)).toEqual([]);
  });

  test('GIVEN a name from a parameter WHEN synthesized THEN the token is reported as such', () => {
    const { stack } = guarded({}, (s) => new ecr.Repository(s, 'Q', { repositoryName: new CfnParameter(s, 'QueueNameParam').valueAsString }));
    expect(String(warningsOf(stack)[0].entry.data)).toContain('RepositoryName = a token, {"Ref":"QueueNameParam"}');
  });

  test('GIVEN a name CDK generates (PhysicalName.GENERATE_IF_NEEDED used across environments) WHEN synthesized THEN it is reported', () => {
    const app = new App();
    const producer = new Stack(app, 'Producer', { env: { account: '111111111111', region: 'us-east-1' } });
    const consumer = new Stack(app, 'Consumer', { env: { account: '222222222222', region: 'us-east-1' } });
    const role = new iam.Role(producer, 'R', { roleName: PhysicalName.GENERATE_IF_NEEDED, assumedBy: new iam.AccountRootPrincipal() });
    new iam.Role(consumer, 'Uses', { assumedBy: new iam.ArnPrincipal(role.roleArn) });
    Aspects.of(app).add(new ReplacementGuard());
    expect(String(warningsOf(producer)[0].entry.data)).toMatch(/RoleName = "producer.*" \(a token resolved at synth time, such as a name CDK generates\)/i);
  });
});

describe('acknowledgement, severity, filters and the report', () => {
  test('GIVEN a warning acknowledged on the construct WHEN synthesized THEN it is gone', () => {
    const { stack } = guarded({}, (s) => {
      const queue = new ecr.Repository(s, 'B', { repositoryName: 'kept' });
      CoreAnnotations.of(queue).acknowledgeWarning(ID, 'This queue is never replaced');
      new ecr.Repository(s, 'C', { repositoryName: 'reported' });
    });
    expect(warningsOf(stack).map((w) => w.id)).toEqual(['/Guarded/C/Resource']);
  });

  test('GIVEN a warning acknowledged on the whole stack WHEN synthesized THEN every finding in it is gone', () => {
    const { stack } = guarded({}, (s) => {
      new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
      new ecr.Repository(s, 'Q', { repositoryName: 'repo-q' });
    });
    expect(warningsOf(guarded({}, (s) => new ecr.Repository(s, 'A', { repositoryName: 'queue-a' })).stack)).toHaveLength(1);
    CoreAnnotations.of(stack).acknowledgeWarning(ID, 'accepted');
    expect(warningsOf(stack)).toEqual([]);
  });

  test('GIVEN severity ERROR WHEN synthesized THEN the finding is an error, unless acknowledged', () => {
    const { stack } = guarded({ severity: Severity.ERROR }, (s) => {
      new ecr.Repository(s, 'A', { repositoryName: 'queue-a' });
      const acked = new ecr.Repository(s, 'B', { repositoryName: 'queue-b' });
      CoreAnnotations.of(acked).acknowledgeWarning(ID, 'accepted');
    });
    const errors = errorsOf(stack);
    expect(errors).toHaveLength(1);
    expect(errors[0].id).toBe('/Guarded/A/Resource');
    expect(warningsOf(stack)).toEqual([]);
  });

  test('GIVEN include and exclude filters WHEN synthesized THEN only matching types are checked', () => {
    const build = (s: Stack) => {
      new dynamodb.Table(s, 'A', { tableName: 'table-a', partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
      new ecr.Repository(s, 'Q', { repositoryName: 'repo-q' });
      new sfn.StateMachine(s, 'T', { stateMachineName: 't', definitionBody: sfn.DefinitionBody.fromChainable(new sfn.Pass(s, 'Start')) });
    };
    const types = (stack: Stack) => warningsOf(stack).map((w) => w.id.split('/')[2]).sort();
    expect(types(guarded({ includeResourceTypes: ['AWS::DynamoDB::*', 'AWS::ECR::Repository'] }, build).stack)).toEqual(['A', 'Q']);
    expect(types(guarded({ excludeResourceTypes: ['AWS::DynamoDB::Table'] }, build).stack)).toEqual(['Q', 'T']);
  });

  test('GIVEN writeReport WHEN synthesized THEN a JSON report per stack lands in the cloud assembly', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-report-'));
    const app = new App({ outdir });
    const stack = new Stack(app, 'Reported');
    new ecr.Repository(stack, 'A', { repositoryName: 'queue-a' });
    new Stack(app, 'Clean');
    Aspects.of(app).add(new ReplacementGuard({ writeReport: true }));
    app.synth();
    const report = JSON.parse(fs.readFileSync(path.join(outdir, 'Reported.cdk-lifecycle.json'), 'utf8'));
    expect(report).toMatchObject({ stack: 'Reported', findings: [{ id: ID, severity: 'warning', resourceType: 'AWS::ECR::Repository', constructPath: 'Reported/A/Resource', names: [{ property: 'RepositoryName', value: '"queue-a"' }] }] });
    expect(report.findings[0].logicalId).toMatch(/^A[0-9A-F]{8}$/);
    expect(JSON.parse(fs.readFileSync(path.join(outdir, 'Clean.cdk-lifecycle.json'), 'utf8')).findings).toEqual([]);
  });
});

describe('custom resources', () => {
  const provider = (s: Stack) => new ResourceProvider(s, 'P', { code: lambda.Code.fromInline('exports.onEvent = async () => ({})'), handler: 'index.onEvent' });

  test('GIVEN a ProvidedResource declaring nameProperty and replaceOnChange WHEN synthesized THEN it is reported with those declarations', () => {
    const { stack } = guarded({}, (s) => new ProvidedResource(s, 'Db', { provider: provider(s), resourceType: 'Custom::Database', properties: { dbName: 'sales', region: 'eu-west-1' }, nameProperty: 'dbName', replaceOnChange: ['region', 'dbName'] }));
    const message = String(warningsOf(stack)[0].entry.data);
    expect(message).toContain('Custom::Database');
    expect(message).toContain('dbName = "sales"');
    expect(message).toContain('always: region.');
  });

  test('GIVEN a ProvidedResource without nameProperty, or without other replaceOnChange properties WHEN synthesized THEN nothing is reported', () => {
    const { stack } = guarded({}, (s) => {
      const p = provider(s);
      new ProvidedResource(s, 'A', { provider: p, properties: { dbName: 'x' }, replaceOnChange: ['dbName'] });
      new ProvidedResource(s, 'B', { provider: p, properties: { dbName: 'x' }, nameProperty: 'dbName', replaceOnChange: ['dbName'] });
    });
    expect(warningsOf(stack)).toEqual([]);
  });
});

test('GIVEN an overridden logical id WHEN reported THEN the report uses the override', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-report-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Overridden');
  (new ecr.Repository(stack, 'A', { repositoryName: 'queue-a' }).node.defaultChild as ecr.CfnRepository).overrideLogicalId('MyQueue');
  Aspects.of(app).add(new ReplacementGuard({ writeReport: true }));
  app.synth();
  expect(JSON.parse(fs.readFileSync(path.join(outdir, 'Overridden.cdk-lifecycle.json'), 'utf8')).findings[0].logicalId).toBe('MyQueue');
});
