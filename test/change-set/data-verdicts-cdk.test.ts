/**
 * Data verdicts on templates as aws-cdk-lib's stateful constructs synthesize them, with their
 * default removal policies (CDK writes DeletionPolicy and UpdateReplacePolicy: Retain for
 * most, Snapshot for RDS), and with RemovalPolicy.DESTROY.
 */
import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as efs from 'aws-cdk-lib/aws-efs';
import * as kinesis from 'aws-cdk-lib/aws-kinesis';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as rds from 'aws-cdk-lib/aws-rds';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { ChangeSetPredictor } from '../../src/change-set/change-set-predictor';

/** The stateful constructs, with `removalPolicy` when given, as a template. */
function synthesized(removalPolicy?: RemovalPolicy): any {
  const stack = new Stack(new App(), 'Stateful');
  const vpc = new ec2.Vpc(stack, 'Vpc', { natGateways: 0, maxAzs: 2 });
  new dynamodb.Table(stack, 'Table', { partitionKey: { name: 'id', type: dynamodb.AttributeType.STRING }, removalPolicy });
  new s3.Bucket(stack, 'Bucket', { removalPolicy });
  new logs.LogGroup(stack, 'Logs', { removalPolicy });
  new kinesis.Stream(stack, 'Stream', { removalPolicy });
  new cognito.UserPool(stack, 'Users', { removalPolicy });
  new efs.FileSystem(stack, 'Files', { vpc, removalPolicy });
  new rds.DatabaseInstance(stack, 'Database', { engine: rds.DatabaseInstanceEngine.POSTGRES, vpc, vpcSubnets: { subnetType: ec2.SubnetType.PUBLIC }, removalPolicy });
  return Template.fromStack(stack).toJSON();
}

/** What removing all the stateful resources does to each one's data. */
function removalFates(template: any): Record<string, string> {
  const after = { ...template, Resources: Object.fromEntries(Object.entries(template.Resources as Record<string, { Type: string }>).filter(([, resource]) => resource.Type.startsWith('AWS::EC2::') || resource.Type.startsWith('AWS::IAM::') || resource.Type === 'AWS::SecretsManager::SecretTargetAttachment' || resource.Type.startsWith('AWS::RDS::DBSubnet'))) };
  const verdicts = ChangeSetPredictor.predict(template, after).dataVerdicts;
  return Object.fromEntries(verdicts.map((verdict) => [verdict.resourceType, `${verdict.policy} (${verdict.policySource}) -> ${verdict.fate}`]));
}

test('GIVEN aws-cdk-lib\'s stateful constructs with their defaults WHEN removed THEN each keeps its data as CDK\'s synthesized policy says', () => {
  expect(removalFates(synthesized())).toEqual({
    'AWS::DynamoDB::Table': 'Retain (Explicit) -> Retained',
    'AWS::S3::Bucket': 'Retain (Explicit) -> Retained',
    'AWS::Logs::LogGroup': 'Retain (Explicit) -> Retained',
    'AWS::Kinesis::Stream': 'Retain (Explicit) -> Retained',
    'AWS::Cognito::UserPool': 'Retain (Explicit) -> Retained',
    'AWS::EFS::FileSystem': 'Retain (Explicit) -> Retained',
    'AWS::RDS::DBInstance': 'Snapshot (Explicit) -> Snapshotted',
    'AWS::SecretsManager::Secret': 'Delete (Explicit) -> Deleted',
  });
});

test('GIVEN the same with RemovalPolicy.DESTROY WHEN removed THEN their data is deleted, and the bucket only if it is empty', () => {
  const template = synthesized(RemovalPolicy.DESTROY);
  expect(removalFates(template)).toEqual(expect.objectContaining({
    'AWS::DynamoDB::Table': 'Delete (Explicit) -> Deleted',
    'AWS::S3::Bucket': 'Delete (Explicit) -> Deleted',
    'AWS::RDS::DBInstance': 'Delete (Explicit) -> Deleted',
  }));
  const bucket = ChangeSetPredictor.predict(template, { Resources: {} }).dataVerdicts.find((verdict) => verdict.resourceType === 'AWS::S3::Bucket');
  expect(bucket?.deletionFailsUnlessEmpty).toBe(true);
});

test('GIVEN a CDK table whose partition key changes WHEN predicted THEN the old table is retained, unmanaged, and the new one starts empty', () => {
  const table = (key: string) => {
    const stack = new Stack(new App(), 'S');
    new dynamodb.Table(stack, 'Table', { partitionKey: { name: key, type: dynamodb.AttributeType.STRING } });
    return Template.fromStack(stack).toJSON();
  };
  expect(ChangeSetPredictor.predict(table('id'), table('pk')).dataVerdicts.map((v) => [v.trigger, v.policy, v.fate, v.consequence])).toEqual([
    ['Replacement', 'Retain', 'Retained', 'the new table starts empty; the old one, with its items, is left unmanaged (outside the stack, still billed)'],
  ]);
});
