/**
 * Where each resource's construct was created in the app's source, from the creation stacks
 * CDK records in a stack's metadata when stack traces are on (`cdk synth --debug`, or
 * `new App({ stackTraces: true })`): the first frame in the user's code, not in Node.js,
 * aws-cdk-lib or a runner such as ts-node.
 */
import { AssemblyFolder, FolderPath, NamedBy } from './assembly-folder';
import { isPlainObject, valueOfBytes } from '../change-set/input/read-template';
import { TemplateReadError } from '../change-set/input/template-read-error';
import { SourceLocation, userFrame } from '../review/source-frame';

export type { SourceLocation };

/**
 * The source location of each logical id of a stack artifact, from its metadata (inline or in
 * its `additionalMetadataFile`); empty when no creation stack was recorded. A metadata file
 * that is not there gives none; one outside the folder or past a limit is an error.
 *
 * @param directory the folder of the manifest that declares the artifact
 * @param namedBy the manifest and the field of `additionalMetadataFile`, for messages
 * @throws TemplateReadError for a metadata file outside the folder, too large, not UTF-8 or nested too deeply
 */
export function sourceLocationsOf(
  artifact: Record<string, unknown>, folder: AssemblyFolder, directory: FolderPath, namedBy: NamedBy,
): Map<string, SourceLocation> {
  const locations = new Map<string, SourceLocation>();
  const entries: Record<string, unknown> = { ...(isPlainObject(artifact.metadata) ? artifact.metadata : {}) };
  const extra = artifact.additionalMetadataFile;
  if (typeof extra === 'string' && folder.exists(directory, extra)) {
    const file = folder.resolve(directory, extra, namedBy);
    const parsed = metadataOf(folder.read(file), file);
    if (isPlainObject(parsed)) Object.assign(entries, parsed);
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


/** The metadata file's value; one that is not JSON gives no source locations (nothing else is lost). */
function metadataOf(bytes: Buffer, file: FolderPath): unknown {
  try {
    return valueOfBytes(bytes, `${file.real}.json`, file.shown).value;
  } catch (error) {
    if (error instanceof TemplateReadError && /is not valid JSON/.test(error.message)) return undefined;
    throw error;
  }
}
