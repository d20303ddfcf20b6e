/**
 * The checks CloudFormation makes on a template before it starts a stack operation
 * (CreateStack, UpdateStack, CreateChangeSet): a template that fails one is refused whole, so
 * no custom resource of it would ever get a request. Each problem names its rule and the JSON
 * pointer of what broke it.
 *
 * - `null-value`: no `null` anywhere ("[/Resources/R/Properties/nothing] 'null' values are not
 *   allowed in templates", the text CloudFormation answers with).
 * - `template-size`: the template body uploaded through S3 holds at most 1 MB; sent in the
 *   request itself, at most 51,200 bytes (a note: the cdk CLI uploads through S3).
 * - `resource-count`, `output-count`, `parameter-count`, `mapping-count`,
 *   `mapping-attribute-count`: at most 500 resources, 200 outputs, 200 parameters, 200 mappings
 *   of at most 200 attributes each.
 * - `logical-id`: resource, output, parameter, condition and mapping names are alphanumeric
 *   (A-Z a-z 0-9) and at most 255 characters.
 * - `description`: the template's Description is at most 1,024 bytes.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/resources-section-structure.html
 */
import { isPlainObject, Template } from '../../change-set/input/read-template';
import { escapeSegment } from '../request/typed-properties';

/** One reason CloudFormation refuses a template; shown as `[path] message [rule]`. */
export interface TemplateProblem {
  readonly rule: string;
  /** JSON pointer of what breaks the rule (`/Resources/R/Properties/nothing`, or `` for the whole template). */
  readonly path: string;
  readonly message: string;
}

/** CloudFormation's template quotas. */
export const TEMPLATE_LIMITS = {
  bodyBytesInRequest: 51_200,
  bodyBytesInS3: 1_048_576,
  resources: 500,
  outputs: 200,
  parameters: 200,
  mappings: 200,
  mappingAttributes: 200,
  nameLength: 255,
  descriptionBytes: 1_024,
} as const;

/** At most this many nulls are listed (a template full of them needs one fix, not a thousand lines). */
const MAX_NULLS_LISTED = 10;

/** How deep the search for nulls goes (deeper values are beyond any template CloudFormation reads). */
const MAX_DEPTH = 128;

/** The sections whose keys are logical ids, with the quota on their count. */
const NAMED_SECTIONS: ReadonlyArray<readonly [section: string, rule: string, limit: number | undefined]> = [
  ['Resources', 'resource-count', TEMPLATE_LIMITS.resources],
  ['Outputs', 'output-count', TEMPLATE_LIMITS.outputs],
  ['Parameters', 'parameter-count', TEMPLATE_LIMITS.parameters],
  ['Mappings', 'mapping-count', TEMPLATE_LIMITS.mappings],
  ['Conditions', 'condition-count', undefined],
];

/**
 * The problems that make CloudFormation refuse the template.
 *
 * @param bytes the size of the template file, when known
 */
export function checkTemplate(template: Template, bytes?: number): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  if (bytes !== undefined && bytes > TEMPLATE_LIMITS.bodyBytesInS3) {
    problems.push({ rule: 'template-size', path: '', message: `the template is ${bytes.toLocaleString('en-US')} bytes: CloudFormation takes at most ${TEMPLATE_LIMITS.bodyBytesInS3.toLocaleString('en-US')} (1 MB, through S3)` });
  }
  for (const [section, rule, limit] of NAMED_SECTIONS) {
    const entries = isPlainObject(template[section]) ? Object.keys(template[section] as object) : [];
    if (limit !== undefined && entries.length > limit) {
      problems.push({ rule, path: `/${section}`, message: `Template format error: Number of ${section.toLowerCase()}, ${entries.length}, is greater than maximum allowed, ${limit}` });
    }
    for (const name of entries) {
      const problem = nameProblem(name);
      if (problem !== undefined) problems.push({ rule: 'logical-id', path: `/${section}/${escapeSegment(name)}`, message: `Template format error: ${section} name ${JSON.stringify(name)} ${problem}` });
    }
  }
  const mappings = isPlainObject(template.Mappings) ? template.Mappings : {};
  for (const [name, mapping] of Object.entries(mappings)) {
    const attributes = isPlainObject(mapping) ? Object.keys(mapping).length : 0;
    if (attributes > TEMPLATE_LIMITS.mappingAttributes) {
      problems.push({ rule: 'mapping-attribute-count', path: `/Mappings/${escapeSegment(name)}`, message: `mapping ${name} has ${attributes} attributes: CloudFormation allows at most ${TEMPLATE_LIMITS.mappingAttributes}` });
    }
  }
  if (typeof template.Description === 'string' && Buffer.byteLength(template.Description) > TEMPLATE_LIMITS.descriptionBytes) {
    problems.push({ rule: 'description', path: '/Description', message: `the Description is ${Buffer.byteLength(template.Description)} bytes: CloudFormation allows at most ${TEMPLATE_LIMITS.descriptionBytes}` });
  }
  const nulls = nullPaths(template);
  problems.push(...nulls.slice(0, MAX_NULLS_LISTED).map((path) => ({ rule: 'null-value', path, message: "'null' values are not allowed in templates" })));
  if (nulls.length > MAX_NULLS_LISTED) problems.push({ rule: 'null-value', path: '', message: `and ${nulls.length - MAX_NULLS_LISTED} more null values` });
  return problems;
}

/** A note for a template CloudFormation takes only through S3, or undefined. */
export function templateSizeNote(bytes: number | undefined): string | undefined {
  if (bytes === undefined || bytes <= TEMPLATE_LIMITS.bodyBytesInRequest || bytes > TEMPLATE_LIMITS.bodyBytesInS3) return undefined;
  return `the template is ${bytes.toLocaleString('en-US')} bytes, over the ${TEMPLATE_LIMITS.bodyBytesInRequest.toLocaleString('en-US')} a CreateStack request may carry: it deploys only through an S3 template URL (as the cdk CLI uploads it to a bootstrapped environment)`;
}

/** Why a logical id is refused, or undefined. */
function nameProblem(name: string): string | undefined {
  if (!/^[A-Za-z0-9]+$/.test(name)) return 'is non alphanumeric';
  if (name.length > TEMPLATE_LIMITS.nameLength) return `is ${name.length} characters, over the ${TEMPLATE_LIMITS.nameLength} allowed`;
  return undefined;
}

/** JSON pointers of every null in a value (RFC 6901). */
function nullPaths(value: unknown, path = '', depth = 0, found: string[] = []): string[] {
  if (value === null) found.push(path);
  else if (depth < MAX_DEPTH && Array.isArray(value)) value.forEach((item, index) => nullPaths(item, `${path}/${index}`, depth + 1, found));
  else if (depth < MAX_DEPTH && isPlainObject(value)) for (const [key, item] of Object.entries(value)) nullPaths(item, `${path}/${escapeSegment(key)}`, depth + 1, found);
  return found;
}

