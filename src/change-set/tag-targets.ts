/**
 * How CloudFormation names the target of a tag change, per resource type.
 *
 * Two forms are recorded: `{Attribute: Tags}` without a name, and `{Attribute: Properties,
 * Name: Tags}`. Which types use which is not documented; the table holds the types whose
 * form a public change set shows, each with its source. Every other type keeps the form of
 * CloudFormation's own User Guide example (`{Attribute: Tags}`), marked unverified, which
 * `--json` reports as `"TargetForm": "Unverified"` on the detail.
 */

/** A recorded form. */
export interface TagTargetForm {
  readonly attribute: 'Tags' | 'Properties';
  /** The public recording that shows it. */
  readonly source: string;
}

/** The types whose form a recorded change set shows. */
export const TAG_TARGET_FORMS: Readonly<Record<string, TagTargetForm>> = {
  'AWS::EC2::Instance': {
    attribute: 'Tags',
    source: 'CloudFormation User Guide, Example change sets (a tag added to MyEC2Instance: Attribute Tags, Scope Tags)',
  },
  'AWS::EC2::Subnet': {
    attribute: 'Tags',
    source: 'a change set published with its templates (a Name tag added to a subnet, described with IncludePropertyValues: Attribute Tags, Path /Properties/Tags)',
  },
  'AWS::S3::Bucket': {
    attribute: 'Properties',
    source: 'change sets recorded against AWS in 2025 (issue 18): a bucket tag change is {Attribute: Properties, Name: Tags}',
  },
};

/** The target of a change of `Tags` on an AWS type: its recorded form, else `Tags`, unverified. */
export function tagTarget(resourceType: string): { attribute: 'Tags' | 'Properties'; name?: string; formUnverified?: boolean } {
  const known = Object.prototype.hasOwnProperty.call(TAG_TARGET_FORMS, resourceType) ? TAG_TARGET_FORMS[resourceType] : undefined;
  if (known === undefined) return { attribute: 'Tags', formUnverified: true };
  return known.attribute === 'Tags' ? { attribute: 'Tags' } : { attribute: 'Properties', name: 'Tags' };
}
