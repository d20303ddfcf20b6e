/**
 * How CloudFormation reaches a `ResourceProvider`.
 */
export enum ServiceTokenType {
  /** CloudFormation invokes the provider function directly (the ServiceToken is its ARN). */
  LAMBDA = 'lambda',
  /**
   * CloudFormation publishes each request to an SNS topic the function is subscribed to
   * (the ServiceToken is the topic ARN).
   */
  SNS_TOPIC = 'sns-topic',
}
