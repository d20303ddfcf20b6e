/**
 * Reading a cloud assembly folder (`cdk.out`): its stacks (artifacts of type
 * `aws:cloudformation:stack`, also inside stages' nested assemblies) with their templates, the
 * templates of their nested stacks, their environment and the file assets their asset
 * manifests publish. `cdk-lifecycle diff` compares the templates; `cdk-lifecycle invoke` also
 * finds the Lambda code of custom-resource providers through the assets; the guard's baseline
 * reads deployed stacks. Every path is read through `AssemblyFolder`, inside the folder given;
 * a Stage that includes itself (or an assembly already read) is refused as a cycle.
 */
import { AssemblyFolder, FolderPath } from './assembly-folder';
import { AssetFiles, findNestedTemplates } from './find-nested-templates';
import { TEMPLATE_LIMIT } from './read-file';
import { SourceLocation, sourceLocationsOf } from './source-locations';
import { MAX_ASSEMBLY_NESTING } from '../change-set/input/read-limits';
import { describe, isPlainObject, Read, Template, templateOfBytes, valueOfBytes } from '../change-set/input/read-template';
import { TemplateReadError } from '../change-set/input/template-read-error';

export type { AssetFiles, AssetSource } from './find-nested-templates';

/** Where warnings of the reading go (a duplicate key in a template); the caller shows them. */
export type Warnings = string[];

/** One stack of a cloud assembly. */
export interface AssemblyStack {
  /** The stack name stacks are matched by (the artifact id when two stacks of the assembly share a name). */
  readonly name: string;
  readonly artifactId: string;
  /** The construct path, `Stage/Stack`. */
  readonly displayName: string;
  readonly template: Template;
  /** Nested stack templates by path of logical ids (`Outer/Inner`). */
  readonly nestedTemplates: ReadonlyMap<string, Template>;
  /** The folder holding the stack's template (asset paths are relative to it), links resolved. */
  readonly directory: string;
  /** `directory` as the user should see it in messages. */
  readonly shown: string;
  /**
   * The folder the user gave: every path of the assembly resolves inside it (`folder.resolve`).
   * Absent only for stacks made by hand (tests).
   */
  readonly folder?: AssemblyFolder;
  /** The stack's account and region, when the app gave them (not `unknown-account`). */
  readonly account?: string;
  readonly region?: string;
  /** The assembly's file assets: object key -> where the asset manifest says its source is. */
  readonly assets: AssetFiles;
  /** The size of the template file in bytes (what a deployment uploads). */
  readonly templateBytes?: number;
  /** Where each resource's construct was created, by logical id, when CDK recorded stack traces. */
  readonly sourceLocations?: ReadonlyMap<string, SourceLocation>;
  /** The template's file (absolute). */
  readonly templateFile?: string;
  /**
   * The artifact ids of the stacks this stack depends on (the manifest's `dependencies`,
   * stacks only): the CDK CLI deploys those first.
   */
  readonly dependencies?: readonly string[];
  /** The artifact's `properties` in the manifest (roles, stack name, ...), as written. */
  readonly properties?: Readonly<Record<string, unknown>>;
  /** The `version` of the manifest that declares the stack. */
  readonly manifestVersion?: string;
  /** The warnings of reading its template and nested templates (each naming the file). */
  readonly warnings?: readonly string[];
}

/** A stack as the manifest declares it, before names are made unique. */
type FoundStack = Omit<AssemblyStack, 'name'> & { readonly stackName: string };

/**
 * Reads the stacks of a cloud assembly.
 *
 * @param directory the folder holding `manifest.json`
 * @param shown the folder as the user should see it in messages
 * @param warnings where warnings of the reading go
 * @throws TemplateReadError when the manifest or a template is missing, unreadable, malformed,
 *   outside the folder, or past a limit, or when Stages or nested stacks form a cycle
 */
