/**
 * `--properties`: the new properties of an Update, as a JSON file or as JSON written on the
 * command line (a value starting with `{`). Top-level keys replace the template's.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findJsonSyntaxError } from '../../change-set/input/json-syntax';
import { positionAt } from '../../change-set/input/read-template';
import { CliError } from '../cli-error';

/**
 * Reads the properties.
 *
 * @param given the option's value: a file path (relative to `cwd`) or inline JSON
 * @throws CliError for a file that cannot be read, text that is not JSON, or JSON that is not an object
 */
export function readProperties(given: string, cwd: string): Record<string, unknown> {
  const inline = given.trimStart().startsWith('{');
  const shown = inline ? 'the --properties JSON' : `--properties ${given}`;
  let text: string;
  if (inline) {
    text = given;
  } else {
    try {
      text = fs.readFileSync(path.resolve(cwd, given), 'utf8').replace(/^\uFEFF/, '');
    } catch (error) {
      throw new CliError(`cannot read ${shown}: ${(error as Error).message}`, '--properties takes a JSON file, or JSON starting with {');
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const found = findJsonSyntaxError(text);
    const where = found === undefined ? '' : ` at line ${positionAt(text, found.offset).line}, column ${positionAt(text, found.offset).column}`;
    throw new CliError(`${shown} is not valid JSON${where}: ${found?.reason ?? 'it does not parse'}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`${shown} must be a JSON object of property names to values, got ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`);
  }
  return value as Record<string, unknown>;
}
