/**
 * Singletons and identity tuples: types of which at most one resource can exist per parent (a
 * user pool has one domain of each kind, a GuardDuty detector one member per account), per
 * account and Region (one GuardDuty detector), or per tuple of values that the service keeps
 * unique (an event source mapping per event source and function, a scalable target per
 * namespace, resource id and dimension). Creating a second one fails, so a replacement that
 * keeps the tuple fails (CloudFormation creates the replacement before it deletes the old
 * resource), and so does the same resource moved to a new logical id: the certain failures of a
 * named resource, for types whose identity is not a name, or whose name is not what collides.
 *
 * - `per`: the properties whose values together the resource is the only one of (the parent,
 *   or the tuple); empty for one per account and Region. An absent property is a value too (a
 *   mapping without `Topics` and another without `Topics` have the same one).
 * - `kindBy`: properties whose presence, not their value, tells kinds apart that each have their
 *   own one (a user pool domain with `CustomDomainConfig` is the pool's custom domain, one
 *   without is its prefix domain).
 * - `requires`: properties without which the rule says nothing (an event source mapping of a
 *   self-managed Kafka cluster has no `EventSourceArn`, and its uniqueness is not documented).
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
  /** Properties that must be set for the rule to apply. @default - none: it always applies */
  readonly requires?: readonly string[];
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

  // Identity tuples: values the service keeps unique together, instead of a name or beside one (a delivery source).
  'AWS::Lambda::EventSourceMapping': {
    per: ['EventSourceArn', 'FunctionName', 'Queues', 'Topics'],
    requires: ['EventSourceArn'],
    reason: 'Lambda refuses a second mapping of one event source to one function ("The event source arn ... and function ... provided mapping already exists", ResourceConflictException): a replacement that keeps both (a new StartingPosition) fails, as does the same mapping under a new logical id. Kafka topics and Amazon MQ queues are part of the tuple (one cluster or broker feeds a function through one mapping per topic or queue); without an EventSourceArn (a self-managed Kafka cluster) nothing is judged.',
    source: 'AWS Lambda API Reference, CreateEventSourceMapping (ResourceConflictException); aws/serverless-application-model#1320 (StartingPosition changed on a DynamoDB stream mapping: "provided mapping already exists")',
  },
  'AWS::ApplicationAutoScaling::ScalableTarget': {
    per: ['ResourceId', 'ScalableDimension', 'ServiceNamespace'],
    reason: 'A scalable target is the service namespace, resource id and scalable dimension (its primary identifier), registered once: the same target under a new logical id fails ("... already exists", naming the three values joined by a vertical bar). All three replace the target, so a replacement puts it elsewhere.',
    source: 'Application Auto Scaling API Reference, RegisterScalableTarget; CloudFormation registry schema (primaryIdentifier ResourceId, ScalableDimension, ServiceNamespace); sbstjn/serverless-dynamodb-autoscaling#16 and #32 (CREATE_FAILED "... already exists")',
  },
  'AWS::Logs::DeliverySource': {
    per: ['ResourceArn'],
    requires: ['ResourceArn'],
    reason: 'CloudWatch Logs keeps one delivery source per resource, whatever its name ("This ResourceId has already been used in another Delivery Source in this account", HandlerErrorCode AlreadyExists): a new Name (which replaces the source) for the same ResourceArn, or the same source under a new logical id, fails.',
    source: 'cloudformation-coverage-roadmap#2513 (a new Name, the same ResourceArn: CREATE_FAILED); aws-samples/sample-autonomous-cloud-coding-agents#662 (two names, one AgentCore runtime: the stack rolled back); CloudWatch Logs API Reference, PutDeliverySource',
  },
  'AWS::ApiGateway::BasePathMapping': {
    per: ['BasePath', 'DomainName'],
    reason: 'A base path is unique per custom domain name ("Base path already exists for this domain name", ConflictException; an absent base path is the domain\'s only mapping): the same mapping under a new logical id fails. Both replace the mapping, so a replacement puts it elsewhere.',
    source: 'API Gateway REST API Reference, CreateBasePathMapping (ConflictException); aws/aws-cdk#5794',
  },
  'AWS::ApiGatewayV2::ApiMapping': {
    per: ['ApiMappingKey', 'DomainName'],
    reason: 'An API mapping key is unique per custom domain name ("ApiMapping key already exists for this domain name", ConflictException): the same mapping under a new logical id fails, and so did a replacement that kept both when ApiId replaced the mapping.',
    source: 'API Gateway V2 API Reference, CreateApiMapping (ConflictException); cloudformation-coverage-roadmap#1151; aws/aws-cdk#22660',
  },
  'AWS::ApiGateway::Resource': {
    per: ['ParentId', 'PathPart', 'RestApiId'],
    reason: 'A path part is unique under its parent resource ("Another resource with the same parent already has this name", HandlerErrorCode AlreadyExists): the same resource under a new logical id fails. All three replace the resource, so a replacement puts it elsewhere.',
    source: 'API Gateway REST API Reference, CreateResource (ConflictException); serverless/serverless#10493',
  },
  'AWS::ElasticLoadBalancingV2::Listener': {
    per: ['LoadBalancerArn', 'Port'],
    reason: 'A load balancer has one listener per port ("A listener already exists on this port for this load balancer", DuplicateListener): the same listener under a new logical id fails. A new load balancer replaces the listener and puts it elsewhere; a new port is updated in place.',
    source: 'Elastic Load Balancing API Reference, CreateListener (DuplicateListener); aws/aws-cdk#34235 (HandlerErrorCode AlreadyExists)',
  },
  'AWS::ElasticLoadBalancingV2::ListenerRule': {
    per: ['ListenerArn', 'Priority'],
    reason: 'A rule\'s priority is unique in its listener (PriorityInUse, "The specified priority is in use"): the same rule under a new logical id fails. A new listener replaces the rule and puts it elsewhere; a new priority is updated in place.',
    source: 'Elastic Load Balancing API Reference, CreateRule (PriorityInUse)',
  },
  'AWS::EC2::TransitGatewayRouteTableAssociation': {
    per: ['TransitGatewayAttachmentId'],
    reason: 'A transit gateway attachment is associated with one route table at a time: moving it to another route table replaces the association, whose creation fails while the old one exists, and so does the same association under a new logical id.',
    source: 'Amazon VPC Transit Gateways, Transit gateway route tables (an attachment is associated with one route table); cloudformation-coverage-roadmap#488 (the replacement fails)',
  },
  'AWS::Lambda::Url': {
    per: ['Qualifier', 'TargetFunctionArn'],
    reason: 'A function (or one alias of it) has one function URL: a second CreateFunctionUrlConfig for it is refused (ResourceConflictException), so the same URL under a new logical id fails. Both replace the URL, so a replacement puts it elsewhere.',
    source: 'AWS Lambda API Reference, CreateFunctionUrlConfig (ResourceConflictException); Lambda Developer Guide, Creating and managing Lambda function URLs',
  },
};
