/**
 * The machine-readable reports: per stack in the cloud assembly directory, a JSON file
 * `<stack artifact id>.cdk-lifecycle.json` and a SARIF 2.1.0 log
 * `<stack artifact id>.cdk-lifecycle.sarif` (for code scanning: the rule of each result is its
 * FindingId, located by construct path and, when CDK recorded stack traces, by the source line
 * that created the construct), written when the assembly is synthesized.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { attachCustomSynthesis, Stack } from 'aws-cdk-lib';
import { Construct, IConstruct } from 'constructs';
import { guardSarif } from './guard-sarif';
import { NamedResourceFinding } from './named-resource-finding';

/** A finding of the check against a deployed baseline. */
export interface BaselineFinding {
  readonly id: string;
  readonly severity: 'error' | 'warning';
  readonly constructPath: string;
  readonly logicalId: string;
  readonly resourceType: string;
  /** `Certain` or `Possible`. */
  readonly certainty: string;
  readonly reason: string;
  readonly nestedStackPath?: string;
  readonly message: string;
}

const ID = 'CdkLifecycleReplacementReport';

/** Collects the findings of one stack and writes them at synthesis. */
export class ReplacementReport extends Construct {
  /** The report of `stack`, created on first use. */
  public static of(stack: Stack): ReplacementReport {
    return (stack.node.tryFindChild(ID) as ReplacementReport | undefined) ?? new ReplacementReport(stack);
  }

  /** The report file name for a stack. */
  public static fileName(stack: Stack): string {
    return `${stack.artifactId}.cdk-lifecycle.json`;
  }

  /** The SARIF log's file name for a stack. */
  public static sarifFileName(stack: Stack): string {
    return `${stack.artifactId}.cdk-lifecycle.sarif`;
  }

  public readonly findings: Array<NamedResourceFinding | BaselineFinding> = [];

  private constructor(stack: Stack) {
    super(stack, ID);
    attachCustomSynthesis(this, {
      onSynthesize: (session) => {
        const report = {
          stack: stack.stackName,
          artifactId: stack.artifactId,
          findings: this.findings.map(({ message: _message, ...rest }) => rest),
        };
        fs.writeFileSync(path.join(session.outdir, ReplacementReport.fileName(stack)), `${JSON.stringify(report, null, 2)}\n`);
        const sarif = guardSarif(stack, this.findings.map((finding) => ({ finding, construct: constructAt(stack, finding.constructPath) })));
        fs.writeFileSync(path.join(session.outdir, ReplacementReport.sarifFileName(stack)), `${JSON.stringify(sarif, null, 2)}\n`);
      },
    });
  }
}

/** The construct at a full construct path under the stack's root, if there is one. */
function constructAt(stack: Stack, constructPath: string): IConstruct | undefined {
  let node: IConstruct | undefined = stack.node.root;
  for (const id of constructPath.split('/').filter((part) => part !== '')) {
    node = node?.node.tryFindChild(id);
    if (node === undefined) return undefined;
  }
  return node;
}
