/**
 * The name model (names, their scope, the parents they are unique under) and the decisions
 * where the spec and the registry schemas disagree: the curated tables agree with the
 * generated table, every most-used named type has a decided scope, and every disagreement
 * with the registry left in the table is decided.
 */
import * as path from 'path';
import { loadAwsServiceSpecSync } from '@aws-cdk/aws-service-spec';
import type { Resource } from '@aws-cdk/service-spec-types';
import { readMostUsedTypes, typesCreatedByL2Constructs } from '../../build-tools/most-used-types';
import { NAME_CORRECTIONS } from '../../build-tools/name-corrections';
import { NAME_COUPLED } from '../../build-tools/name-coupled';
import { arnScope } from '../../build-tools/name-model';
import { NAME_SCOPES } from '../../build-tools/name-scopes';
import { NAME_SINGLETONS } from '../../build-tools/name-singletons';
import { PRESENCE_REPLACEMENTS } from '../../build-tools/presence-replacements';
import { disagreements, readRegistrySnapshot } from '../../build-tools/registry-create-only';
import { applyReplacementDecisions, REPLACEMENT_DECISIONS } from '../../build-tools/replacement-decisions';
import { replacementPaths } from '../../build-tools/replacement-paths';
import { nameModelOf } from '../../build-tools/replacement-table';
import { CHANGED_IN_PLACE, inPlaceFate, KEPT_IN_PLACE } from '../../src/spec/in-place-attributes';
import { identityProperties, lookupResourceType, presenceRecreation, requiresRecreation, singletonOf } from '../../src/spec/replacement-spec';

const db = loadAwsServiceSpecSync();
const resourceOf = (type: string): Resource | undefined => db.lookup('resource', 'cloudFormationType', 'equals', type)[0];
const allTypes = db.all('resource').map((resource) => resource.cloudFormationType);

describe('the issue\'s types, as the table has them', () => {
  test.each([
    ['AWS::Lambda::Alias', ['Name'], ['FunctionName'], 'region'],
    ['AWS::AppSync::DataSource', ['Name'], ['ApiId'], 'region'],
    ['AWS::Transfer::User', ['UserName'], ['ServerId'], 'region'],
    ['AWS::Amplify::Branch', ['BranchName'], ['AppId'], 'region'],
    ['AWS::WAFv2::WebACL', ['Name'], ['Scope'], 'region'],
    ['AWS::Route53::RecordSet', ['Name'], ['HostedZoneId', 'HostedZoneName', 'SetIdentifier', 'Type'], 'account'],
    ['AWS::ApplicationAutoScaling::ScalingPolicy', ['PolicyName'], ['ResourceId', 'ScalableDimension', 'ScalingTargetId', 'ServiceNamespace'], 'region'],
    ['AWS::CodeCommit::Repository', ['RepositoryName'], [], 'region'],
    ['AWS::AutoScaling::AutoScalingGroup', ['AutoScalingGroupName'], [], 'region'],
    ['AWS::S3::Bucket', ['BucketName'], ['BucketNamePrefix', 'BucketNamespace'], 'partition'],
    ['AWS::IAM::Role', ['RoleName'], [], 'account'],
    ['AWS::ECS::Service', ['ServiceName'], ['Cluster'], 'region'],
    ['AWS::Events::Rule', ['Name'], ['EventBusName'], 'region'],
    ['AWS::EC2::SecurityGroup', ['GroupName'], ['VpcId'], 'region'],
  ])('GIVEN %s WHEN looked up THEN its names are %j, unique per %j in the %s', (type, names, qualifiers, scope) => {
    expect(lookupResourceType(type)).toMatchObject({ nameProperties: names, nameQualifiers: qualifiers, nameScope: scope });
    expect(identityProperties(type)).toEqual([...names, ...qualifiers]);
  });

  test('GIVEN AWS::DataPipeline::Pipeline, whose names repeat WHEN looked up THEN it has no name (a curated correction with its source)', () => {
    expect(lookupResourceType('AWS::DataPipeline::Pipeline')!.nameProperties).toEqual([]);
    expect(NAME_CORRECTIONS['AWS::DataPipeline::Pipeline']).toMatchObject({ names: [], source: expect.stringContaining('CreatePipeline') });
  });

  test('GIVEN the CodeCommit repository name, which can be changed in place WHEN derived THEN it is a name through the ARN format, and it does not replace', () => {
    expect(nameModelOf(db, resourceOf('AWS::CodeCommit::Repository')!)).toMatchObject({ names: ['RepositoryName'], nameRule: 'naming convention and ARN format' });
    expect(requiresRecreation('AWS::CodeCommit::Repository', ['RepositoryName'])).toBe('Never');
  });
});

