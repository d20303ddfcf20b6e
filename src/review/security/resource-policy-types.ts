/**
 * The resource policies the security review reads, as data: every type whose policy the CDK
 * CLI's security table covers (the resources and properties `@aws-cdk/aws-service-spec` marks
 * as resource policies; a test keeps this table and that list in step), with where each keeps
 * its document, what it governs, and what AWS allows when the document is absent, where that
 * is not "nothing". Documents that are not IAM statements are in `POLICY_SETTINGS` (read as a
 * whole) or `NOT_ACCESS_POLICIES` (left out, with the reason).
 */

/** Where a policy's statements apply. */
export type PolicyTarget =
  /** A property of the resource it governs (`AWS::ECR::Repository.RepositoryPolicyText`). */
  | { readonly kind: 'self' }
  /** A policy resource naming what it governs in these properties (`AWS::S3::BucketPolicy.Bucket`). */
  | { readonly kind: 'properties'; readonly properties: readonly string[] }
  /** A policy of a service in the account (`AWS::ECR::RegistryPolicy`): it governs what its statements name. */
  | { readonly kind: 'account' };

/** One type whose property holds an IAM policy document. */
export interface ResourcePolicyType {
  readonly type: string;
  readonly document: string;
  readonly target: PolicyTarget;
  /** Set for a policy with no `Principal` element: it grants to whatever it is attached to (a certificate, a share). */
  readonly grantsToHolder?: boolean;
  /** What AWS allows to anyone when the document is absent, for a type whose default is open. */
  readonly absentAllows?: { readonly actions: readonly string[]; readonly reason: string };
}

const SELF = { kind: 'self' } as const;
const ACCOUNT = { kind: 'account' } as const;
const on = (...properties: string[]): PolicyTarget => ({ kind: 'properties', properties });

