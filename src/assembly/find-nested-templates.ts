/**
 * The templates of a stack's nested stacks, found in its cloud assembly: each
 * `AWS::CloudFormation::Stack` resource names its template file in the `aws:asset:path`
 * metadata (the cdk CLI turns that on), or else its `TemplateURL` holds the object key an
 * asset manifest publishes the file under (an in-process `app.synth()`).
 */
import * as path from 'node:path';
import { isPlainObject, readSynthesizedTemplate, Template } from '../change-set/input/read-template';

/** Asset object key -> the file or folder in the assembly folder it is published from. */
export type AssetFiles = ReadonlyMap<string, string>;

/** Where the stack's template was found. */
export interface AssemblyLocation {
  readonly directory: string;
  /** The folder as the user should see it in messages. */
  readonly shown: string;
  readonly assets: AssetFiles;
  /** Where warnings of the reading go. */
  readonly warnings?: string[];
}

const NESTED_STACK_TYPE = 'AWS::CloudFormation::Stack';

/** How deep nested stacks are followed; CloudFormation itself allows far fewer levels. */
const MAX_NESTING = 32;

/**
 * Nested stack templates by path of logical ids (`Outer/Inner`), the keys the engine's
 * `nestedStacks` option takes. A nested stack whose file cannot be found is left out (the
 * engine then compares its stack resource only); one whose file is named but missing is an
 * error.
 *
 * @throws TemplateReadError for a nested template that cannot be read
 */
export function findNestedTemplates(template: Template, location: AssemblyLocation): Map<string, Template> {
  const found = new Map<string, Template>();
  collect(template, '', 0, location, found);
  return found;
}

function collect(template: Template, prefix: string, depth: number, location: AssemblyLocation, found: Map<string, Template>): void {
  if (depth >= MAX_NESTING) return;
  for (const [logicalId, resource] of Object.entries(template.Resources)) {
    if (!isPlainObject(resource) || resource.Type !== NESTED_STACK_TYPE) continue;
    const file = templateFileOf(resource, location.assets);
    if (file === undefined) continue;
    const read = readSynthesizedTemplate(path.join(location.directory, file), path.join(location.shown, file));
    location.warnings?.push(...read.warnings);
    const nested = read.value;
    found.set(`${prefix}${logicalId}`, nested);
    collect(nested, `${prefix}${logicalId}/`, depth + 1, location, found);
  }
}

function templateFileOf(resource: Record<string, unknown>, assets: AssetFiles): string | undefined {
  const metadata = resource.Metadata;
  if (isPlainObject(metadata) && typeof metadata['aws:asset:path'] === 'string') return metadata['aws:asset:path'];
  const url = isPlainObject(resource.Properties) ? JSON.stringify(resource.Properties.TemplateURL ?? null) : 'null';
  for (const [objectKey, file] of assets) {
    if (url.includes(objectKey)) return file;
  }
  return undefined;
}
