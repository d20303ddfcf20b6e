/**
 * AWS errors in the command's words: what was tried (the action, on what, with which role or
 * credentials), what AWS answered, and what to do.
 */
import { CliError } from '../cli-error';

/** What an AWS call was for. */
export interface CallContext {
  /** The IAM action, `cloudformation:GetTemplate`. */
  readonly action: string;
  /** What it was about: `stack Shop (account 111111111111, eu-west-1)`. */
  readonly target: string;
  /** Who made it: `role arn:aws:iam::...` or `the current credentials (arn:...)`. */
  readonly identity: string;
}

/** An error as the SDK throws it. */
interface AwsError {
  readonly name?: string;
  readonly message?: string;
  readonly code?: string;
  readonly $metadata?: { readonly httpStatusCode?: number; readonly attempts?: number };
}

const ACCESS_DENIED = ['AccessDenied', 'AccessDeniedException', 'UnauthorizedOperation', 'UnauthorizedException'];
const REJECTED_CREDENTIALS = ['ExpiredToken', 'ExpiredTokenException', 'InvalidClientTokenId', 'SignatureDoesNotMatch', 'UnrecognizedClientException', 'InvalidAccessKeyId'];
const THROTTLING = ['Throttling', 'ThrottlingException', 'ThrottledException', 'RequestLimitExceeded', 'TooManyRequestsException', 'RequestThrottled', 'RequestThrottledException'];
const NETWORK = ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'];

/** Whether the error is CloudFormation's "Stack with id X does not exist". */
export function isStackMissing(error: unknown): boolean {
  const { name, message } = error as AwsError;
  return name === 'ValidationError' && typeof message === 'string' && /^Stack with id .+ does not exist$/.test(message);
}

/** Whether the error is ListImports' "Export 'X' is not imported by any stack." */
export function isNotImported(error: unknown): boolean {
  const { name, message } = error as AwsError;
  return name === 'ValidationError' && typeof message === 'string' && /is not imported by any stack/.test(message);
}

/** Whether the error is an access denied (for the fallback from a role to the current credentials). */
export function isAccessDenied(error: unknown): boolean {
  return ACCESS_DENIED.includes((error as AwsError).name ?? '');
}

/** The one-line reason AWS gave. */
export function reasonOf(error: unknown): string {
  const { name, message, code } = error as AwsError;
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  const label = code ?? name;
  return label !== undefined && label !== 'Error' && !text.startsWith(label) ? `${label}: ${text}` : text;
}

/** The `CliError` for a failed call. */
export function callError(error: unknown, context: CallContext): CliError {
  const { name, code } = error as AwsError;
  const reason = reasonOf(error);
  const tried = `${context.action} on ${context.target} with ${context.identity}`;
  if (ACCESS_DENIED.includes(name ?? '')) {
    return new CliError(`access denied: ${tried}: ${reason}`, `allow ${context.action} to that identity (the cdk bootstrap's lookup role has it), or use --profile with credentials that may read the stacks`);
  }
  if (REJECTED_CREDENTIALS.includes(name ?? '')) {
    return new CliError(`AWS rejected the credentials: ${tried}: ${reason}`, 'renew them (aws sso login, or new keys), or pick others with --profile');
  }
  if (THROTTLING.includes(name ?? '') || (error as AwsError).$metadata?.httpStatusCode === 429) {
    return new CliError(`AWS kept throttling the reads: ${tried} was still throttled after ${(error as AwsError).$metadata?.attempts ?? 1} attempts, when the retry budget ran out: ${reason}`, 'try again later, or read fewer stacks at once (--stack)');
  }
  if (NETWORK.includes(code ?? '') || name === 'TimeoutError' || name === 'RequestTimeout') {
    return new CliError(`cannot reach AWS: ${tried}: ${reason}`, 'check the network, a proxy, or AWS_ENDPOINT_URL');
  }
  return new CliError(`${tried} failed: ${reason}`);
}

/** The `CliError` for credentials that could not be found at all. */
export function noCredentialsError(error: unknown, profile: string | undefined): CliError {
  const where = profile === undefined
    ? 'the environment (AWS_ACCESS_KEY_ID, AWS_PROFILE, AWS_WEB_IDENTITY_TOKEN_FILE), the default profile of the shared config and credentials files (SSO included), and the container and instance metadata'
    : `profile "${profile}" of the shared config and credentials files (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE, or ~/.aws), SSO included`;
  return new CliError(
    `no AWS credentials found to read the deployed stacks: tried ${where}: ${reasonOf(error)}`,
    'configure credentials as for the cdk CLI (aws configure, aws sso login, or --profile), or compare with a snapshot offline: cdk-lifecycle diff <snapshot dir> <cdk.out>',
  );
}
