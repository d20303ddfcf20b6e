/**
 * Whether a finding id was acknowledged with `Annotations.of(scope).acknowledgeWarning(id)` on
 * a construct or any of its ancestors.
 *
 * CDK drops acknowledged warnings by itself; errors cannot be acknowledged in CDK, so the
 * guard asks this before it adds an error (severity ERROR). CDK keeps acknowledgements in a
 * registry on the app under a global symbol; if that ever changes, nothing counts as
 * acknowledged (errors stay errors, the safe side).
 */
import { IConstruct } from 'constructs';

const REGISTRY = Symbol.for('@aws-cdk/core.Acknowledgements');

export function isAcknowledged(construct: IConstruct, id: string): boolean {
  const registry = (construct.node.root as unknown as Record<symbol, { acks?: unknown } | undefined>)[REGISTRY];
  const acks = registry?.acks;
  if (!(acks instanceof Map)) return false;
  for (let scope: IConstruct | undefined = construct; scope; scope = scope.node.scope) {
    const set = acks.get(scope.node.path.replace(/^\//, ''));
    if (set instanceof Set && set.has(id)) return true;
  }
  return false;
}
