/**
 * Reading a cloud assembly folder (`cdk.out`): its stacks (artifacts of type
 * `aws:cloudformation:stack`, also inside stages' nested assemblies) with their templates and
 * the templates of their nested stacks.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CliError } from './cli-error';
import { AssetTemplates, findNestedTemplates } from './find-nested-templates';
import { describe, isPlainObject, parseTemplateText, readSynthesizedTemplate, readText, Template, Warnings } from './read-template';

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
}

/** A stack as the manifest declares it, before names are made unique. */
type FoundStack = Omit<AssemblyStack, 'name'> & { readonly stackName: string };

/** How deep stages may nest assemblies in one another. */
const MAX_ASSEMBLY_DEPTH = 16;

/**
 * Reads the stacks of a cloud assembly.
 *
 * @param directory the folder holding `manifest.json`
 * @param shown the folder as the user should see it in messages
 * @param warnings where warnings of the reading go
 * @throws CliError when the manifest or a template is missing, unreadable or malformed
 */
export function readAssembly(directory: string, shown: string = directory, warnings?: Warnings): AssemblyStack[] {
  if (!fs.existsSync(path.join(directory, 'manifest.json'))) {
    throw new CliError(`${shown} is a folder but not a cloud assembly: it has no manifest.json`, 'pass a template file, or the output folder of `cdk synth` (cdk.out)');
  }
  const found: FoundStack[] = [];
  collectStacks(directory, shown, 0, found, warnings);
  const count = new Map<string, number>();
  for (const stack of found) count.set(stack.stackName, (count.get(stack.stackName) ?? 0) + 1);
  return found.map(({ stackName, ...stack }) => ({ name: count.get(stackName)! > 1 ? stack.artifactId : stackName, ...stack }));
}

function collectStacks(directory: string, shown: string, depth: number, found: FoundStack[], warnings?: Warnings): void {
  const manifestFile = path.join(directory, 'manifest.json');
  const manifestShown = path.join(shown, 'manifest.json');
  const manifest = parseTemplateText(readText(manifestFile, manifestShown), manifestFile, manifestShown);
  const artifacts = isPlainObject(manifest) ? manifest.artifacts : undefined;
  if (!isPlainObject(artifacts)) {
    throw new CliError(`${manifestShown} is not a cloud assembly manifest: expected an object with an "artifacts" object, found ${describe(manifest)}`);
  }
  const assets = assetTemplates(directory, shown, artifacts);
  for (const [artifactId, artifact] of Object.entries(artifacts)) {
    if (!isPlainObject(artifact) || !isPlainObject(artifact.properties)) continue;
    const properties = artifact.properties;
    if (artifact.type === 'cdk:cloud-assembly' && typeof properties.directoryName === 'string' && depth < MAX_ASSEMBLY_DEPTH) {
      collectStacks(path.join(directory, properties.directoryName), path.join(shown, properties.directoryName), depth + 1, found, warnings);
    }
    if (artifact.type !== 'aws:cloudformation:stack') continue;
    if (typeof properties.templateFile !== 'string') {
      throw new CliError(`${manifestShown}: stack artifact ${artifactId} has no "templateFile"`);
    }
    const template = readSynthesizedTemplate(path.join(directory, properties.templateFile), path.join(shown, properties.templateFile), warnings);
    found.push({
      stackName: typeof properties.stackName === 'string' ? properties.stackName : artifactId,
      artifactId,
      displayName: typeof artifact.displayName === 'string' ? artifact.displayName : artifactId,
      template,
      nestedTemplates: findNestedTemplates(template, { directory, shown, assets, warnings }),
    });
  }
}

/** Object keys of the file assets the asset manifests publish, with their file in the assembly. */
function assetTemplates(directory: string, shown: string, artifacts: Record<string, unknown>): AssetTemplates {
  const byObjectKey = new Map<string, string>();
  for (const artifact of Object.values(artifacts)) {
    if (!isPlainObject(artifact) || artifact.type !== 'cdk:asset-manifest' || !isPlainObject(artifact.properties)) continue;
    const file = artifact.properties.file;
    if (typeof file !== 'string' || !fs.existsSync(path.join(directory, file))) continue;
    const manifest = parseTemplateText(readText(path.join(directory, file)), path.join(directory, file), path.join(shown, file));
    const files = isPlainObject(manifest) && isPlainObject(manifest.files) ? manifest.files : {};
    for (const asset of Object.values(files)) {
      if (!isPlainObject(asset) || !isPlainObject(asset.source) || typeof asset.source.path !== 'string') continue;
      for (const destination of Object.values(isPlainObject(asset.destinations) ? asset.destinations : {})) {
        if (isPlainObject(destination) && typeof destination.objectKey === 'string') byObjectKey.set(destination.objectKey, asset.source.path);
      }
    }
  }
  return byObjectKey;
}
