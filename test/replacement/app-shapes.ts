/**
 * CDK apps shaped like the real ones the guard was measured on (public AWS examples): one
 * stack each, the resources written the way those apps write them. Used by the guard's tests
 * and by bench/guard-app-shapes.ts, which counts the findings.
 *
 * `truth` says what a correct guard reports without a baseline: `finding` when a change the
 * app can make would fail (a named resource with replacing properties other than its name
 * and its parents), `none` when no change can collide.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import * as amplify from 'aws-cdk-lib/aws-amplify';
import * as appsync from 'aws-cdk-lib/aws-appsync';
import * as autoscaling from 'aws-cdk-lib/aws-autoscaling';
import * as codecommit from 'aws-cdk-lib/aws-codecommit';
import * as datapipeline from 'aws-cdk-lib/aws-datapipeline';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as events from 'aws-cdk-lib/aws-events';
import * as healthlake from 'aws-cdk-lib/aws-healthlake';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as route53 from 'aws-cdk-lib/aws-route53';
import * as s3vectors from 'aws-cdk-lib/aws-s3vectors';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import * as transfer from 'aws-cdk-lib/aws-transfer';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';

/** One app shape. */
export interface AppShape {
  readonly name: string;
  /** The resource type the shape is about. */
  readonly type: string;
  /** What a correct guard reports on that type's resources. */
  readonly truth: 'finding' | 'none';
  /** For a `finding` shape: the replacing properties the finding must list, and no others. @default - not checked */
  readonly replacing?: readonly string[];
  /** The issue whose false findings the shape reproduces. */
  readonly issue?: number;
  /** Builds the resources into a stack. */
  build(stack: Stack): void;
}

let schemaFile: string | undefined;
/** A GraphQL schema file for the AppSync shape (AppSync's L2 reads its schema from a file). */
function schema(): string {
  if (schemaFile === undefined) {
    schemaFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'app-shapes-')), 'schema.graphql');
    fs.writeFileSync(schemaFile, 'type Order { id: ID! }\ntype Query { order(id: ID!): Order }\n');
  }
  return schemaFile;
}

const code = lambda.Code.fromInline('exports.handler = async () => ({})');

