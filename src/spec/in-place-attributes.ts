/**
 * What an update in place (no replacement) does to a resource's attributes, where that is known:
 * one table per direction, each entry with its reason and source. For an attribute in neither,
 * the engine does as CloudFormation's change set does: a `Fn::GetAtt` of a resource updated in
 * place may change (a Dynamic `ResourceAttribute` detail), and an export of one is judged by its
 * value alone.
 *
 * - `CHANGED_IN_PLACE`: attributes an update in place is known to change (a table's stream ARN
 *   when its stream is switched): an export of one may change while the resource is only modified.
 * - `KEPT_IN_PLACE`: attributes an update in place cannot change because they are the physical id,
 *   the very value `Ref` returns (a security group's `GroupId`). CloudFormation's change set gives
 *   `Ref` dependents of a resource updated in place nothing, yet marks every `Fn::GetAtt` dependent
 *   Dynamic, even of these: the deployment then finds the same value and updates nothing. The
 *   engine follows the deployment for them: no detail, so a rule written as a separate
 *   `AWS::EC2::SecurityGroupIngress` is not "may be replaced" when its group gains an inline rule.
 *   Attributes that are only derived from create-only properties (a topic's `TopicName`) are not
 *   listed: CloudFormation's recorded change sets mark their dependents, and the engine keeps them
 *   as recorded.
 */

/** Attributes of one type, with why and where it is written. */
export interface AttributeRule {
  readonly attributes: readonly string[];
  /** Why (one line, shown in reasons and docs). */
  readonly reason: string;
  /** The AWS page it was checked against. */
  readonly source: string;
}

/** Attributes an update in place is known to change. */
export const CHANGED_IN_PLACE: Readonly<Record<string, AttributeRule>> = {
  'AWS::DynamoDB::Table': {
    attributes: ['StreamArn'],
    reason: 'a table\'s stream gets a new ARN when its StreamSpecification changes',
    source: 'DynamoDB Developer Guide, "Change data capture for DynamoDB Streams"',
  },
  'AWS::EC2::LaunchTemplate': {
    attributes: ['LatestVersionNumber', 'DefaultVersionNumber'],
    reason: 'every update of a launch template creates a new version',
    source: 'CloudFormation Template Reference, AWS::EC2::LaunchTemplate, Return values',
  },
  'AWS::EC2::Instance': {
    attributes: ['PublicIp', 'PublicDnsName'],
    reason: 'an update that stops and starts the instance gives it a new public address',
    source: 'EC2 User Guide, "Public IPv4 addresses"',
  },
};

/** The physical id under another name: `Fn::GetAtt` of these is what `Ref` returns, which an update in place keeps. */
export const KEPT_IN_PLACE: Readonly<Record<string, AttributeRule>> = {
  'AWS::EC2::SecurityGroup': {
    attributes: ['GroupId', 'Id'],
    reason: 'the group\'s id (sg-...), which Ref returns for a group in a VPC; its rules and tags are changed on the same group',
    source: 'CloudFormation Template Reference, AWS::EC2::SecurityGroup, Return values (Ref: the security group ID; GroupId: the group ID)',
  },
  'AWS::EC2::VPC': {
    attributes: ['VpcId'],
    reason: 'the VPC\'s id, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::EC2::VPC, Return values',
  },
  'AWS::EC2::Subnet': {
    attributes: ['SubnetId'],
    reason: 'the subnet\'s id, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::EC2::Subnet, Return values',
  },
  'AWS::EC2::Instance': {
    attributes: ['InstanceId'],
    reason: 'the instance\'s id, which Ref returns; a stop and start keeps it',
    source: 'CloudFormation Template Reference, AWS::EC2::Instance, Return values',
  },
  'AWS::EC2::LaunchTemplate': {
    attributes: ['LaunchTemplateId'],
    reason: 'the launch template\'s id, which Ref returns; an update adds a version to the same template',
    source: 'CloudFormation Template Reference, AWS::EC2::LaunchTemplate, Return values',
  },
  'AWS::KMS::Key': {
    attributes: ['KeyId'],
    reason: 'the key\'s id, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::KMS::Key, Return values',
  },
  'AWS::SQS::Queue': {
    attributes: ['QueueUrl'],
    reason: 'the queue\'s URL, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::SQS::Queue, Return values',
  },
  'AWS::SNS::Topic': {
    attributes: ['TopicArn'],
    reason: 'the topic\'s ARN, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::SNS::Topic, Return values',
  },
  'AWS::IAM::ManagedPolicy': {
    attributes: ['PolicyArn'],
    reason: 'the policy\'s ARN, which Ref returns; an update adds a policy version to the same policy',
    source: 'CloudFormation Template Reference, AWS::IAM::ManagedPolicy, Return values',
  },
  'AWS::ElasticLoadBalancingV2::LoadBalancer': {
    attributes: ['LoadBalancerArn'],
    reason: 'the load balancer\'s ARN, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::ElasticLoadBalancingV2::LoadBalancer, Return values',
  },
  'AWS::ElasticLoadBalancingV2::TargetGroup': {
    attributes: ['TargetGroupArn'],
    reason: 'the target group\'s ARN, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::ElasticLoadBalancingV2::TargetGroup, Return values',
  },
  'AWS::ElasticLoadBalancingV2::Listener': {
    attributes: ['ListenerArn'],
    reason: 'the listener\'s ARN, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::ElasticLoadBalancingV2::Listener, Return values',
  },
  'AWS::StepFunctions::StateMachine': {
    attributes: ['Arn'],
    reason: 'the state machine\'s ARN, which Ref returns',
    source: 'CloudFormation Template Reference, AWS::StepFunctions::StateMachine, Return values',
  },
};

/** What an update in place does to `attribute` of a resource of `resourceType`: `changes`, `kept`, or undefined when not known. */
export function inPlaceFate(resourceType: string, attribute: string): 'changes' | 'kept' | undefined {
  if (own(CHANGED_IN_PLACE, resourceType)?.attributes.includes(attribute)) return 'changes';
  if (own(KEPT_IN_PLACE, resourceType)?.attributes.includes(attribute)) return 'kept';
  return undefined;
}

function own(table: Readonly<Record<string, AttributeRule>>, key: string): AttributeRule | undefined {
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
}
