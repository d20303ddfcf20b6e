/**
 * The guard's `includeResourceTypes` / `excludeResourceTypes`: glob patterns (`*` matches any
 * characters) checked when the guard is created, so a typo fails loudly instead of silently
 * checking nothing.
 */
import { distance } from 'fastest-levenshtein';
import { isCustomResourceType } from './replacement-knowledge';
import { knownResourceTypes, lookupResourceType } from '../../spec/replacement-spec';

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
    const regexp = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
    if (matchesSomeType(pattern, regexp)) return regexp;
    const what = pattern.includes('*') ? 'matches no known CloudFormation resource type' : 'is not a known CloudFormation resource type and has no "*"';
    const suggestions = suggest(pattern);
    throw new Error(`ReplacementGuard: ${option} entry "${pattern}" matches no resource type: it ${what}. Expected a type such as "AWS::S3::Bucket" or a pattern such as "AWS::S3::*"${suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `"${s}"`).join(' or ')}?` : '.'}`);
  });
}

/** A custom resource type (or pattern of them), a known type, or a glob matching a known type. */
function matchesSomeType(pattern: string, regexp: RegExp): boolean {
  if (isCustomResourceType(pattern) || pattern.startsWith('Custom::')) return true;
  return pattern.includes('*') ? knownResourceTypes().some((type) => regexp.test(type)) : lookupResourceType(pattern) !== undefined;
}

/**
 * What the user may have meant, each of which matches known types: the closest type names (a
 * typo), else every type of the service (`AWS::S3` -> `AWS::S3::*`).
 */
export function suggest(pattern: string): string[] {
  const types = knownResourceTypes();
  const plain = pattern.replace(/\*/g, '').replace(/:+$/, '');
  const scored = types
    .map((type) => ({ type, d: distance(plain.toLowerCase(), type.toLowerCase()) }))
    .filter(({ d }) => d <= Math.max(2, Math.floor(plain.length / 8)));
  if (scored.length > 0) {
    const best = Math.min(...scored.map(({ d }) => d));
    return scored.filter(({ d }) => d === best).slice(0, 3).map(({ type }) => type);
  }
  const service = /^([A-Za-z0-9]+::[A-Za-z0-9]+)/.exec(plain)?.[1];
  const matching = service === undefined ? undefined : types.find((type) => type.toLowerCase().startsWith(`${service.toLowerCase()}::`));
  return matching === undefined ? [] : [`${matching.split('::').slice(0, 2).join('::')}::*`];
}