export function readAssembly(directory: string, shown: string = directory, warnings?: Warnings): AssemblyStack[] {
  const folder = AssemblyFolder.open(directory, shown);
  if (!folder.exists(folder.top, 'manifest.json')) {
    throw new TemplateReadError(`${shown} is a folder but not a cloud assembly: it has no manifest.json`, 'pass a template file, or the output folder of `cdk synth` (cdk.out)');
  }
  const found: FoundStack[] = [];
  const reader = new AssemblyReader(folder, found);
  reader.read(folder.top, []);
  warnings?.push(...reader.warnings);
  const count = new Map<string, number>();
  for (const stack of found) count.set(stack.stackName, (count.get(stack.stackName) ?? 0) + 1);
  return found.map(({ stackName, ...stack }) => ({ name: count.get(stackName)! > 1 ? stack.artifactId : stackName, ...stack }));
}

class AssemblyReader {
  /** Each assembly folder read, by real path: a second inclusion is refused (no cycle, no repeated work). */
  private readonly done = new Map<string, string>();

  /** The warnings of the whole reading, in order. */
  public readonly warnings: string[] = [];

  public constructor(private readonly folder: AssemblyFolder, private readonly found: FoundStack[]) {}

  /** Reads the assembly in `directory`; `chain` holds the folders that include it, outermost first. */
  public read(directory: FolderPath, chain: readonly FolderPath[]): void {
    this.done.set(directory.real, directory.shown);
    const manifestFile = this.folder.resolve(directory, 'manifest.json', undefined);
    const manifest = this.keep(valueOfBytes(this.folder.read(manifestFile), manifestFile.real, manifestFile.shown));
    const artifacts = isPlainObject(manifest) ? manifest.artifacts : undefined;
    if (!isPlainObject(artifacts)) {
      throw new TemplateReadError(`${manifestFile.shown} is not a cloud assembly manifest: expected an object with an "artifacts" object, found ${describe(manifest)}`);
    }
    const version = isPlainObject(manifest) && typeof manifest.version === 'string' ? manifest.version : undefined;
    const assets = this.assetFiles(directory, manifestFile.shown, artifacts);
    for (const [artifactId, artifact] of Object.entries(artifacts)) {
      if (!isPlainObject(artifact) || !isPlainObject(artifact.properties)) continue;
      const properties = artifact.properties;
      const field = (name: string) => ({ file: manifestFile.shown, field: `artifacts.${artifactId}.properties.${name}` });
      if (artifact.type === 'cdk:cloud-assembly' && typeof properties.directoryName === 'string') {
        this.nested(directory, properties.directoryName, field('directoryName'), [...chain, directory]);
      }
      if (artifact.type !== 'aws:cloudformation:stack') continue;
      if (typeof properties.templateFile !== 'string') {
        throw new TemplateReadError(`${manifestFile.shown}: stack artifact ${artifactId} has no "templateFile"`);
      }
      const templateFile = this.folder.resolve(directory, properties.templateFile, field('templateFile'));
      const bytes = this.folder.read(templateFile, TEMPLATE_LIMIT);
      const warningsBefore = this.warnings.length;
      const template = this.keep(templateOfBytes(bytes, templateFile.real, templateFile.shown, true));
      const nestedTemplates = findNestedTemplates(template, templateFile, { folder: this.folder, directory, assets, warnings: this.warnings });
      this.found.push({
        stackName: typeof properties.stackName === 'string' ? properties.stackName : artifactId,
        artifactId,
        displayName: typeof artifact.displayName === 'string' ? artifact.displayName : artifactId,
        template,
        nestedTemplates,
        directory: directory.real,
        shown: directory.shown,
        folder: this.folder,
        ...environmentOf(artifact.environment),
        assets,
        templateBytes: bytes.length,
        sourceLocations: sourceLocationsOf(artifact, this.folder, directory, { file: manifestFile.shown, field: `artifacts.${artifactId}.additionalMetadataFile` }),
        templateFile: templateFile.real,
        dependencies: stackDependencies(artifact.dependencies, artifacts),
        properties,
        ...(version === undefined ? {} : { manifestVersion: version }),
        warnings: this.warnings.slice(warningsBefore),
      });
    }
  }

