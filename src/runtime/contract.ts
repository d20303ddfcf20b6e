/**
 * The contract between the construct side (src/custom-resource) and the Lambda runtime.
 *
 * This is the only runtime file the construct side may import: names of environment
 * variables, the handler entry point, the reserved property and marker strings. Keeping
 * them in one file lets the compiler enforce the coupling.
 */

/** Folder inside the provider function's code that holds the bundled runtime. */
export const RUNTIME_DIR = 'cdk-lifecycle-runtime';

/** The Lambda handler setting of every provider function: the runtime is the entry point. */
export const RUNTIME_HANDLER = RUNTIME_DIR + '/index.handler';

/** Environment variable naming the user's export, e.g. `index.onEvent` (in-function mode). */
export const ENV_USER_HANDLER = 'CDK_LIFECYCLE_USER_HANDLER';

/**
 * Environment variable that turns isolation off when set to `false` (in-function mode):
 * the handler then runs on the runtime's own thread instead of a fresh worker thread.
 */
export const ENV_ISOLATE_HANDLER = 'CDK_LIFECYCLE_ISOLATE_HANDLER';

/** Environment variable holding the ARN of the user's function (framework mode). */
export const ENV_ON_EVENT_FUNCTION = 'CDK_LIFECYCLE_ON_EVENT_FUNCTION';

/**
 * The one resource property the library reserves. `ProvidedResource` writes the original
 * JSON types of its properties and its `replaceOnChange` list into it; the runtime reads
 * and removes it before the handler sees the properties.
 */
export const RESERVED_PROPERTY = 'CdkLifecycle';

/** Properties CloudFormation itself uses; never passed to handlers. */
export const CLOUDFORMATION_PROPERTIES = ['ServiceToken', 'ServiceTimeout'];

/**
 * Prefix of the physical id answered for a Create that failed. The Delete CloudFormation
 * sends for such an id is answered SUCCESS without calling the handler.
 */
export const FAILED_CREATE_MARKER = 'cdk-lifecycle:create-failed:';

/**
 * The JSON types of a value (CloudFormation delivers every scalar as a string): `n` a number,
 * `b` a boolean, `z` a null; an object of its members' types; `[type]` a list whose items all
 * have that type; an object of a list's items' types by index. A string has none.
 */
export type TypeShape = string | TypeShape[] | { [key: string]: TypeShape };

/**
 * The value of the reserved property: the types of the properties (`t`, format 2) and the
 * properties whose change replaces the resource. Format 1 (templates synthesized by earlier
 * versions, still read) listed the JSON pointers of numbers, booleans and nulls instead.
 */
export interface EncodedOptions {
  /** Format version. */
  readonly v: string;
  /** The types of the properties (format 2). */
  readonly t?: TypeShape;
  /** Format 1: JSON pointers of properties that were numbers. */
  readonly numbers?: string[];
  /** Format 1: JSON pointers of properties that were booleans. */
  readonly booleans?: string[];
  /** Format 1: JSON pointers of properties that were null. */
  readonly nulls?: string[];
  /** Top-level properties whose change replaces the physical resource. */
  readonly replaceOnChange?: string[];
}

/** Current value of `EncodedOptions.v`. */
export const ENCODING_VERSION = '2';

/**
 * Environment variable holding the SSM path under which the runtime claims each request
 * before onEvent runs (`exactlyOnce`, set by default). Unset: every delivery runs onEvent.
 */
export const ENV_CLAIM_PATH = 'CDK_LIFECYCLE_CLAIM_PATH';

/** Environment variable naming the user's isComplete export, e.g. `index.isComplete` (in-function mode). */
export const ENV_IS_COMPLETE_HANDLER = 'CDK_LIFECYCLE_IS_COMPLETE_HANDLER';

/** Environment variable holding the ARN of the user's isComplete function (framework mode). */
export const ENV_IS_COMPLETE_FUNCTION = 'CDK_LIFECYCLE_IS_COMPLETE_FUNCTION';

/** Environment variable holding the polling schedule as JSON (`PollingSchedule`). */
export const ENV_POLLING = 'CDK_LIFECYCLE_POLLING';

/** The polling schedule the construct passes to the runtime, in milliseconds. */
export interface PollingSchedule {
  readonly firstDelayMs: number;
  readonly intervalMs: number;
  readonly backoffRate: number;
  readonly maxIntervalMs: number;
}

/**
 * Prefix of the SSM parameters a polling provider keeps while a wait outlives one invocation
 * (`<prefix><function name>/...`). The role may touch only parameters under it.
 */
export const POLL_PARAMETER_PREFIX = '/cdk-lifecycle/';

/**
 * Margin kept before a resource's ServiceTimeout, in ms: 5% of it, at least 2 s, at most 60 s
 * (the answer must reach CloudFormation before CloudFormation's own clock says the time is up).
 */
export function serviceTimeoutMargin(serviceTimeoutSeconds: number): number {
  return Math.min(60_000, Math.max(2_000, serviceTimeoutSeconds * 50));
}

/** Time kept after the last call of isComplete to deliver the answer, in ms: 10% of the ServiceTimeout, at most 5 s. */
export function answerReserve(serviceTimeoutSeconds: number): number {
  return Math.min(5_000, serviceTimeoutSeconds * 100);
}

/** The shortest time a call of isComplete is given, in ms: the last call starts no later than this before the answer is due. */
export const MIN_CALL_MS = 1_000;

/**
 * The resolution of the response URL's signing time (its `X-Amz-Date`, whole seconds): the
 * request may have been sent up to this many ms after the time the URL names.
 */
export const SIGNING_TIME_RESOLUTION_MS = 1_000;

/**
 * The shortest ServiceTimeout, in whole seconds, in which a polling provider with `schedule`
 * makes at least one call of isComplete at its first delay and answers in time, for a request
 * delivered on time and an onEvent that returns at once. It covers the signing time's
 * resolution, the first delay, the shortest call, the time kept to answer and the margin
 * before the ServiceTimeout. The construct refuses a shorter ServiceTimeout at synth; a result
 * above 3,600 means no ServiceTimeout CloudFormation accepts is long enough.
 */
export function minimumServiceTimeoutSeconds(schedule: PollingSchedule): number {
  const before = SIGNING_TIME_RESOLUTION_MS + Math.max(0, schedule.firstDelayMs) + MIN_CALL_MS;
  if (!Number.isFinite(before)) return Infinity;
  let seconds = Math.max(1, Math.ceil(before / 1000));
  while (before + answerReserve(seconds) + serviceTimeoutMargin(seconds) > seconds * 1000) seconds++;
  return seconds;
}
