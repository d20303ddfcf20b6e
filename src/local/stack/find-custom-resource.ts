/**
 * Finding what the user named: a stack of the assembly (by stack name, artifact id or
 * construct path) and a custom resource in it (by logical id or construct path).
 */
import { AssemblyStack } from '../../assembly/read-assembly';
import { isPlainObject } from '../../change-set/input/read-template';
import { LocalSetupError } from '../local-setup-error';

/** A custom resource of a stack. */
export interface CustomResourceTarget {
  readonly stack: AssemblyStack;
  readonly logicalId: string;
  /** `Custom::Something` or `AWS::CloudFormation::CustomResource`. */
  readonly resourceType: string;
  /** The properties as the template has them (intrinsics unresolved). */
  readonly properties: Readonly<Record<string, unknown>>;
  /** The construct path without the stack (`MySeleniumTest`), when the template records it. */
  readonly constructPath?: string;
}

/** Whether a type is a custom resource. */
export function isCustomResourceType(type: unknown): type is string {
  return typeof type === 'string' && (type.startsWith('Custom::') || type === 'AWS::CloudFormation::CustomResource');
}

/**
 * The stack `wanted` names, or the only stack.
 *
 * @throws LocalSetupError when no stack or several stacks match
 */
export function findStack(stacks: readonly AssemblyStack[], wanted: string | undefined, shown: string): AssemblyStack {
  const list = `stacks there: ${stacks.map((stack) => stack.name).join(', ') || '(none)'}`;
  if (wanted === undefined) {
    if (stacks.length === 1) return stacks[0];
    if (stacks.length === 0) throw new LocalSetupError(`${shown} has no stacks`);
    throw new LocalSetupError(`${shown} has ${stacks.length} stacks: pick one with --stack`, list);
  }
  const found = stacks.find((stack) => stack.name === wanted || stack.artifactId === wanted || stack.displayName === wanted);
  if (found === undefined) throw new LocalSetupError(`no stack "${wanted}" in ${shown}`, list);
  return found;
}

/** The custom resources of a stack, in template order. */
export function customResourcesOf(stack: AssemblyStack): CustomResourceTarget[] {
  return Object.entries(stack.template.Resources).flatMap(([logicalId, resource]) => {
    if (!isPlainObject(resource) || !isCustomResourceType(resource.Type)) return [];
    const path = constructPathOf(resource);
    return [{
      stack,
      logicalId,
      resourceType: resource.Type,
      properties: isPlainObject(resource.Properties) ? resource.Properties : {},
      ...(path === undefined ? {} : { constructPath: path }),
    }];
  });
}

/**
 * The custom resource `wanted` names (a logical id, or a construct path with or without the
 * stack's, and with or without the final `Resource`/`Default`), or the stack's only one.
 *
 * @throws LocalSetupError when nothing matches, or what matches is not a custom resource
 */
export function findCustomResource(stack: AssemblyStack, wanted: string | undefined): CustomResourceTarget {
  const customs = customResourcesOf(stack);
  const list = `custom resources there: ${customs.map(describeTarget).join(', ') || '(none)'}`;
  if (wanted === undefined) {
    if (customs.length === 1) return customs[0];
    if (customs.length === 0) throw new LocalSetupError(`stack ${stack.name} has no custom resources`);
    throw new LocalSetupError(`stack ${stack.name} has ${customs.length} custom resources: pick one with --resource`, list);
  }
  const resources = stack.template.Resources;
  const logicalId = wanted in resources ? wanted : Object.keys(resources).find((id) => pathMatches(resources[id], stack, wanted));
  if (logicalId === undefined) throw new LocalSetupError(`no resource "${wanted}" in stack ${stack.name}`, list);
  const target = customs.find((custom) => custom.logicalId === logicalId);
  if (target === undefined) {
    const type = (resources[logicalId] as { Type?: unknown }).Type;
    throw new LocalSetupError(`${logicalId} in stack ${stack.name} is ${typeof type === 'string' ? `an ${type}` : 'a resource without a Type'}, not a custom resource (Custom::* or AWS::CloudFormation::CustomResource)`, list);
  }
  return target;
}

/** `MySeleniumTest (Stack/MySeleniumTest)` or the logical id alone. */
export function describeTarget(target: CustomResourceTarget): string {
  return target.constructPath === undefined || target.constructPath === target.logicalId ? target.logicalId : `${target.logicalId} (${target.constructPath})`;
}

/** The `aws:cdk:path` metadata without the stack and a final `Resource` or `Default`. */
function constructPathOf(resource: Record<string, unknown>): string | undefined {
  const metadata = isPlainObject(resource.Metadata) ? resource.Metadata['aws:cdk:path'] : undefined;
  if (typeof metadata !== 'string') return undefined;
  return metadata.split('/').slice(1).join('/').replace(/\/(Resource|Default)$/, '');
}

function pathMatches(resource: unknown, stack: AssemblyStack, wanted: string): boolean {
  const metadata = isPlainObject(resource) && isPlainObject(resource.Metadata) ? resource.Metadata['aws:cdk:path'] : undefined;
  if (typeof metadata !== 'string') return false;
  const trimmed = wanted.replace(/^\/+|\/+$/g, '');
  const full = metadata.replace(/\/(Resource|Default)$/, '');
  const withoutStack = full.split('/').slice(1).join('/');
  return [metadata, full, withoutStack].includes(trimmed) || trimmed === `${stack.displayName}/${withoutStack}`;
}
