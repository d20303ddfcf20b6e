/**
 * Writes schemas/deployed-state.schema.json (shipped in the npm package) from
 * src/cli/input/deployed-state-schema.ts. Run by `npx projen generate:schemas`; test/cli checks
 * that the committed file is what this writes.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEPLOYED_STATE_SCHEMA } from '../src/cli/input/deployed-state-schema';

/** The file's text. */
export function deployedStateSchemaText(): string {
  return `${JSON.stringify(DEPLOYED_STATE_SCHEMA, null, 2)}\n`;
}

if (require.main === module) {
  const file = path.join(__dirname, '..', 'schemas', 'deployed-state.schema.json');
  fs.writeFileSync(file, deployedStateSchemaText());
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
