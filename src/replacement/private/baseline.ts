/**
 * The deployed baseline of a `ReplacementGuard`: a template file, or a cloud assembly
 * directory (a `cdk.out` of what is deployed) whose stacks are matched by name.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The parts of a cloud assembly manifest's artifact the baseline reads. */
interface AssemblyArtifact {
  readonly type?: string;
  readonly displayName?: string;
  readonly properties?: { readonly templateFile?: string; readonly stackName?: string; readonly directoryName?: string };
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
    const single = readTemplate(location);
    const base = path.basename(location).replace(/(\.template)?\.json$/, '');
    return new Baseline(new Map([[base, single]]), single);
  }

  private static fromAssembly(dir: string): Baseline {
    const manifestFile = path.join(dir, 'manifest.json');
    if (!fs.existsSync(manifestFile)) {
      throw new Error(`ReplacementGuard: baseline directory "${dir}" has no manifest.json; expected a cloud assembly directory (cdk.out)`);
    }
    const templates = new Map<string, unknown>();
    readAssembly(dir, templates);
    return new Baseline(templates, undefined);
  }

  private constructor(private readonly byName: Map<string, unknown>, private readonly single: unknown) {}

  /**
   * The deployed template of a stack, by artifact id or stack name. A single template file
   * applies to the stack its file name names (`<name>.template.json` or `<name>.json`), or to
   * the only stack of the app.
   */
  public templateFor(artifactId: string, stackName: string, onlyStack: boolean): unknown | undefined {
    const named = this.byName.get(artifactId) ?? this.byName.get(stackName);
    if (named !== undefined) return named;
    return onlyStack ? this.single : undefined;
  }
}

/** Adds the stack templates of the assembly in `dir`, and of the Stages nested in it. */
function readAssembly(dir: string, templates: Map<string, unknown>): void {
  const manifest = readJson(path.join(dir, 'manifest.json')) as { artifacts?: Record<string, AssemblyArtifact> };
  for (const [id, artifact] of Object.entries(manifest.artifacts ?? {})) {
    if (artifact.type === 'cdk:cloud-assembly' && artifact.properties?.directoryName) {
      readAssembly(path.join(dir, artifact.properties.directoryName), templates);
      continue;
    }
    if (artifact.type !== 'aws:cloudformation:stack' || !artifact.properties?.templateFile) continue;
    const template = readTemplate(path.join(dir, artifact.properties.templateFile));
    for (const key of [id, artifact.properties.stackName, artifact.displayName]) {
      if (key && !templates.has(key)) templates.set(key, template);
    }
  }
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`ReplacementGuard: cannot read baseline template "${file}": ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`ReplacementGuard: baseline template "${file}" is not valid JSON: ${(e as Error).message}`);
  }
}

function readTemplate(file: string): unknown {
  const template = readJson(file) as { Resources?: unknown } | null;
  if (!template || typeof template !== 'object' || typeof template.Resources !== 'object' || template.Resources === null) {
    throw new Error(`ReplacementGuard: baseline "${file}" is not a CloudFormation template (it has no Resources object)`);
  }
  return template;
}
