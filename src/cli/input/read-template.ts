/**
 * Template reading for the CLI. The reader itself lives in `src/change-set/input` (the guard's
 * baseline reads templates through it too); here its errors become `CliError`s and its
 * warnings are added to the list the command prints.
 */
import * as reader from '../../change-set/input/read-template';
import { TemplateReadError } from '../../change-set/input/template-read-error';
import { CliError } from '../cli-error';

export { describe, isPlainObject } from '../../change-set/input/read-template';
export type { Template } from '../../change-set/input/read-template';

/** Where readers put their warnings; the command prints them to stderr. */
export type Warnings = string[];

/** `readTemplate` of the shared reader. @throws CliError */
export function readTemplate(file: string, shown: string = file, warnings?: Warnings): reader.Template {
  return cliRead(() => reader.readTemplate(file, shown), warnings);
}

/** `readSynthesizedTemplate` of the shared reader. @throws CliError */
export function readSynthesizedTemplate(file: string, shown: string = file, warnings?: Warnings): reader.Template {
  return cliRead(() => reader.readSynthesizedTemplate(file, shown), warnings);
}

/** `readText` of the shared reader. @throws CliError */
export function readText(file: string, shown: string = file): string {
  return cliRead(() => ({ value: reader.readText(file, shown), warnings: [] }));
}

/** `parseTemplateText` of the shared reader. @throws CliError */
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
