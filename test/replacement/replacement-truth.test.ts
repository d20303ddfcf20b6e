/**
 * The guard on CDK apps shaped like real ones: no finding where no change can collide (a
 * name unique under a parent, a name that may repeat), findings where one can (a group that
 * a launch template change replaces); against a baseline, the moves and conditions the
 * engine knows; and across the app, two resources holding one unique name.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Annotations as CoreAnnotations, App, Aspects, CfnCondition, CfnParameter, Fn, PhysicalName, Stack, Stage } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import * as autoscaling from 'aws-cdk-lib/aws-autoscaling';
import * as codecommit from 'aws-cdk-lib/aws-codecommit';
import * as datapipeline from 'aws-cdk-lib/aws-datapipeline';
import * as elasticache from 'aws-cdk-lib/aws-elasticache';
import * as elasticsearch from 'aws-cdk-lib/aws-elasticsearch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { APP_SHAPES } from './app-shapes';
import { FindingId, ReplacementGuard, ReplacementGuardProps } from '../../src';

const ENV = { account: '123456789012', region: 'us-east-1' };

function guarded(build: (stack: Stack) => void, props?: ReplacementGuardProps): Stack {
  const app = new App();
  const stack = new Stack(app, 'Shape', { env: ENV });
  build(stack);
  Aspects.of(app).add(new ReplacementGuard(props));
  return stack;
}

const findings = (stack: Stack, id: string) => [
  ...Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(id)),
  ...Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(id)),
];
const messages = (stack: Stack, id: string) => findings(stack, id).map((finding) => String(finding.entry.data));

describe('app shapes without a baseline', () => {
  test.each(APP_SHAPES.map((shape) => [shape.name, shape] as const))('GIVEN %s WHEN synthesized THEN the guard reports what a change can really break', (_, shape) => {
    const stack = guarded(shape.build);
    const onType = messages(stack, FindingId.NAMED_RESOURCE_REPLACEMENT).filter((message) => message.startsWith(shape.type));
    expect(onType).toHaveLength(shape.truth === 'finding' ? 1 : 0);
    if (shape.replacing !== undefined) expect(onType[0]).toContain(`always: ${shape.replacing.join(', ')}.`);
  });

  test('GIVEN a vector index WHEN synthesized THEN its parent bucket (name or ARN) is not listed as replacing it, its own settings are', () => {
    const stack = guarded(APP_SHAPES.find((shape) => shape.type === 'AWS::S3Vectors::Index')!.build);
    const [message] = messages(stack, FindingId.NAMED_RESOURCE_REPLACEMENT).filter((text) => text.startsWith('AWS::S3Vectors::Index'));
    expect(message).toMatch(/^AWS::S3Vectors::Index Index\w* has an explicit name \(IndexName = "docs"\)/);
    expect(message).not.toMatch(/VectorBucketName|VectorBucketArn/);
  });

  test.each([
    ['a named standard queue with a replacing setting it can change', () => (s: Stack) => { new sqs.CfnQueue(s, 'Q', { queueName: 'jobs', fifoQueue: undefined }); }],
  ])('GIVEN %s WHEN synthesized THEN nothing is reported (FifoQueue is coupled to the name)', (_, build) => {
    expect(messages(guarded(build()), FindingId.NAMED_RESOURCE_REPLACEMENT)).toEqual([]);
  });

  test('GIVEN a named group with a replacing update policy WHEN synthesized THEN the launch template, configuration, mixed instances and subnets are listed as replacing it', () => {
    const stack = guarded((s) => {
      const cfn = new autoscaling.CfnAutoScalingGroup(s, 'Web', { autoScalingGroupName: 'web', minSize: '1', maxSize: '2', vpcZoneIdentifier: ['subnet-1'] });
      cfn.cfnOptions.updatePolicy = { autoScalingReplacingUpdate: { willReplace: true } };
    });
    expect(messages(stack, FindingId.NAMED_RESOURCE_REPLACEMENT)[0]).toMatch(/always: InstanceId, LaunchConfigurationName, LaunchTemplate, MixedInstancesPolicy, VPCZoneIdentifier\./);
  });

  test.each([
    ['no update policy', undefined, /always: InstanceId\./],
    ['WillReplace false', { autoScalingReplacingUpdate: { willReplace: false } }, /always: InstanceId\./],
    ['a rolling update', { autoScalingRollingUpdate: { maxBatchSize: 1 } }, /always: InstanceId\./],
  ])('GIVEN a named group with %s WHEN synthesized THEN only its own replacing property is listed', (_, policy, expected) => {
    const stack = guarded((s) => {
      new autoscaling.CfnAutoScalingGroup(s, 'Web', { autoScalingGroupName: 'web', minSize: '1', maxSize: '2' }).cfnOptions.updatePolicy = policy;
    });
    expect(messages(stack, FindingId.NAMED_RESOURCE_REPLACEMENT)[0]).toMatch(expected);
  });

  test('GIVEN WillReplace from a condition WHEN synthesized THEN the launch template is listed as maybe replacing the group', () => {
    const stack = guarded((s) => {
      const replace = new CfnCondition(s, 'Replace', { expression: Fn.conditionEquals(new CfnParameter(s, 'Mode').valueAsString, 'replace') });
      const cfn = new autoscaling.CfnAutoScalingGroup(s, 'Web', { autoScalingGroupName: 'web', minSize: '1', maxSize: '2' });
      const willReplace = Fn.conditionIf(replace.logicalId, true, false) as unknown as boolean;
      cfn.cfnOptions.updatePolicy = { autoScalingReplacingUpdate: { willReplace } };
    });
    expect(messages(stack, FindingId.NAMED_RESOURCE_REPLACEMENT)[0]).toMatch(/conditionally \(CloudFormation decides at deploy time\): LaunchConfigurationName, LaunchTemplate, MixedInstancesPolicy, VPCZoneIdentifier/);
  });

  test.each([
    ['an Elasticsearch domain with EnableVersionUpgrade', (s: Stack, on: boolean) => {
      const domain = new elasticsearch.CfnDomain(s, 'Search', { domainName: 'search', elasticsearchVersion: '7.10', encryptionAtRestOptions: { enabled: true } });
      if (on) domain.cfnOptions.updatePolicy = { enableVersionUpgrade: true };
    }, 'ElasticsearchVersion'],
    ['an OpenSearch domain with EnableVersionUpgrade', (s: Stack, on: boolean) => {
      const domain = new opensearch.CfnDomain(s, 'Search', { domainName: 'search', engineVersion: 'OpenSearch_2.9' });
      if (on) domain.cfnOptions.updatePolicy = { enableVersionUpgrade: true };
    }, 'EngineVersion'],
    ['a replication group with UseOnlineResharding', (s: Stack, on: boolean) => {
      const group = new elasticache.CfnReplicationGroup(s, 'Cache', { replicationGroupId: 'cache', replicationGroupDescription: 'cache', numNodeGroups: 2 });
      if (on) group.cfnOptions.updatePolicy = { useOnlineResharding: true };
    }, 'NumNodeGroups'],
  ])('GIVEN %s WHEN synthesized THEN the property it covers is no longer listed as replacing', (_, build, property) => {
    expect(messages(guarded((s) => build(s, false)), FindingId.NAMED_RESOURCE_REPLACEMENT)[0]).toContain(property);
    expect(messages(guarded((s) => build(s, true)), FindingId.NAMED_RESOURCE_REPLACEMENT)[0]).not.toContain(property);
  });

});

describe('app shapes against a deployed baseline', () => {
  function deployed(build: (stack: Stack) => void): string {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'truth-baseline-'));
    const app = new App({ outdir });
    build(new Stack(app, 'Shape', { env: ENV }));
    app.synth();
    return outdir;
  }
  const updated = (baseline: string, build: (stack: Stack) => void) => guarded(build, { baseline });

  test('GIVEN a named CodeCommit repository moved to a new construct id WHEN synthesized against the baseline THEN an error says the name is still taken', () => {
    const baseline = deployed((s) => new codecommit.Repository(s, 'Repo', { repositoryName: 'my-repo' }));
    const stack = updated(baseline, (s) => new codecommit.Repository(s, 'Repository', { repositoryName: 'my-repo' }));
    expect(messages(stack, FindingId.REPLACEMENT_WILL_FAIL)).toEqual([expect.stringMatching(/AWS::CodeCommit::Repository Repository\w+: RepositoryName "my-repo" is still held by Repo\w+/)]);
  });

  test('GIVEN the repository renamed under its logical id WHEN synthesized against the baseline THEN nothing fails (a name changed in place)', () => {
    const baseline = deployed((s) => new codecommit.Repository(s, 'Repo', { repositoryName: 'my-repo' }));
    expect(findings(updated(baseline, (s) => new codecommit.Repository(s, 'Repo', { repositoryName: 'renamed' })), 'cdk-lifecycle')).toEqual([]);
  });

  test('GIVEN an alias moved to another function WHEN synthesized against the baseline THEN nothing fails', () => {
    const build = (functionName: string) => (s: Stack) => new lambda.CfnAlias(s, 'Live', { name: 'live', functionName, functionVersion: '1' });
    const stack = updated(deployed(build('orders-v1')), build('orders-v2'));
    expect(findings(stack, 'cdk-lifecycle')).toEqual([]);
  });

  test('GIVEN a named data pipeline whose description changes WHEN synthesized against the baseline THEN nothing fails', () => {
    const build = (description: string) => (s: Stack) => new datapipeline.CfnPipeline(s, 'Nightly', { name: 'nightly', description, pipelineObjects: [] });
    expect(findings(updated(deployed(build('a')), build('b')), 'cdk-lifecycle')).toEqual([]);
  });

  test('GIVEN a role named only when a parameter is set, whose default is empty WHEN a replacing property changes THEN nothing fails; a named one fails', () => {
    const build = (rolePath: string, named: boolean) => (s: Stack) => {
      const roleName = new CfnParameter(s, 'RoleName', { type: 'String', default: named ? 'deployer' : '' });
      const useName = new CfnCondition(s, 'UseRoleName', { expression: Fn.conditionNot(Fn.conditionEquals(roleName.valueAsString, '')) });
      new iam.CfnRole(s, 'Role', { assumeRolePolicyDocument: {}, path: rolePath, roleName: Fn.conditionIf(useName.logicalId, roleName.valueAsString, Fn.ref('AWS::NoValue')).toString() });
    };
    expect(findings(updated(deployed(build('/a/', false)), build('/b/', false)), 'cdk-lifecycle')).toEqual([]);
    expect(messages(updated(deployed(build('/a/', true)), build('/b/', true)), FindingId.REPLACEMENT_WILL_FAIL)).toHaveLength(1);
  });

  test('GIVEN a named group with a replacing update policy whose launch template changes WHEN synthesized against the baseline THEN an error says it will fail', () => {
    const build = (version: string) => (s: Stack) => {
      new autoscaling.CfnAutoScalingGroup(s, 'Web', {
        autoScalingGroupName: 'web', minSize: '1', maxSize: '2', launchTemplate: { launchTemplateId: 'lt-1', version },
      }).cfnOptions.updatePolicy = { autoScalingReplacingUpdate: { willReplace: true } };
    };
    expect(messages(updated(deployed(build('1')), build('2')), FindingId.REPLACEMENT_WILL_FAIL)).toEqual([expect.stringMatching(/AutoScalingGroupName "web" stays the same while the resource is replaced/)]);
  });
});

describe('names shared across the app', () => {
  const app2 = (build: (app: App) => void, props?: ReplacementGuardProps) => {
    const app = new App();
    build(app);
    Aspects.of(app).add(new ReplacementGuard(props));
    return app;
  };
  const stackOf = (app: App, id: string) => app.node.findChild(id) as Stack;
  const collisions = (stack: Stack) => Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp(FindingId.NAME_COLLISION)).map((e) => e.id);
  const maybe = (stack: Stack) => Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp(FindingId.NAME_MAY_COLLIDE)).map((e) => e.id);

  test('GIVEN two stacks in the same explicit account and Region with a queue of the same name WHEN synthesized THEN both queues get an error naming the other', () => {
    const app = app2((a) => {
      new sqs.Queue(new Stack(a, 'One', { env: ENV }), 'Jobs', { queueName: 'jobs' });
      new sqs.Queue(new Stack(a, 'Two', { env: ENV }), 'Work', { queueName: 'jobs' });
    });
    expect(collisions(stackOf(app, 'One'))).toEqual(['/One/Jobs/Resource']);
    expect(collisions(stackOf(app, 'Two'))).toEqual(['/Two/Work/Resource']);
    const message = Annotations.fromStack(stackOf(app, 'One')).findError('*', Match.stringLikeRegexp(FindingId.NAME_COLLISION))[0].entry.data;
    expect(message).toMatch(/^AWS::SQS::Queue Jobs\w+ has the name QueueName "jobs", as Two\/Work\/Resource in stack Two does: such names are unique in an account and Region, so one of the two deployments will fail/);
  });

  test('GIVEN the same queue name in two Regions of one account WHEN synthesized THEN nothing is reported; the same role name THEN an error (IAM names are account-wide)', () => {
    const app = app2((a) => {
      for (const [id, region] of [['East', 'us-east-1'], ['West', 'us-west-2']]) {
        const stack = new Stack(a, id, { env: { account: ENV.account, region } });
        new sqs.Queue(stack, 'Jobs', { queueName: 'jobs' });
        new iam.Role(stack, 'Deployer', { roleName: 'deployer', assumedBy: new iam.AccountRootPrincipal() });
      }
    });
    expect(collisions(stackOf(app, 'East'))).toEqual(['/East/Deployer/Resource']);
    expect(collisions(stackOf(app, 'West'))).toEqual(['/West/Deployer/Resource']);
  });

  test('GIVEN the same bucket name in two accounts WHEN synthesized THEN both get an error (bucket names are unique across the partition); in the China partition THEN nothing', () => {
    const app = app2((a) => {
      new s3.Bucket(new Stack(a, 'Prod', { env: { account: '111111111111', region: 'us-east-1' } }), 'Data', { bucketName: 'acme-data' });
      new s3.Bucket(new Stack(a, 'Test', { env: { account: '222222222222', region: 'eu-west-1' } }), 'Data', { bucketName: 'acme-data' });
      new s3.Bucket(new Stack(a, 'China', { env: { account: '333333333333', region: 'cn-north-1' } }), 'Data', { bucketName: 'acme-data' });
    });
    expect(collisions(stackOf(app, 'Prod'))).toEqual(['/Prod/Data/Resource']);
    expect(collisions(stackOf(app, 'Test'))).toEqual(['/Test/Data/Resource']);
    expect(collisions(stackOf(app, 'China'))).toEqual([]);
  });

  test('GIVEN a stack without an explicit environment WHEN it shares a queue name with another stack THEN both get a warning, not an error', () => {
    const app = app2((a) => {
      new sqs.Queue(new Stack(a, 'Agnostic'), 'Jobs', { queueName: 'jobs' });
      new sqs.Queue(new Stack(a, 'Pinned', { env: ENV }), 'Jobs', { queueName: 'jobs' });
    });
    expect(maybe(stackOf(app, 'Agnostic'))).toEqual(['/Agnostic/Jobs/Resource']);
    expect(maybe(stackOf(app, 'Pinned'))).toEqual(['/Pinned/Jobs/Resource']);
    expect(collisions(stackOf(app, 'Pinned'))).toEqual([]);
    expect(String(Annotations.fromStack(stackOf(app, 'Pinned')).findWarning('*', Match.stringLikeRegexp(FindingId.NAME_MAY_COLLIDE))[0].entry.data))
      .toMatch(/the account or Region of stack Agnostic is not known at synth time: if both deploy there, one of them fails/);
  });

  test('GIVEN two resources of one stack with the same name, even without an environment WHEN synthesized THEN both get an error', () => {
    const app = app2((a) => {
      const stack = new Stack(a, 'Solo');
      new sqs.Queue(stack, 'A', { queueName: 'jobs' });
      new sqs.Queue(stack, 'B', { queueName: 'jobs' });
    });
    expect(collisions(stackOf(app, 'Solo'))).toEqual(['/Solo/A/Resource', '/Solo/B/Resource']);
  });

  test('GIVEN aliases with the same name on two functions WHEN synthesized THEN nothing is reported; two on one function THEN an error', () => {
    const app = app2((a) => {
      const stack = new Stack(a, 'Fns', { env: ENV });
      new lambda.CfnAlias(stack, 'LiveA', { name: 'live', functionName: 'orders', functionVersion: '1' });
      new lambda.CfnAlias(stack, 'LiveB', { name: 'live', functionName: 'billing', functionVersion: '1' });
      const other = new Stack(a, 'More', { env: ENV });
      new lambda.CfnAlias(other, 'Live', { name: 'live', functionName: 'orders', functionVersion: '2' });
    });
    expect(collisions(stackOf(app, 'Fns'))).toEqual(['/Fns/LiveA']);
    expect(collisions(stackOf(app, 'More'))).toEqual(['/More/Live']);
  });

  test('GIVEN names built from the stack\'s Region WHEN the Regions differ THEN nothing; WHEN they are the same THEN an error', () => {
    const build = (regions: [string, string]) => app2((a) => regions.forEach((region, i) => {
      new sqs.CfnQueue(new Stack(a, `S${i}`, { env: { account: ENV.account, region } }), 'Q', { queueName: Fn.sub('jobs-${AWS::Region}') });
    }));
    expect(collisions(stackOf(build(['us-east-1', 'eu-west-1']), 'S0'))).toEqual([]);
    expect(collisions(stackOf(build(['us-east-1', 'us-east-1']), 'S0'))).toEqual(['/S0/Q']);
  });

  test('GIVEN names CDK generates, names from parameters and names of unnamed resources WHEN synthesized THEN none is compared', () => {
    const app = app2((a) => {
      for (const id of ['P1', 'P2']) {
        const stack = new Stack(a, id, { env: ENV });
        new sqs.Queue(stack, 'Generated', { queueName: PhysicalName.GENERATE_IF_NEEDED });
        new sqs.Queue(stack, 'FromParameter', { queueName: new CfnParameter(stack, 'Name').valueAsString });
        new sqs.Queue(stack, 'Unnamed');
      }
    });
    expect([...collisions(stackOf(app, 'P1')), ...maybe(stackOf(app, 'P1'))]).toEqual([]);
  });

  test('GIVEN a possible collision acknowledged WHEN synthesized THEN it is gone; excluded types are not compared', () => {
    const app = app2((a) => {
      const agnostic = new Stack(a, 'Agnostic');
      new sqs.Queue(agnostic, 'Jobs', { queueName: 'jobs' });
      CoreAnnotations.of(agnostic).acknowledgeWarning(FindingId.NAME_MAY_COLLIDE, 'deployed to another account');
      new sqs.Queue(new Stack(a, 'Pinned', { env: ENV }), 'Jobs', { queueName: 'jobs' });
    });
    expect(maybe(stackOf(app, 'Agnostic'))).toEqual([]);
    expect(maybe(stackOf(app, 'Pinned'))).toEqual(['/Pinned/Jobs/Resource']);
    const excluded = app2((a) => {
      new sqs.Queue(new Stack(a, 'One', { env: ENV }), 'Jobs', { queueName: 'jobs' });
      new sqs.Queue(new Stack(a, 'Two', { env: ENV }), 'Jobs', { queueName: 'jobs' });
    }, { excludeResourceTypes: ['AWS::SQS::*'] });
    expect(collisions(stackOf(excluded, 'One'))).toEqual([]);
  });

  test('GIVEN a guard with a baseline WHEN two stacks share a name THEN the collision is still reported', () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'collision-baseline-'));
    const deployedApp = new App({ outdir });
    new Stack(deployedApp, 'One', { env: ENV });
    deployedApp.synth();
    const app = app2((a) => {
      new sqs.Queue(new Stack(a, 'One', { env: ENV }), 'Jobs', { queueName: 'jobs' });
      new sqs.Queue(new Stack(a, 'Two', { env: ENV }), 'Jobs', { queueName: 'jobs' });
    }, { baseline: outdir });
    expect(collisions(stackOf(app, 'One'))).toEqual(['/One/Jobs/Resource']);
  });

  test('GIVEN a guard on a Stage WHEN two of its stacks share a name THEN the Stage\'s synthesis reports it, and the app\'s fails on it', () => {
    const app = new App();
    const stage = new Stage(app, 'Prod', { env: ENV });
    new sqs.Queue(new Stack(stage, 'One'), 'Jobs', { queueName: 'jobs' });
    const two = new Stack(stage, 'Two');
    new sqs.Queue(two, 'Jobs', { queueName: 'jobs' });
    Aspects.of(stage).add(new ReplacementGuard());
    // Read from the Stage's own synthesis: the app's (which Annotations.fromStack runs) fails on an
    // error inside a Stage, which cdk synth would not see without a selector.
    const errors = stage.synth().getStackArtifact(two.artifactId).messages.filter((m) => String(m.entry.data).includes(FindingId.NAME_COLLISION));
    expect(errors.map((m) => `${m.level} ${m.id}`)).toEqual(['error /Prod/Two/Jobs/Resource']);
    expect(() => app.synth()).toThrow('Prod/Two/Jobs/Resource: AWS::SQS::Queue JobsDF1CC2D4 has the name QueueName "jobs", as Prod/One/Jobs/Resource in stack Prod-One does');
  });
});
