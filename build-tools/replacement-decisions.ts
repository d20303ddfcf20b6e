/**
 * Curated decisions where the spec's replacement facts and the CloudFormation registry
 * schema disagree (`registry-create-only.ts` lists the disagreements), for the types in the
 * name model: each decided with a reason, AWS documentation first.
 *
 * A decision sets the path's RequiresRecreation in the generated table: `Never` removes it,
 * `Always` or `Conditionally` sets it (adding it when the spec lacks it). A decision that
 * keeps the spec's value records why the registry schema is not followed there.
 * `test/spec/registry-decisions.test.ts` checks that every disagreement left in the table has
 * a decision and that every decision is in the table.
 */
import type { RecreationCode } from './replacement-paths';

/** One decision. */
export interface ReplacementDecision {
  readonly path: string;
  readonly recreation: 'Always' | 'Conditionally' | 'Never';
  /** Why (one line, shown in the docs). */
  readonly reason: string;
  /** What decided it: an AWS page, or the registry schema itself. */
  readonly source: string;
  /**
   * Set when an AWS page documents what both the spec and the registry schema miss (neither
   * lists the path as replacing): the decision then follows that page.
   * @default false
   */
  readonly overridesSpecAndRegistry?: boolean;
}

/** The registry schema, for decisions that follow it. */
const REGISTRY = 'CloudFormation registry schema (createOnlyProperties)';

/** Tags the older resource specification marks Immutable and the registry schema updates in place. */
const TAGS_UPDATED_IN_PLACE: ReplacementDecision = {
  path: 'Tags',
  recreation: 'Never',
  reason: 'The registry schema, whose handler CloudFormation runs for this type, changes tags in place through the service\'s tagging API; only the older resource specification marks them Immutable.',
  source: REGISTRY,
};

const follow = (path: string, reason: string): ReplacementDecision => ({ path, recreation: 'Never', reason, source: REGISTRY });

