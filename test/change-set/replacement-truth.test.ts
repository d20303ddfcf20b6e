/**
 * Minimal template pairs for the engine's replacement truth, each in both directions (what
 * must be found, and what must not): names and the scopes they are unique in, names that
 * repeat, names that can be changed in place, names resolved as CloudFormation resolves
 * them, Conditions, and UpdatePolicy. Run with the real replacement table.
 */
import { deepFreeze, outcome, resource, template } from './helpers';
import { ChangeSetPredictor, PredictedChangeSet, PredictOptions } from '../../src/change-set';

function predict(before: unknown, after: unknown, options?: PredictOptions): PredictedChangeSet {
  return ChangeSetPredictor.predict(deepFreeze(before), deepFreeze(after), options);
}


describe('a change whose only replacing properties are names or their scope: no failure', () => {
  test.each([
    ['an alias moved to another function', 'AWS::Lambda::Alias', { Name: 'live', FunctionName: 'orders-v1', FunctionVersion: '1' }, { FunctionName: 'orders-v2' }],
    ['a web ACL moved from REGIONAL to CLOUDFRONT', 'AWS::WAFv2::WebACL', { Name: 'edge', Scope: 'REGIONAL', DefaultAction: { Allow: {} } }, { Scope: 'CLOUDFRONT' }],
    ['a data source moved to another API', 'AWS::AppSync::DataSource', { Name: 'orders', ApiId: 'api-1', Type: 'NONE' }, { ApiId: 'api-2' }],
    ['an SFTP user moved to another server', 'AWS::Transfer::User', { UserName: 'alice', ServerId: 's-1', Role: 'arn:aws:iam::1:role/sftp' }, { ServerId: 's-2' }],
    ['a branch moved to another app', 'AWS::Amplify::Branch', { BranchName: 'main', AppId: 'app-1' }, { AppId: 'app-2' }],
    ['a record moved to another zone', 'AWS::Route53::RecordSet', { Name: 'www.example.com.', HostedZoneName: 'example.com.', Type: 'A', TTL: '60', ResourceRecords: ['1.2.3.4'] }, { HostedZoneName: 'example.org.' }],
    ['a scaling policy moved to another target', 'AWS::ApplicationAutoScaling::ScalingPolicy', { PolicyName: 'cpu', PolicyType: 'TargetTrackingScaling', ScalingTargetId: 'target-1' }, { ScalingTargetId: 'target-2' }],
    ['an ECS service moved to another cluster', 'AWS::ECS::Service', { ServiceName: 'web', Cluster: 'blue', DesiredCount: 1 }, { Cluster: 'green' }],
    ['a bucket moved to its account\'s regional namespace', 'AWS::S3::Bucket', { BucketName: 'acme-123456789012-us-east-1-an' }, { BucketNamespace: 'account-regional' }],
    ['a renamed queue', 'AWS::SQS::Queue', { QueueName: 'jobs', FifoQueue: false }, { QueueName: 'jobs.fifo', FifoQueue: true }],
  ])('GIVEN %s WHEN predicted THEN it is replaced and nothing fails', (_, type, properties, changed) => {
    const changeSet = predict(template({ R: resource(type, properties) }), template({ R: resource(type, { ...properties, ...changed }) }));
    expect(outcome(changeSet)).toEqual({ R: 'True' });
  });

  test.each([
    ['an ECS service whose launch type changes in its cluster', 'AWS::ECS::Service', { ServiceName: 'web', Cluster: 'blue', LaunchType: 'EC2' }, { LaunchType: 'FARGATE' }],
    ['a managed policy whose description changes', 'AWS::IAM::ManagedPolicy', { ManagedPolicyName: 'deploy', PolicyDocument: {}, Description: 'a' }, { Description: 'b' }],
    ['a table whose key schema changes', 'AWS::DynamoDB::Table', { TableName: 'orders', KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] }, { KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }] }],
  ])('GIVEN %s (a replacing property that is not a name or its scope) WHEN predicted THEN the failure is certain', (_, type, properties, changed) => {
    const changeSet = predict(template({ R: resource(type, properties) }), template({ R: resource(type, { ...properties, ...changed }) }));
    expect(outcome(changeSet)).toEqual({ R: 'True Certain' });
  });

  test('GIVEN an alias moved to a new logical id WHEN its function is the same THEN the name collides; WHEN its function differs THEN it does not', () => {
    const alias = (functionName: string) => resource('AWS::Lambda::Alias', { Name: 'live', FunctionName: functionName, FunctionVersion: '1' });
    expect(outcome(predict(template({ Old: alias('orders') }), template({ New: alias('orders') })))).toEqual({ New: 'Add Certain', Old: 'Remove' });
    expect(outcome(predict(template({ Old: alias('orders') }), template({ New: alias('billing') })))).toEqual({ New: 'Add', Old: 'Remove' });
  });
});

