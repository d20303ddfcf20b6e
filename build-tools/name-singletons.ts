/**
 * Singletons: types of which at most one resource can exist per parent (a user pool has one
 * domain of each kind, a GuardDuty detector one member per account), or per account and Region
 * (one GuardDuty detector). Creating a second one fails, so a replacement that keeps the parent
 * fails (CloudFormation creates the replacement before it deletes the old resource), and so does
 * the same resource moved to a new logical id: the certain failures of a named resource, for
 * types that have no name of their own or whose name is not what collides.
 *
 * - `per`: the properties naming the parent; empty for one per account and Region.
 * - `kindBy`: properties whose presence, not their value, tells kinds apart that each have their
 *   own one (a user pool domain with `CustomDomainConfig` is the pool's custom domain, one
 *   without is its prefix domain).
 *
 * Generated into the table as `o`; each entry has its reason and source, and a test fails when
 * an entry names a type or property the spec does not have.
 */

/** One singleton type. */
export interface SingletonEntry {
  /** The properties naming the parent the resource is the only one of; empty: one per account and Region. */
  readonly per: readonly string[];
  /** Properties whose presence tells kinds apart, one resource of each kind per parent. @default - one kind */
  readonly kindBy?: readonly string[];
  /** Why (one line, shown in the docs). */
  readonly reason: string;
  /** Where it was checked: an AWS page, or a reported failure. */
  readonly source: string;
}

/** CloudFormation's own check, which a type whose whole primary identifier is writable meets on a rename. */
const ALREADY_IN_STACK = 'a new logical id with the same primary identifier fails with "... already exists in stack"';

export const NAME_SINGLETONS: Readonly<Record<string, SingletonEntry>> = {
  'AWS::Cognito::UserPoolDomain': {
    per: ['UserPoolId'],
    kindBy: ['CustomDomainConfig'],
    reason: 'A user pool holds one prefix domain and one custom domain (DescribeUserPool reports them as Domain and CustomDomain); a domain cannot be renamed, so a new prefix means a new domain, whose creation fails while the old one exists ("User pool already has a domain configured").',
    source: 'Amazon Cognito API Reference, UpdateUserPoolDomain ("doesn\'t change the name of your user pool domain"; delete it and create a new one) and UserPoolType (Domain, CustomDomain); aws-cdk#10062',
  },
  'AWS::GuardDuty::Member': {
    per: ['DetectorId', 'MemberId'],
    reason: 'A detector has one member per account (the type\'s primary identifier is DetectorId and MemberId): the same member under a new logical id fails.',
    source: `CloudFormation registry schema (primaryIdentifier DetectorId, MemberId); cloudformation-coverage-roadmap#363 (${ALREADY_IN_STACK})`,
  },
  'AWS::GuardDuty::Detector': {
    per: [],
    reason: 'An account has one detector per Region: a second one is rejected ("a detector already exists for the current account").',
    source: 'Amazon GuardDuty API Reference, CreateDetector ("You can have only one detector per account per Region")',
  },
  'AWS::SecurityHub::Hub': {
    per: [],
    reason: 'Security Hub is enabled once per account and Region: enabling it again is rejected ("Account is already subscribed to Security Hub").',
    source: 'AWS Security Hub API Reference, EnableSecurityHub (ResourceConflictException)',
  },
  'AWS::Events::EventBusPolicy': {
    per: ['EventBusName', 'StatementId'],
    reason: 'A statement id is unique in its event bus\'s policy (the type\'s primary identifier is EventBusName and StatementId): the same statement under a new logical id fails.',
    source: `CloudFormation registry schema (primaryIdentifier EventBusName, StatementId); aws-cdk#28520 (${ALREADY_IN_STACK}), fixed by a new StatementId in aws-cdk#28521`,
  },
  'AWS::EKS::AccessEntry': {
    per: ['ClusterName', 'PrincipalArn'],
    reason: 'A cluster has one access entry per IAM principal: a second one is rejected ("The specified access entry resource is already in use on this cluster").',
    source: 'Amazon EKS API Reference, CreateAccessEntry (ResourceInUseException); aws/eks-distro#2805 (CREATE_FAILED, HandlerErrorCode AlreadyExists)',
  },
  'AWS::S3::BucketPolicy': {
    per: ['Bucket'],
    reason: 'A bucket has one bucket policy (the type\'s primary identifier is Bucket): a second one is rejected ("The bucket policy already exists on bucket").',
    source: 'CloudFormation registry schema (primaryIdentifier Bucket); Amazon S3 API Reference, PutBucketPolicy; medplum/medplum#2008',
  },
};