describe('issue 18: name-coupled properties, parents of newer types, names that are labels', () => {
  test.each([
    ['AWS::SQS::Queue', ['QueueName'], [], ['FifoQueue']],
    ['AWS::SNS::Topic', ['TopicName'], [], ['FifoTopic']],
    ['AWS::Events::EventBus', ['Name'], [], ['EventSourceName']],
    ['AWS::S3Vectors::Index', ['IndexName'], ['VectorBucketArn', 'VectorBucketName'], []],
  ])('GIVEN %s WHEN looked up THEN its names are %j, its parents %j and its name-coupled properties %j, all in its identity', (type, names, qualifiers, coupled) => {
    expect(lookupResourceType(type)).toMatchObject({ nameProperties: names, nameQualifiers: qualifiers, nameCoupled: coupled });
    expect(identityProperties(type)).toEqual([...names, ...qualifiers, ...coupled]);
  });

  test('GIVEN AWS::HealthLake::FHIRDatastore, whose DatastoreName is a label WHEN looked up THEN it has no name (a curated correction with its source)', () => {
    expect(lookupResourceType('AWS::HealthLake::FHIRDatastore')!.nameProperties).toEqual([]);
    expect(NAME_CORRECTIONS['AWS::HealthLake::FHIRDatastore']).toMatchObject({ names: [], source: expect.stringContaining('CreateFHIRDatastore') });
  });

  test('GIVEN each name-coupled entry WHEN checked against the spec THEN its type is named, the property exists and replaces, and it has a reason and a source', () => {
    const problems = Object.entries(NAME_COUPLED).flatMap(([type, entries]) => entries.flatMap((entry) => {
      const resource = resourceOf(type);
      if (resource === undefined) return [`${type}: no such type`];
      const found: string[] = [];
      if (nameModelOf(db, resource).names.length === 0) found.push(`${type}: no name to be coupled to`);
      if (!(entry.property in resource.properties)) found.push(`${type}: no property ${entry.property}`);
      else if (requiresRecreation(type, [entry.property]) === 'Never') found.push(`${type}: ${entry.property} does not replace`);
      if (entry.reason.length < 20 || entry.source.length < 10) found.push(`${type} ${entry.property}: reason or source missing`);
      return found;
    }));
    expect(problems).toEqual([]);
  });

  test('GIVEN every type WHEN looked up THEN only the curated ones have name-coupled properties', () => {
    const coupled = allTypes.filter((type) => (lookupResourceType(type)?.nameCoupled.length ?? 0) > 0).sort();
    expect(coupled).toEqual(Object.keys(NAME_COUPLED).sort());
  });
});

describe('arnScope', () => {
  test.each([
    ['arn:${Partition}:s3:::${BucketName}', 'partition'],
    ['arn:${Partition}:iam::${Account}:role/${RoleName}', 'account'],
    ['arn:${Partition}:sqs:${Region}:${Account}:${QueueName}', 'region'],
    ['arn:${Partition}:apigateway:${Region}::/restapis/${RestApiId}', 'region'],
    ['not an arn', undefined],
    [undefined, undefined],
  ])('GIVEN %s WHEN read THEN the scope is %s', (template, expected) => {
    expect(arnScope(template)).toBe(expected);
  });
});