describe('names that need not be unique', () => {
  const pipeline = (description: string) => resource('AWS::DataPipeline::Pipeline', { Name: 'nightly', Description: description, PipelineObjects: [] });

  test('GIVEN a named data pipeline whose description changes (a replacement) WHEN predicted THEN it is replaced and nothing fails', () => {
    expect(outcome(predict(template({ P: pipeline('a') }), template({ P: pipeline('b') })))).toEqual({ P: 'True' });
  });

  test('GIVEN a named data pipeline moved to a new logical id WHEN predicted THEN nothing fails: pipeline names may repeat', () => {
    expect(outcome(predict(template({ Old: pipeline('a') }), template({ New: pipeline('a') })))).toEqual({ New: 'Add', Old: 'Remove' });
  });
});

describe('names that can be changed in place still collide when the resource moves', () => {
  const repository = (name: string) => resource('AWS::CodeCommit::Repository', { RepositoryName: name, RepositoryDescription: 'app' });

  test('GIVEN a repository moved to a new logical id under the same name WHEN predicted THEN the failure is certain', () => {
    const changeSet = predict(template({ Repo: repository('my-repo') }), template({ RepoV2: repository('my-repo') }));
    expect(outcome(changeSet)).toEqual({ Repo: 'Remove', RepoV2: 'Add Certain' });
    expect(changeSet.failures[0].reason).toMatch(/^RepositoryName "my-repo" is still held by Repo, which this update removes/);
  });

  test('GIVEN a repository moved under a new name, or renamed in place WHEN predicted THEN nothing fails', () => {
    expect(outcome(predict(template({ Repo: repository('my-repo') }), template({ RepoV2: repository('other') })))).toEqual({ Repo: 'Remove', RepoV2: 'Add' });
    expect(outcome(predict(template({ Repo: repository('my-repo') }), template({ Repo: repository('renamed') })))).toEqual({ Repo: 'False' });
  });
});

describe('names compared as CloudFormation resolves them', () => {
  const queue = (name: unknown) => resource('AWS::SQS::Queue', { QueueName: name });
  const withEnv = (resources: Record<string, unknown>) => template(resources, { Parameters: { Env: { Type: 'String', Default: 'prod' } } });

  test.each([
    ['!Sub without placeholders and the literal', { 'Fn::Sub': 'orders' }, 'orders', 'Add Certain'],
    ['!Sub with a parameter and the literal it gives', { 'Fn::Sub': 'orders-${Env}' }, 'orders-prod', 'Add Certain'],
    ['!Join and the literal', { 'Fn::Join': ['-', ['orders', { Ref: 'Env' }]] }, 'orders-prod', 'Add Certain'],
    ['!Sub with a parameter and another literal', { 'Fn::Sub': 'orders-${Env}' }, 'orders-dev', 'Add'],
    ['a pseudo parameter (unknown) written the same on both sides', { 'Fn::Sub': 'orders-${AWS::Region}' }, { 'Fn::Sub': 'orders-${AWS::Region}' }, 'Add Certain'],
  ])('GIVEN a queue moved to a new logical id, its name as %s WHEN predicted THEN the new one is %s', (_, oldName, newName, expected) => {
    expect(outcome(predict(withEnv({ Old: queue(oldName) }), withEnv({ New: queue(newName) }))).New).toBe(expected);
  });

  test('GIVEN a replaced named table whose name is a !Sub that resolves to the same text WHEN predicted THEN the failure is certain', () => {
    // A table's key schema replaces it (a queue's FifoQueue would not do: it is coupled to the name, issue 18).
    const named = (name: unknown, fifo: boolean) => resource('AWS::DynamoDB::Table', { TableName: name, KeySchema: [{ AttributeName: fifo ? 'pk' : 'id', KeyType: 'HASH' }] });
    expect(outcome(predict(withEnv({ Q: named({ 'Fn::Sub': 'jobs-${Env}' }, false) }), withEnv({ Q: named('jobs-prod', true) })))).toEqual({ Q: 'True Certain' });
    expect(outcome(predict(withEnv({ Q: named({ 'Fn::Sub': 'jobs-${Env}' }, false) }), withEnv({ Q: named('jobs-dev', true) })))).toEqual({ Q: 'True' });
  });

  test('GIVEN names that differ WHEN a named resource is removed and another added THEN nothing fails', () => {
    expect(outcome(predict(template({ Old: queue('a') }), template({ New: queue('b') })))).toEqual({ New: 'Add', Old: 'Remove' });
  });
});

