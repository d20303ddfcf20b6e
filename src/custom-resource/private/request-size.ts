/**
 * Whether a custom resource's properties fit what carries them: the template, and the request
 * CloudFormation sends to the provider, an asynchronous Lambda invocation or an SNS message.
 *
 * - A template uploaded through S3 holds at most 1 MB (AWS CloudFormation User Guide,
 *   "Understand CloudFormation quotas": template body size in an S3 object, 1 MB).
 * - CloudFormation invokes a Lambda-backed provider asynchronously: at most 1 MB of payload
 *   (AWS Lambda Developer Guide, "Lambda quotas": invocation payload, 1 MB for asynchronous
 *   invocations since October 2025; it was 256 KB).
 * - An SNS-backed provider's request is an SNS message: at most 256 KB (Amazon SNS Developer
 *   Guide, "Amazon SNS quotas": message size, 262,144 bytes).
 *
 * The request carries the properties as CloudFormation delivers them (every scalar a string),
 * twice on an Update (`ResourceProperties` and `OldResourceProperties`), with the request's own
 * fields (the pre-signed response URL, ids): an Update to properties of the same size is what
 * is measured, since any change sends both.
 */

/** Largest template CloudFormation takes through S3, in bytes. */
export const MAX_TEMPLATE_BYTES = 1_048_576;
/** Largest asynchronous Lambda invocation payload, in bytes. */
export const MAX_ASYNC_LAMBDA_BYTES = 1_048_576;
/** Largest SNS message, in bytes. */
export const MAX_SNS_BYTES = 262_144;
/** Room kept for the request's own fields: the pre-signed URL, StackId, RequestId, a PhysicalResourceId of up to 1 KB. */
export const REQUEST_FIELDS_BYTES = 4_096;

/** Why these resolved properties do not fit, or undefined when they do. */
export function requestSizeProblem(resolved: unknown, overSns: boolean): string | undefined {
  const inTemplate = Buffer.byteLength(JSON.stringify(resolved) ?? '', 'utf8');
  if (inTemplate > MAX_TEMPLATE_BYTES) {
    return `are ${bytes(inTemplate)} in the template, above the ${bytes(MAX_TEMPLATE_BYTES)} a CloudFormation template may hold in all: store large values elsewhere (an S3 object, a parameter) and pass their name`;
  }
  const delivered = Buffer.byteLength(JSON.stringify(resolved, (_key, value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value)) ?? '', 'utf8');
  const update = 2 * delivered + REQUEST_FIELDS_BYTES;
  const [limit, carrier] = overSns ? [MAX_SNS_BYTES, 'an SNS message (the provider is SNS-backed)'] : [MAX_ASYNC_LAMBDA_BYTES, 'an asynchronous Lambda invocation'];
  if (update <= limit) return undefined;
  return `are ${bytes(delivered)} as CloudFormation delivers them (every scalar a string); an Update request carries them twice (new and old) with its own fields, about ${bytes(update)}, above the ${bytes(limit)} of ${carrier}: CloudFormation could not send it. Store large values elsewhere (an S3 object, a parameter) and pass their name`;
}

function bytes(n: number): string {
  return `${n.toLocaleString('en-US')} bytes`;
}
