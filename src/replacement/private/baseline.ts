/**
 * The deployed baseline of a `ReplacementGuard`: a template file (JSON or YAML, read exactly
 * as the `cdk-lifecycle diff` command reads it), or a cloud assembly directory (a `cdk.out`
 * of what is deployed) whose stacks are matched by name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isPlainObject, parseTemplateText, readSynthesizedTemplate, readTemplate, readText, Template } from '../../change-set/input/read-template';
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
    const read = guarded(() => readTemplate(location));
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
    readAssembly(dir, templates, stacks, 0);
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

/** How deep Stages may nest assemblies in one another. */
const MAX_ASSEMBLY_DEPTH = 16;

/** Adds the stack templates of the assembly in `dir`, and of the Stages nested in it. */
function readAssembly(dir: string, templates: Map<string, DeployedTemplate>, stacks: DeployedStack[], depth: number): void {
  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = guarded(() => parseTemplateText(readText(manifestFile), manifestFile)).value;
  const artifacts = isPlainObject(manifest) && isPlainObject(manifest.artifacts) ? manifest.artifacts : {};
  for (const [id, artifact] of Object.entries(artifacts)) {
    if (!isPlainObject(artifact) || !isPlainObject(artifact.properties)) continue;
    const properties = artifact.properties;
    if (artifact.type === 'cdk:cloud-assembly' && typeof properties.directoryName === 'string' && depth < MAX_ASSEMBLY_DEPTH) {
      readAssembly(path.join(dir, properties.directoryName), templates, stacks, depth + 1);
      continue;
    }
    if (artifact.type !== 'aws:cloudformation:stack' || typeof properties.templateFile !== 'string') continue;
    const read = guarded(() => readSynthesizedTemplate(path.join(dir, properties.templateFile as string)));
    const deployed = { template: read.value, warnings: read.warnings };
    stacks.push({ artifactId: id, stackName: typeof properties.stackName === 'string' ? properties.stackName : id, deployed });
    for (const key of [id, properties.stackName, artifact.displayName]) {
      if (typeof key === 'string' && key !== '' && !templates.has(key)) templates.set(key, deployed);
    }
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
