/**
 * Where each resource's construct was created in the app's source, from the creation stacks
 * CDK records in a stack's metadata when stack traces are on (`cdk synth --debug`, or
 * `new App({ stackTraces: true })`): the first frame in the user's code, not in Node.js,
 * aws-cdk-lib or a runner such as ts-node.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isPlainObject } from '../change-set/input/read-template';
import { SourceLocation, userFrame } from '../review/source-frame';

export type { SourceLocation };

/**
 * The source location of each logical id of a stack artifact, from its metadata (inline or in
 * its `additionalMetadataFile`); empty when no creation stack was recorded.
 */
export function sourceLocationsOf(artifact: Record<string, unknown>, directory: string): Map<string, SourceLocation> {
  const locations = new Map<string, SourceLocation>();
  const entries: Record<string, unknown> = { ...(isPlainObject(artifact.metadata) ? artifact.metadata : {}) };
  const extra = artifact.additionalMetadataFile;
  if (typeof extra === 'string') {
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(path.join(directory, extra), 'utf8'));
      if (isPlainObject(parsed)) Object.assign(entries, parsed);
    } catch {
      // No metadata file (or an unreadable one): no source locations, nothing else is lost.
    }
  }
  for (const list of Object.values(entries)) {
    if (!Array.isArray(list)) continue;
    const logicalId = list.find((entry) => isPlainObject(entry) && entry.type === 'aws:cdk:logicalId' && typeof entry.data === 'string')?.data as string | undefined;
    const stack = list.find((entry) => isPlainObject(entry) && entry.type === 'aws:cdk:creationStack' && Array.isArray(entry.data))?.data as unknown[] | undefined;
    const location = stack === undefined ? undefined : userFrame(stack);
    if (logicalId !== undefined && location !== undefined) locations.set(logicalId, location);
  }
  return locations;
}

