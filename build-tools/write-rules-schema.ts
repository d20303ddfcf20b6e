/**
 * Writes schemas/review-rules.schema.json (shipped in the npm package) from
 * src/review/rules-schema.ts. Run by `npx projen generate:schemas`; test/review checks that the
 * committed file is what this writes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RULES_SCHEMA } from '../src/review/rules-schema';

/** The file's text. */
export function rulesSchemaText(): string {
  return `${JSON.stringify(RULES_SCHEMA, null, 2)}\n`;
}

if (require.main === module) {
  const file = path.join(__dirname, '..', 'schemas', 'review-rules.schema.json');
  fs.writeFileSync(file, rulesSchemaText());
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
