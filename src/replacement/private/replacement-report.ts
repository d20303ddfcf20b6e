/**
 * The machine-readable report: one JSON file per stack in the cloud assembly directory,
 * `<stack artifact id>.cdk-lifecycle.json`, written when the assembly is synthesized.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { attachCustomSynthesis, Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
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
      },
    });
  }
}
