/**
 * The requests CloudFormation sends to a custom resource's provider, built as CloudFormation
 * builds them: the ServiceToken at the top and in the properties, every scalar of the
 * properties turned into a string (at every depth), and a new RequestId each time.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/crpg-ref-requests.html
 */
import { randomUUID } from 'node:crypto';

/** The request types of the protocol. */
export type RequestType = 'Create' | 'Update' | 'Delete';

/** A request as it is sent (a JSON object). */
export interface CloudFormationRequest {
  readonly RequestType: RequestType;
  readonly ServiceToken: string;
  readonly ResponseURL: string;
  readonly StackId: string;
  readonly RequestId: string;
  readonly LogicalResourceId: string;
  readonly PhysicalResourceId?: string;
  readonly ResourceType: string;
  readonly ResourceProperties: Record<string, unknown>;
  readonly OldResourceProperties?: Record<string, unknown>;
}

/** What a request is made of. */
export interface RequestParts {
  readonly requestType: RequestType;
  readonly serviceToken: string;
  readonly responseUrl: string;
  readonly stackId: string;
  readonly logicalResourceId: string;
  readonly resourceType: string;
  /** The resolved properties, ServiceToken included (as CloudFormation sends them). */
  readonly properties: Record<string, unknown>;
  /** Update only: the properties before the update. */
  readonly oldProperties?: Record<string, unknown>;
  /** Update and Delete: the id the provider answered before. */
  readonly physicalResourceId?: string;
  /** Defaults to a new UUID. */
  readonly requestId?: string;
}

/** Builds a request; the properties are stringified as CloudFormation does. */
export function buildRequest(parts: RequestParts): CloudFormationRequest {
  return {
    RequestType: parts.requestType,
    ServiceToken: parts.serviceToken,
    ResponseURL: parts.responseUrl,
    StackId: parts.stackId,
    RequestId: parts.requestId ?? randomUUID(),
    LogicalResourceId: parts.logicalResourceId,
    ...(parts.requestType === 'Create' || parts.physicalResourceId === undefined ? {} : { PhysicalResourceId: parts.physicalResourceId }),
    ResourceType: parts.resourceType,
    ResourceProperties: stringifyScalars(parts.properties) as Record<string, unknown>,
    ...(parts.requestType === 'Update' ? { OldResourceProperties: stringifyScalars(parts.oldProperties ?? {}) as Record<string, unknown> } : {}),
  };
}

/** CloudFormation's treatment of property values: numbers and booleans become strings, at every depth. */
export function stringifyScalars(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stringifyScalars);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, stringifyScalars(item)]));
  }
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/**
 * The request wrapped as SNS delivers it to a subscribed Lambda function: one record whose
 * `Sns.Message` is the request as a JSON string.
 */
export function snsNotification(request: CloudFormationRequest, topicArn: string, subscriptionArn: string): Record<string, unknown> {
  return {
    Records: [{
      EventSource: 'aws:sns',
      EventVersion: '1.0',
      EventSubscriptionArn: subscriptionArn,
      Sns: {
        Type: 'Notification',
        MessageId: randomUUID(),
        TopicArn: topicArn,
        Subject: 'AWS CloudFormation custom resource request',
        Message: JSON.stringify(request),
        Timestamp: new Date().toISOString(),
        SignatureVersion: '1',
        Signature: 'LOCAL',
        SigningCertUrl: 'https://sns.amazonaws.com/local.pem',
        UnsubscribeUrl: 'https://sns.amazonaws.com/?Action=Unsubscribe',
        MessageAttributes: {},
      },
    }],
  };
}
