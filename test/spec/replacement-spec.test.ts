import * as fs from 'fs';
import * as path from 'path';
import { coversChange } from '../../src/spec/path-match';
import {
  identityProperties, lookupResourceType, presenceRecreation, requiresRecreation, resourceTypesWithNames, SPEC_INFO,
} from '../../src/spec/replacement-spec';

describe('replacement paths', () => {
  test.each([
    ['AWS::S3::Bucket', ['BucketName'], 'Always'],
    ['AWS::RDS::DBInstance', ['DBParameterGroupName'], 'Conditionally'],
    ['AWS::EKS::Cluster', ['KubernetesNetworkConfig', 'IpFamily'], 'Always'],
    ['AWS::Lambda::Function', ['Role'], 'Never'],
    // A nested path whose parent is not create-only, but a sibling is:
    ['AWS::EKS::Cluster', ['KubernetesNetworkConfig', 'ElasticLoadBalancing'], 'Never'],
    ['AWS::EKS::Cluster', ['KubernetesNetworkConfig'], 'Never'],
    // A decision where the spec and the registry disagree (EKS updates subnets in place):
    ['AWS::EKS::Cluster', ['ResourcesVpcConfig', 'SubnetIds'], 'Never'],
    // Under a create-only top-level property:
    ['AWS::EKS::Cluster', ['EncryptionConfig', 'Provider', 'KeyArn'], 'Always'],
    // Nested through an array of a nested type:
    ['AWS::DynamoDB::GlobalTable', ['GlobalSecondaryIndexes', 'KeySchema', 'AttributeName'], 'Conditionally'],
    // The most intrusive of the path and its prefixes (Conditionally parent, Always child):
    ['AWS::Elasticsearch::Domain', ['AdvancedSecurityOptions'], 'Conditionally'],
    ['AWS::Elasticsearch::Domain', ['AdvancedSecurityOptions', 'InternalUserDatabaseEnabled'], 'Conditionally'],
    ['AWS::Elasticsearch::Domain', ['AdvancedSecurityOptions', 'Enabled'], 'Always'],
    ['AWS::S3::Bucket', [], 'Never'],
  ])('GIVEN %s WHEN %j changes THEN it requires recreation %s', (type, changed, expected) => {
    expect(requiresRecreation(type, changed)).toBe(expected);
  });

  test('GIVEN AWS::EKS::Cluster WHEN looked up THEN nested paths are dot-separated and top-level first', () => {
    const paths = lookupResourceType('AWS::EKS::Cluster')!.replacementPaths;
    expect(paths).toMatchObject({ 'KubernetesNetworkConfig.IpFamily': 'Always', 'Name': 'Always', 'RoleArn': 'Always' });
    expect(paths).not.toHaveProperty('KubernetesNetworkConfig');
    expect(paths).not.toHaveProperty('Version');
  });

  test.each([
    [['Events', '*', 'Type'], ['Events', 'MyApi', 'Type'], true],
    [['Events', '*', 'Type'], ['Events', 'MyApi', 'Type', 'Deeper'], true],
    [['Events', '*', 'Type'], ['Events', 'MyApi'], false],
    [['Events', '*', 'Type'], ['Other', 'MyApi', 'Type'], false],
    [['A'], ['A', 'B'], true],
    [['A', 'B'], ['A'], false],
    [[], ['A'], false],
  ])('GIVEN stored path %j WHEN %j changes THEN covered is %s', (stored, changed, expected) => {
    expect(coversChange(stored, changed)).toBe(expected);
  });
});

