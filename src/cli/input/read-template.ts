/**
 * Template reading for the CLI. The readers live in `src/assembly` (files, within their limits)
 * over the parser of `src/change-set/input` (the guard's baseline and the invoke runner read
 * through them too); here their errors become `CliError`s and their warnings are added to the
 * list the command prints.
 */
import * as files from '../../assembly/read-file';
import * as reader from '../../change-set/input/read-template';
import { TemplateReadError } from '../../change-set/input/template-read-error';
import { CliError } from '../cli-error';

export { describe, isPlainObject } from '../../change-set/input/read-template';
export type { Template } from '../../change-set/input/read-template';

/** Where readers put their warnings; the command prints them to stderr. */
export type Warnings = string[];

/** A template file the user named, within CloudFormation's size limit. @throws CliError */
export function readTemplate(file: string, shown: string = file, warnings?: Warnings): reader.Template {
  return cliRead(() => files.readTemplateFile(file, shown), warnings);
}

/** A JSON or YAML file the user named that is not a template, within `limit`. @throws CliError */
export function readValueFile(file: string, shown: string, limit: files.FileLimit, warnings?: Warnings): unknown {
  return cliRead(() => files.readValueFile(file, shown, limit), warnings);
}

/** `parseTemplateText` of the shared reader (text already in memory: a deployed template). @throws CliError */
export function parseTemplateText(text: string, file: string, shown: string = file, warnings?: Warnings): unknown {
  return cliRead(() => reader.parseTemplateText(text, file, shown), warnings);
}

/** Runs a read of the shared readers, turning their errors into `CliError`s and keeping their warnings. */
export function cliRead<T>(read: () => reader.Read<T>, warnings?: Warnings): T {
  try {
    const result = read();
    warnings?.push(...result.warnings);
    return result.value;
  } catch (error) {
    if (error instanceof TemplateReadError) throw new CliError(error.message, error.hint);
    throw error;
  }
}