export const APP_SHAPES: readonly AppShape[] = [
  {
    name: 'named FIFO queue (serverless ordering patterns)',
    type: 'AWS::SQS::Queue',
    truth: 'none',
    issue: 18,
    build: (stack) => {
      new sqs.Queue(stack, 'Orders', { queueName: 'orders.fifo', fifo: true, contentBasedDeduplication: true });
    },
  },
  {
    name: 'named FIFO topic fanning out to a FIFO queue',
    type: 'AWS::SNS::Topic',
    truth: 'none',
    issue: 18,
    build: (stack) => {
      new sns.Topic(stack, 'Events', { topicName: 'events.fifo', fifo: true, contentBasedDeduplication: true });
    },
  },
  {
    name: 'partner event bus for a SaaS event source',
    type: 'AWS::Events::EventBus',
    truth: 'none',
    issue: 18,
    build: (stack) => {
      new events.EventBus(stack, 'Partner', { eventSourceName: 'aws.partner/example.com/123456789012/orders' });
    },
  },
  {
    name: 'HealthLake FHIR data store with a name',
    type: 'AWS::HealthLake::FHIRDatastore',
    truth: 'none',
    issue: 18,
    build: (stack) => {
      new healthlake.CfnFHIRDatastore(stack, 'Store', { datastoreName: 'patients', datastoreTypeVersion: 'R4' });
    },
  },
  {
    name: 'vector index in a vector bucket (retrieval-augmented generation stacks)',
    type: 'AWS::S3Vectors::Index',
    truth: 'finding',
    replacing: ['DataType', 'Dimension', 'DistanceMetric', 'EncryptionConfiguration', 'MetadataConfiguration'],
    issue: 18,
    build: (stack) => {
      const bucket = new s3vectors.CfnVectorBucket(stack, 'Vectors', { vectorBucketName: 'embeddings' });
      new s3vectors.CfnIndex(stack, 'Index', { vectorBucketName: bucket.ref, indexName: 'docs', dataType: 'float32', dimension: 1024, distanceMetric: 'cosine' });
    },
  },
  {
    name: 'Lambda alias on a function version (serverless deployment examples)',
    type: 'AWS::Lambda::Alias',
    truth: 'none',
    build: (stack) => {
      const fn = new lambda.Function(stack, 'Handler', { runtime: lambda.Runtime.NODEJS_22_X, handler: 'index.handler', code });
      new lambda.Alias(stack, 'Live', { aliasName: 'live', version: fn.currentVersion });
    },
  },
  {
    name: 'AppSync API with a DynamoDB data source',
    type: 'AWS::AppSync::DataSource',
    truth: 'none',
    build: (stack) => {
      const api = new appsync.GraphqlApi(stack, 'Api', { name: 'orders-api', definition: appsync.Definition.fromFile(schema()) });
      const table = new dynamodb.Table(stack, 'Orders', { partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING } });
      api.addDynamoDbDataSource('OrdersSource', table);
    },
  },
  {
    name: 'Transfer Family SFTP server with a user',
    type: 'AWS::Transfer::User',
    truth: 'none',
    build: (stack) => {
      const server = new transfer.CfnServer(stack, 'Sftp', { protocols: ['SFTP'], identityProviderType: 'SERVICE_MANAGED' });
      new transfer.CfnUser(stack, 'Alice', { serverId: server.attrServerId, userName: 'alice', role: 'arn:aws:iam::123456789012:role/sftp-access', homeDirectory: '/uploads/alice' });
    },
  },
  {
    name: 'Amplify app with its main branch',
    type: 'AWS::Amplify::Branch',
    truth: 'none',
    build: (stack) => {
      const app = new amplify.CfnApp(stack, 'Site', { name: 'site', repository: 'https://github.com/example/site' });
      new amplify.CfnBranch(stack, 'Main', { appId: app.attrAppId, branchName: 'main', enableAutoBuild: true });
    },
  },
  {
    name: 'WAFv2 web ACL for an API',
    type: 'AWS::WAFv2::WebACL',
    truth: 'none',
    build: (stack) => {
      new wafv2.CfnWebACL(stack, 'Acl', {
        name: 'api-acl',
        scope: 'REGIONAL',
        defaultAction: { allow: {} },
        visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'api-acl', sampledRequestsEnabled: true },
        rules: [],
      });
    },
  },
  {
    name: 'Route 53 record in a hosted zone',
    type: 'AWS::Route53::RecordSet',
    truth: 'none',
    build: (stack) => {
      const zone = new route53.PublicHostedZone(stack, 'Zone', { zoneName: 'example.com' });
      new route53.ARecord(stack, 'Www', { zone, recordName: 'www', target: route53.RecordTarget.fromIpAddresses('192.0.2.10') });
    },
  },
  {
    name: 'DynamoDB table with target-tracking auto scaling',
    type: 'AWS::ApplicationAutoScaling::ScalingPolicy',
    truth: 'none',
    build: (stack) => {
      const table = new dynamodb.Table(stack, 'Sessions', {
        partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING }, billingMode: dynamodb.BillingMode.PROVISIONED, readCapacity: 5, writeCapacity: 5,
      });
      table.autoScaleWriteCapacity({ minCapacity: 5, maxCapacity: 50 }).scaleOnUtilization({ targetUtilizationPercent: 70 });
    },
  },
  {
    name: 'Data Pipeline with a name and a description',
    type: 'AWS::DataPipeline::Pipeline',
    truth: 'none',
    build: (stack) => {
      new datapipeline.CfnPipeline(stack, 'Nightly', {
        name: 'nightly-export', description: 'Exports the orders table every night', pipelineObjects: [{ id: 'Default', name: 'Default', fields: [{ key: 'type', stringValue: 'Default' }] }],
      });
    },
  },
  {
    name: 'CodeCommit repository with a name',
    type: 'AWS::CodeCommit::Repository',
    truth: 'finding',
    build: (stack) => {
      new codecommit.Repository(stack, 'Repo', { repositoryName: 'my-repo', description: 'the application' });
    },
  },
  {
    name: 'Auto Scaling group with a name and a replacing update policy',
    type: 'AWS::AutoScaling::AutoScalingGroup',
    truth: 'finding',
    build: (stack) => {
      const vpc = new ec2.Vpc(stack, 'Vpc', { maxAzs: 1, natGateways: 0, subnetConfiguration: [{ name: 'p', subnetType: ec2.SubnetType.PUBLIC }] });
      new autoscaling.AutoScalingGroup(stack, 'Web', {
        vpc,
        autoScalingGroupName: 'web',
        instanceType: ec2.InstanceType.of(ec2.InstanceClass.T3, ec2.InstanceSize.MICRO),
        machineImage: ec2.MachineImage.genericLinux({ 'us-east-1': 'ami-12345678' }),
        updatePolicy: autoscaling.UpdatePolicy.replacingUpdate(),
      });
    },
  },
];