  /**
   * A Stage's nested assembly: inside the folder, not one that includes it, not one read
   * already. `chain` holds the folders from the top to the one that names it.
   */
  private nested(directory: FolderPath, written: string, namedBy: { file: string; field: string }, chain: readonly FolderPath[]): void {
    const naming = `${namedBy.file}: ${namedBy.field} ${JSON.stringify(written)}`;
    const target = this.folder.resolve(directory, written, namedBy, 'directory');
    if (target.real === directory.real) throw new TemplateReadError(`${naming} is the cloud assembly ${directory.shown} itself: a cycle`);
    if (chain.some((outer) => outer.real === target.real)) {
      throw new TemplateReadError(`${naming} includes ${target.shown} again: a cycle (${[...chain, target].map((entry) => entry.shown).join(' → ')})`);
    }
    const earlier = this.done.get(target.real);
    if (earlier !== undefined) throw new TemplateReadError(`${naming} includes ${earlier}, which another Stage includes already`);
    if (chain.length > MAX_ASSEMBLY_NESTING) throw new TemplateReadError(`${naming} nests cloud assemblies more than ${MAX_ASSEMBLY_NESTING} deep`);
    this.read(target, chain);
  }

  private keep<T>(read: Read<T>): T {
    this.warnings.push(...read.warnings);
    return read.value;
  }

  /** Object keys of the file assets the asset manifests publish, with their source as written. */
  private assetFiles(directory: FolderPath, manifestShown: string, artifacts: Record<string, unknown>): AssetFiles {
    const byObjectKey = new Map<string, { path: string; namedBy: { file: string; field: string } }>();
    for (const [artifactId, artifact] of Object.entries(artifacts)) {
      if (!isPlainObject(artifact) || artifact.type !== 'cdk:asset-manifest' || !isPlainObject(artifact.properties)) continue;
      const file = artifact.properties.file;
      if (typeof file !== 'string' || !this.folder.exists(directory, file)) continue;
      const assetManifest = this.folder.resolve(directory, file, { file: manifestShown, field: `artifacts.${artifactId}.properties.file` });
      const manifest = this.keep(valueOfBytes(this.folder.read(assetManifest), assetManifest.real, assetManifest.shown));
      const files = isPlainObject(manifest) && isPlainObject(manifest.files) ? manifest.files : {};
      for (const [assetId, asset] of Object.entries(files)) {
        if (!isPlainObject(asset) || !isPlainObject(asset.source) || typeof asset.source.path !== 'string') continue;
        const source = { path: asset.source.path, namedBy: { file: assetManifest.shown, field: `files.${assetId}.source.path` } };
        for (const destination of Object.values(isPlainObject(asset.destinations) ? asset.destinations : {})) {
          if (isPlainObject(destination) && typeof destination.objectKey === 'string') byObjectKey.set(destination.objectKey, source);
        }
      }
    }
    return byObjectKey;
  }
}

/**
 * A Region name: a partition's area code of two or more letters, words, a number
 * (`eu-west-1`, `us-gov-west-1`, `cn-north-1`, `us-isob-east-1`, `eusc-de-east-1`);
 * `unknown-region` has no number.
 */
const REGION = /^[a-z]{2,}(-[a-z]+)+-\d+$/;

/** The stack artifacts among an artifact's `dependencies` (asset manifests and others left out). */
function stackDependencies(dependencies: unknown, artifacts: Record<string, unknown>): string[] {
  if (!Array.isArray(dependencies)) return [];
  return dependencies.filter((id): id is string => {
    const artifact = typeof id === 'string' ? artifacts[id] : undefined;
    return isPlainObject(artifact) && artifact.type === 'aws:cloudformation:stack';
  });
}

/** `aws://123456789012/eu-west-1` -> its account and region; `unknown-account` and `unknown-region` are left out. */
function environmentOf(environment: unknown): { account?: string; region?: string } {
  const match = typeof environment === 'string' ? /^aws:\/\/([^/]*)\/(.*)$/.exec(environment) : null;
  if (match === null) return {};
  return {
    ...(/^\d{12}$/.test(match[1]) ? { account: match[1] } : {}),
    ...(REGION.test(match[2]) ? { region: match[2] } : {}),
  };
}
