/**
 * Reading a file within a size limit: the bytes are counted as they are read, so a file
 * larger than the limit (or a pipe that never ends) is refused after at most `limit + 1`
 * bytes, with an error naming the file and the limit. The one way the readers of
 * `src/assembly` (and, through them, the CLI, the invoke runner and the guard) read files.
 */
import * as fs from 'node:fs';
import { MAX_SMALL_FILE_BYTES, MAX_TEMPLATE_BYTES } from '../change-set/input/read-limits';
import { valueOfBytes, Read, Template, templateOfBytes } from '../change-set/input/read-template';
import { TemplateReadError } from '../change-set/input/template-read-error';

/** How many bytes a kind of file may have, and what that limit is, for messages. */
export interface FileLimit {
  readonly bytes: number;
  /** Completes "more than ...": `the 1048576 bytes (1 MB) of the largest template CloudFormation accepts`. */
  readonly what: string;
}

/** A template: CloudFormation's own limit. */
export const TEMPLATE_LIMIT: FileLimit = { bytes: MAX_TEMPLATE_BYTES, what: `the ${MAX_TEMPLATE_BYTES} bytes (1 MB) of the largest template CloudFormation accepts` };

/** A parameter file. */
export const PARAMETER_FILE_LIMIT: FileLimit = { bytes: MAX_SMALL_FILE_BYTES, what: `the ${MAX_SMALL_FILE_BYTES} bytes a parameter file may have` };

/** A rules file. */
export const RULES_FILE_LIMIT: FileLimit = { bytes: MAX_SMALL_FILE_BYTES, what: `the ${MAX_SMALL_FILE_BYTES} bytes a rules file may have` };

const CHUNK = 65_536;

/**
 * The bytes of a file, at most `limit.bytes` of them.
 *
 * @param shown the file as the user should see it in messages
 * @throws TemplateReadError when it cannot be read or is larger than the limit
 */
export function readFileBytes(file: string, shown: string, limit: FileLimit): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    throw new TemplateReadError(`cannot read ${shown}: ${(error as Error).message}`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (stat.isDirectory()) throw new TemplateReadError(`cannot read ${shown}: it is a folder`);
    if (stat.isFile() && stat.size > limit.bytes) throw tooLarge(shown, String(stat.size), limit);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(CHUNK, limit.bytes + 1 - total));
      const read = readChunk(fd, chunk, shown);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit.bytes) throw tooLarge(shown, `more than ${limit.bytes}`, limit);
    }
    return Buffer.concat(chunks, total);
  } finally {
    fs.closeSync(fd);
  }
}

function readChunk(fd: number, chunk: Buffer, shown: string): number {
  try {
    return fs.readSync(fd, chunk, 0, chunk.length, null);
  } catch (error) {
    throw new TemplateReadError(`cannot read ${shown}: ${(error as Error).message}`);
  }
}

function tooLarge(shown: string, size: string, limit: FileLimit): TemplateReadError {
  return new TemplateReadError(`${shown} is ${size} bytes: more than ${limit.what}`);
}

/**
 * A template file a user named (a side of `diff`, a baseline): read within CloudFormation's
 * size limit and parsed.
 *
 * @throws TemplateReadError when it cannot be read, does not parse or is not a template
 */
export function readTemplateFile(file: string, shown: string = file): Read<Template> {
  return templateOfBytes(readFileBytes(file, shown, TEMPLATE_LIMIT), file, shown);
}

/**
 * A JSON or YAML file a user named that is not a template (parameter values): read within
 * `limit` and parsed.
 *
 * @throws TemplateReadError when it cannot be read or does not parse
 */
export function readValueFile(file: string, shown: string, limit: FileLimit): Read<unknown> {
  return valueOfBytes(readFileBytes(file, shown, limit), file, shown);
}