describe('the curated scopes', () => {
  test('GIVEN each entry WHEN checked against the spec THEN it names real types and real properties of them', () => {
    const problems = Object.entries(NAME_SCOPES).flatMap(([key, entry]) => {
      const types = key.endsWith('::*') ? allTypes.filter((type) => type.startsWith(key.slice(0, -1))) : allTypes.filter((type) => type === key);
      if (types.length === 0) return [`${key}: no such type`];
      const missing = (entry.within ?? []).filter((property) => !types.some((type) => property in resourceOf(type)!.properties));
      return [...missing.map((property) => `${key}: no property ${property}`), ...(entry.reason.length < 20 || entry.source.length < 10 ? [`${key}: reason or source missing`] : [])];
    });
    expect(problems).toEqual([]);
  });

  test('GIVEN each named type with an entry of its own WHEN looked up THEN the table has the curated scope and parents', () => {
    const kinds = { partition: 'partition', account: 'account', region: 'region' } as const;
    for (const [type, entry] of Object.entries(NAME_SCOPES).filter(([key]) => !key.endsWith('::*'))) {
      const found = lookupResourceType(type)!;
      if (found.nameProperties.length === 0) continue;
      if (entry.kind) expect([type, found.nameScope]).toEqual([type, kinds[entry.kind]]);
      if (entry.within) expect([type, found.nameQualifiers]).toEqual([type, [...entry.within].sort()]);
    }
  });

  test('GIVEN a service entry WHEN a type of the service has no entry of its own THEN the table has the service\'s scope', () => {
    expect(lookupResourceType('AWS::IAM::User')!.nameScope).toBe('account');
    expect(lookupResourceType('AWS::CloudFront::Function')!.nameScope).toBe('account');
    expect(lookupResourceType('AWS::AppMesh::VirtualNode')!.nameQualifiers).toEqual(['MeshName', 'MeshOwner']);
    expect(lookupResourceType('AWS::AppMesh::Mesh')!.nameQualifiers).toEqual([]);
  });
});

describe('the most used types', () => {
  const list = readMostUsedTypes();

  test('GIVEN the installed aws-cdk-lib WHEN its L2 constructs are scanned again THEN the committed list has every type they create', () => {
    const created = typesCreatedByL2Constructs(path.join(__dirname, '..', '..', 'node_modules', 'aws-cdk-lib'));
    expect(created.length).toBeGreaterThanOrEqual(200);
    expect(created.filter((type) => !list.types.includes(type))).toEqual([]);
  });

  test('GIVEN every named type of the list WHEN its scope is derived THEN none rests on the default: each has an ARN format or a curated entry', () => {
    const named = list.types.filter((type) => resourceOf(type) && nameModelOf(db, resourceOf(type)!).names.length > 0);
    expect(named.length).toBeGreaterThan(140);
    expect(named.filter((type) => nameModelOf(db, resourceOf(type)!).kindRule === 'default')).toEqual([]);
  });
});

