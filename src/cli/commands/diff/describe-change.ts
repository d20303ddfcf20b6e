import { ReviewChange } from '../../../review/review-model';

/** `AWS::S3::Bucket Prod/Data/Archive ArchiveDA4CB258 (stack Prod-Data, nested stack Inner)`: a change as the text report names it. */
export function describeChange(change: Pick<ReviewChange, 'resourceType' | 'constructPath' | 'logicalId' | 'stack' | 'nestedStackPath'>, exportName?: string): string {
  const where = [...(change.stack === '' ? [] : [`stack ${change.stack}`]), ...(change.nestedStackPath === undefined ? [] : [`nested stack ${change.nestedStackPath}`])];
  const exported = exportName === undefined ? '' : ` (export ${exportName})`;
  return `${change.resourceType} ${change.constructPath === undefined ? '' : `${change.constructPath} `}${change.logicalId}${exported}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
}
