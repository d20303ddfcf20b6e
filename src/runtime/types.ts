/**
 * Types for handler authors. Import them with
 * `import type { LifecycleEvent, LifecycleResult } from 'cdk-lifecycle/handler';`
 *
 * A handler receives one `LifecycleEvent` and returns a `LifecycleResult` (or nothing).
 * The runtime answers CloudFormation; the handler never sees the response URL.
 */

/** Properties as the handler receives them: original JSON types for a `ProvidedResource`. */
export type ResourceProperties = Record<string, unknown>;

interface LifecycleEventBase {
  /** Unique id of this request; retried invocations carry the same id. */
  readonly RequestId: string;
  /** The stack's ARN. */
  readonly StackId: string;
  /** The logical id of the custom resource in the template. */
  readonly LogicalResourceId: string;
  /** The resource type, e.g. `Custom::SeleniumTester` or `AWS::CloudFormation::CustomResource`. */
  readonly ResourceType: string;
  /** The resource's properties, without ServiceToken, ServiceTimeout and the reserved property. */
  readonly ResourceProperties: ResourceProperties;
}

/** Details given to a Create that replaces an existing physical resource (`replaceOnChange`). */
export interface ReplacementDetails {
  /** The physical id being replaced; CloudFormation deletes it after this Create succeeds. */
  readonly PhysicalResourceId: string;
  /** The properties of the resource being replaced. */
  readonly OldResourceProperties: ResourceProperties;
  /** The `replaceOnChange` properties whose values changed. */
  readonly ChangedProperties: string[];
}

/** Create a new physical resource. */
export interface LifecycleCreateEvent extends LifecycleEventBase {
  readonly RequestType: 'Create';
  /**
   * Present when CloudFormation sent an Update that changed a `replaceOnChange` property:
   * the handler creates a new physical resource, the old one is deleted later by a Delete.
   */
  readonly Replacing?: ReplacementDetails;
}

/** Update the physical resource in place (or return a new id to replace it). */
export interface LifecycleUpdateEvent extends LifecycleEventBase {
  readonly RequestType: 'Update';
  /** The id of the resource being updated. */
  readonly PhysicalResourceId: string;
  /** The properties before this update. */
  readonly OldResourceProperties: ResourceProperties;
}

/** Delete the physical resource. */
export interface LifecycleDeleteEvent extends LifecycleEventBase {
  readonly RequestType: 'Delete';
  /** The id of the resource to delete. */
  readonly PhysicalResourceId: string;
}

/** What a handler receives: discriminate on `RequestType`. */
export type LifecycleEvent = LifecycleCreateEvent | LifecycleUpdateEvent | LifecycleDeleteEvent;

/** What a handler may return. Every field is optional; returning nothing is allowed. */
export interface LifecycleResult {
  /**
   * The physical id. Create: defaults to a readable id derived from the request.
   * Update: defaults to the current id; a different id replaces the resource.
   * Delete: must be the current id or absent.
   */
  readonly PhysicalResourceId?: string;
  /**
   * Values readable with `Fn::GetAtt` (Create and Update only). CloudFormation reads only
   * top-level keys: nested objects and lists are flattened into dotted keys
   * (`{ a: { b: 'x' } }` is answered as `{ 'a.b': 'x' }`, read as `Fn::GetAtt [R, a.b]`).
   */
  readonly Data?: Record<string, unknown>;
  /** Mask `Data` in CloudFormation output (Create and Update only). */
  readonly NoEcho?: boolean;
  /**
   * `FAILED` fails the request with `Reason` (as cfn-response handlers write it); `SUCCESS`
   * changes nothing. Throwing an error is the usual way to fail.
   */
  readonly Status?: 'SUCCESS' | 'FAILED';
  /** Why the request failed, with `Status: 'FAILED'` (ignored otherwise, as CloudFormation ignores it). */
  readonly Reason?: string;
}

/** The signature of a handler function. */
export type LifecycleHandler = (event: LifecycleEvent) => Promise<LifecycleResult | void> | LifecycleResult | void;

/**
 * What `isComplete` receives: the event `onEvent` received, with the physical id and the Data
 * `onEvent` answered, and which call this is.
 */
export type LifecycleIsCompleteEvent = LifecycleEvent & {
  /** The physical id `onEvent` answered (on a Create too). */
  readonly PhysicalResourceId: string;
  /** The Data `onEvent` answered, if any. */
  readonly Data?: Record<string, unknown>;
  /** 0 for the first call of isComplete for this request, then 1, 2, ... */
  readonly Attempt: number;
};

/** What `isComplete` returns. */
export interface IsCompleteResult {
  /** true when the work `onEvent` started is done: the resource is then answered SUCCESS. */
  readonly IsComplete: boolean;
  /** Values readable with `Fn::GetAtt`, merged over the Data `onEvent` returned. */
  readonly Data?: Record<string, unknown>;
  /**
   * Mask the answer's Data in CloudFormation output (with the completing answer; `onEvent`'s
   * `NoEcho` masks it too). A secret isComplete returns belongs behind it.
   */
  readonly NoEcho?: boolean;
}

/** The signature of an isComplete function. Throwing fails the resource. */
export type IsCompleteHandler = (event: LifecycleIsCompleteEvent) => Promise<IsCompleteResult> | IsCompleteResult;
