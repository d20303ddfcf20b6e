/**
 * Reading a cloud assembly folder (`cdk.out`): its stacks (artifacts of type
 * `aws:cloudformation:stack`, also inside stages' nested assemblies) with their templates, the
 * templates of their nested stacks, their environment and the file assets their asset
 * manifests publish. `cdk-lifecycle diff` compares the templates; `cdk-lifecycle invoke` also
 * finds the Lambda code of custom-resource providers through the assets.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssetFiles, findNestedTemplates } from './find-nested-templates';
import { SourceLocation, sourceLocationsOf } from './source-locations';
import { describe, isPlainObject, parseTemplateText, Read, readSynthesizedTemplate, readText, Template } from '../change-set/input/read-template';
import { TemplateReadError } from '../change-set/input/template-read-error';

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
  /** The folder holding the stack's template (asset paths are relative to it). */
  readonly directory: string;
  /** `directory` as the user should see it in messages. */
  readonly shown: string;
  /** The stack's account and region, when the app gave them (not `unknown-account`). */
  readonly account?: string;
  readonly region?: string;
  /** The assembly's file assets: object key -> source path (relative to `directory`, or absolute). */
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
 * @throws TemplateReadError when the manifest or a template is missing, unreadable or malformed
 */
export function readAssembly(directory: string, shown: string = directory, warnings?: Warnings): AssemblyStack[] {
  if (!fs.existsSync(path.join(directory, 'manifest.json'))) {
    throw new TemplateReadError(`${shown} is a folder but not a cloud assembly: it has no manifest.json`, 'pass a template file, or the output folder of `cdk synth` (cdk.out)');
  }
  const found: FoundStack[] = [];
  collectStacks(directory, shown, 0, found, warnings);
  const count = new Map<string, number>();
  for (const stack of found) count.set(stack.stackName, (count.get(stack.stackName) ?? 0) + 1);
  return found.map(({ stackName, ...stack }) => ({ name: count.get(stackName)! > 1 ? stack.artifactId : stackName, ...stack }));
}

function keep<T>(read: Read<T>, warnings?: Warnings): T {
  warnings?.push(...read.warnings);
  return read.value;
}

function collectStacks(directory: string, shown: string, depth: number, found: FoundStack[], warnings?: Warnings): void {
  const manifestFile = path.join(directory, 'manifest.json');
  const manifestShown = path.join(shown, 'manifest.json');
  const manifest = keep(parseTemplateText(readText(manifestFile, manifestShown), manifestFile, manifestShown));
  const artifacts = isPlainObject(manifest) ? manifest.artifacts : undefined;
  if (!isPlainObject(artifacts)) {
    throw new TemplateReadError(`${manifestShown} is not a cloud assembly manifest: expected an object with an "artifacts" object, found ${describe(manifest)}`);
  }
  const assets = assetFiles(directory, shown, artifacts);
  for (const [artifactId, artifact] of Object.entries(artifacts)) {
    if (!isPlainObject(artifact) || !isPlainObject(artifact.properties)) continue;
    const properties = artifact.properties;
    if (artifact.type === 'cdk:cloud-assembly' && typeof properties.directoryName === 'string' && depth < MAX_ASSEMBLY_DEPTH) {
      collectStacks(path.join(directory, properties.directoryName), path.join(shown, properties.directoryName), depth + 1, found, warnings);
    }
    if (artifact.type !== 'aws:cloudformation:stack') continue;
    if (typeof properties.templateFile !== 'string') {
      throw new TemplateReadError(`${manifestShown}: stack artifact ${artifactId} has no "templateFile"`);
    }
    const templateFile = properties.templateFile;
    const templateBytes = fs.statSync(path.join(directory, templateFile), { throwIfNoEntry: false })?.size ?? 0;
    const template = keep(readSynthesizedTemplate(path.join(directory, templateFile), path.join(shown, templateFile)), warnings);
    found.push({
      stackName: typeof properties.stackName === 'string' ? properties.stackName : artifactId,
      artifactId,
      displayName: typeof artifact.displayName === 'string' ? artifact.displayName : artifactId,
      template,
      nestedTemplates: findNestedTemplates(template, { directory, shown, assets, warnings }),
      directory,
      shown,
      ...environmentOf(artifact.environment),
      assets,
      templateBytes,
      sourceLocations: sourceLocationsOf(artifact, directory),
      templateFile: path.join(directory, templateFile),
      dependencies: stackDependencies(artifact.dependencies, artifacts),
    });
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

/** Object keys of the file assets the asset manifests publish, with their source in the assembly. */
function assetFiles(directory: string, shown: string, artifacts: Record<string, unknown>): AssetFiles {
  const byObjectKey = new Map<string, string>();
  for (const artifact of Object.values(artifacts)) {
    if (!isPlainObject(artifact) || artifact.type !== 'cdk:asset-manifest' || !isPlainObject(artifact.properties)) continue;
    const file = artifact.properties.file;
    if (typeof file !== 'string' || !fs.existsSync(path.join(directory, file))) continue;
    const manifest = keep(parseTemplateText(readText(path.join(directory, file)), path.join(directory, file), path.join(shown, file)));
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
