/**
 * SARIF 2.1.0 logs checked against the SARIF 2.1.0 JSON schema with ajv and ajv-formats, so
 * `format` is checked too (`uri`, `uri-reference`, `date-time`): a path with a space is no URI.
 * Patterns are read without the `u` flag: the schema's language pattern has a stray `]` that
 * only Unicode mode refuses.
 * The schema is the one @microsoft/jest-sarif ships (2.1.0-rtm.5, written for JSON Schema
 * draft-04; its draft-04 `id` is read as `$id`, the only difference that matters here).
 */
import Ajv, { ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

let validate: ((log: unknown) => boolean) & { errors?: ErrorObject[] | null } | undefined;

/** What is wrong with `log` as SARIF 2.1.0, one line per problem (none when it is valid). */
export function sarifProblems(log: unknown): string[] {
  if (validate === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { $schema: _draft, id, ...schema } = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, verbose: true });
    addFormats(ajv);
    validate = ajv.compile({ ...schema, $id: id });
  }
  return validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message} (${JSON.stringify(error.data)})`);
}
