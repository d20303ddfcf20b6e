/**
 * The JSON schema of `cdk-lifecycle.deployed.json` (see `deployed-state.ts`). The package
 * ships it as `schemas/deployed-state.schema.json` (written from this object by `npx projen
 * generate:schemas`; a test checks the two agree).
 */

const text = { type: 'string' } as const;

/** The schema, JSON Schema draft-07. */
export const DEPLOYED_STATE_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://github.com/cdk-lifecycle/cdk-lifecycle/schemas/deployed-state.schema.json',
  title: 'cdk-lifecycle deployed state',
  description: 'What cdk-lifecycle snapshot read from CloudFormation besides the templates: the stacks\' statuses and parameter values, and the exports of the stacks with their importers.',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'takenAt', 'stacks', 'exports'],
  properties: {
    $schema: text,
    version: { const: 1, description: 'The version of this file\'s format.' },
    takenAt: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T', description: 'When the stacks were read (ISO 8601).' },
    stacks: {
      type: 'object',
      description: 'By stack name, as cdk-lifecycle diff names stacks.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['status', 'parameters'],
        properties: {
          status: { type: 'string', pattern: '^[A-Z_]+$', description: 'CloudFormation\'s StackStatus, or NOT_FOUND.' },
          statusReason: text,
          stackId: text,
          parameters: {
            type: 'object',
            description: 'The deployed parameter values by key; a NoEcho value is unknown.',
            additionalProperties: {
              oneOf: [
                { type: 'object', additionalProperties: false, required: ['value'], properties: { value: text } },
                { type: 'object', additionalProperties: false, required: ['noEcho'], properties: { noEcho: { const: true } } },
              ],
            },
          },
        },
      },
    },
    exports: {
      type: 'array',
      description: 'The exports of the stacks read (ListExports), each with the stacks that import it (ListImports).',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['name', 'value', 'exportingStackName', 'exportingStackId', 'importers'],
        properties: {
          name: text,
          value: text,
          exportingStackName: text,
          exportingStackId: text,
          importers: { type: 'array', items: text },
          account: text,
          region: text,
        },
      },
    },
  },
} as const;
