import * as path from 'node:path';
import { readFileBytes, RULES_FILE_LIMIT } from '../../../assembly/read-file';
import { decodeUtf8 } from '../../../change-set/input/decode-utf8';
import { TemplateReadError } from '../../../change-set/input/template-read-error';
import { parseRules, RulesFileError } from '../../../review/read-rules';
import { ReviewRule } from '../../../review/review-rules';
import { CliError } from '../../cli-error';

/**
 * `--rules <file>`, read (at most 1 MB, UTF-8) and checked.
 *
 * @throws CliError naming the file, and each problem with its line and what was expected
 */
export function readRulesFile(given: string, cwd: string): ReviewRule[] {
  let text: string;
  try {
    text = decodeUtf8(readFileBytes(path.resolve(cwd, given), given, RULES_FILE_LIMIT), given);
  } catch (error) {
    if (!(error instanceof TemplateReadError)) throw error;
    throw new CliError(error.message.replace(/^cannot read /, 'cannot read the rules file '), error.hint);
  }
  try {
    return parseRules(text, given);
  } catch (error) {
    if (error instanceof RulesFileError) throw new CliError(error.message, 'the rules file format: docs/review.md; its JSON schema: schemas/review-rules.schema.json');
    throw error;
  }
}