describe('names that reference parameters or replaced resources', () => {
  // A table's key schema replaces it (a queue's FifoQueue would not do: it is coupled to the name, issue 18).
  const named = (name: unknown, fifo: boolean) => resource('AWS::DynamoDB::Table', { TableName: name, KeySchema: [{ AttributeName: fifo ? 'pk' : 'id', KeyType: 'HASH' }] });
  const withParameter = (resources: Record<string, unknown>) => template(resources, { Parameters: { Name: { Type: 'String' } } });

  test('GIVEN a name from a parameter whose value changes WHEN the resource is replaced THEN nothing fails: the replacement has the new name', () => {
    const changeSet = predict(withParameter({ Q: named({ Ref: 'Name' }, false) }), withParameter({ Q: named({ Ref: 'Name' }, true) }), { parameters: { before: { Name: 'a' }, after: { Name: 'b' } } });
    expect(outcome(changeSet)).toEqual({ Q: 'True' });
  });

  test('GIVEN a name from a changing parameter and a pseudo parameter (not known offline) WHEN the resource is replaced THEN nothing fails', () => {
    const name = { 'Fn::Sub': '${Name}-${AWS::Region}' };
    const changeSet = predict(withParameter({ Q: named(name, false) }), withParameter({ Q: named(name, true) }), { parameters: { before: { Name: 'a' }, after: { Name: 'b' } } });
    expect(outcome(changeSet)).toEqual({ Q: 'True' });
  });

  test('GIVEN a name from a pseudo parameter and an unchanged parameter WHEN the resource is replaced THEN the failure is certain', () => {
    const name = { 'Fn::Sub': '${Name}-${AWS::Region}' };
    const changeSet = predict(withParameter({ Q: named(name, false) }), withParameter({ Q: named(name, true) }), { parameters: { before: { Name: 'a' } } });
    expect(outcome(changeSet)).toEqual({ Q: 'True Certain' });
  });

  test('GIVEN a name from a parameter whose value is not known WHEN the resource is replaced THEN the failure is certain (the value is kept)', () => {
    expect(outcome(predict(withParameter({ Q: named({ Ref: 'Name' }, false) }), withParameter({ Q: named({ Ref: 'Name' }, true) })))).toEqual({ Q: 'True Certain' });
  });

  test('GIVEN a name built from a replaced resource WHEN its own resource is replaced THEN the failure is possible', () => {
    const before = template({ Vpc: resource('AWS::EC2::VPC', { CidrBlock: '10.0.0.0/16' }), Q: named({ 'Fn::Sub': '${Vpc}-jobs' }, false) });
    const after = template({ Vpc: resource('AWS::EC2::VPC', { CidrBlock: '10.1.0.0/16' }), Q: named({ 'Fn::Sub': '${Vpc}-jobs' }, true) });
    const changeSet = predict(before, after);
    expect(outcome(changeSet)).toEqual({ Vpc: 'True', Q: 'True Possible' });
    expect(changeSet.failures.find((failure) => failure.logicalResourceId === 'Q')!.reason).toMatch(/may stay the same \(it depends on a value known only at deploy time\)/);
  });

  test('GIVEN a named resource whose type changes WHEN predicted THEN the type change\'s failure is the one reported', () => {
    const changeSet = predict(template({ R: resource('AWS::SQS::Queue', { QueueName: 'x' }) }), template({ R: resource('AWS::SNS::Topic', { TopicName: 'x', FifoTopic: true }) }));
    expect(changeSet.failures.map((failure) => failure.reason)).toEqual([expect.stringMatching(/^the resource type changes from AWS::SQS::Queue to AWS::SNS::Topic/)]);
  });

  test('GIVEN an added resource that references a replaced one WHEN predicted THEN the addition has no details', () => {
    const before = template({ Vpc: resource('AWS::EC2::VPC', { CidrBlock: '10.0.0.0/16' }) });
    const after = template({ Vpc: resource('AWS::EC2::VPC', { CidrBlock: '10.1.0.0/16' }), Subnet: resource('AWS::EC2::Subnet', { VpcId: { Ref: 'Vpc' }, CidrBlock: '10.1.0.0/24' }) });
    const changeSet = predict(before, after);
    expect(outcome(changeSet)).toEqual({ Subnet: 'Add', Vpc: 'True' });
    expect(changeSet.changes.find((change) => change.logicalResourceId === 'Subnet')).toMatchObject({ action: 'Add', details: [] });
  });
});

