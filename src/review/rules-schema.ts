/**
 * The JSON schema of a review rules file (YAML or JSON). The package ships it as
 * `schemas/review-rules.schema.json` (written from this object by `npx projen
 * generate:schemas`; a test checks the two agree), for editors and CI linters.
 */

/** A value or a list of values, each one of `values` (or any string when none are given). */
function oneOrMany(description: string, values?: readonly string[]): Record<string, unknown> {
  const item = values === undefined ? { type: 'string', minLength: 1 } : { type: 'string', enum: [...values] };
  return { description, oneOf: [item, { type: 'array', items: item, minItems: 1, uniqueItems: true }] };
}

/** The schema, JSON Schema draft-07. */
export const RULES_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://github.com/cdk-lifecycle/cdk-lifecycle/schemas/review-rules.schema.json',
  title: 'cdk-lifecycle review rules',
  description: 'Rules that give each predicted change a review level (fail, warn, info, ignore). The first rule that matches a change decides; a change no rule matches keeps its built-in level. A certain failure is lowered only by a rule whose match names kind: failure.',
  type: 'object',
  additionalProperties: false,
  required: ['rules'],
  properties: {
    $schema: { type: 'string' },
    rules: {
      type: 'array',
      description: 'The rules, in order: the first that matches a change decides its level.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'level', 'message'],
        properties: {
          id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$', description: 'A stable id, shown in every output (SARIF rule id).' },
          level: { type: 'string', enum: ['fail', 'warn', 'info', 'ignore'], description: 'fail makes the diff exit 1; ignore hides the change from counts and exit codes.' },
          message: { type: 'string', minLength: 1, description: 'Why the rule exists: shown with each change it matches.' },
          match: {
            type: 'object',
            additionalProperties: false,
            description: 'Every field given must match (a list matches when any of its values does). No match object matches every change.',
            properties: {
              resourceType: oneOrMany('Resource type globs, e.g. AWS::RDS::* (* matches any characters).'),
              action: oneOrMany('What CloudFormation does with the logical id.', ['Add', 'Modify', 'Remove']),
              replacement: oneOrMany('The Replacement of a Modify.', ['True', 'Conditional', 'False']),
              property: oneOrMany('Globs over the changed targets: matches when any changed target (a top-level property name, or Tags, Metadata, DeletionPolicy, ...) matches.'),
              onlyProperties: oneOrMany('Globs over the changed targets: matches when every changed target matches one of them (onlyProperties: Tags means only tags change). An added or removed resource has no changed targets and never matches.'),
              changeSource: oneOrMany('The ChangeSource of any detail.', ['DirectModification', 'ParameterReference', 'ResourceReference', 'ResourceAttribute', 'Automatic']),
              dataVerdict: oneOrMany('What becomes of the data of a removed or replaced data-bearing resource.', ['deleted', 'snapshotted', 'retained', 'unknown']),
              kind: oneOrMany('The kind of change (security: it broadens permissions, judged by what each principal is allowed before and after).', ['failure', 'data-loss', 'security', 'replace', 'maybe-replace', 'remove', 'rename', 'add', 'modify']),
              stack: oneOrMany('Stack name globs (a nested stack also matches as Stack/Nested).'),
            },
          },
        },
      },
    },
  },
} as const;
