/**
 * The identity-based policies of a Lambda function's execution role, as the template declares
 * them: the role's inline `Policies`, every `AWS::IAM::Policy` and `AWS::IAM::ManagedPolicy`
 * of the stack attached to it (`Roles`), and the template's managed policies the role lists in
 * `ManagedPolicyArns`. Each policy is kept with the resource that holds it, so a call can be
 * denied when that resource does not exist at the moment of the call. Managed policies that
 * are not in the template (AWS's own, or another stack's) cannot be read here.
 */
import { statementsOf } from './iam-evaluation';
import { isPlainObject } from '../../change-set/input/read-template';
import { LambdaFunctionSpec } from '../stack/lambda-functions';
import { TemplateResolver } from '../stack/template-resolver';

/** One policy, with the resource of the template that holds it. */
export interface HeldPolicy {
  /** The logical id of the role (inline policies), policy or managed policy. */
  readonly holder: string;
  readonly statements: readonly Record<string, unknown>[];
}

/** What IAM would evaluate for a function's calls. */
export interface RolePolicies {
  /** The role's logical id; undefined when the role is not a resource of the function's stack. */
  readonly roleLogicalId?: string;
  /** The role as it would be named in an AccessDeniedException. */
  readonly roleName: string;
  readonly policies: readonly HeldPolicy[];
  /** Managed policy ARNs the role lists that are not in the template. */
  readonly unreadable: readonly string[];
}

/** The policies of `fn`'s role. */
export function rolePoliciesOf(fn: LambdaFunctionSpec): RolePolicies {
  const resources = fn.stack.template.Resources;
  const resolver = new TemplateResolver({ stack: fn.stack, deployment: fn.deployment, functions: fn.registry, stacks: fn.registry.stacks });
  const getAtt = isPlainObject(fn.role) ? fn.role['Fn::GetAtt'] : undefined;
  const roleId = Array.isArray(getAtt) && typeof getAtt[0] === 'string' ? getAtt[0] : undefined;
  const role = roleId === undefined ? undefined : resources[roleId];
  if (roleId === undefined || !isPlainObject(role) || role.Type !== 'AWS::IAM::Role') {
    return { roleName: String(resolver.resolve(fn.role) ?? '(no role)'), policies: [], unreadable: [] };
  }
  const properties = isPlainObject(role.Properties) ? role.Properties : {};
  const policies: HeldPolicy[] = [];
  const held = (holder: string, document: unknown) => policies.push({ holder, statements: statementsOf(resolver.resolve(document)) });
  for (const inline of Array.isArray(properties.Policies) ? properties.Policies : []) {
    if (isPlainObject(inline)) held(roleId, inline.PolicyDocument);
  }
  const listed = Array.isArray(properties.ManagedPolicyArns) ? properties.ManagedPolicyArns : [];
  const unreadable: string[] = [];
  for (const arn of listed) {
    const managed = isPlainObject(arn) && typeof arn.Ref === 'string' ? resources[arn.Ref] : undefined;
    if (!(isPlainObject(managed) && managed.Type === 'AWS::IAM::ManagedPolicy')) unreadable.push(String(resolver.resolve(arn)));
  }
  for (const [id, resource] of Object.entries(resources)) {
    if (!isPlainObject(resource) || !isPlainObject(resource.Properties)) continue;
    const attached = attachesTo(resource.Properties.Roles, roleId, properties.RoleName)
      || (resource.Type === 'AWS::IAM::ManagedPolicy' && listed.some((arn) => isPlainObject(arn) && arn.Ref === id));
    if ((resource.Type === 'AWS::IAM::Policy' || resource.Type === 'AWS::IAM::ManagedPolicy') && attached) held(id, resource.Properties.PolicyDocument);
  }
  const roleName = typeof properties.RoleName === 'string' ? properties.RoleName : `${fn.stack.name}-${roleId}`;
  return { roleLogicalId: roleId, roleName, policies, unreadable };
}

/** Whether a policy's `Roles` list names the role (`Ref` to it, or its literal RoleName). */
function attachesTo(roles: unknown, roleId: string, roleName: unknown): boolean {
  return Array.isArray(roles) && roles.some((role) => (isPlainObject(role) && role.Ref === roleId) || (typeof roleName === 'string' && role === roleName));
}
