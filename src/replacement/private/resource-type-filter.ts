/**
 * The guard's `includeResourceTypes` / `excludeResourceTypes`: glob patterns (`*` matches any
 * characters) checked when the guard is created, so a typo fails loudly instead of silently
 * checking nothing.
 */
import { isCustomResourceType } from './replacement-knowledge';
import { lookupResourceType } from '../../spec/replacement-spec';

/** Decides which resource types the guard checks. */
export class ResourceTypeFilter {
  /**
   * Validates the patterns; throws an error naming the option and the pattern when a list is
   * empty or a pattern can match no resource type.
   */
  public static of(include: readonly string[] | undefined, exclude: readonly string[] | undefined): ResourceTypeFilter {
    return new ResourceTypeFilter(
      include === undefined ? undefined : compile('includeResourceTypes', include),
      exclude === undefined ? [] : compile('excludeResourceTypes', exclude),
    );
  }

  private constructor(private readonly include: RegExp[] | undefined, private readonly exclude: RegExp[]) {}

  /** True when resources of `type` are checked. */
  public accepts(type: string): boolean {
    if (this.include && !this.include.some((p) => p.test(type))) return false;
    return !this.exclude.some((p) => p.test(type));
  }
}

function compile(option: string, patterns: readonly string[]): RegExp[] {
  if (!Array.isArray(patterns) || patterns.length === 0) {
    throw new Error(`ReplacementGuard: ${option} must list at least one resource type pattern (for example "AWS::S3::*"); an empty list would ${option === 'includeResourceTypes' ? 'check nothing' : 'exclude nothing'}. Leave the option out instead.`);
  }
  return patterns.map((pattern) => {
    if (typeof pattern !== 'string' || pattern.trim() === '') {
      throw new Error(`ReplacementGuard: ${option} entry ${JSON.stringify(pattern)} is not a resource type pattern; expected a type such as "AWS::S3::Bucket" or a pattern such as "AWS::S3::*"`);
    }
    if (!pattern.includes('*') && lookupResourceType(pattern) === undefined && !isCustomResourceType(pattern)) {
      throw new Error(`ReplacementGuard: ${option} entry "${pattern}" matches no resource type: it is not a known CloudFormation type and has no "*". Expected a type such as "AWS::S3::Bucket", or a pattern such as "${suggestion(pattern)}".`);
    }
    return new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  });
}

/** `AWS::S3` -> `AWS::S3::*`; anything else -> `<pattern>*`. */
function suggestion(pattern: string): string {
  return /^[A-Za-z0-9]+::[A-Za-z0-9]+$/.test(pattern) ? `${pattern}::*` : `${pattern.replace(/:+$/, '')}::*`;
}
