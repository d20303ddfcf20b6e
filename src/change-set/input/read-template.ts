/**
 * Parsing templates, the one way the CLI, the invoke runner and the guard's baseline all read
 * them (`src/assembly` reads the files, within the folder given and the limits of
 * `read-limits.ts`): UTF-8 only, JSON, or YAML with CloudFormation's short-form tags (read as
 * CloudFormation reads it, see `cfn-yaml.ts`), nested at most `MAX_NESTING` levels, checked to
 * be a template (an object with a `Resources` object) before the engine sees it. Warnings (a
 * duplicate key, more resources than CloudFormation accepts) come back with the value; the
 * caller shows them.
 */
import * as path from 'node:path';
import type { SourcePosition } from './cfn-yaml';
import { checkNesting } from './check-nesting';
import { decodeUtf8 } from './decode-utf8';
import { findJsonSyntaxError } from './json-syntax';
import { CLOUDFORMATION_MAX_RESOURCES } from './read-limits';
import { TemplateReadError } from './template-read-error';

/** A parsed template: plain JSON values. */
export type Template = { readonly Resources: { readonly [logicalId: string]: unknown }; readonly [section: string]: unknown };

/** A value read from a file, with the warnings its reading gave (each naming the file). */
export interface Read<T> {
  readonly value: T;
  readonly warnings: readonly string[];
}

/**
 * A template file's bytes as a template.
 *
 * @param file the file's name (its extension says JSON or YAML)
 * @param shown the file as the user should see it in messages
 * @param synthesized whether the cdk wrote it: an object without `Resources` is then a
 *   template without resources (a stack with no constructs in it synthesizes one), which a
 *   template a user names is not
 * @throws TemplateReadError when the bytes are not UTF-8, do not parse, nest too deeply or are not a template
 */
export function templateOfBytes(bytes: Uint8Array, file: string, shown: string, synthesized = false): Read<Template> {
  const { value, warnings } = parseTemplateText(decodeUtf8(bytes, shown), file, shown);
  const template = asTemplate(synthesized && isPlainObject(value) && !('Resources' in value) ? { ...value, Resources: {} } : value, shown);
  const resources = Object.keys(template.Resources).length;
  const tooMany = resources > CLOUDFORMATION_MAX_RESOURCES
    ? [`${shown} has ${resources} resources: CloudFormation accepts at most ${CLOUDFORMATION_MAX_RESOURCES} in a stack, so deploying it fails`]
    : [];
  return { value: template, warnings: [...warnings, ...tooMany] };
}

/** A JSON or YAML file's bytes (not a template: a manifest, parameters) as plain values. @throws TemplateReadError */
export function valueOfBytes(bytes: Uint8Array, file: string, shown: string): Read<unknown> {
  return parseTemplateText(decodeUtf8(bytes, shown), file, shown);
}

/**
 * JSON for `.json` files and for text that starts with `{` (CloudFormation's own `.template`
 * files are either), YAML otherwise.
 *
 * @throws TemplateReadError with a one-line message giving the line and column, or the path
 *   where the text nests too deeply
 */
export function parseTemplateText(text: string, file: string, shown: string = file): Read<unknown> {
  const extension = path.extname(file).toLowerCase();
  const unmarked = text.replace(/^\uFEFF/, '');
  const json = extension === '.json' || (extension !== '.yaml' && extension !== '.yml' && unmarked.trimStart().startsWith('{'));
  const parsed = json ? parseJson(unmarked, shown) : parseYaml(unmarked, shown);
  checkNesting(parsed.value, shown, json ? unmarked : undefined);
  return parsed;
}

/** JSON text as values; the error never quotes the text (`JSON.parse`'s own message does). */
function parseJson(text: string, shown: string): Read<unknown> {
  try {
    return { value: JSON.parse(text), warnings: [] };
  } catch {
    const found = findJsonSyntaxError(text);
    const where = found === undefined ? '' : ` at ${describePosition(positionAt(text, found.offset))}`;
    throw new TemplateReadError(`${shown} is not valid JSON${where}: ${found?.reason ?? 'it does not parse'}`);
  }
}

function parseYaml(text: string, shown: string): Read<unknown> {
  // The YAML parser (~70 modules) is loaded for YAML templates only: cdk.out holds JSON.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parseCfnYaml, YamlLimitError, YamlSyntaxError } = require('./cfn-yaml') as typeof import('./cfn-yaml');
  try {
    const parsed = parseCfnYaml(text);
    return { value: parsed.value, warnings: parsed.warnings.map((warning) => `${shown}: ${warning.message}`) };
  } catch (error) {
    if (error instanceof YamlLimitError) throw new TemplateReadError(`${shown} has ${error.message} (at line ${error.position.line})`);
    if (!(error instanceof YamlSyntaxError)) throw error;
    const where = error.position === undefined ? '' : ` at ${describePosition(error.position)}`;
    throw new TemplateReadError(`${shown} is not valid YAML${where}: ${oneLine(error.message)}`);
  }
}

/**
 * The value, checked to be a template.
 *
 * @throws TemplateReadError saying what was found instead
 */
export function asTemplate(value: unknown, shown: string): Template {
  if (isPlainObject(value) && isPlainObject(value.Resources)) return value as Template;
  const hint = looksLikeAssemblyManifest(value) ? 'it looks like a cloud assembly manifest: pass the folder that holds it instead' : undefined;
  throw new TemplateReadError(`${shown} is not a CloudFormation template: expected an object with a "Resources" object, found ${describe(value)}`, hint);
}

/**
 * Whether a value has the shape of a cloud assembly manifest: `artifacts` holding objects
 * with a `type` such as `aws:cloudformation:stack` (a CodeBuild buildspec also has an
 * `artifacts` key, holding file lists).
 */
export function looksLikeAssemblyManifest(value: unknown): boolean {
  if (!isPlainObject(value) || !isPlainObject(value.artifacts)) return false;
  const artifacts = Object.values(value.artifacts);
  return artifacts.length > 0 && artifacts.every((artifact) => isPlainObject(artifact) && typeof artifact.type === 'string' && /^(aws|cdk):/.test(artifact.type));
}

/** What a parsed value is, for messages: "an array", "an object with keys A, B", ... */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'an empty document';
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (!isPlainObject(value)) return `${typeof value === 'string' ? 'the string' : `a ${typeof value}`} ${clip(JSON.stringify(value))}`;
  const keys = Object.keys(value);
  if ('Resources' in value) return `"Resources" being ${describe(value.Resources)}`;
  if (keys.length === 0) return 'an empty object';
  const shownKeys = keys.slice(0, 5).join(', ') + (keys.length > 5 ? `, ... (${keys.length} keys)` : '');
  return `an object with ${keys.length === 1 ? 'key' : 'keys'} ${shownKeys}`;
}

/** Whether the value is an object (not an array or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The 1-based line and column of an offset. */
export function positionAt(text: string, offset: number): SourcePosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function describePosition(position: SourcePosition): string {
  return `line ${position.line}, column ${position.column}`;
}

/** A message on one line, clipped: parsers may quote the input. */
function oneLine(message: string): string {
  return clip(message.replace(/\s*[\r\n]+\s*/g, ' '), 200);
}

function clip(text: string, length = 40): string {
  return text.length > length ? `${text.slice(0, length - 3)}...` : text;
}
