/**
 * The guard's findings of one stack as a SARIF log: one result per finding, its rule the
 * FindingId, its logical location the construct path, its physical location the user's line
 * that created the construct (when CDK recorded stack traces: `cdk synth --debug`, or
 * `new App({ stackTraces: true })`), and a fingerprint from what identifies the finding.
 */
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { IConstruct } from 'constructs';
import { FindingId } from '../finding-ids';
import { NamedResourceFinding } from './named-resource-finding';
import { BaselineFinding } from './replacement-report';
import { packageVersion } from '../../review/package-version';
import { SarifFinding, sarifLog, SarifRule } from '../../review/sarif-log';
import { userFrame } from '../../review/source-frame';

/** The guard's rules: one per FindingId. */
const RULES: readonly SarifRule[] = [
  { id: FindingId.NAMED_RESOURCE_REPLACEMENT, name: 'NamedResourceReplacement', shortDescription: 'A resource with an explicit name has properties whose change would replace it, and the replacement would fail', defaultLevel: 'warning' },
  { id: FindingId.REPLACEMENT_WILL_FAIL, name: 'ReplacementWillFail', shortDescription: 'Against the deployed baseline, this update will fail', defaultLevel: 'error' },
  { id: FindingId.REPLACEMENT_MAY_FAIL, name: 'ReplacementMayFail', shortDescription: 'Against the deployed baseline, this update may fail', defaultLevel: 'warning' },
  { id: FindingId.NAME_COLLISION, name: 'NameCollision', shortDescription: 'Two resources of the app would hold the same unique name', defaultLevel: 'error' },
  { id: FindingId.NAME_MAY_COLLIDE, name: 'NameMayCollide', shortDescription: 'Two resources of the app may hold the same unique name', defaultLevel: 'warning' },
  { id: FindingId.BASELINE_TEMPLATE_WARNING, name: 'BaselineTemplateWarning', shortDescription: 'The baseline template could not be read as expected', defaultLevel: 'warning' },
  { id: FindingId.DATA_WILL_BE_DELETED, name: 'DataWillBeDeleted', shortDescription: 'Replacing or removing the resource deletes its data', defaultLevel: 'warning' },
];

/** The SARIF log of a stack's findings. */
export function guardSarif(
  stack: Stack, findings: ReadonlyArray<{ finding: NamedResourceFinding | BaselineFinding; construct?: IConstruct }>,
): Record<string, unknown> {
  const results = findings.map(({ finding, construct }): SarifFinding => {
    const source = construct === undefined ? undefined : sourceOf(construct);
    const properties = 'names' in finding ? finding.names.map((name) => name.property) : [];
    return {
      ruleId: finding.id,
      level: finding.severity === 'error' ? 'error' : 'warning',
      message: finding.message,
      logicalLocation: finding.constructPath,
      ...(source === undefined ? {} : source),
      identity: [stack.artifactId, finding.constructPath, finding.logicalId, ...properties],
      properties: { stack: stack.stackName, logicalId: finding.logicalId, resourceType: finding.resourceType },
    };
  });
  return sarifLog({ name: 'cdk-lifecycle ReplacementGuard', version: packageVersion(), informationUri: 'https://github.com/cdk-lifecycle/cdk-lifecycle' }, RULES, results);
}

/** The user's line that created the construct (or its default child), relative to the working directory. */
function sourceOf(construct: IConstruct): { file: string; line: number; column?: number } | undefined {
  for (const node of [construct, ...construct.node.children]) {
    for (const entry of node.node.metadata) {
      // aws-cdk-lib records the creation stack as its own entry (older releases as the trace of an entry).
      const frames = entry.type === 'aws:cdk:creationStack' && Array.isArray(entry.data) ? entry.data : entry.trace;
      const location = frames === undefined ? undefined : userFrame(frames);
      if (location === undefined) continue;
      const relative = path.relative(process.cwd(), location.file);
      return { ...location, file: relative.startsWith('..') || path.isAbsolute(relative) ? location.file : relative };
    }
  }
  return undefined;
}
