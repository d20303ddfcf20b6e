/**
 * Where a refactor template too large for `TemplateBody` goes. CloudFormation takes at most
 * 51,200 bytes of template body in a request (the quota "Template body size in a request");
 * larger templates, up to 1 MB, are read from S3 by `TemplateURL`. `cdk refactor` uploads such a template (over 50 KiB) to the CDK bootstrap
 * bucket, key `cdk-refactor/<stack>/<sha256 of the template>.json`, and passes the bucket's
 * regional URL (toolkit-lib `api/refactoring/stack-definitions.ts`; the bootstrap template's
 * bucket is `cdk-${Qualifier}-assets-${AWS::AccountId}-${AWS::Region}`, qualifier `hnb659fds`
 * unless the app was synthesized with another, and its `BucketDomainName` output is the
 * bucket's `RegionalDomainName`). The same place is used here, so the files fit the peer's.
 */
import { createHash } from 'node:crypto';
import { isObject, own } from '../json';

/** The most `TemplateBody` takes, in bytes. */
export const MAX_TEMPLATE_BODY_BYTES = 51_200;

/** The bootstrap qualifier CDK uses unless told otherwise. */
export const DEFAULT_QUALIFIER = 'hnb659fds';

/**
 * The domain suffix of each partition, by Region prefix (aws-cdk-lib `region-info`
 * `aws-entities` `PARTITION_MAP`); other Regions are in `aws` (`amazonaws.com`).
 */
const DOMAIN_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ['cn-', 'amazonaws.com.cn'],
  ['us-isob-', 'sc2s.sgov.gov'],
  ['us-isof-', 'csp.hci.ic.gov'],
  ['us-iso-', 'c2s.ic.gov'],
  ['eu-isoe-', 'cloud.adc-e.uk'],
  ['eusc-de-', 'amazonaws.eu'],
];

/** Where one template is uploaded. */
export interface TemplateUpload {
  readonly stackName: string;
  readonly bucketName: string;
  readonly objectKey: string;
  readonly templateUrl: string;
  readonly bytes: number;
  readonly templateBody: string;
}

/** The upload a stack's refactor template needs; undefined when it fits `TemplateBody`. */
export function templateUpload(stackName: string, body: string, account: string, region: string, qualifier: string): TemplateUpload | undefined {
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes <= MAX_TEMPLATE_BODY_BYTES) return undefined;
  const bucketName = `cdk-${qualifier}-assets-${account}-${region}`;
  const objectKey = `cdk-refactor/${stackName}/${createHash('sha256').update(body).digest('hex')}.json`;
  const suffix = DOMAIN_SUFFIXES.find(([prefix]) => region.startsWith(prefix))?.[1] ?? 'amazonaws.com';
  return { stackName, bucketName, objectKey, templateUrl: `https://${bucketName}.s3.${region}.${suffix}/${objectKey}`, bytes, templateBody: body };
}

/**
 * The bootstrap qualifier a CDK template was synthesized with: its `BootstrapVersion`
 * parameter reads `/cdk-bootstrap/<qualifier>/version`; undefined for other templates.
 */
export function qualifierOf(template: unknown): string | undefined {
  const parameters = isObject(template) ? own(template, 'Parameters') : undefined;
  const version = isObject(parameters) ? own(parameters, 'BootstrapVersion') : undefined;
  const path = isObject(version) ? own(version, 'Default') : undefined;
  const match = typeof path === 'string' ? /^\/cdk-bootstrap\/([^/]+)\/version$/.exec(path) : null;
  return match?.[1];
}