export const REPLACEMENT_DECISIONS: Readonly<Record<string, readonly ReplacementDecision[]>> = {
  // The README's former headline example: the registry and S3 itself say updatable.
  'AWS::S3::Bucket': [{
    path: 'ObjectLockEnabled',
    recreation: 'Never',
    reason: 'S3 turns Object Lock on for an existing bucket (PutObjectLockConfiguration), and the registry schema updates ObjectLockEnabled in place.',
    source: 'Amazon S3 User Guide, Configuring S3 Object Lock: "Enable Object Lock on an existing S3 bucket"; ' + REGISTRY,
  }],
  'AWS::DynamoDB::Table': [{
    path: 'KeySchema',
    recreation: 'Always',
    reason: 'A table\'s primary key cannot change: UpdateTable has no key schema, and CloudFormation documents the key schema as "Update requires: Replacement". The registry schema omits it from createOnlyProperties (its handler rejects the change instead).',
    source: 'CloudFormation Template Reference, AWS::DynamoDB::Table KeySchema; DynamoDB API Reference, UpdateTable',
  }],
  'AWS::DynamoDB::GlobalTable': [
    {
      path: 'KeySchema',
      recreation: 'Always',
      reason: 'A table\'s primary key cannot change; CloudFormation documents KeySchema.AttributeName as "Update requires: Replacement".',
      source: 'CloudFormation Template Reference, AWS::DynamoDB::GlobalTable KeySchema',
    },
    {
      path: 'LocalSecondaryIndexes',
      recreation: 'Always',
      reason: 'Local secondary indexes exist only from the table\'s creation: DynamoDB cannot add, change or remove one later.',
      source: 'Amazon DynamoDB Developer Guide, Local secondary indexes',
    },
  ],
  'AWS::RDS::DBInstance': [follow('Port', 'ModifyDBInstance changes the port (DBPortNumber) of a running instance, and the registry handler does so in place.')],
  'AWS::RDS::DBCluster': [{
    path: 'AvailabilityZones',
    recreation: 'Always',
    reason: 'The Availability Zones of a cluster\'s storage are fixed at creation: ModifyDBCluster has no AvailabilityZones.',
    source: 'Amazon RDS API Reference, CreateDBCluster and ModifyDBCluster',
  }],
  'AWS::ECS::Service': [
    follow('DeploymentController', 'UpdateService changes a service\'s deployment controller in place (deploymentController), as the registry schema says.'),
    {
      path: 'LaunchType',
      recreation: 'Always',
      reason: 'UpdateService takes no launch type: a service leaves its launch type only through a capacity provider strategy, so CloudFormation replaces it.',
      source: 'Amazon ECS API Reference, UpdateService',
    },
  ],
  'AWS::EKS::Cluster': [
    follow('ResourcesVpcConfig.SubnetIds', 'EKS updates a cluster\'s subnets in place (UpdateClusterConfig resourcesVpcConfig), as the registry schema says.'),
    follow('ResourcesVpcConfig.SecurityGroupIds', 'EKS updates a cluster\'s security groups in place (UpdateClusterConfig resourcesVpcConfig), as the registry schema says.'),
    follow('KubernetesNetworkConfig', 'Only the IP family and the service CIDR are fixed at creation (the two paths below); the rest of the network configuration is updated in place.'),
    { path: 'KubernetesNetworkConfig.IpFamily', recreation: 'Always', reason: 'The IP family is fixed at creation (registry createOnlyProperties).', source: REGISTRY },
    { path: 'KubernetesNetworkConfig.ServiceIpv4Cidr', recreation: 'Always', reason: 'The service CIDR is fixed at creation (registry createOnlyProperties).', source: REGISTRY },
  ],
  'AWS::ElastiCache::ReplicationGroup': [
    follow('Engine', 'ModifyReplicationGroup moves a group from redis to valkey in place (Engine).'),
    follow('ReplicasPerNodeGroup', 'IncreaseReplicaCount and DecreaseReplicaCount change the replicas of a running group, and the registry handler calls them.'),
    follow('NodeGroupConfiguration.ReplicaCount', 'IncreaseReplicaCount and DecreaseReplicaCount change the replicas per shard in place.'),
    follow('NodeGroupConfiguration.ReplicaAvailabilityZones', 'Replicas are added and removed in place (IncreaseReplicaCount takes their Availability Zones).'),
    follow('NodeGroupConfiguration.PrimaryAvailabilityZone', 'The registry handler re-shards in place (ModifyReplicationGroupShardConfiguration takes each shard\'s configuration).'),
    follow('NodeGroupConfiguration.Slots', 'The registry handler re-shards in place (ModifyReplicationGroupShardConfiguration rebalances slots).'),
  ],
  'AWS::ElastiCache::User': [follow('Engine', 'ModifyUser changes the engine from redis to valkey in place.')],
  'AWS::ElastiCache::UserGroup': [follow('Engine', 'ModifyUserGroup changes the engine from redis to valkey in place.')],
  'AWS::Events::Rule': [{
    path: 'EventBusName',
    recreation: 'Always',
    reason: 'A rule belongs to its event bus: PutRule on another bus creates another rule, so moving it replaces it (without a name collision: the name is unique per bus).',
    source: 'Amazon EventBridge API Reference, PutRule',
  }],
  'AWS::Events::EventBus': [{
    path: 'EventSourceName',
    recreation: 'Always',
    reason: 'A partner event bus is created for its event source (CreateEventBus); UpdateEventBus cannot change it.',
    source: 'Amazon EventBridge API Reference, CreateEventBus and UpdateEventBus',
  }],
  'AWS::Glue::Database': [
    { path: 'CatalogId', recreation: 'Always', reason: 'A database lives in one Data Catalog; another catalog means another database.', source: 'AWS Glue API Reference, CreateDatabase' },
    { path: 'DatabaseInput.Name', recreation: 'Always', reason: 'Glue does not rename databases: UpdateDatabase identifies the database by its name.', source: 'AWS Glue API Reference, UpdateDatabase' },
  ],
  'AWS::Route53::RecordSet': [{
    path: 'Name',
    recreation: 'Always',
    reason: 'A record set\'s name is part of its key: CloudFormation writes the record under the new name and deletes the old one, as its reference says (Name: "Update requires: Replacement").',
    source: 'CloudFormation Template Reference, AWS::Route53::RecordSet',
  }],
  'AWS::CodeBuild::Fleet': [{
    path: 'Name',
    recreation: 'Always',
    reason: 'A fleet cannot be renamed: UpdateFleet identifies it by ARN and has no new name.',
    source: 'AWS CodeBuild API Reference, UpdateFleet',
  }],
  'AWS::Cassandra::Keyspace': [follow('ReplicationSpecification', 'Amazon Keyspaces adds Regions to an existing keyspace (UpdateKeyspace).')],
  'AWS::IoT::ThingType': [follow('ThingTypeProperties', 'UpdateThingType changes the properties of an existing thing type.')],
  'AWS::KafkaConnect::Connector': [follow('ConnectorConfiguration', 'UpdateConnector changes a connector\'s configuration in place.')],
  'AWS::KinesisAnalyticsV2::Application': [follow('RuntimeEnvironment', 'UpdateApplication upgrades the runtime in place (runtimeEnvironmentUpdate).')],
  'AWS::Location::GeofenceCollection': [follow('Description', 'UpdateGeofenceCollection changes the description in place.')],
  'AWS::Location::Map': [
    follow('Description', 'UpdateMap changes the description in place.'),
    follow('PricingPlan', 'The pricing plan is deprecated and ignored; UpdateMap accepts it.'),
  ],
  'AWS::Location::PlaceIndex': [
    follow('DataSourceConfiguration', 'UpdatePlaceIndex changes the data source configuration in place.'),
    follow('Description', 'UpdatePlaceIndex changes the description in place.'),
    follow('PricingPlan', 'The pricing plan is deprecated and ignored; UpdatePlaceIndex accepts it.'),
  ],
  'AWS::Location::RouteCalculator': [
    follow('Description', 'UpdateRouteCalculator changes the description in place.'),
    follow('PricingPlan', 'The pricing plan is deprecated and ignored; UpdateRouteCalculator accepts it.'),
  ],
  'AWS::Location::Tracker': [
    follow('Description', 'UpdateTracker changes the description in place.'),
    follow('PositionFiltering', 'UpdateTracker changes the position filtering in place.'),
  ],
  'AWS::Omics::SequenceStore': [
    follow('Description', 'UpdateSequenceStore changes the description in place.'),
    follow('FallbackLocation', 'UpdateSequenceStore changes the fallback location in place.'),
    follow('Name', 'UpdateSequenceStore renames the store in place (the name is still unique: a logical-id move under the same name collides).'),
    TAGS_UPDATED_IN_PLACE,
  ],
  'AWS::SageMaker::Domain': [
    follow('AppNetworkAccessType', 'UpdateDomain changes the app network access type in place.'),
    follow('SubnetIds', 'UpdateDomain changes the subnets in place.'),
    {
      path: 'VpcId',
      recreation: 'Always',
      reason: 'A domain stays in its VPC: UpdateDomain takes subnets but no VPC.',
      source: 'Amazon SageMaker API Reference, UpdateDomain',
    },
    TAGS_UPDATED_IN_PLACE,
  ],
  'AWS::SageMaker::FeatureGroup': [follow('OnlineStoreConfig', 'UpdateFeatureGroup changes the online store configuration in place.')],
  'AWS::ServiceDiscovery::Service': [{
    path: 'DnsConfig.NamespaceId',
    recreation: 'Always',
    reason: 'A service belongs to its namespace: UpdateService cannot move it to another one.',
    source: 'AWS Cloud Map API Reference, UpdateService',
  }],
  'AWS::EntityResolution::SchemaMapping': [
    follow('Description', 'UpdateSchemaMapping changes the description in place.'),
    follow('MappedInputFields', 'UpdateSchemaMapping changes the mapped fields in place.'),
  ],
  'AWS::Chime::MediaPipelineKinesisVideoStreamPool': [follow('StreamConfiguration.Region', 'The registry handler updates the stream configuration in place.')],
  'AWS::Timestream::ScheduledQuery': [follow('ClientToken', 'An idempotency token of the create call: changing it changes nothing of the query.')],
  'AWS::OpenSearchService::Domain': [{
    path: 'EngineVersion',
    recreation: 'Always',
    reason: 'Without the EnableVersionUpgrade update policy, a new engine version replaces the domain (the policy makes it an in-place upgrade: src/spec/update-policies.ts); the spec and the registry schema list it as updatable, and a reported upgrade deleted the domain and its data.',
    source: 'CloudFormation Template Reference, AWS::OpenSearchService::Domain EngineVersion ("When EnableVersionUpgrade is set to false, or is not specified, updating EngineVersion results in replacement"); cloudformation-coverage-roadmap#1862',
    overridesSpecAndRegistry: true,
  }],
  'AWS::OpenSearchServerless::CollectionIndex': [{
    path: 'Id',
    recreation: 'Always',
    reason: 'Id is the collection the index is in: another collection means another index.',
    source: 'OpenSearch Serverless API Reference, CreateIndex',
  }],
  ...Object.fromEntries(['AWS::MediaPackage::Asset', 'AWS::MediaPackage::Channel', 'AWS::MediaPackage::OriginEndpoint', 'AWS::MediaPackage::PackagingConfiguration', 'AWS::MediaPackage::PackagingGroup']
    .map((type) => [type, [{
      path: 'Id',
      recreation: 'Always' as const,
      reason: 'Id is the resource\'s writable primary identifier, which no update can change (the comparison source does not list properties named `id`).',
      source: 'CloudFormation registry schema (primaryIdentifier)',
    }]])),
  ...Object.fromEntries(['AWS::AppConfig::Extension', 'AWS::Batch::JobQueue', 'AWS::Batch::SchedulingPolicy', 'AWS::DataBrew::Dataset', 'AWS::DataBrew::Job',
    'AWS::DataBrew::Project', 'AWS::DataBrew::Recipe', 'AWS::DataBrew::Schedule', 'AWS::ImageBuilder::Component', 'AWS::ImageBuilder::ContainerRecipe',
    'AWS::ImageBuilder::ImageRecipe', 'AWS::IoTWireless::NetworkAnalyzerConfiguration', 'AWS::RedshiftServerless::Namespace', 'AWS::SageMaker::App',
    'AWS::SageMaker::AppImageConfig', 'AWS::SageMaker::UserProfile'].map((type) => [type, [TAGS_UPDATED_IN_PLACE]])),
};

/** The paths of one type with its decisions applied (a new object; the input is not changed). */
export function applyReplacementDecisions(
  cloudFormationType: string,
  paths: Readonly<Record<string, RecreationCode>>,
): Record<string, RecreationCode> {
  const result: Record<string, RecreationCode> = { ...paths };
  for (const decision of REPLACEMENT_DECISIONS[cloudFormationType] ?? []) {
    if (decision.recreation === 'Never') delete result[decision.path];
    else result[decision.path] = decision.recreation === 'Always' ? 'A' : 'C';
  }
  return result;
}