describe('Conditions', () => {
  const roleTemplate = (path: string, extraParameters: Record<string, unknown> = {}) => template({
    Role: resource('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {},
      Path: path,
      RoleName: { 'Fn::If': ['UseRoleName', { Ref: 'RoleName' }, { Ref: 'AWS::NoValue' }] },
    }),
  }, {
    Parameters: { RoleName: { Type: 'String', Default: '' }, ...extraParameters },
    Conditions: { UseRoleName: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'RoleName' }, ''] }] } },
  });

  test('GIVEN a role named only under a condition that is false by default WHEN a replacing property changes THEN nothing fails', () => {
    expect(outcome(predict(roleTemplate('/a/'), roleTemplate('/b/')))).toEqual({ Role: 'True' });
  });

  test('GIVEN the same role with a name given as the parameter value WHEN a replacing property changes THEN the failure is certain', () => {
    const values = { parameters: { before: { RoleName: 'deployer' } } };
    expect(outcome(predict(roleTemplate('/a/'), roleTemplate('/b/'), values))).toEqual({ Role: 'True Certain' });
  });

  test('GIVEN a condition that depends on a value not known offline WHEN the named resource is replaced THEN the failure is possible, not certain', () => {
    const unknown = (path: string) => template({
      Role: resource('AWS::IAM::Role', { AssumeRolePolicyDocument: {}, Path: path, RoleName: { 'Fn::If': ['InUsEast1', 'deployer', { Ref: 'AWS::NoValue' }] } }),
    }, { Conditions: { InUsEast1: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] } } });
    const changeSet = predict(unknown('/a/'), unknown('/b/'));
    expect(outcome(changeSet)).toEqual({ Role: 'True Possible' });
    expect(changeSet.failures[0].reason).toMatch(/depends on a Condition whose value is not known offline$/);
  });

  test('GIVEN a resource-level Condition that depends on a value not known offline WHEN its named resource is replaced THEN the failure is possible', () => {
    const conditional = (path: string) => template({
      Role: resource('AWS::IAM::Role', { AssumeRolePolicyDocument: {}, Path: path, RoleName: 'deployer' }, { Condition: 'InUsEast1' }),
    }, { Conditions: { InUsEast1: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] } } });
    expect(outcome(predict(conditional('/a/'), conditional('/b/')))).toEqual({ Role: 'True Possible' });
  });

  describe('a parameter that flips a Condition', () => {
    const flipped = template({
      Alarms: resource('AWS::SNS::Topic', { DisplayName: 'alarms' }, { Condition: 'IsProd' }),
      Queue: resource('AWS::SQS::Queue', { VisibilityTimeout: { 'Fn::If': ['IsProd', 300, 30] }, FifoQueue: { 'Fn::If': ['IsProd', true, { Ref: 'AWS::NoValue' }] } }),
    }, {
      Parameters: { Env: { Type: 'String', Default: 'dev' } },
      Conditions: { IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] } },
    });

    test('GIVEN Env from dev to prod WHEN predicted THEN the conditional resource is added and the properties chosen by Fn::If change', () => {
      const changeSet = predict(flipped, flipped, { parameters: { before: { Env: 'dev' }, after: { Env: 'prod' } } });
      expect(outcome(changeSet)).toEqual({ Alarms: 'Add', Queue: 'True' });
      expect(changeSet.changes.find((change) => change.logicalResourceId === 'Queue')!.details.map((detail) => `${detail.name}:${detail.requiresRecreation}:${detail.evaluation}`))
        .toEqual(['VisibilityTimeout:Never:Static', 'FifoQueue:Always:Static']);
    });

    test('GIVEN Env from prod to dev WHEN predicted THEN the conditional resource is removed', () => {
      expect(outcome(predict(flipped, flipped, { parameters: { before: { Env: 'prod' }, after: { Env: 'dev' } } }))).toEqual({ Alarms: 'Remove', Queue: 'True' });
    });

    test('GIVEN the same values on both sides WHEN predicted THEN nothing changes', () => {
      expect(predict(flipped, flipped, { parameters: { before: { Env: 'prod' } } }).changes).toEqual([]);
    });
  });

  test('GIVEN a named queue moved to a new logical id whose Condition is false WHEN predicted THEN nothing fails: the new one is not created', () => {
    const conditions = { Parameters: { Env: { Type: 'String', Default: 'dev' } }, Conditions: { IsProd: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] } } };
    const changeSet = predict(
      template({ Old: resource('AWS::SQS::Queue', { QueueName: 'jobs' }) }, conditions),
      template({ New: resource('AWS::SQS::Queue', { QueueName: 'jobs' }, { Condition: 'IsProd' }) }, conditions),
    );
    expect(outcome(changeSet)).toEqual({ Old: 'Remove' });
  });

  test('GIVEN a named queue moved to a new logical id whose Condition cannot be known offline WHEN predicted THEN the failure is possible', () => {
    const conditions = { Conditions: { InUsEast1: { 'Fn::Equals': [{ Ref: 'AWS::Region' }, 'us-east-1'] } } };
    const changeSet = predict(
      template({ Old: resource('AWS::SQS::Queue', { QueueName: 'jobs' }) }, conditions),
      template({ New: resource('AWS::SQS::Queue', { QueueName: 'jobs' }, { Condition: 'InUsEast1' }) }, conditions),
    );
    expect(outcome(changeSet)).toEqual({ New: 'Add Possible', Old: 'Remove' });
    expect(changeSet.failures[0].reason).toMatch(/is still held by Old.*; whether this happens depends on a Condition whose value is not known offline$/);
  });

  test('GIVEN a parameter of a Systems Manager type WHEN a condition reads it THEN its value is unknown (the default is a parameter name)', () => {
    const ssm = (path: string) => template({
      Role: resource('AWS::IAM::Role', { AssumeRolePolicyDocument: {}, Path: path, RoleName: 'deployer' }, { Condition: 'Create' }),
    }, {
      Parameters: { CreateRole: { Type: 'AWS::SSM::Parameter::Value<String>', Default: '/config/create-role' } },
      Conditions: { Create: { 'Fn::Not': [{ 'Fn::Equals': [{ Ref: 'CreateRole' }, 'false'] }] } },
    });
    expect(outcome(predict(ssm('/a/'), ssm('/b/')))).toEqual({ Role: 'True Possible' });
  });
});

