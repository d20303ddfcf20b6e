/**
 * Curated uniqueness scopes of physical names: where a name must be unique, for the types
 * where the spec cannot tell (see `name-model.ts` for what is derived).
 *
 * - `kind`: `partition` (unique across every account of the partition, such as a bucket
 *   name: "global"), `account` (unique in an account, across its Regions: IAM, CloudFront,
 *   Route 53) or `region` (unique in one account and Region).
 * - `within`: the properties naming the parent (or the other parts of the key) the name is
 *   unique under: an alias name is unique per function, so `within: ['FunctionName']`. A
 *   change of one of them creates the resource under another parent: it cannot collide with
 *   the old one.
 *
 * A key `AWS::Service::*` covers every type of the service without an entry of its own.
 * Each entry has its reason and the source it was checked against; a test fails when an
 * entry names a type or property the spec does not have.
 */

/** Where a name must be unique. */
export type ScopeKind = 'partition' | 'account' | 'region';

/** A curated scope. */
export interface ScopeEntry {
  /** The scope of the name. @default - derived from the ARN format, else `region` */
  readonly kind?: ScopeKind;
  /** The properties the name is unique under. @default - the writable primary identifier parts that are not names */
  readonly within?: readonly string[];
  /** Why (one line, shown in the docs). */
  readonly reason: string;
  /** Where it was checked: an AWS API or user guide page. */
  readonly source: string;
}

