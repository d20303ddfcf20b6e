/**
 * Reading synthesized cloud assemblies: templates and the staged Lambda assets, exactly as
 * they would be uploaded.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { CloudAssembly } from 'aws-cdk-lib/cx-api';

/** An App that records asset paths in the template metadata (as the CLI does). */
export function appWithAssetMetadata(outdir?: string): App {
  return new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
}

/** The staged asset folder of every Lambda function in a stack, by logical id. */
export function functionAssetDirs(assembly: CloudAssembly, stackName: string): Record<string, string> {
  const template = assembly.getStackByName(stackName).template;
  const dirs: Record<string, string> = {};
  for (const [id, resource] of Object.entries<any>(template.Resources ?? {})) {
    if (resource.Type !== 'AWS::Lambda::Function' || !resource.Metadata?.['aws:asset:path']) continue;
    dirs[id] = path.join(assembly.directory, resource.Metadata['aws:asset:path']);
  }
  return dirs;
}

/** Lists the files of a folder, relative to it, sorted. */
export function listFiles(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => entry.isDirectory()
    ? listFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
    : [`${prefix}${entry.name}`]).sort();
}
