/**
 * Public incidents: failed deployments and lost data reported in public trackers, rebuilt as
 * template pairs and small CDK apps (the facts and shapes of each report, the templates our
 * own). Each case names the report it comes from, and has a fixed variant (the change made the
 * way that works) on which nothing may fail. Run with the real replacement table.
 */
import { App, CfnParameter, CustomResource, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as events from 'aws-cdk-lib/aws-events';
import * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import { deepFreeze, outcome, resource, template } from './helpers';
import { ChangeSetPredictor, PredictedChangeSet, PredictOptions } from '../../src/change-set';

function predict(before: unknown, after: unknown, options?: PredictOptions): PredictedChangeSet {
  return ChangeSetPredictor.predict(deepFreeze(before), deepFreeze(after), options);
}

/** The template of a one-stack CDK app built by `build`. */
const synth = (build: (stack: Stack) => void) => {
  const stack = new Stack(new App(), 'Incident');
  build(stack);
  return Template.fromStack(stack).toJSON();
};
/** The outcome of the changes whose type is `type` (a CDK app has others). */
const outcomeOf = (changeSet: PredictedChangeSet, type: string) => Object.fromEntries(Object.entries(outcome(changeSet))
  .filter(([id]) => changeSet.changes.find((change) => change.logicalResourceId === id)!.resourceType === type));

describe('an OpenSearch domain upgraded without EnableVersionUpgrade is replaced (cloudformation-coverage-roadmap#1862: the domain and its data were deleted)', () => {
  // https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/1862
  const domain = (version: string, extra: Record<string, unknown> = {}, attributes: Record<string, unknown> = {}) => template({
    Search: resource('AWS::OpenSearchService::Domain', { EngineVersion: version, ClusterConfig: { InstanceType: 'r6g.large.search' }, ...extra }, attributes),
  });

  test('GIVEN an unnamed domain WHEN its engine version changes THEN it is replaced and its indexes are deleted', () => {
    const changeSet = predict(domain('OpenSearch_2.5'), domain('OpenSearch_2.9'));
    expect(outcome(changeSet)).toEqual({ Search: 'True' });
    expect(changeSet.dataVerdicts.map((verdict) => `${verdict.trigger} ${verdict.fate}`)).toEqual(['Replacement Deleted']);
  });

  test('GIVEN a named domain WHEN its engine version changes THEN the replacement fails: the name is taken', () => {
    expect(outcome(predict(domain('OpenSearch_2.5', { DomainName: 'search' }), domain('OpenSearch_2.9', { DomainName: 'search' })))).toEqual({ Search: 'True Certain' });
  });

  test('GIVEN the fix, EnableVersionUpgrade, WHEN the engine version changes THEN the domain is upgraded in place; from a parameter THEN it may be replaced', () => {
    const upgrade = { UpdatePolicy: { EnableVersionUpgrade: true } };
    expect(outcome(predict(domain('OpenSearch_2.5', { DomainName: 'search' }, upgrade), domain('OpenSearch_2.9', { DomainName: 'search' }, upgrade)))).toEqual({ Search: 'False' });
    const fromParameter = { UpdatePolicy: { EnableVersionUpgrade: { Ref: 'Upgrade' } } };
    const withParameter = (version: string) => ({ Parameters: { Upgrade: { Type: 'String' } }, ...domain(version, {}, fromParameter) });
    expect(outcome(predict(withParameter('OpenSearch_2.5'), withParameter('OpenSearch_2.9')))).toEqual({ Search: 'Conditional' });
  });

  test('GIVEN a CDK opensearch.Domain WHEN its version is raised THEN it is replaced (its old domain retained, as CDK writes Retain); with enableVersionUpgrade THEN in place', () => {
    const app = (version: opensearch.EngineVersion, enableVersionUpgrade?: boolean) => synth((stack) => {
      new opensearch.Domain(stack, 'Search', { version, enableVersionUpgrade });
    });
    const upgraded = predict(app(opensearch.EngineVersion.OPENSEARCH_2_5), app(opensearch.EngineVersion.OPENSEARCH_2_9));
    expect(outcomeOf(upgraded, 'AWS::OpenSearchService::Domain')).toEqual({ Search14E54FC3: 'True' });
    expect(upgraded.dataVerdicts.map((verdict) => `${verdict.policy} ${verdict.fate}`)).toEqual(['Retain Retained']);
    const fixed = predict(app(opensearch.EngineVersion.OPENSEARCH_2_5, true), app(opensearch.EngineVersion.OPENSEARCH_2_9, true));
    expect(outcomeOf(fixed, 'AWS::OpenSearchService::Domain')).toEqual({ Search14E54FC3: 'False' });
    expect(fixed.failures).toEqual([]);
  });
});

describe('a replication group whose AuthToken is added or removed is replaced (cloudformation-coverage-roadmap#2356: the change set shows Replacement)', () => {
  // https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/2356 (AuthToken removed for UserGroupIds:
  // the recorded change set shows Replacement); the AuthToken reference: "If ADDING the AuthToken, update requires Replacement".
  const group = (auth: Record<string, unknown>, id: Record<string, unknown> = { ReplicationGroupId: 'my-redis' }) => template({
    Redis: resource('AWS::ElastiCache::ReplicationGroup', {
      ...id, ReplicationGroupDescription: 'cache', Engine: 'redis', EngineVersion: '7.1', CacheNodeType: 'cache.t4g.small', NumNodeGroups: 1, ReplicasPerNodeGroup: 1, TransitEncryptionEnabled: true, ...auth,
    }),
  });
  const token = { AuthToken: '{{resolve:secretsmanager:my/redis:SecretString:password}}' };

  test('GIVEN a named group WHEN its AuthToken is replaced by UserGroupIds THEN it is replaced and the replacement fails: the id is taken', () => {
    expect(outcome(predict(group(token), group({ UserGroupIds: ['my-users'] })))).toEqual({ Redis: 'True Certain' });
  });

  test('GIVEN a named group WHEN an AuthToken is added THEN it is replaced and the replacement fails', () => {
    expect(outcome(predict(group({}), group(token)))).toEqual({ Redis: 'True Certain' });
  });

  test('GIVEN an unnamed group WHEN its AuthToken is removed THEN it is replaced without a failure; WHEN the token itself changes THEN it only may be replaced', () => {
    expect(outcome(predict(group(token, {}), group({ UserGroupIds: ['my-users'] }, {})))).toEqual({ Redis: 'True' });
    expect(outcome(predict(group(token, {}), group({ AuthToken: '{{resolve:secretsmanager:my/redis-2:SecretString:password}}' }, {})))).toEqual({ Redis: 'Conditional' });
  });
});

describe('a user pool holds one prefix domain: a new prefix cannot be created first (aws-cdk#10062: "User pool already has a domain configured")', () => {
  // https://github.com/aws/aws-cdk/issues/10062; SST replaces a changed domain delete-first for this reason: https://github.com/anomalyco/sst/pull/6265
  const app = (prefix: string | undefined, clients = 0) => synth((stack) => {
    const pool = new cognito.UserPool(stack, 'UserPool');
    for (let index = 0; index < clients; index++) pool.addClient(`Client${index}`);
    if (prefix !== undefined) pool.addDomain('UserPoolDomain', { cognitoDomain: { domainPrefix: prefix } });
  });
  const domainOutcome = (changeSet: PredictedChangeSet) => outcomeOf(changeSet, 'AWS::Cognito::UserPoolDomain');

  test('GIVEN a CDK user pool WHEN its domain prefix changes THEN the domain is replaced and the replacement certainly fails', () => {
    const changeSet = predict(app('identity-dev'), app('identity-prod'));
    expect(domainOutcome(changeSet)).toEqual({ UserPoolUserPoolDomain9F01E991: 'True Certain' });
    expect(changeSet.failures[0].reason).toMatch(/^only one AWS::Cognito::UserPoolDomain without CustomDomainConfig can exist per UserPoolId \{"Ref":"UserPool6BA7E5F2"\}/);
  });

  test('GIVEN the fixed variants WHEN predicted THEN nothing fails: the prefix unchanged beside another change, or the domain removed in one update and the new one added in the next', () => {
    expect(predict(app('identity-dev'), app('identity-dev', 1)).failures).toEqual([]);
    const removed = predict(app('identity-dev'), app(undefined));
    expect([domainOutcome(removed), removed.failures]).toEqual([{ UserPoolUserPoolDomain9F01E991: 'Remove' }, []]);
    const added = predict(app(undefined), app('identity-prod'));
    expect([domainOutcome(added), added.failures]).toEqual([{ UserPoolUserPoolDomain9F01E991: 'Add' }, []]);
  });
});

describe('a GuardDuty member moved to a new logical id collides with itself (cloudformation-coverage-roadmap#363: "... already exists in stack")', () => {
  // https://github.com/aws-cloudformation/cloudformation-coverage-roadmap/issues/363
  const member = (memberId: unknown = { Ref: 'AWS::AccountId' }) => resource('AWS::GuardDuty::Member', {
    DetectorId: { Ref: 'Detector' }, Email: { Ref: 'Email' }, MemberId: memberId, Status: 'Invited', DisableEmailNotification: true,
  });
  const stack = (members: Record<string, unknown>) => ({
    Parameters: { Email: { Type: 'String' } },
    Resources: { Detector: resource('AWS::GuardDuty::Detector', { Enable: true }), ...members },
  });

  test('GIVEN Member renamed Member2 with the same detector and account WHEN predicted THEN the new member certainly fails', () => {
    expect(outcome(predict(stack({ Member: member() }), stack({ Member2: member() })))).toEqual({ Member: 'Remove', Member2: 'Add Certain' });
  });

  test('GIVEN the fixed variants WHEN predicted THEN nothing fails: the logical id kept (an in-place change), or the new member for another account', () => {
    const quieter = { ...member(), Properties: { ...member().Properties as Record<string, unknown>, DisableEmailNotification: false } };
    const inPlace = predict(stack({ Member: member() }), stack({ Member: quieter }));
    expect(inPlace.failures).toEqual([]);
    expect(predict(stack({ Member: member('111111111111') }), stack({ Member2: member('222222222222') })).failures).toEqual([]);
  });
});

describe('an event bus policy moved to a new logical id under the same statement id collides (aws-cdk#28520, fixed by a new statement id in aws-cdk#28521)', () => {
  // https://github.com/aws/aws-cdk/issues/28520 and https://github.com/aws/aws-cdk/pull/28521
  const app = (constructId: string, statementId: string) => synth((stack) => {
    const bus = new events.EventBus(stack, 'Bus', { eventBusName: 'orders' });
    new events.CfnEventBusPolicy(stack, constructId, {
      eventBusName: bus.eventBusName,
      statementId,
      statement: { Effect: 'Allow', Principal: { AWS: 'arn:aws:iam::111111111111:root' }, Action: 'events:PutEvents', Resource: bus.eventBusArn },
    });
  });

  test('GIVEN the policy\'s construct id changed from Policy to its statement id WHEN predicted THEN the new policy certainly fails', () => {
    expect(outcomeOf(predict(app('Policy', 'MySid'), app('MySid', 'MySid')), 'AWS::Events::EventBusPolicy')).toEqual({ Policy: 'Remove', MySid: 'Add Certain' });
  });

  test('GIVEN the fix, a new statement id with the new logical id WHEN predicted THEN nothing fails', () => {
    expect(predict(app('Policy', 'MySid'), app('MySid', 'MySid-v2')).failures).toEqual([]);
  });
});

describe('a renamed custom resource: its provider\'s Delete runs for the old physical id (data-dot-all#429: the Delete dropped the Glue database the new one used)', () => {
  // https://github.com/data-dot-all/dataall/pull/429; the same for a new service token under a new logical id: https://github.com/data-dot-all/dataall/pull/431
  const app = (constructId: string, options: { removalPolicy?: RemovalPolicy; serviceToken?: string; owner?: string } = {}) => synth((stack) => {
    new CustomResource(stack, constructId, {
      serviceToken: options.serviceToken ?? 'arn:aws:lambda:eu-west-1:111111111111:function:glue-handler',
      resourceType: 'Custom::GlueDatabase',
      properties: { DatabaseName: 'sales', Owner: options.owner ?? 'data' },
      removalPolicy: options.removalPolicy,
    });
  });
  const verdicts = (changeSet: PredictedChangeSet) => changeSet.dataVerdicts.map((verdict) => `${verdict.logicalResourceId} ${verdict.trigger} ${verdict.fate}${verdict.providerDelete ? ' (provider Delete)' : ''}`);

  test('GIVEN the handler\'s construct id renamed WHEN predicted THEN the old one\'s verdict says the provider\'s Delete runs after the new one is created; nothing is a failure', () => {
    const changeSet = predict(app('glue-handler'), app('DatasetGlueHandler'));
    expect(verdicts(changeSet)).toEqual(['gluehandler Removal Unknown (provider Delete)']);
    expect(changeSet.dataVerdicts[0].consequence).toMatch(/^CloudFormation creates DatasetGlueHandler first \(the provider's Create\), then sends Delete for the physical id of gluehandler: if both manage the same thing/);
    expect(changeSet.failures).toEqual([]);
  });

  test('GIVEN a new service token under a new logical id (a service token cannot change in place) WHEN predicted THEN the old one\'s Delete runs', () => {
    const changeSet = predict(app('glue-handler'), app('GlueHandlerV2', { serviceToken: 'arn:aws:lambda:eu-west-1:111111111111:function:glue-handler-v2' }));
    expect(verdicts(changeSet)).toEqual(['gluehandler Removal Unknown (provider Delete)']);
  });

  test('GIVEN the fixed variants WHEN predicted THEN no Delete runs: the logical id kept (an Update), or the old one retained for the rename', () => {
    expect(verdicts(predict(app('glue-handler'), app('glue-handler', { owner: 'analytics' })))).toEqual([]);
    expect(verdicts(predict(app('glue-handler', { removalPolicy: RemovalPolicy.RETAIN }), app('DatasetGlueHandler')))).toEqual(['gluehandler Removal Retained']);
  });
});

describe('names in the reasons are resolved with the parameter values given (issue 25: a reason read Username {"Ref":"AdminUsername"})', () => {
  const app = (email: string) => synth((stack) => {
    const admin = new CfnParameter(stack, 'AdminUsername', { type: 'String' });
    const pool = new cognito.UserPool(stack, 'Users');
    new cognito.CfnUserPoolUser(stack, 'Admin', { userPoolId: pool.userPoolId, username: admin.valueAsString, userAttributes: [{ name: 'email', value: email }] });
  });

  test('GIVEN the admin user\'s attributes changed (a replacement) and --parameters given WHEN predicted THEN the reason names the user as CloudFormation will', () => {
    const changeSet = predict(app('a@example.com'), app('b@example.com'), { parameters: { before: { AdminUsername: 'admin' }, after: { AdminUsername: 'admin' } } });
    expect(changeSet.failures.map((failure) => failure.reason)).toEqual([expect.stringMatching(/^Username "admin" \(from \{"Ref":"AdminUsername"\}\) stays the same while the resource is replaced/)]);
  });
});

describe('a regression case: a named table moved to a new logical id (serverless#1677: "... already exists in stack")', () => {
  // https://github.com/serverless/serverless/issues/1677
  const table = { Type: 'AWS::DynamoDB::Table', Properties: { TableName: 'egamitv-links-dev', KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }] } };

  test('GIVEN PostsDynamo renamed LinksDynamo under the same table name WHEN predicted THEN the new table certainly fails; under a new name THEN nothing fails', () => {
    expect(outcome(predict(template({ PostsDynamo: table }), template({ LinksDynamo: table })))).toEqual({ PostsDynamo: 'Remove', LinksDynamo: 'Add Certain' });
    const renamed = { ...table, Properties: { ...table.Properties, TableName: 'egamitv-links-v2-dev' } };
    expect(predict(template({ PostsDynamo: table }), template({ LinksDynamo: renamed })).failures).toEqual([]);
  });
});