describe('UpdatePolicy', () => {
  const group = (version: string, updatePolicy: unknown, properties: Record<string, unknown> = { AutoScalingGroupName: 'web' }) => resource('AWS::AutoScaling::AutoScalingGroup', {
    MinSize: '1', MaxSize: '2', VPCZoneIdentifier: ['subnet-1'], LaunchTemplate: { LaunchTemplateId: 'lt-1', Version: version }, ...properties,
  }, updatePolicy === undefined ? {} : { UpdatePolicy: updatePolicy });
  const replacing = { AutoScalingReplacingUpdate: { WillReplace: true } };

  test.each([
    ['WillReplace true and a named group', replacing, undefined, { G: 'True Certain' }],
    ['WillReplace "true" (a string) and a named group', { AutoScalingReplacingUpdate: { WillReplace: 'true' } }, undefined, { G: 'True Certain' }],
    ['WillReplace true and an unnamed group', replacing, {}, { G: 'True' }],
    ['WillReplace false', { AutoScalingReplacingUpdate: { WillReplace: false } }, undefined, { G: 'False' }],
    ['a rolling update only', { AutoScalingRollingUpdate: { MaxBatchSize: 1 } }, undefined, { G: 'False' }],
    ['no update policy', undefined, undefined, { G: 'False' }],
    ['WillReplace from a parameter', { AutoScalingReplacingUpdate: { WillReplace: { Ref: 'Replace' } } }, undefined, { G: 'Conditional Possible' }],
  ])('GIVEN %s WHEN the launch template version changes THEN the group is %j', (_, policy, properties, expected) => {
    const before = template({ G: group('1', policy, properties) }, { Parameters: { Replace: { Type: 'String' } } });
    const after = template({ G: group('2', policy, properties) }, { Parameters: { Replace: { Type: 'String' } } });
    expect(outcome(predict(before, after))).toEqual(expected);
  });

  test('GIVEN WillReplace true WHEN only the desired capacity changes THEN the group is updated in place', () => {
    const before = template({ G: group('1', replacing, { AutoScalingGroupName: 'web', DesiredCapacity: '1' }) });
    const after = template({ G: group('1', replacing, { AutoScalingGroupName: 'web', DesiredCapacity: '2' }) });
    expect(outcome(predict(before, after))).toEqual({ G: 'False' });
  });

  test('GIVEN WillReplace true WHEN the subnets change THEN the group is replaced', () => {
    const before = template({ G: group('1', replacing) });
    const after = template({ G: group('1', replacing, { AutoScalingGroupName: 'web', VPCZoneIdentifier: ['subnet-2'] }) });
    expect(outcome(predict(before, after))).toEqual({ G: 'True Certain' });
  });

  test('GIVEN a certainly replaced launch configuration referenced by a WillReplace group WHEN predicted THEN the group is replaced, and its name fails', () => {
    const config = (image: string) => resource('AWS::AutoScaling::LaunchConfiguration', { ImageId: image, InstanceType: 't3.micro' });
    const groupOf = () => resource('AWS::AutoScaling::AutoScalingGroup', { AutoScalingGroupName: 'web', MinSize: '1', MaxSize: '2', LaunchConfigurationName: { Ref: 'Config' } }, { UpdatePolicy: replacing });
    expect(outcome(predict(template({ Config: config('ami-1'), G: groupOf() }), template({ Config: config('ami-2'), G: groupOf() })))).toEqual({ Config: 'True', G: 'True Certain' });
  });

  test.each([
    ['EnableVersionUpgrade', 'AWS::Elasticsearch::Domain', { DomainName: 'search', ElasticsearchVersion: '7.9' }, { ElasticsearchVersion: '7.10' }, { EnableVersionUpgrade: true }, 'False', 'Conditional Possible'],
    ['EnableVersionUpgrade on an OpenSearch domain', 'AWS::OpenSearchService::Domain', { DomainName: 'search', EngineVersion: 'OpenSearch_2.5' }, { EngineVersion: 'OpenSearch_2.9' }, { EnableVersionUpgrade: true }, 'False', 'True Certain'],
    ['UseOnlineResharding', 'AWS::ElastiCache::ReplicationGroup', { ReplicationGroupId: 'cache', ReplicationGroupDescription: 'c', NumNodeGroups: 2 }, { NumNodeGroups: 3 }, { UseOnlineResharding: true }, 'False', 'Conditional Possible'],
  ])('GIVEN %s WHEN the property it covers changes THEN the resource is updated in place; without it THEN it is or may be replaced', (_, type, properties, changed, policy, withPolicy, without) => {
    const pair = (updatePolicy?: unknown) => [
      template({ R: resource(type, properties, updatePolicy ? { UpdatePolicy: updatePolicy } : {}) }),
      template({ R: resource(type, { ...properties, ...changed }, updatePolicy ? { UpdatePolicy: updatePolicy } : {}) }),
    ];
    expect(outcome(predict(...pair(policy) as [unknown, unknown])).R).toBe(withPolicy);
    expect(outcome(predict(...pair() as [unknown, unknown])).R).toBe(without);
  });
});

