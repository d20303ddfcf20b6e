/**
 * The limits every reader of templates, cloud assemblies and rules files applies, with where
 * each number comes from. Going past one is an error naming the file (never a silent cut):
 * a comparison that cannot be completed must not pass for one without differences.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/cloudformation-limits.html
 */
import { MAX_DEPTH } from '../json';

/**
 * The largest template: 1 MB, CloudFormation's limit for a template body passed in an
 * Amazon S3 object (`TemplateURL`: "max size: 1 MB"); a template body passed inline may
 * have 51,200 bytes. Read as 1,048,576 bytes, the larger meaning of "1 MB", so no template
 * CloudFormation accepts is refused.
 */
export const MAX_TEMPLATE_BYTES = 1_048_576;

/**
 * The largest other file of a cloud assembly (`manifest.json`, asset manifests, metadata
 * files): they grow with the app (a manifest records metadata for every construct), so not
 * 1 MB, but bounded all the same.
 */
export const MAX_ASSEMBLY_FILE_BYTES = 64 * 1_048_576;

/** The largest rules file (`--rules`), parameter file (`@file`) or deployed state file. */
export const MAX_SMALL_FILE_BYTES = 1_048_576;

/**
 * How deeply a document may nest objects and arrays: the engine's own bound (`MAX_DEPTH`), so
 * that everything read can be compared completely. CloudFormation documents no such limit;
 * real templates nest about 10 to 20 levels.
 */
export const MAX_NESTING = MAX_DEPTH;

/**
 * How many aliases (`*name`) a YAML document may have: the `yaml` library's own default for
 * `maxAliasCount` (100). CloudFormation's documentation says it does not support aliases at
 * all (Template formats, YAML); they are read here for authors who use them, within bounds.
 */
export const MAX_YAML_ALIASES = 100;

/**
 * How many values (scalars, objects, arrays) a YAML document may hold once its aliases are
 * expanded: about twice what a template at CloudFormation's 1 MB limit can hold without
 * aliases (a value takes at least two bytes: `1,`), so that no alias bomb makes the reading
 * or the comparison run away.
 */
export const MAX_YAML_VALUES = 1_000_000;

/**
 * The most resources CloudFormation accepts in one stack's template (500, Understand
 * CloudFormation quotas: "Resources"). A fact to report, not a reason to refuse: a larger
 * template is read and compared, with a warning that deploying it fails.
 */
export const CLOUDFORMATION_MAX_RESOURCES = 500;

/** How deeply Stages may nest cloud assemblies in one another (ours: the CDK nests one per Stage). */
export const MAX_ASSEMBLY_NESTING = 16;

/** How deeply nested stacks may nest (ours; CloudFormation documents no limit of its own). */
export const MAX_STACK_NESTING = 32;

/**
 * How many nested stacks one stack may have in all, at every depth: a nested stack is a
 * resource, and CloudFormation creates, updates or deletes at most 2,500 resources of a stack's
 * nested stacks in one operation (Understand CloudFormation quotas: "Nested stacks").
 */
export const MAX_NESTED_STACKS = 2_500;

/**
 * How many bytes of templates one stack's nested stacks may hold in all, a template counted
 * once for each nested stack that names it (ours: 64 templates at CloudFormation's 1 MB), so a
 * template named by thousands of nested stacks cannot make the comparison run away.
 */
export const MAX_NESTED_TEMPLATE_BYTES = 64 * MAX_TEMPLATE_BYTES;
