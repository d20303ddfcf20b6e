import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseRules, RulesFileError } from '../../../review/read-rules';
import { ReviewRule } from '../../../review/review-rules';
import { CliError } from '../../cli-error';

/**
 * `--rules <file>`, read and checked.
 *
 * @throws CliError naming the file, and each problem with its line and what was expected
 */
export function readRulesFile(given: string, cwd: string): ReviewRule[] {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(cwd, given), 'utf8');
  } catch (error) {
    throw new CliError(`cannot read the rules file ${given}: ${(error as Error).message}`);
  }
  try {
    return parseRules(text, given);
  } catch (error) {
    if (error instanceof RulesFileError) throw new CliError(error.message, 'the rules file format: docs/review.md; its JSON schema: schemas/review-rules.schema.json');
    throw error;
  }
}
