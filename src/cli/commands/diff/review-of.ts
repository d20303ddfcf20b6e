/**
 * The review of a diff: the stacks' predictions, each change located (construct path, source
 * line) and given its level by the review rules over `--fail-on`. Every output is rendered
 * from it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StackDiff } from './predict-stacks';
import { buildReview, Review, SourceLocation } from '../../../review/review-model';
import { FailOn, levelDecider, ReviewRule } from '../../../review/review-rules';

/**
 * The review of these diffs. A resource is located in the app's source where CDK recorded its
 * creation stack, else in its template file (the line of its logical id); paths are relative to
 * `cwd` when inside it, as code scanning expects.
 */
export function reviewOf(diffs: readonly StackDiff[], rules: readonly ReviewRule[], failOn: FailOn, cwd: string): Review {
  return buildReview(diffs.map((diff) => {
    let templateLines: Map<string, number> | undefined;
    const inTemplate = (logicalId: string): SourceLocation | undefined => {
      if (diff.templateFile === undefined) return undefined;
      templateLines ??= logicalIdLines(diff.templateFile);
      const line = templateLines.get(logicalId);
      return line === undefined ? undefined : { file: relative(cwd, diff.templateFile), line };
    };
    return {
      ...(diff.name === undefined ? {} : { name: diff.name }),
      ...(diff.displayName === undefined ? {} : { displayName: diff.displayName }),
      ...(diff.onlyIn === undefined ? {} : { onlyIn: diff.onlyIn }),
      changeSet: diff.changeSet,
      security: diff.security,
      links: diff.links,
      locate: (nestedStackPath: string, logicalId: string) => {
        const constructPath = diff.constructPaths.get(nestedStackPath)?.get(logicalId);
        const recorded = nestedStackPath === '' ? diff.sourceLocations?.get(logicalId) ?? ancestorSource(diff, constructPath) : undefined;
        const source = recorded === undefined ? (nestedStackPath === '' ? inTemplate(logicalId) : undefined) : { ...recorded, file: relative(cwd, recorded.file) };
        return { ...(constructPath === undefined ? {} : { constructPath }), ...(source === undefined ? {} : { source }) };
      },
    };
  }), levelDecider(rules, failOn));
}

/**
 * A construct CDK recorded no creation stack for (one made inside another, as a role's default
 * policy is) is located at its nearest ancestor construct that has one: the user's code that
 * made it, rather than a line of the synthesized template.
 */
function ancestorSource(diff: StackDiff, constructPath: string | undefined): SourceLocation | undefined {
  if (constructPath === undefined || diff.sourceLocations === undefined) return undefined;
  const paths = diff.constructPaths.get('');
  let best: { depth: number; source: SourceLocation } | undefined;
  for (const [logicalId, source] of diff.sourceLocations) {
    const candidate = paths?.get(logicalId);
    if (candidate === undefined || candidate === constructPath || !constructPath.startsWith(`${candidate}/`)) continue;
    const depth = candidate.split('/').length;
    if (best === undefined || depth > best.depth) best = { depth, source };
  }
  return best?.source;
}

/** The line of each resource's logical id in a template file (JSON or YAML, as CDK and editors write them). */
function logicalIdLines(file: string): Map<string, number> {
  const lines = new Map<string, number>();
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return lines;
  }
  const pattern = /^\s*"?([A-Za-z0-9]+)"?\s*:\s*(\{|$)/;
  text.split('\n').forEach((line, index) => {
    const match = pattern.exec(line);
    if (match !== null && !lines.has(match[1])) lines.set(match[1], index + 1);
  });
  return lines;
}

function relative(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}
