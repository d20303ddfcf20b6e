/**
 * Resource types whose physical resource holds data that a deletion destroys: what the data
 * is, why deleting the resource loses it, and where AWS says so. Generated into
 * src/spec/data-spec.generated.ts by build-tools/generate-data-spec.ts; the change-set engine
 * gives every removed or replaced resource of these types a data verdict.
 *
 * Policies and their defaults are CloudFormation's (see DELETION_POLICY_SOURCE and
 * UPDATE_REPLACE_POLICY_SOURCE); only these types' data is curated here.
 */

/** One data-bearing type. */
export interface DataBearingType {
  /** What the resource is called in a sentence ("table", "DB instance"). */
  readonly noun: string;
  /** What data it holds ("items", "objects"). */
  readonly data: string;
  /** Why deleting the resource loses the data (one line, shown in the docs). */
  readonly reason: string;
  /** Where AWS says so. */
  readonly source: string;
  /** `Snapshot` is a valid policy for the type (the DeletionPolicy page's list). @default false */
  readonly snapshots?: boolean;
  /**
   * `Snapshot` is the default DeletionPolicy of the type, unless the property named here is
   * set (an RDS instance in a cluster). @default - Delete, CloudFormation's default
   */
  readonly snapshotByDefaultUnless?: string | true;
  /**
   * A property that, when set, means the resource keeps no data of its own (an instance of an
   * Aurora cluster: the cluster volume holds the data). @default - none
   */
  readonly noDataIf?: string;
  /**
   * The service refuses to delete the resource while it holds data, unless the property
   * named here is true (`EmptyOnDelete` of an ECR repository). @default - deletion does not depend on emptiness
   */
  readonly deletionFailsUnlessEmpty?: { readonly unlessProperty?: string };
}

/** The DeletionPolicy page: defaults and the types that support Snapshot. */
export const DELETION_POLICY_SOURCE = 'AWS CloudFormation Template Reference, DeletionPolicy attribute: "If a resource has no DeletionPolicy attribute, AWS CloudFormation deletes the resource by default", with the exception "The default policy is Snapshot for AWS::RDS::DBCluster resources and for AWS::RDS::DBInstance resources that don\'t specify the DBClusterIdentifier property"; Snapshot is listed for AWS::EC2::Volume, AWS::ElastiCache::CacheCluster, AWS::ElastiCache::ReplicationGroup, AWS::Neptune::DBCluster, AWS::RDS::DBCluster, AWS::RDS::DBInstance and AWS::Redshift::Cluster; the attribute "doesn\'t apply to resources whose physical instance is replaced during stack update operations"';

/** The UpdateReplacePolicy page: what happens to the old resource of a replacement. */
export const UPDATE_REPLACE_POLICY_SOURCE = 'AWS CloudFormation Template Reference, UpdateReplacePolicy attribute: "CloudFormation creates the replacement resource first, and then changes references from other dependent resources to point to the replacement resource. By default, CloudFormation then deletes the old resource"; Retain and Snapshot keep the old resource or a snapshot of it "but removes it from CloudFormation\'s scope"';

