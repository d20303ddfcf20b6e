/**
 * Writes the CDK-synthesized template pairs of the realistic cases (cdk-*.before.json and
 * cdk-*.after.json beside this file): one app, two versions. Run again after changing it:
 *
 *   npx ts-node --transpile-only test/change-set/realistic/synth-cdk-pairs.ts
 *
 * The templates are committed so that the engine's tests (and the mutation run, which repeats
 * them for every mutant) need not synthesize.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Duration, RemovalPolicy, Stack, Tags } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';

/** The orders service, in its first (1) and second (2) version. */
function orders(version: 1 | 2): unknown {
  process.env.CDK_VALIDATION = 'false';
  const app = new App({ analyticsReporting: false, context: { '@aws-cdk/core:newStyleStackSynthesis': true } });
  const stack = new Stack(app, 'Orders', { env: { account: '123456789012', region: 'eu-west-1' } });
  const table = new dynamodb.Table(stack, 'Orders', {
    tableName: 'orders',
    partitionKey: { name: version === 1 ? 'id' : 'orderId', type: dynamodb.AttributeType.STRING },
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const topic = new sns.Topic(stack, 'Events', { displayName: version === 1 ? 'Order events' : 'Order events (v2)' });
  const queue = new sqs.Queue(stack, 'Work', { visibilityTimeout: Duration.seconds(version === 1 ? 30 : 60) });
  topic.addSubscription(new subscriptions.SqsSubscription(queue));
  const archive = new s3.Bucket(stack, 'Archive', { removalPolicy: RemovalPolicy.RETAIN });
  Tags.of(archive).add('team', version === 1 ? 'orders' : 'fulfilment');
  const handler = new lambda.Function(stack, 'Handler', {
    runtime: lambda.Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: lambda.Code.fromInline('exports.handler = async () => ({});'),
    environment: { TABLE: table.tableName, TOPIC_NAME: topic.topicName, QUEUE_URL: queue.queueUrl, ARCHIVE: archive.bucketName },
  });
  table.grantReadWriteData(handler);
  topic.grantPublish(handler);
  new iam.ManagedPolicy(stack, 'Readers', { statements: [new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: [table.tableArn] })] });
  return app.synth().getStackByName('Orders').template;
}

if (require.main === module) {
  for (const [name, build] of [['cdk-orders', orders]] as const) {
    fs.writeFileSync(path.join(__dirname, `${name}.before.json`), `${JSON.stringify(build(1), null, 1)}\n`);
    fs.writeFileSync(path.join(__dirname, `${name}.after.json`), `${JSON.stringify(build(2), null, 1)}\n`);
  }
}
