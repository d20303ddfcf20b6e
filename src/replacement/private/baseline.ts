/**
 * The deployed baseline of a `ReplacementGuard`: a template file (JSON or YAML), or a cloud
 * assembly directory (a `cdk.out` of what is deployed) whose stacks are matched by name. Both
 * are read by the readers of `src/assembly`, exactly as the `cdk-lifecycle diff` command reads
 * them: inside the folder given, within the same limits.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readAssembly } from '../../assembly/read-assembly';
import { readTemplateFile } from '../../assembly/read-file';
import { Template } from '../../change-set/input/read-template';
import { TemplateReadError } from '../../change-set/input/template-read-error';

/** A deployed template and the warnings reading it gave (a duplicate YAML key). */
export interface DeployedTemplate {
  readonly template: Template;
  readonly warnings: readonly string[];
}

/** One stack of a cloud assembly baseline. */
export interface DeployedStack {
  readonly artifactId: string;
  readonly stackName: string;
  readonly deployed: DeployedTemplate;
}

/** Templates of the deployed stacks, found by artifact id or stack name. */
export class Baseline {
  /** Reads `location`; throws a clear error when it cannot be used. */
  public static load(location: string): Baseline {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(location);
    } catch (e) {
      throw new Error(`ReplacementGuard: baseline "${location}" cannot be read (${(e as Error).message}); expected a template file or a cloud assembly directory`);
    }
    if (stat.isDirectory()) return Baseline.fromAssembly(location);
    const read = guarded(() => readTemplateFile(location));
    const single = { template: read.value, warnings: read.warnings };
    const base = path.basename(location).replace(/(\.template)?\.(json|ya?ml)$/i, '');
    return new Baseline(new Map([[base, single]]), single);
  }

  private static fromAssembly(dir: string): Baseline {
    const manifestFile = path.join(dir, 'manifest.json');
    if (!fs.existsSync(manifestFile)) {
      throw new Error(`ReplacementGuard: baseline directory "${dir}" has no manifest.json; expected a cloud assembly directory (cdk.out)`);
    }
    const templates = new Map<string, DeployedTemplate>();
    const stacks: DeployedStack[] = [];
    for (const stack of guarded(() => readAssembly(dir))) {
      const stackName = typeof stack.properties?.stackName === 'string' ? stack.properties.stackName : stack.artifactId;
      const deployed = { template: stack.template, warnings: stack.warnings ?? [] };
      stacks.push({ artifactId: stack.artifactId, stackName, deployed });
      for (const key of [stack.artifactId, stackName, stack.displayName]) {
        if (key !== '' && !templates.has(key)) templates.set(key, deployed);
      }
    }
    return new Baseline(templates, undefined, stacks);
  }

  private constructor(
    private readonly byName: Map<string, DeployedTemplate>,
    private readonly single: DeployedTemplate | undefined,
    private readonly deployedStacks: readonly DeployedStack[] = [],
  ) {}

  /** Whether the baseline is a cloud assembly: it then has every deployed stack of the app. */
  public get isAssembly(): boolean {
    return this.single === undefined;
  }

  /** The stacks of a cloud assembly baseline, in its manifest's order (none for a template file). */
  public get stacks(): readonly DeployedStack[] {
    return this.deployedStacks;
  }

  /**
   * The deployed template of a stack, by artifact id or stack name (an artifact deployed under
   * another stack name is not this stack: its name changed). A single template file
   * applies to the stack its file name names (`<name>.template.json`, `<name>.yaml`, ...),
   * or to the only stack of the app.
   */
  public templateFor(artifactId: string, stackName: string, onlyStack: boolean): DeployedTemplate | undefined {
    // The same construct deployed under another stack name is another CloudFormation stack: the old one stays deployed.
    const sameArtifact = this.deployedStacks.find((stack) => stack.artifactId === artifactId);
    if (sameArtifact !== undefined && sameArtifact.stackName !== stackName) {
      return this.deployedStacks.find((stack) => stack.stackName === stackName)?.deployed;
    }
    const named = this.byName.get(artifactId) ?? this.byName.get(stackName);
    if (named !== undefined) return named;
    return onlyStack ? this.single : undefined;
  }
}

/** Runs a read, turning the reader's errors into the guard's. */
function guarded<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof TemplateReadError)) throw error;
    throw new Error(`ReplacementGuard: baseline ${error.message}${error.hint === undefined ? '' : ` (${error.hint})`}`);
  }
}
