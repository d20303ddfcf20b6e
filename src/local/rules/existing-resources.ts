/**
 * Which resources of a stack exist while CloudFormation waits for a custom resource's answer.
 * CloudFormation creates and deletes resources that have no dependency between them
 * concurrently: a resource is created after everything it depends on (`Ref`, `Fn::GetAtt`,
 * `Fn::Sub`, `DependsOn`, directly or through other resources) and deleted before it. So while a
 * custom resource's Create runs, and while its Delete runs when the stack (or the resource) is
 * deleted, only what it depends on can be counted on to exist: anything else may not have been
 * created yet, or may already be gone. During an Update, the stack's resources exist.
 *
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-attribute-dependson.html
 */
import { isPlainObject, Template } from '../../change-set/input/read-template';
import { DependencyOrder } from '../play/dependency-order';

/** The resources that exist while one request runs. */
export interface ExistingResources {
  /** The stack whose resources these are (another stack's all exist). */
  readonly stackName: string;
  /** The logical ids that exist; undefined when all of the stack's do. */
  readonly ids?: ReadonlySet<string>;
  /** The custom resource whose request runs, for messages. */
  readonly logicalId: string;
  /** `Create` or `Delete`, for messages. */
  readonly during: string;
}

/**
 * The resources that can be counted on while `logicalId`'s request runs: the resource itself
 * and what it depends on, plus `also` (resources that exist anyway, as in a change set the
 * ones deployed before it).
 */
export function dependenciesOnly(template: Template, logicalId: string, also: Iterable<string> = []): Set<string> {
  return new Set([logicalId, ...new DependencyOrder(template).dependenciesOf(logicalId), ...also]);
}

/** The logical ids of a template's resources. */
export function resourceIds(template: Template | undefined): string[] {
  return template === undefined || !isPlainObject(template.Resources) ? [] : Object.keys(template.Resources);
}