export const NAME_SCOPES: Readonly<Record<string, ScopeEntry>> = {
  // Global services: one namespace per account, whatever the Region of the stack.
  'AWS::IAM::*': {
    kind: 'account',
    reason: 'IAM is a global service: role, user, group, policy and instance profile names are unique in the account, across Regions.',
    source: 'IAM User Guide, IAM identifiers (friendly names and paths)',
  },
  'AWS::CloudFront::*': {
    kind: 'account',
    reason: 'CloudFront is a global service: function, cache policy, origin request policy and key group names are unique in the account.',
    source: 'CloudFront API Reference (CreateFunction, CreateCachePolicy)',
  },
  'AWS::Route53::*': {
    kind: 'account',
    reason: 'Route 53 is a global service: its named resources (health checks, CIDR collections, key signing keys per zone) live in one account-wide namespace.',
    source: 'Route 53 API Reference',
  },

  // Regional services whose types have no ARN format in the spec.
  'AWS::Lambda::*': {
    kind: 'region',
    reason: 'Lambda names (functions, layers, event source mappings by UUID) are unique per account and Region.',
    source: 'Lambda API Reference, CreateFunction (FunctionName)',
  },
  'AWS::ElasticLoadBalancingV2::*': {
    kind: 'region',
    reason: 'Load balancer and target group names are unique per account and Region.',
    source: 'Elastic Load Balancing API Reference, CreateLoadBalancer, CreateTargetGroup (Name)',
  },
  'AWS::AutoScaling::*': {
    kind: 'region',
    reason: 'Auto Scaling group and launch configuration names are unique per account and Region.',
    source: 'Amazon EC2 Auto Scaling API Reference, CreateAutoScalingGroup',
  },
  'AWS::ECS::*': {
    kind: 'region',
    reason: 'ECS cluster and capacity provider names are unique per account and Region; services are unique per cluster.',
    source: 'Amazon ECS API Reference, CreateCluster, CreateService',
  },
  'AWS::EKS::*': {
    kind: 'region',
    reason: 'EKS cluster names are unique per account and Region; node groups, Fargate profiles and add-ons per cluster.',
    source: 'Amazon EKS API Reference, CreateCluster, CreateNodegroup',
  },
  'AWS::ApiGateway::*': {
    kind: 'region',
    reason: 'API Gateway resources live in one account and Region; stages, models and validators are unique per REST API.',
    source: 'API Gateway REST API Reference',
  },
  'AWS::ApiGatewayV2::*': {
    kind: 'region',
    reason: 'API Gateway resources live in one account and Region; stages are unique per API.',
    source: 'API Gateway V2 API Reference',
  },
  'AWS::Cognito::*': {
    kind: 'region',
    reason: 'Cognito resources live in one account and Region; groups and resource servers are unique per user pool.',
    source: 'Amazon Cognito user pools API Reference',
  },
  'AWS::Logs::*': {
    kind: 'region',
    reason: 'Log group names are unique per account and Region; streams and filters per log group.',
    source: 'CloudWatch Logs API Reference, CreateLogGroup, PutMetricFilter',
  },
  'AWS::AppMesh::*': {
    kind: 'region',
    within: ['MeshName', 'MeshOwner'],
    reason: 'App Mesh names are unique per mesh (virtual nodes, services, routers and gateways); meshes per account and Region.',
    source: 'AWS App Mesh API Reference, CreateVirtualNode (meshName, meshOwner)',
  },
  'AWS::AppConfig::*': {
    kind: 'region',
    reason: 'AppConfig resources live in one account and Region.',
    source: 'AWS AppConfig API Reference',
  },
  'AWS::BedrockAgentCore::*': {
    kind: 'region',
    reason: 'AgentCore resources live in one account and Region.',
    source: 'Amazon Bedrock AgentCore API Reference',
  },
  'AWS::CodeBuild::*': {
    kind: 'region',
    reason: 'CodeBuild project, report group and fleet names are unique per account and Region.',
    source: 'AWS CodeBuild API Reference, CreateProject, CreateFleet',
  },
  'AWS::CodeDeploy::*': {
    kind: 'region',
    reason: 'CodeDeploy application names are unique per account and Region; deployment groups per application.',
    source: 'AWS CodeDeploy API Reference, CreateApplication, CreateDeploymentGroup',
  },
  'AWS::Glue::*': {
    kind: 'region',
    reason: 'Glue names (jobs, crawlers, security configurations, databases of a catalog) are unique per account and Region.',
    source: 'AWS Glue API Reference',
  },
  'AWS::Serverless::*': {
    kind: 'region',
    reason: 'The SAM transform expands these into the regional resources they name (a state machine, a function, an API).',
    source: 'AWS SAM resource and property reference',
  },
  'AWS::ServiceDiscovery::*': {
    kind: 'region',
    reason: 'Cloud Map namespaces live in one account and Region; services are unique per namespace, instances per service.',
    source: 'AWS Cloud Map API Reference, CreateService, RegisterInstance',
  },
  'AWS::WAFv2::*': {
    kind: 'region',
    reason: 'Web ACLs, IP sets and rule groups are unique per account, Region and Scope (CLOUDFRONT ones live in us-east-1).',
    source: 'AWS WAF API Reference, CreateWebACL (Name, Scope)',
  },

  // Names unique under a parent or together with other key parts.
  'AWS::S3::Bucket': {
    kind: 'partition',
    within: ['BucketNamePrefix', 'BucketNamespace'],
    reason: 'Bucket names are unique across the partition ("global"), unless BucketNamespace puts the bucket in its account\'s regional namespace; BucketNamePrefix makes S3 generate the name instead (it cannot be set with BucketName). A change of either gives the bucket a name in another namespace.',
    source: 'Amazon S3 User Guide, General purpose bucket naming rules; CloudFormation Template Reference, AWS::S3::Bucket',
  },
  'AWS::Lambda::Alias': {
    within: ['FunctionName'],
    reason: 'An alias name is unique per function (its ARN is the function ARN plus `:alias`): the same name under another function is another alias.',
    source: 'Lambda API Reference, CreateAlias',
  },
  'AWS::AppSync::DataSource': {
    kind: 'region',
    within: ['ApiId'],
    reason: 'Data source names are unique per GraphQL API (ARN `apis/<apiId>/datasources/<name>`).',
    source: 'AWS AppSync API Reference, CreateDataSource',
  },
  'AWS::Transfer::User': {
    kind: 'region',
    within: ['ServerId'],
    reason: 'User names are unique per Transfer Family server (ARN `user/<serverId>/<userName>`).',
    source: 'AWS Transfer Family API Reference, CreateUser',
  },
  'AWS::Amplify::Branch': {
    kind: 'region',
    within: ['AppId'],
    reason: 'Branch names are unique per Amplify app (ARN `apps/<appId>/branches/<branchName>`).',
    source: 'Amplify API Reference, CreateBranch',
  },
  'AWS::Route53::RecordSet': {
    kind: 'account',
    within: ['HostedZoneId', 'HostedZoneName', 'Type', 'SetIdentifier'],
    reason: 'A record set is identified by zone, name, type and set identifier: the same name with another type (A and AAAA), another set identifier (weighted, latency, failover) or in another zone is another record set. HostedZoneName names the zone as HostedZoneId does.',
    source: 'Route 53 API Reference, ChangeResourceRecordSets',
  },
  'AWS::ApplicationAutoScaling::ScalingPolicy': {
    kind: 'region',
    within: ['ScalingTargetId', 'ResourceId', 'ScalableDimension', 'ServiceNamespace'],
    reason: 'Policy names are unique per scalable target (service namespace, resource id and scalable dimension; ScalingTargetId names the same target).',
    source: 'Application Auto Scaling API Reference, PutScalingPolicy',
  },
  'AWS::Events::Rule': {
    kind: 'region',
    within: ['EventBusName'],
    reason: 'Rule names are unique per event bus (a rule on a custom bus has the ARN `rule/<bus>/<name>`).',
    source: 'Amazon EventBridge API Reference, PutRule (Name, EventBusName)',
  },
  'AWS::EC2::SecurityGroup': {
    kind: 'region',
    within: ['VpcId'],
    reason: 'Security group names are unique per VPC: the same name in another VPC is another group.',
    source: 'Amazon EC2 API Reference, CreateSecurityGroup (GroupName)',
  },
  'AWS::EKS::Nodegroup': {
    within: ['ClusterName'],
    reason: 'Node group names are unique per cluster.',
    source: 'Amazon EKS API Reference, CreateNodegroup',
  },
  'AWS::ApiGateway::Model': {
    within: ['RestApiId'],
    reason: 'Model names are unique per REST API.',
    source: 'API Gateway REST API Reference, CreateModel',
  },
  'AWS::ApiGateway::RequestValidator': {
    within: ['RestApiId'],
    reason: 'Request validator names are unique per REST API.',
    source: 'API Gateway REST API Reference, CreateRequestValidator',
  },
  'AWS::CodeArtifact::Repository': {
    kind: 'region',
    within: ['DomainName', 'DomainOwner'],
    reason: 'Repository names are unique per CodeArtifact domain.',
    source: 'CodeArtifact API Reference, CreateRepository',
  },
  'AWS::Scheduler::Schedule': {
    kind: 'region',
    within: ['GroupName'],
    reason: 'Schedule names are unique per schedule group (the default group when GroupName is absent).',
    source: 'Amazon EventBridge Scheduler API Reference, CreateSchedule (Name, GroupName)',
  },
  'AWS::AppMesh::Mesh': {
    kind: 'region',
    within: [],
    reason: 'Mesh names are unique per account and Region.',
    source: 'AWS App Mesh API Reference, CreateMesh',
  },
  'AWS::AppMesh::Route': {
    within: ['MeshName', 'MeshOwner', 'VirtualRouterName'],
    reason: 'Route names are unique per virtual router of a mesh.',
    source: 'AWS App Mesh API Reference, CreateRoute',
  },
  'AWS::AppMesh::GatewayRoute': {
    within: ['MeshName', 'MeshOwner', 'VirtualGatewayName'],
    reason: 'Gateway route names are unique per virtual gateway of a mesh.',
    source: 'AWS App Mesh API Reference, CreateGatewayRoute',
  },
  'AWS::AppSync::ChannelNamespace': {
    kind: 'region',
    within: ['ApiId'],
    reason: 'Channel namespace names are unique per Event API.',
    source: 'AWS AppSync API Reference, CreateChannelNamespace',
  },
  'AWS::BedrockAgentCore::RuntimeEndpoint': {
    within: ['AgentRuntimeId'],
    reason: 'Endpoint names are unique per agent runtime.',
    source: 'Amazon Bedrock AgentCore API Reference, CreateAgentRuntimeEndpoint',
  },
  'AWS::Kinesis::StreamConsumer': {
    kind: 'region',
    within: ['StreamARN'],
    reason: 'Consumer names are unique per stream (RegisterStreamConsumer takes the stream ARN and the name).',
    source: 'Amazon Kinesis Data Streams API Reference, RegisterStreamConsumer',
  },
  'AWS::ServiceDiscovery::Service': {
    within: ['NamespaceId'],
    reason: 'Service names are unique per namespace.',
    source: 'AWS Cloud Map API Reference, CreateService',
  },
  'AWS::S3Vectors::Index': {
    kind: 'region',
    within: ['VectorBucketArn', 'VectorBucketName'],
    reason: 'Index names are unique per vector bucket (ARN `bucket/<bucket>/index/<name>`); VectorBucketName and VectorBucketArn both name that parent, so a change of either puts the index in another bucket.',
    source: 'Amazon S3 User Guide, Vector buckets: creating a vector index (index names unique within a vector bucket); S3 Vectors API Reference, CreateIndex',
  },
  'AWS::Cognito::UserPoolDomain': {
    kind: 'region',
    within: [],
    reason: 'A domain (a prefix, or a custom domain name) is unique in the Region whichever pool holds it: the same domain moved to another user pool collides ("Domain already associated with another user pool"). That a pool holds one domain of each kind is its singleton (name-singletons.ts).',
    source: 'Amazon Cognito Developer Guide, Using the Amazon Cognito prefix domain (a prefix is unique in the Region); Amazon Cognito API Reference, CreateUserPoolDomain',
  },
  'AWS::Glue::Table': {
    kind: 'region',
    within: ['CatalogId', 'DatabaseName'],
    reason: 'Table names are unique per database of a Data Catalog.',
    source: 'AWS Glue API Reference, CreateTable',
  },
};