/** Every type and property holding an IAM policy document, other than the identity policies (roles', users', groups', permission sets'). */
export const RESOURCE_POLICY_TYPES: readonly ResourcePolicyType[] = [
  { type: 'AWS::IAM::Role', document: 'AssumeRolePolicyDocument', target: SELF },
  { type: 'AWS::Serverless::Function', document: 'AssumeRolePolicyDocument', target: SELF },
  { type: 'AWS::ApiGateway::RestApi', document: 'Policy', target: SELF },
  { type: 'AWS::ApiGateway::DomainNameV2', document: 'Policy', target: SELF },
  { type: 'AWS::Backup::BackupVault', document: 'AccessPolicy', target: SELF },
  { type: 'AWS::Backup::LogicallyAirGappedBackupVault', document: 'AccessPolicy', target: SELF },
  { type: 'AWS::CodeArtifact::Domain', document: 'PermissionsPolicyDocument', target: SELF },
  { type: 'AWS::CodeArtifact::Repository', document: 'PermissionsPolicyDocument', target: SELF },
  {
    type: 'AWS::EC2::VPCEndpoint',
    document: 'PolicyDocument',
    target: SELF,
    absentAllows: { actions: ['*'], reason: 'an endpoint without a policy allows full access to the service through it' },
  },
  { type: 'AWS::ECR::Repository', document: 'RepositoryPolicyText', target: SELF },
  { type: 'AWS::ECR::PublicRepository', document: 'RepositoryPolicyText', target: SELF },
  {
    type: 'AWS::EFS::FileSystem',
    document: 'FileSystemPolicy',
    target: SELF,
    absentAllows: {
      actions: ['elasticfilesystem:ClientMount', 'elasticfilesystem:ClientRootAccess', 'elasticfilesystem:ClientWrite'],
      reason: 'a file system without a policy grants full access to any client that can reach a mount target',
    },
  },
  { type: 'AWS::Events::EventBus', document: 'Policy', target: SELF },
  { type: 'AWS::KMS::Key', document: 'KeyPolicy', target: SELF },
  { type: 'AWS::KMS::ReplicaKey', document: 'KeyPolicy', target: SELF },
  { type: 'AWS::Logs::LogGroup', document: 'ResourcePolicyDocument', target: SELF },
  { type: 'AWS::Oam::Sink', document: 'Policy', target: SELF },
  { type: 'AWS::Omics::SequenceStore', document: 'S3AccessPolicy', target: SELF },
  { type: 'AWS::RAM::Permission', document: 'PolicyTemplate', target: SELF, grantsToHolder: true },
  { type: 'AWS::Redshift::Cluster', document: 'NamespaceResourcePolicy', target: SELF },
  { type: 'AWS::RedshiftServerless::Namespace', document: 'NamespaceResourcePolicy', target: SELF },
  { type: 'AWS::S3::AccessPoint', document: 'Policy', target: SELF },
  { type: 'AWS::S3Express::AccessPoint', document: 'Policy', target: SELF },
  { type: 'AWS::S3Outposts::AccessPoint', document: 'Policy', target: SELF },
  { type: 'AWS::SageMaker::ModelPackageGroup', document: 'ModelPackageGroupPolicy', target: SELF },
  { type: 'AWS::Bedrock::KnowledgeBasePolicy', document: 'PolicyDocument', target: on('KnowledgeBaseId') },
  { type: 'AWS::Bedrock::ResourcePolicy', document: 'PolicyDocument', target: on('ResourceArn') },
  { type: 'AWS::CloudTrail::ResourcePolicy', document: 'ResourcePolicy', target: on('ResourceArn') },
  { type: 'AWS::ECR::RegistryPolicy', document: 'PolicyText', target: ACCOUNT },
  { type: 'AWS::EventSchemas::RegistryPolicy', document: 'Policy', target: on('RegistryName') },
  { type: 'AWS::EventsV2::ResourcePolicy', document: 'PolicyDocument', target: on('EventBusArn') },
  { type: 'AWS::IoT::Policy', document: 'PolicyDocument', target: SELF, grantsToHolder: true },
  { type: 'AWS::Kinesis::ResourcePolicy', document: 'ResourcePolicy', target: on('ResourceArn') },
  { type: 'AWS::Lambda::ResourcePolicy', document: 'PolicyDocument', target: on('ResourceArn') },
  { type: 'AWS::Lex::ResourcePolicy', document: 'Policy', target: on('ResourceArn') },
  { type: 'AWS::Logs::ResourcePolicy', document: 'PolicyDocument', target: ACCOUNT },
  { type: 'AWS::MSK::ClusterPolicy', document: 'Policy', target: on('ClusterArn') },
  { type: 'AWS::MediaPackageV2::ChannelPolicy', document: 'Policy', target: on('ChannelGroupName', 'ChannelName') },
  { type: 'AWS::MediaPackageV2::OriginEndpointPolicy', document: 'Policy', target: on('ChannelGroupName', 'ChannelName', 'OriginEndpointName') },
  { type: 'AWS::MediaTailor::ChannelPolicy', document: 'Policy', target: on('ChannelName') },
  { type: 'AWS::S3::BucketPolicy', document: 'PolicyDocument', target: on('Bucket') },
  { type: 'AWS::S3::MultiRegionAccessPointPolicy', document: 'Policy', target: on('MrapName') },
  { type: 'AWS::S3Express::BucketPolicy', document: 'PolicyDocument', target: on('Bucket') },
  { type: 'AWS::S3Files::FileSystemPolicy', document: 'Policy', target: on('FileSystemId') },
  { type: 'AWS::S3ObjectLambda::AccessPointPolicy', document: 'PolicyDocument', target: on('ObjectLambdaAccessPoint') },
  { type: 'AWS::S3Outposts::BucketPolicy', document: 'PolicyDocument', target: on('Bucket') },
  { type: 'AWS::S3Tables::TableBucketPolicy', document: 'ResourcePolicy', target: on('TableBucketARN') },
  { type: 'AWS::S3Tables::TablePolicy', document: 'ResourcePolicy', target: on('TableARN') },
  { type: 'AWS::S3Vectors::VectorBucketPolicy', document: 'Policy', target: on('VectorBucketArn', 'VectorBucketName') },
  { type: 'AWS::SMSVOICE::ResourcePolicy', document: 'PolicyDocument', target: on('ResourceArn') },
  { type: 'AWS::SNS::TopicInlinePolicy', document: 'PolicyDocument', target: on('TopicArn') },
  { type: 'AWS::SNS::TopicPolicy', document: 'PolicyDocument', target: on('Topics') },
  { type: 'AWS::SQS::QueueInlinePolicy', document: 'PolicyDocument', target: on('Queue') },
  { type: 'AWS::SQS::QueuePolicy', document: 'PolicyDocument', target: on('Queues') },
  { type: 'AWS::SSM::ResourcePolicy', document: 'Policy', target: on('ResourceArn') },
  { type: 'AWS::SecretsManager::ResourcePolicy', document: 'ResourcePolicy', target: on('SecretId') },
  { type: 'AWS::VpcLattice::AuthPolicy', document: 'Policy', target: on('ResourceIdentifier') },
  { type: 'AWS::VpcLattice::ResourcePolicy', document: 'Policy', target: on('ResourceArn') },
];

