/**
 * End to end: a custom resource that creates a database user in an Aurora cluster, played
 * before any deploy against a database stand-in on 127.0.0.1. The app is built with real
 * aws-cdk-lib constructs (an rds.DatabaseCluster whose endpoint the provider's environment and
 * the resource's properties use, a named DynamoDB table and a named bucket, a Number
 * parameter); the runner's placeholders give the cluster's address and port, the bucket's and
 * table's Ref are their names, and the handler (run by the real bundled runtime) receives the
 * port and the parameter's numbers as numbers.
 */
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { CfnParameter, Duration, Stack } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const HANDLER = path.join(__dirname, '..', 'fixtures', 'handlers', 'database-user');

/** A stand-in database: one line in, one line back, every line recorded. */
class LineServer {
  public static async start(): Promise<LineServer> {
    const server = new LineServer();
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  public readonly lines: string[] = [];
  private readonly server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    socket.once('data', (chunk: string) => {
      const line = chunk.trim();
      this.lines.push(line);
      socket.end(`OK ${line.split(' ').slice(0, 2).join(' ')}\n`);
    });
  });

  public get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  public close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let tmp: string;
let assembly: string;
let renamed: string;
let db: string;
let database: LineServer;

/** The app, with the database user it creates named `user`. */
function synthesize(outdir: string, user: string): string {
  const app = appWithAssetMetadata(outdir);
  const stack = new Stack(app, 'Orders');
  const vpc = new ec2.Vpc(stack, 'Network', { maxAzs: 2, natGateways: 1 });
  const cluster = new rds.DatabaseCluster(stack, 'Db', {
    engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_4 }),
    writer: rds.ClusterInstance.provisioned('Writer'),
    vpc,
  });
  const table = new dynamodb.Table(stack, 'Orders', { tableName: 'orders-dev', partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
  const bucket = new s3.Bucket(stack, 'Uploads', { bucketName: 'orders-dev-uploads' });
  const replicas = new CfnParameter(stack, 'Replicas', { type: 'Number', default: 2 });
  const provider = new ResourceProvider(stack, 'Users', {
    code: lambda.Code.fromAsset(HANDLER),
    handler: 'index.onEvent',
    timeout: Duration.seconds(30),
    environment: { DB_HOST: cluster.clusterEndpoint.hostname },
  });
  new ProvidedResource(stack, 'AppUser', {
    provider,
    properties: { user, port: cluster.clusterEndpoint.port, table: table.tableName, bucket: bucket.bucketName, sizes: [replicas.valueAsNumber, 3] },
  });
  app.synth();
  return stack.getLogicalId(cluster.node.defaultChild as rds.CfnDBCluster);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-placeholders-'));
  assembly = path.join(tmp, 'v1');
  renamed = path.join(tmp, 'v2');
  db = synthesize(assembly, 'app');
  synthesize(renamed, 'app2');
  database = await LineServer.start();
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

beforeEach(() => database.lines.splice(0));

test('GIVEN placeholders for the cluster\'s address and port WHEN the lifecycle is played THEN every request reaches the local database, with the table\'s and bucket\'s names and numbers as numbers', async () => {
  const cfn = await LocalCloudFormation.open(assembly, {
    sdkSearch: [path.join(__dirname, '..', '..')],
    placeholders: { [`${db}.Endpoint.Address`]: '127.0.0.1', [`${db}.Endpoint.Port`]: String(database.port) },
  });
  try {
    const play = await cfn.lifecycle({ resource: 'AppUser' });

    expect(play.steps.map((step) => [step.label, step.status, step.violations])).toEqual([['Create', 'SUCCESS', []], ['Delete', 'SUCCESS', []]]);
    expect(database.lines).toEqual(['CREATE USER app FOR orders-dev IN orders-dev-uploads', 'DROP USER app']);
    const create = play.steps[0];
    expect(create.response?.Data?.reply).toBe('OK CREATE USER');
    expect(JSON.parse(String(create.response?.Data?.kinds))).toEqual({ user: 'string', port: 'number', table: 'string', bucket: 'string', sizes: 'list of number,number' });
    expect(create.notes).toContain(`Fn::GetAtt ${db}.Endpoint.Port is "${database.port}", as the placeholder ${db}.Endpoint.Port gives it`);
  } finally {
    await cfn.close();
  }
});

test('GIVEN --placeholder WHEN cdk-lifecycle invoke plays the lifecycle THEN it exits 0 and the local database saw both requests', async () => {
  const result = await run([
    'invoke', assembly, '--resource', 'AppUser',
    '--placeholder', `${db}.Endpoint.Address=127.0.0.1`, '--placeholder', `${db}.Endpoint.Port=${database.port}`,
  ], { cwd: path.join(__dirname, '..', '..') });

  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(database.lines).toEqual(['CREATE USER app FOR orders-dev IN orders-dev-uploads', 'DROP USER app']);
});

test('GIVEN placeholders WHEN the change set renaming the user is played THEN its every request reaches the local database: the deployed user, the new one, the old one\'s Delete', async () => {
  const cfn = await LocalCloudFormation.open(renamed, {
    sdkSearch: [path.join(__dirname, '..', '..')],
    placeholders: { [`${db}.Endpoint.Address`]: '127.0.0.1', [`${db}.Endpoint.Port`]: String(database.port) },
  });
  try {
    const play = await cfn.changeSet({ before: assembly, resource: 'AppUser' });

    expect(play.steps.map((step) => [step.label, step.status, step.violations])).toEqual([
      ['Create (as deployed)', 'SUCCESS', []],
      ['Update', 'SUCCESS', []],
      ['Delete (old id)', 'SUCCESS', []],
    ]);
    expect(database.lines).toEqual(['CREATE USER app FOR orders-dev IN orders-dev-uploads', 'CREATE USER app2 FOR orders-dev IN orders-dev-uploads', 'DROP USER app']);
  } finally {
    await cfn.close();
  }
});

test('GIVEN a placeholder naming no resource of the assembly WHEN a lifecycle is asked for THEN it is refused, naming it, before anything runs', async () => {
  const result = await run(['invoke', assembly, '--resource', 'AppUser', '--placeholder', 'Dbb.Endpoint.Address=127.0.0.1'], { cwd: path.join(__dirname, '..', '..') });

  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/^cdk-lifecycle: the placeholder "Dbb.Endpoint.Address" names Dbb, but no stack of the assembly has a resource or parameter of that logical id\n/);
  expect(database.lines).toEqual([]);
});
