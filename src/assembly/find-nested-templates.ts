/**
 * The templates of a stack's nested stacks, found in its cloud assembly: each
 * `AWS::CloudFormation::Stack` resource names its template file in the `aws:asset:path`
 * metadata (the cdk CLI turns that on), or else its `TemplateURL` holds the object key an
 * asset manifest publishes the file under (an in-process `app.synth()`). Each file is read
 * through the assembly's folder (inside it, within CloudFormation's size limit); a template
 * that names itself, directly or through others, is refused as a cycle.
 */
import { AssemblyFolder, FolderPath, NamedBy } from './assembly-folder';
import { TEMPLATE_LIMIT } from './read-file';
import { MAX_NESTED_STACKS, MAX_NESTED_TEMPLATE_BYTES, MAX_STACK_NESTING } from '../change-set/input/read-limits';
import { isPlainObject, Template, templateOfBytes } from '../change-set/input/read-template';
import { TemplateReadError } from '../change-set/input/template-read-error';

/** Where an asset manifest says an asset's source is: the path as written, and the field that writes it. */
export interface AssetSource {
  /** Relative to the folder of the asset manifest (the stack's `directory`), as written. */
  readonly path: string;
  readonly namedBy: NamedBy;
}

/** Asset object key -> the file or folder in the assembly folder it is published from. */
export type AssetFiles = ReadonlyMap<string, AssetSource>;

/** Where the stack's template was found. */
export interface AssemblyLocation {
  readonly folder: AssemblyFolder;
  /** The folder of the manifest that declares the stack: asset paths are relative to it. */
  readonly directory: FolderPath;
  readonly assets: AssetFiles;
  /** Where warnings of the reading go. */
  readonly warnings?: string[];
}

const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';

/**
 * Nested stack templates by path of logical ids (`Outer/Inner`), the keys the engine's
 * `nestedStacks` option takes. A nested stack whose file cannot be found is left out (the
 * engine then compares its stack resource only); one whose file is named but missing, outside
 * the folder or past a limit is an error, and so is a cycle.
 *
 * @param file the stack's own template file
 * @throws TemplateReadError for a nested template that cannot be read, a cycle, more nested
 *   stacks than `MAX_NESTED_STACKS` or more bytes of them than `MAX_NESTED_TEMPLATE_BYTES`
 *   (or deeper than `MAX_STACK_NESTING`)
 */
export function findNestedTemplates(template: Template, file: FolderPath, location: AssemblyLocation): Map<string, Template> {
  const found = new Map<string, Template>();
  collect(template, '', [file], location, { found, read: new Map(), bytes: 0 });
  return found;
}

/** What the search has found and read: a file named by several nested stacks is read once, but counted each time. */
interface Search {
  readonly found: Map<string, Template>;
  readonly read: Map<string, { readonly template: Template; readonly bytes: number }>;
  bytes: number;
}

function collect(template: Template, prefix: string, chain: readonly FolderPath[], location: AssemblyLocation, search: Search): void {
  const { folder } = location;
  const { found } = search;
  const parent = chain[chain.length - 1];
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (!isPlainObject(resource) || resource.Type !== NESTED_STACK_TYPE) continue;
    const named = templateFileOf(resource, logicalId, parent, location.assets);
    if (named === undefined) continue;
    const naming = `${named.namedBy.file}: ${named.namedBy.field} ${JSON.stringify(named.path)}`;
    const file = folder.resolve(location.directory, named.path, named.namedBy);
    if (chain.some((outer) => outer.real === file.real)) {
      const names = [...chain, file].map((entry) => folder.relative(entry));
      throw new TemplateReadError(`${naming} names a template that contains it: a cycle (${names.join(' → ')})`);
    }
    if (chain.length > MAX_STACK_NESTING) throw new TemplateReadError(`${naming} nests stacks more than ${MAX_STACK_NESTING} deep`);
    if (found.size >= MAX_NESTED_STACKS) {
      throw new TemplateReadError(`${naming}: the stack has more than ${MAX_NESTED_STACKS} nested stacks, more than CloudFormation updates in one operation`);
    }
    let read = search.read.get(file.real);
    if (read === undefined) {
      const bytes = folder.read(file, TEMPLATE_LIMIT);
      const parsed = templateOfBytes(bytes, file.real, file.shown, true);
      location.warnings?.push(...parsed.warnings);
      read = { template: parsed.value, bytes: bytes.length };
      search.read.set(file.real, read);
    }
    search.bytes += read.bytes;
    if (search.bytes > MAX_NESTED_TEMPLATE_BYTES) {
      throw new TemplateReadError(`${naming}: the stack's nested stacks hold more than ${MAX_NESTED_TEMPLATE_BYTES} bytes of templates (a template counted once for each nested stack that names it)`);
    }
    found.set(`${prefix}${logicalId}`, read.template);
    collect(read.template, `${prefix}${logicalId}/`, [...chain, file], location, search);
  }
}

/** The template file a nested stack resource names (relative to the assembly's folder), and the field that names it. */
function templateFileOf(resource: Record<string, unknown>, logicalId: string, template: FolderPath, assets: AssetFiles): AssetSource | undefined {
  const metadata = resource.Metadata;
  if (isPlainObject(metadata) && typeof metadata['aws:asset:path'] === 'string') {
    return { path: metadata['aws:asset:path'], namedBy: { file: template.shown, field: `Resources.${logicalId}.Metadata.aws:asset:path` } };
  }
  const url = isPlainObject(resource.Properties) ? JSON.stringify(resource.Properties.TemplateURL ?? null) : 'null';
  for (const [objectKey, source] of assets) {
    if (url.includes(objectKey)) return source;
  }
  return undefined;
}
