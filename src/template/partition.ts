/**
 * The partition of a Region and its domain, as AWS's SDKs list them (the partitions file of
 * the AWS SDKs, `partitions.json`): what `AWS::Partition` and `AWS::URLSuffix` are in a stack
 * of that Region.
 */

/** A partition: its name and its URL suffix. */
export interface Partition {
  readonly name: string;
  readonly urlSuffix: string;
}

/** Region prefixes of the partitions other than `aws`, the most specific first. */
const PARTITIONS: ReadonlyArray<{ readonly prefix: string } & Partition> = [
  { prefix: 'cn-', name: 'aws-cn', urlSuffix: 'amazonaws.com.cn' },
  { prefix: 'us-gov-', name: 'aws-us-gov', urlSuffix: 'amazonaws.com' },
  { prefix: 'us-isob-', name: 'aws-iso-b', urlSuffix: 'sc2s.sgov.gov' },
  { prefix: 'us-isof-', name: 'aws-iso-f', urlSuffix: 'csp.hci.ic.gov' },
  { prefix: 'us-iso-', name: 'aws-iso', urlSuffix: 'c2s.ic.gov' },
  { prefix: 'eu-isoe-', name: 'aws-iso-e', urlSuffix: 'cloud.adc-e.uk' },
  { prefix: 'eusc-', name: 'aws-eusc', urlSuffix: 'amazonaws.eu' },
];

/** The partition of a Region (`aws` for any Region of the commercial partition, and for an unknown one). */
export function partitionOf(region: string | undefined): Partition {
  const found = region === undefined ? undefined : PARTITIONS.find((partition) => region.startsWith(partition.prefix));
  return found === undefined ? { name: 'aws', urlSuffix: 'amazonaws.com' } : { name: found.name, urlSuffix: found.urlSuffix };
}