describe('name properties', () => {
  test.each([
    ['AWS::S3::Bucket', ['BucketName']],
    ['AWS::DynamoDB::Table', ['TableName']],
    ['AWS::IAM::Role', ['RoleName']],
    ['AWS::IAM::ManagedPolicy', ['ManagedPolicyName']],
    ['AWS::SQS::Queue', ['QueueName']],
    ['AWS::SNS::Topic', ['TopicName']],
    ['AWS::Lambda::Function', ['FunctionName']],
    ['AWS::Logs::LogGroup', ['LogGroupName']],
    ['AWS::RDS::DBInstance', ['DBInstanceIdentifier']],
    ['AWS::RDS::DBCluster', ['DBClusterIdentifier']],
    ['AWS::ECS::Cluster', ['ClusterName']],
    ['AWS::ECS::Service', ['ServiceName']],
    ['AWS::EC2::SecurityGroup', ['GroupName']],
    ['AWS::SecretsManager::Secret', ['Name']],
    ['AWS::StepFunctions::StateMachine', ['StateMachineName']],
    ['AWS::Kinesis::Stream', ['Name']],
    ['AWS::ElastiCache::ReplicationGroup', ['ReplicationGroupId']],
    // Several identifier parts: only the owned one is the name.
    ['AWS::Logs::MetricFilter', ['FilterName']],
    ['AWS::ApiGateway::Stage', ['StageName']],
    ['AWS::Cognito::UserPoolDomain', ['Domain']],
    // A curated correction adds a name the convention misses.
    ['AWS::MediaLive::Multiplexprogram', ['ProgramName']],
  ])('GIVEN %s WHEN looked up THEN its name properties are %j', (type, names) => {
    expect(lookupResourceType(type)!.nameProperties).toEqual(names);
  });

  test.each([
    ['AWS::S3::BucketPolicy', 'its identifier is the bucket it belongs to'],
    ['AWS::IAM::Policy', 'PolicyName is updated in place and unique only per principal'],
    ['AWS::Lambda::Permission', 'it has no name of its own'],
    ['AWS::EC2::Route', 'it has no name of its own'],
    ['AWS::ApiGateway::Method', 'RestApiId, ResourceId and HttpMethod are references and keys'],
    ['AWS::Route53::HostedZone', 'curated: hosted zone names are not unique'],
    ['AWS::Batch::JobDefinition', 'curated: a replacement adds a revision'],
    ['AWS::Cognito::UserPool', 'UserPoolName is updated in place'],
  ])('GIVEN %s WHEN looked up THEN it has no name property (%s)', (type) => {
    expect(lookupResourceType(type)!.nameProperties).toEqual([]);
  });

  test('GIVEN a multi-part identifier WHEN asking for the identity THEN the parent reference is part of it, after the names', () => {
    expect(identityProperties('AWS::Logs::MetricFilter')).toEqual(['FilterName', 'LogGroupName']);
    expect(identityProperties('AWS::ApiGateway::Stage')).toEqual(['StageName', 'RestApiId']);
    expect(identityProperties('AWS::S3::Bucket')).toEqual(['BucketName', 'BucketNamePrefix', 'BucketNamespace']);
    expect(identityProperties('AWS::S3::BucketPolicy')).toEqual([]);
  });

  test('GIVEN every named type WHEN looked up THEN the names that can be changed in place are exactly those the ARN format or a decision vouches for', () => {
    const named = resourceTypesWithNames();
    // A broken derivation rule would name almost nothing or almost everything.
    expect(named.length).toBeGreaterThan(600);
    expect(named.length).toBeLessThan(1100);
    const notReplacing = named.flatMap((type) => lookupResourceType(type)!.nameProperties
      .filter((name) => requiresRecreation(type, [name]) === 'Never')
      .map((name) => `${type}.${name}`));
    expect(notReplacing).toEqual([
      'AWS::CodeCommit::Repository.RepositoryName',
      'AWS::GameLift::GameServerGroup.GameServerGroupName',
      'AWS::Omics::SequenceStore.Name',
      'AWS::SageMaker::InferenceComponent.InferenceComponentName',
      'AWS::SageMaker::ModelPackage.ModelPackageName',
    ]);
  });
});

describe('properties whose addition or removal replaces', () => {
  test.each([
    ['AWS::ElastiCache::ReplicationGroup', 'AuthToken', 'Always'],
    ['AWS::ElastiCache::ReplicationGroup', 'UserGroupIds', 'Never'],
    ['AWS::ElastiCache::ReplicationGroup', 'Port', 'Never'],
    ['AWS::S3::Bucket', 'BucketName', 'Never'],
    ['Custom::Thing', 'AuthToken', 'Never'],
  ])('GIVEN %s WHEN %s appears or disappears THEN it requires recreation %s', (type, property, expected) => {
    expect(presenceRecreation(type, property)).toBe(expected);
  });

  test('GIVEN a replication group WHEN its AuthToken value changes THEN the spec\'s Conditionally stands; its presence is in the entry', () => {
    expect(requiresRecreation('AWS::ElastiCache::ReplicationGroup', ['AuthToken'])).toBe('Conditionally');
    expect(lookupResourceType('AWS::ElastiCache::ReplicationGroup')!.presencePaths).toEqual({ AuthToken: 'Always' });
    expect(lookupResourceType('AWS::S3::Bucket')!.presencePaths).toEqual({});
  });
});

describe('the table', () => {
  test('GIVEN the generated table WHEN asked for its info THEN it covers the pinned spec version', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf-8'));
    expect(SPEC_INFO.resourceTypeCount).toBeGreaterThan(1700);
    expect(SPEC_INFO.specVersion).toBe(manifest.devDependencies['@aws-cdk/aws-service-spec']);
  });

  test.each(['Custom::MyThing', 'AWS::CloudFormation::NoSuchType', 'Vendor::Service::Type', 'constructor', '__proto__', ''])(
    'GIVEN the unknown type %j WHEN looked up THEN it is undefined and never replaces', (type) => {
      expect(lookupResourceType(type)).toBeUndefined();
      expect(requiresRecreation(type, ['Anything'])).toBe('Never');
      expect(identityProperties(type)).toEqual([]);
    });

  test('GIVEN a looked-up entry WHEN a caller tries to change it THEN the shared entry stays intact', () => {
    const entry = lookupResourceType('AWS::S3::Bucket')!;
    expect(Object.isFrozen(entry)).toBe(true);
    expect(Object.isFrozen(entry.replacementPaths)).toBe(true);
    expect(Object.isFrozen(entry.nameProperties)).toBe(true);
    expect(Object.isFrozen(entry.nameQualifiers)).toBe(true);
    expect(lookupResourceType('AWS::S3::Bucket')).toBe(entry);
  });
});
