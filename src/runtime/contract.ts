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
 * The value of the reserved property. CloudFormation turns every scalar into a string, so
 * the paths (JSON pointers) of non-string scalars are listed by type and turned back.
 */
export interface EncodedOptions {
  /** Format version. */
  readonly v: string;
  /** JSON pointers of properties that were numbers. */
  readonly numbers?: string[];
  /** JSON pointers of properties that were booleans. */
  readonly booleans?: string[];
  /** JSON pointers of properties that were null. */
  readonly nulls?: string[];
  /** Top-level properties whose change replaces the physical resource. */
  readonly replaceOnChange?: string[];
}

/** Current value of `EncodedOptions.v`. */
export const ENCODING_VERSION = '1';

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