describe('nested create-only paths inside lists', () => {
  test('GIVEN a block device added with a KMS key WHEN predicted THEN the create-only path inside the new list item replaces the instance', () => {
    const instance = (mappings: unknown[]) => resource('AWS::EC2::Instance', { ImageId: 'ami-1', BlockDeviceMappings: mappings });
    const changeSet = predict(template({ I: instance([]) }), template({ I: instance([{ DeviceName: '/dev/sdb', Ebs: { VolumeSize: 8, KmsKeyId: 'k' } }]) }));
    expect(outcome(changeSet)).toEqual({ I: 'True' });
  });
});

describe('the words of a verdict', () => {
  test('GIVEN a resource whose type is missing on one side WHEN predicted THEN the reason names "(none)"', () => {
    const changeSet = predict(template({ R: { Properties: { QueueName: 'x' } } }), template({ R: resource('AWS::SQS::Queue', { QueueName: 'x' }) }));
    expect(changeSet.failures[0].reason).toMatch(/^the resource type changes from \(none\) to AWS::SQS::Queue/);
    const back = predict(template({ R: resource('AWS::SQS::Queue', { QueueName: 'x' }) }), template({ R: { Properties: { QueueName: 'x' } } }));
    expect(back.failures[0].reason).toMatch(/^the resource type changes from AWS::SQS::Queue to \(none\)/);
  });

  test('GIVEN a name longer than 80 characters WHEN it is reported THEN it is clipped with an ellipsis; a short one is whole', () => {
    const long = `${'x'.repeat(90)}-queue`;
    const reason = (name: string) => predict(template({ Old: resource('AWS::SQS::Queue', { QueueName: name }) }), template({ New: resource('AWS::SQS::Queue', { QueueName: name }) })).failures[0].reason;
    expect(reason(long)).toMatch(new RegExp(`^QueueName "${'x'.repeat(76)}\\.\\.\\. is still held by Old`));
    expect(reason('x'.repeat(78))).toMatch(new RegExp(`^QueueName "${'x'.repeat(78)}" is still held by Old`));
  });
});

