/**
 * Public incidents: failed deployments and lost data reported in public trackers, rebuilt as
 * template pairs and small CDK apps (the facts and shapes of each report, the templates our
 * own). Each case names the report it comes from, and has a fixed variant (the change made the
 * way that works) on which nothing may fail. Run with the real replacement table.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as opensearch from 'aws-cdk-lib/aws-opensearchservice';
import { deepFreeze, template } from './helpers';
import { ChangeSetPredictor, PredictedChangeSet, PredictOptions } from '../../src/change-set';

function predict(before: unknown, after: unknown, options?: PredictOptions): PredictedChangeSet {
  return ChangeSetPredictor.predict(deepFreeze(before), deepFreeze(after), options);
}

const resource = (type: string, properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => (
  { Type: type, Properties: properties, ...extra }
);
/** `Replacement` (or the action) of each change, with the failure's certainty when one is predicted. */
const outcome = (changeSet: PredictedChangeSet) => Object.fromEntries(changeSet.changes.map((change) => [
  change.logicalResourceId, `${change.replacement ?? change.action}${change.failure ? ` ${change.failure.certainty}` : ''}`,
]));
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