/** A document read as a whole: a `limit` narrows what is allowed (removing or changing it broadens), a `grant` widens it (adding or changing it broadens). */
export interface PolicySetting {
  readonly type: string;
  readonly property: string;
  readonly role: 'limit' | 'grant';
  /** What the review calls it (`data protection policy`). */
  readonly name: string;
  readonly reason: string;
}

/** Security documents that are not IAM statements. */
export const POLICY_SETTINGS: readonly PolicySetting[] = [
  { type: 'AWS::SNS::Topic', property: 'DataProtectionPolicy', role: 'limit', name: 'data protection policy', reason: 'it audits, masks or denies sensitive data in messages; without it nothing is masked' },
  { type: 'AWS::Logs::LogGroup', property: 'DataProtectionPolicy', role: 'limit', name: 'data protection policy', reason: 'it masks sensitive data in log events; without it nothing is masked' },
  { type: 'AWS::SQS::Queue', property: 'RedriveAllowPolicy', role: 'limit', name: 'redrive allow policy', reason: 'it says which queues may use this one as a dead-letter queue; without it every queue may' },
  { type: 'AWS::RolesAnywhere::Profile', property: 'ManagedPolicyArns', role: 'limit', name: 'session policies', reason: 'session policies intersect the role\'s permissions: they only take away' },
  { type: 'AWS::MPA::ApprovalTeam', property: 'Policies', role: 'limit', name: 'approval policies', reason: 'the operations these policies name need the team\'s approval; without them they do not' },
  { type: 'AWS::NetworkManager::CoreNetwork', property: 'PolicyDocument', role: 'grant', name: 'core network policy', reason: 'it defines the segments and routes of the network: a change can connect networks' },
  { type: 'AWS::SSO::InstanceAccessControlAttributeConfiguration', property: 'AccessControlAttributes', role: 'grant', name: 'access control attributes', reason: 'attributes passed to sessions, which policies match on (the CDK CLI counts an addition as broadening)' },
  { type: 'AWS::SSO::InstanceAccessControlAttributeConfiguration', property: 'InstanceAccessControlAttributeConfiguration', role: 'grant', name: 'access control attributes', reason: 'the older spelling of the same attributes' },
];

/** Properties marked as policies in the CDK CLI's database that hold no access control (so nothing to judge), with why. */
export const NOT_ACCESS_POLICIES: ReadonlyArray<{ readonly type: string; readonly property: string; readonly reason: string }> = [
  { type: 'AWS::SNS::Subscription', property: 'RedrivePolicy', reason: 'the dead-letter queue of the subscription, not who may access it' },
  { type: 'AWS::SNS::Subscription', property: 'ReplayPolicy', reason: 'which archived messages are replayed, not who may access them' },
  { type: 'AWS::SNS::Topic', property: 'ArchivePolicy', reason: 'how long messages are archived, not who may access them' },
];
