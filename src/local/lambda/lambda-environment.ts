/**
 * The environment variables of a local Lambda container: the ones the Lambda Node.js runtime
 * sets (`AWS_LAMBDA_FUNCTION_NAME`, `AWS_REGION`, `LAMBDA_TASK_ROOT`, `_HANDLER`, credentials,
 * ...), the function's own `Environment.Variables` (resolved as CloudFormation would), the
 * endpoints of the local AWS APIs the runner serves, and any the user adds.
 *
 * @see https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars.html#configuration-envvars-runtime
 */
import { randomBytes } from 'node:crypto';
import { LambdaFunctionSpec } from '../stack/lambda-functions';

/** The local endpoints and folders every container shares. */
export interface LocalEndpoints {
  /** Base URL of the loopback server (Lambda and SSM APIs). */
  readonly awsUrl: string;
  /** Folder holding the AWS SDK links (`NODE_PATH`). */
  readonly nodePath: string;
  /** The function's own access key id: the local APIs tell its calls by it (for IAM). */
  readonly accessKeyId: string;
}

/** Names of variables the runner sets for the harness. */
export const FUNCTION_ARN_VARIABLE = 'CDK_LIFECYCLE_LOCAL_FUNCTION_ARN';

/** The environment of one container of `fn`. */
export function lambdaEnvironment(
  fn: LambdaFunctionSpec,
  variables: Readonly<Record<string, string>>,
  taskRoot: string,
  endpoints: LocalEndpoints,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '/');
  return {
    ...variables,
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    NODE_PATH: endpoints.nodePath,
    LAMBDA_TASK_ROOT: taskRoot,
    LAMBDA_RUNTIME_DIR: taskRoot,
    _HANDLER: fn.handler ?? '',
    AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime ?? 'unknown'}`,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.name}`,
    AWS_LAMBDA_LOG_STREAM_NAME: `${today}/[$LATEST]${randomBytes(16).toString('hex')}`,
    AWS_REGION: fn.deployment.region,
    AWS_DEFAULT_REGION: fn.deployment.region,
    AWS_ACCESS_KEY_ID: endpoints.accessKeyId,
    AWS_SECRET_ACCESS_KEY: 'local-secret-access-key',
    AWS_SESSION_TOKEN: 'local-session-token',
    AWS_ENDPOINT_URL_LAMBDA: endpoints.awsUrl,
    AWS_ENDPOINT_URL_SSM: endpoints.awsUrl,
    [FUNCTION_ARN_VARIABLE]: fn.arn,
    // The SDK warns about this machine's Node.js version, which is not the function's runtime.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...extra,
  };
}
