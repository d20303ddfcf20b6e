/**
 * Reading one template file: JSON, or YAML with CloudFormation's short-form tags, checked to
 * be a template (an object with a `Resources` object) before the engine sees it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseCfnYaml, SourcePosition, YamlSyntaxError } from './cfn-yaml';
import { CliError } from './cli-error';

/** A parsed template: plain JSON values. */
export type Template = { readonly Resources: { readonly [logicalId: string]: unknown }; readonly [section: string]: unknown };

/**
 * Reads and parses a template file.
 *
 * @param file the path to read
 * @param shown the path as the user should see it in messages
 * @throws CliError when the file cannot be read, does not parse, or is not a template
 */
export function readTemplate(file: string, shown: string = file): Template {
  return asTemplate(parseTemplateText(readText(file, shown), file, shown), shown);
}

/**
 * Reads a template the cdk wrote: like `readTemplate`, except that an object without
 * `Resources` is a template without resources (a stack with no constructs in it
 * synthesizes one), which a template a user names is not.
 */
export function readSynthesizedTemplate(file: string, shown: string = file): Template {
  const value = parseTemplateText(readText(file, shown), file, shown);
  return asTemplate(isPlainObject(value) && !('Resources' in value) ? { ...value, Resources: {} } : value, shown);
}

/** The file's text, without a byte order mark. */
export function readText(file: string, shown: string = file): string {
  try {
    return fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    throw new CliError(`cannot read ${shown}: ${(error as Error).message}`);
  }
}

/**
 * JSON for `.json` files and for text that starts with `{` (CloudFormation's own `.template`
 * files are either), YAML otherwise.
 */
export function parseTemplateText(text: string, file: string, shown: string = file): unknown {
  const extension = path.extname(file).toLowerCase();
  const json = extension === '.json' || (extension !== '.yaml' && extension !== '.yml' && text.trimStart().startsWith('{'));
  try {
    return json ? JSON.parse(text) : parseCfnYaml(text);
  } catch (error) {
    const position = error instanceof YamlSyntaxError ? error.position : jsonPosition(text, (error as Error).message);
    const where = position === undefined ? '' : ` at line ${position.line}, column ${position.column}`;
    throw new CliError(`${shown} is not valid ${json ? 'JSON' : 'YAML'}${where}: ${(error as Error).message}`);
  }
}

/**
 * The value, checked to be a template.
 *
 * @throws CliError saying what was found instead
 */
export function asTemplate(value: unknown, shown: string): Template {
  if (isPlainObject(value) && isPlainObject(value.Resources)) return value as Template;
  const hint = isPlainObject(value) && 'artifacts' in value
    ? 'it looks like a cloud assembly manifest: pass the folder that holds it instead'
    : undefined;
  throw new CliError(`${shown} is not a CloudFormation template: expected an object with a "Resources" object, found ${describe(value)}`, hint);
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

/** Line and column of a `JSON.parse` error, from the "at position N" V8 puts in the message. */
function jsonPosition(text: string, message: string): SourcePosition | undefined {
  const match = /at position (\d+)/.exec(message);
  if (match === null) return message.includes('end of JSON input') ? positionAt(text, text.length) : undefined;
  return positionAt(text, Number(match[1]));
}

function positionAt(text: string, offset: number): SourcePosition {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