describe('decisions where the spec and the registry schemas disagree', () => {
  const snapshot = readRegistrySnapshot();
  const table = (type: string) => {
    const entry = lookupResourceType(type)!.replacementPaths;
    return Object.fromEntries(Object.entries(entry).map(([p, recreation]) => [p, recreation === 'Always' ? 'A' as const : 'C' as const]));
  };

  test('GIVEN the snapshot WHEN read THEN it covers the named types of the table', () => {
    expect(snapshot.source).toMatch(/registry schemas .*createOnlyProperties/);
    const named = allTypes.filter((type) => (lookupResourceType(type)?.nameProperties.length ?? 0) > 0);
    expect(named.filter((type) => !(type in snapshot.types) && !snapshot.missing.includes(type))).toEqual([]);
    expect(Object.keys(snapshot.types).length).toBeGreaterThan(600);
  });

  test('GIVEN every named type WHEN the committed table is compared with the registry THEN each disagreement left is a recorded decision to keep the table\'s value', () => {
    const undecided = Object.entries(snapshot.types).flatMap(([type, createOnly]) => disagreements(table(type), createOnly)
      .filter((d) => (REPLACEMENT_DECISIONS[type] ?? []).find((decision) => decision.path === d.path)?.recreation !== d.table)
      .map((d) => `${type} ${d.path}: table ${d.table}, registry ${d.registry}`));
    expect(undecided).toEqual([]);
  });

  test('GIVEN every decision WHEN the table is read THEN it stores the decided recreation for the path, and the decision addresses a disagreement or follows the registry', () => {
    const problems = Object.entries(REPLACEMENT_DECISIONS).flatMap(([type, decisions]) => decisions.flatMap((decision) => {
      const found: string[] = [];
      const stored = lookupResourceType(type)!.replacementPaths[decision.path] ?? 'Never';
      if (stored !== decision.recreation) found.push(`${type} ${decision.path}: the table stores ${stored}`);
      const raw = disagreements(replacementPaths(db, resourceOf(type)!), snapshot.types[type] ?? []).some((d) => d.path === decision.path);
      const registry = (snapshot.types[type] ?? []).some((p) => decision.path === p || decision.path.startsWith(`${p}.`)) ? 'Always' : 'Never';
      if (!raw && decision.recreation !== registry && decision.overridesSpecAndRegistry !== true) found.push(`${type} ${decision.path}: neither a disagreement nor the registry's value`);
      if (decision.overridesSpecAndRegistry === true && (raw || decision.recreation === registry || /registry schema \(/.test(decision.source))) found.push(`${type} ${decision.path}: overrides the spec and the registry without need, or on the registry's word`);
      if (decision.reason.length < 20 || decision.source.length < 10) found.push(`${type} ${decision.path}: reason or source missing`);
      return found;
    }));
    expect(problems).toEqual([]);
  });

  test('GIVEN the decisions that override both the spec and the registry WHEN listed THEN each is an AWS page\'s documented replacement', () => {
    const overriding = Object.entries(REPLACEMENT_DECISIONS).flatMap(([type, decisions]) => decisions.filter((d) => d.overridesSpecAndRegistry).map((d) => `${type} ${d.path} ${d.recreation}`));
    expect(overriding).toEqual(['AWS::OpenSearchService::Domain EngineVersion Always']);
  });

  test('GIVEN the README\'s old and new headline examples WHEN looked up THEN object lock is updated in place and a table\'s key schema replaces it', () => {
    expect(requiresRecreation('AWS::S3::Bucket', ['ObjectLockEnabled'])).toBe('Never');
    expect(requiresRecreation('AWS::DynamoDB::Table', ['KeySchema', 'AttributeName'])).toBe('Always');
  });

  test.each([
    ['Never removes a path', { ObjectLockEnabled: 'A' as const, BucketName: 'A' as const }, 'AWS::S3::Bucket', { BucketName: 'A' }],
    ['a type without decisions keeps its paths', { X: 'C' as const }, 'AWS::SQS::Queue', { X: 'C' }],
    ['Always adds a path the spec lacks', {}, 'AWS::EKS::Cluster', { 'KubernetesNetworkConfig.IpFamily': 'A', 'KubernetesNetworkConfig.ServiceIpv4Cidr': 'A' }],
  ])('GIVEN %s WHEN decisions are applied THEN the paths are as decided, the input unchanged', (_, paths, type, expected) => {
    const before = JSON.stringify(paths);
    expect(applyReplacementDecisions(type, paths)).toEqual(expected);
    expect(JSON.stringify(paths)).toBe(before);
  });
});

describe('properties whose addition or removal replaces', () => {
  test('GIVEN each entry WHEN checked against the spec THEN its type and top-level property exist, a change of its value does not already always replace, and it has a reason and a source', () => {
    const problems = Object.entries(PRESENCE_REPLACEMENTS).flatMap(([type, entries]) => entries.flatMap((entry) => {
      const resource = resourceOf(type);
      if (resource === undefined) return [`${type}: no such type`];
      const found: string[] = [];
      if (!(entry.property in resource.properties)) found.push(`${type}: no property ${entry.property}`);
      if (requiresRecreation(type, [entry.property]) === 'Always') found.push(`${type} ${entry.property}: already Always`);
      if (presenceRecreation(type, entry.property) !== entry.recreation) found.push(`${type} ${entry.property}: the table stores ${presenceRecreation(type, entry.property)}`);
      if (entry.reason.length < 20 || entry.source.length < 10) found.push(`${type} ${entry.property}: reason or source missing`);
      return found;
    }));
    expect(problems).toEqual([]);
  });

  test('GIVEN every type WHEN looked up THEN only the curated ones have properties whose presence replaces', () => {
    const withPresence = allTypes.filter((type) => Object.keys(lookupResourceType(type)?.presencePaths ?? {}).length > 0).sort();
    expect(withPresence).toEqual(Object.keys(PRESENCE_REPLACEMENTS).sort());
  });
});

describe('singletons and identity tuples: one resource per parent, per tuple, or per account and Region (issues 25 and 34)', () => {
  test.each([
    ['AWS::Cognito::UserPoolDomain', ['UserPoolId'], ['CustomDomainConfig'], []],
    ['AWS::GuardDuty::Member', ['DetectorId', 'MemberId'], [], []],
    ['AWS::GuardDuty::Detector', [], [], []],
    ['AWS::SecurityHub::Hub', [], [], []],
    ['AWS::Events::EventBusPolicy', ['EventBusName', 'StatementId'], [], []],
    ['AWS::EKS::AccessEntry', ['ClusterName', 'PrincipalArn'], [], []],
    ['AWS::S3::BucketPolicy', ['Bucket'], [], []],
    ['AWS::Lambda::EventSourceMapping', ['EventSourceArn', 'FunctionName', 'Queues', 'Topics'], [], ['EventSourceArn']],
    ['AWS::ApplicationAutoScaling::ScalableTarget', ['ResourceId', 'ScalableDimension', 'ServiceNamespace'], [], []],
    ['AWS::Logs::DeliverySource', ['ResourceArn'], [], ['ResourceArn']],
    ['AWS::ApiGateway::BasePathMapping', ['BasePath', 'DomainName'], [], []],
    ['AWS::ApiGatewayV2::ApiMapping', ['ApiMappingKey', 'DomainName'], [], []],
    ['AWS::ApiGateway::Resource', ['ParentId', 'PathPart', 'RestApiId'], [], []],
    ['AWS::ElasticLoadBalancingV2::Listener', ['LoadBalancerArn', 'Port'], [], []],
    ['AWS::ElasticLoadBalancingV2::ListenerRule', ['ListenerArn', 'Priority'], [], []],
    ['AWS::EC2::TransitGatewayRouteTableAssociation', ['TransitGatewayAttachmentId'], [], []],
    ['AWS::Lambda::Url', ['Qualifier', 'TargetFunctionArn'], [], []],
  ])('GIVEN %s WHEN looked up THEN it is one per %j, one of each kind told apart by %j, judged only with %j set', (type, per, kindBy, requires) => {
    expect(singletonOf(type)).toEqual({ per, kindBy, requires });
    expect(lookupResourceType(type)!.singleton).toEqual({ per, kindBy, requires });
  });

  test('GIVEN a delivery source WHEN looked up THEN it keeps its name beside its tuple: both identities are judged', () => {
    expect(lookupResourceType('AWS::Logs::DeliverySource')).toMatchObject({ nameProperties: ['Name'], singleton: { per: ['ResourceArn'] } });
  });

  test('GIVEN a user pool domain WHEN looked up THEN its name alone is its identity: the same domain under another pool collides', () => {
    expect(lookupResourceType('AWS::Cognito::UserPoolDomain')).toMatchObject({ nameProperties: ['Domain'], nameQualifiers: [], nameScope: 'region' });
    expect(identityProperties('AWS::Cognito::UserPoolDomain')).toEqual(['Domain']);
  });

  test('GIVEN a GuardDuty member WHEN looked up THEN it still has no name: its member id is another account', () => {
    expect(lookupResourceType('AWS::GuardDuty::Member')!.nameProperties).toEqual([]);
  });

  test('GIVEN each singleton entry WHEN checked against the spec THEN its type and properties exist, and it has a reason and a source', () => {
    const problems = Object.entries(NAME_SINGLETONS).flatMap(([type, entry]) => {
      const resource = resourceOf(type);
      if (resource === undefined) return [`${type}: no such type`];
      const missing = [...entry.per, ...entry.kindBy ?? [], ...entry.requires ?? []].filter((property) => !(property in resource.properties));
      const unlisted = (entry.requires ?? []).filter((property) => !entry.per.includes(property));
      return [
        ...missing.map((property) => `${type}: no property ${property}`),
        ...unlisted.map((property) => `${type}: requires ${property}, which is not one of its values`),
        ...(entry.reason.length < 20 || entry.source.length < 10 ? [`${type}: reason or source missing`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  test('GIVEN every type WHEN looked up THEN only the curated ones are singletons, and an unknown type is none', () => {
    expect(allTypes.filter((type) => singletonOf(type) !== undefined).sort()).toEqual(Object.keys(NAME_SINGLETONS).sort());
    expect(singletonOf('Custom::Thing')).toBeUndefined();
  });
});

describe('values a replacement keeps with its identity (issue 34 item 5)', () => {
  test.each([
    ['AWS::DynamoDB::Table', ['Ref', 'Arn']],
    ['AWS::S3::Bucket', ['Ref', 'Arn']],
    ['AWS::Lambda::Function', ['Ref', 'Arn']],
    ['AWS::SNS::Topic', ['Ref', 'TopicArn', 'TopicName']],
    ['AWS::SQS::Queue', ['Arn', 'QueueName']],
    ['AWS::IAM::Role', ['Ref']],
    ['AWS::EC2::SecurityGroup', ['VpcId']],
    ['AWS::Lambda::Permission', []],
  ])('GIVEN %s WHEN looked up THEN a replacement under the same identity keeps %j', (type, kept) => {
    expect(lookupResourceType(type)!.keptWithIdentity).toEqual(kept);
  });

  test('GIVEN every named type WHEN looked up THEN what it keeps is Ref or one of its attributes, never a derived value of an unnamed type', () => {
    const problems = allTypes.flatMap((type) => {
      const entry = lookupResourceType(type)!;
      const resource = resourceOf(type)!;
      if (entry.nameProperties.length === 0) return entry.keptWithIdentity.length === 0 ? [] : [`${type}: unnamed, yet keeps ${entry.keptWithIdentity.join(', ')}`];
      return entry.keptWithIdentity.filter((value) => value !== 'Ref' && !(value in resource.attributes)).map((value) => `${type}: no attribute ${value}`);
    });
    expect(problems).toEqual([]);
  });
});

describe('what an update in place does to attributes (src/spec/in-place-attributes.ts)', () => {
  test('GIVEN each entry of both tables WHEN checked against the spec THEN its type and attributes exist, it has a reason and a source, and no attribute is in both', () => {
    const problems = [CHANGED_IN_PLACE, KEPT_IN_PLACE].flatMap((table) => Object.entries(table).flatMap(([type, entry]) => {
      const resource = resourceOf(type);
      if (resource === undefined) return [`${type}: no such type`];
      return [
        ...entry.attributes.filter((attribute) => !(attribute in resource.attributes)).map((attribute) => `${type}: no attribute ${attribute}`),
        ...(entry.reason.length < 15 || entry.source.length < 15 ? [`${type}: reason or source missing`] : []),
      ];
    }));
    const both = Object.entries(KEPT_IN_PLACE).flatMap(([type, entry]) => entry.attributes.filter((attribute) => inPlaceFate(type, attribute) !== 'kept').map((attribute) => `${type}.${attribute}`));
    expect([...problems, ...both]).toEqual([]);
    expect([inPlaceFate('AWS::EC2::SecurityGroup', 'GroupId'), inPlaceFate('AWS::DynamoDB::Table', 'StreamArn'), inPlaceFate('AWS::SNS::Topic', 'TopicName')]).toEqual(['kept', 'changes', undefined]);
  });
});