/** Keyed by CloudFormation type; a test checks every key exists in the pinned spec. */
export const DATA_BEARING_TYPES: Readonly<Record<string, DataBearingType>> = {
  'AWS::DynamoDB::Table': { noun: 'table', data: 'items', reason: 'Deleting a table deletes all of its items.', source: 'Amazon DynamoDB API Reference, DeleteTable' },
  'AWS::DynamoDB::GlobalTable': { noun: 'global table', data: 'items of every replica', reason: 'Deleting a global table deletes its replicas and their items.', source: 'Amazon DynamoDB API Reference, DeleteTable (replicas)' },
  'AWS::RDS::DBInstance': {
    noun: 'DB instance',
    data: 'databases',
    snapshots: true,
    snapshotByDefaultUnless: 'DBClusterIdentifier',
    noDataIf: 'DBClusterIdentifier',
    reason: 'Deleting an instance deletes its storage and automated backups unless a final snapshot is taken; an instance of a cluster keeps its data in the cluster volume.',
    source: 'Amazon RDS API Reference, DeleteDBInstance (SkipFinalSnapshot, DeleteAutomatedBackups); CloudFormation DeletionPolicy attribute (Snapshot default)',
  },
  'AWS::RDS::DBCluster': { noun: 'DB cluster', data: 'databases', snapshots: true, snapshotByDefaultUnless: true, reason: 'Deleting a cluster deletes its cluster volume unless a final snapshot is taken.', source: 'Amazon RDS API Reference, DeleteDBCluster (SkipFinalSnapshot); CloudFormation DeletionPolicy attribute (Snapshot default)' },
  'AWS::Neptune::DBCluster': { noun: 'Neptune cluster', data: 'graph data', snapshots: true, reason: 'Deleting a cluster deletes its cluster volume unless a final snapshot is taken.', source: 'Amazon Neptune API Reference, DeleteDBCluster (SkipFinalSnapshot)' },
  'AWS::DocDB::DBCluster': { noun: 'DocumentDB cluster', data: 'documents', reason: 'Deleting a cluster deletes its cluster volume unless a final snapshot is taken (CloudFormation\'s Snapshot policy list does not name this type).', source: 'Amazon DocumentDB API Reference, DeleteDBCluster (SkipFinalSnapshot)' },
  'AWS::Redshift::Cluster': { noun: 'Redshift cluster', data: 'tables', snapshots: true, reason: 'Deleting a cluster deletes its data unless a final snapshot is taken.', source: 'Amazon Redshift API Reference, DeleteCluster (SkipFinalClusterSnapshot)' },
  'AWS::ElastiCache::CacheCluster': { noun: 'cache cluster', data: 'cached data', snapshots: true, reason: 'Deleting a cluster deletes its nodes and their data unless a final snapshot is taken.', source: 'Amazon ElastiCache API Reference, DeleteCacheCluster (FinalSnapshotIdentifier)' },
  'AWS::ElastiCache::ReplicationGroup': { noun: 'replication group', data: 'cached data', snapshots: true, reason: 'Deleting a replication group deletes its nodes and their data unless a final snapshot is taken.', source: 'Amazon ElastiCache API Reference, DeleteReplicationGroup (FinalSnapshotIdentifier)' },
  'AWS::EC2::Volume': { noun: 'EBS volume', data: 'blocks', snapshots: true, reason: 'Deleting a volume deletes its data; a snapshot keeps a copy.', source: 'Amazon EC2 API Reference, DeleteVolume' },
  'AWS::S3::Bucket': {
    noun: 'bucket',
    data: 'objects',
    deletionFailsUnlessEmpty: {},
    reason: 'A bucket that holds objects cannot be deleted; emptying it deletes them.',
    source: 'Amazon S3 API Reference, DeleteBucket ("All objects (including all object versions and delete markers) in the bucket must be deleted before the bucket itself can be deleted"); CloudFormation DeletionPolicy attribute ("you must delete all objects in the bucket for deletion to succeed"); CloudFormation pre-deployment validation (S3 bucket emptiness)',
  },
  'AWS::S3Express::DirectoryBucket': { noun: 'directory bucket', data: 'objects', deletionFailsUnlessEmpty: {}, reason: 'A directory bucket that holds objects cannot be deleted.', source: 'Amazon S3 API Reference, DeleteBucket (directory buckets)' },
  'AWS::EFS::FileSystem': { noun: 'file system', data: 'files', reason: 'Deleting a file system permanently severs access to its contents.', source: 'Amazon EFS API Reference, DeleteFileSystem' },
  'AWS::FSx::FileSystem': { noun: 'FSx file system', data: 'files', reason: 'Deleting a file system deletes its data (some deployment types take a final backup).', source: 'Amazon FSx API Reference, DeleteFileSystem' },
  'AWS::Kinesis::Stream': { noun: 'stream', data: 'records', reason: 'Deleting a stream deletes the records it retains.', source: 'Amazon Kinesis Data Streams API Reference, DeleteStream' },
  'AWS::MSK::Cluster': { noun: 'Kafka cluster', data: 'topics and their messages', reason: 'Deleting a cluster deletes its brokers\' storage.', source: 'Amazon MSK API Reference, DeleteCluster' },
  'AWS::SQS::Queue': { noun: 'queue', data: 'messages', reason: 'Deleting a queue deletes the messages in it, whether or not it is empty.', source: 'Amazon SQS API Reference, DeleteQueue' },
  'AWS::Logs::LogGroup': { noun: 'log group', data: 'log events', reason: 'Deleting a log group permanently deletes all the archived log events in it.', source: 'Amazon CloudWatch Logs API Reference, DeleteLogGroup' },
  'AWS::Cognito::UserPool': { noun: 'user pool', data: 'users', reason: 'Deleting a user pool deletes its users; they cannot sign in again.', source: 'Amazon Cognito API Reference, DeleteUserPool' },
  'AWS::KMS::Key': { noun: 'KMS key', data: 'key material', reason: 'A deleted key cannot decrypt what was encrypted with it; CloudFormation schedules the deletion after PendingWindowInDays.', source: 'AWS KMS API Reference, ScheduleKeyDeletion; CloudFormation AWS::KMS::Key (PendingWindowInDays)' },
  'AWS::SecretsManager::Secret': { noun: 'secret', data: 'secret value', reason: 'Deleting a secret deletes its value after the recovery window.', source: 'AWS Secrets Manager API Reference, DeleteSecret' },
  'AWS::ECR::Repository': {
    noun: 'repository',
    data: 'images',
    deletionFailsUnlessEmpty: { unlessProperty: 'EmptyOnDelete' },
    reason: 'A repository that holds images cannot be deleted unless it is forced (CloudFormation: EmptyOnDelete), which deletes the images.',
    source: 'Amazon ECR API Reference, DeleteRepository (force); CloudFormation AWS::ECR::Repository (EmptyOnDelete)',
  },
  'AWS::Backup::BackupVault': { noun: 'backup vault', data: 'recovery points', deletionFailsUnlessEmpty: {}, reason: 'A vault that holds recovery points cannot be deleted.', source: 'AWS Backup API Reference, DeleteBackupVault ("the vault must be empty")' },
  'AWS::OpenSearchService::Domain': { noun: 'OpenSearch domain', data: 'indexes', reason: 'Deleting a domain deletes its indexes.', source: 'Amazon OpenSearch Service API Reference, DeleteDomain' },
  'AWS::Elasticsearch::Domain': { noun: 'Elasticsearch domain', data: 'indexes', reason: 'Deleting a domain deletes its indexes.', source: 'Amazon OpenSearch Service API Reference, DeleteElasticsearchDomain' },
  'AWS::Timestream::Table': { noun: 'Timestream table', data: 'time series', reason: 'Deleting a table deletes its data.', source: 'Amazon Timestream API Reference, DeleteTable' },
};