describe('name-coupled properties (issue 18)', () => {
  const queue = (properties: Record<string, unknown>) => resource('AWS::SQS::Queue', properties);
  const withPrefix = (queues: Record<string, unknown>) => ({ Parameters: { Prefix: { Type: 'String' } }, Resources: queues });

  test('GIVEN a queue named by a parameter of unknown value WHEN FIFO is switched on THEN it is replaced without a failure: a FIFO queue has another name', () => {
    const before = withPrefix({ Jobs: queue({ QueueName: { 'Fn::Sub': '${Prefix}-jobs' } }) });
    const after = withPrefix({ Jobs: queue({ QueueName: { 'Fn::Sub': '${Prefix}-jobs' }, FifoQueue: true }) });
    expect(outcome(predict(before, after))).toEqual({ Jobs: 'True' });
  });

  test('GIVEN a partner event bus WHEN its event source changes THEN it is replaced without a failure: the bus name follows the source', () => {
    const bus = (source: string) => ({ Resources: { Bus: resource('AWS::Events::EventBus', { Name: { Ref: 'AWS::StackName' }, EventSourceName: source }) } });
    expect(outcome(predict(bus('aws.partner/a.com/1/x'), bus('aws.partner/a.com/1/y')))).toEqual({ Bus: 'True' });
  });

  test('GIVEN a vector index WHEN its bucket changes THEN it is replaced without a failure; WHEN its dimension changes THEN the kept name fails', () => {
    const index = (bucket: string, dimension: number) => template({ Index: resource('AWS::S3Vectors::Index', { VectorBucketName: bucket, IndexName: 'docs', DataType: 'float32', Dimension: dimension, DistanceMetric: 'cosine' }) });
    expect(outcome(predict(index('a', 1024), index('b', 1024)))).toEqual({ Index: 'True' });
    expect(outcome(predict(index('a', 1024), index('a', 512)))).toEqual({ Index: 'True Certain' });
  });
});
