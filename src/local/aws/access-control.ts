/**
 * IAM for the calls the assembly's functions make to the local AWS APIs. Each function's
 * containers get their own access key id, so the caller of a request is read from the SigV4
 * `Credential` of its `Authorization` header; the caller's role policies (see
 * `rolePoliciesOf`) are evaluated as IAM evaluates them, counting only the policies whose
 * resource exists at that moment of the deployment (see `ExistingResources`). A denied call
 * gets the API's `AccessDeniedException` and is recorded for the step's report: as
 * `dependency-order` when a policy of the template would allow it but does not exist yet (or
 * any more) because the custom resource does not depend on it, as `iam-permission` when no
 * policy allows it at all. What cannot be checked is allowed, with a note: a role that is not
 * in the template, managed policies the runner cannot read, a call without a signature.
 */
import { HttpExchange } from './loopback-server';
import { ExistingResources } from '../rules/existing-resources';
import { evaluate, IamDecision } from '../rules/iam-evaluation';
import { RolePolicies, rolePoliciesOf } from '../rules/role-policies';
import { LambdaFunctionSpec } from '../stack/lambda-functions';

/** A call IAM denied. */
export interface DeniedCall {
  readonly caller: LambdaFunctionSpec;
  readonly action: string;
  readonly resource: string;
  /** `dependency-order`: allowed by a policy that does not exist then; `iam-permission`: allowed by none. */
  readonly rule: 'dependency-order' | 'iam-permission';
  /** For `dependency-order`: the resources holding the policies that would allow it. */
  readonly missing: readonly string[];
  /** What existed when the call was made (undefined: everything). */
  readonly existing?: ExistingResources;
  /** The AccessDeniedException's message. */
  readonly message: string;
}

/** The check a local AWS API makes before serving a call. */
export interface AccessCheck {
  /** Undefined when the call is allowed; else the AccessDeniedException's message. */
  check(exchange: HttpExchange, action: string, resource: string): string | undefined;
}

const SIGV4_CREDENTIAL = /Credential=([A-Z0-9]+)\//;

/** Access control for one run. */
export class AccessControl implements AccessCheck {
  /** Every denied call, in order. */
  public readonly denied: DeniedCall[] = [];
  /** What could not be checked, in order (repeats included: a step lists each once). */
  public readonly notes: string[] = [];
  /** The resources that exist while the current request runs; undefined between requests (all exist). */
  public existing?: ExistingResources;
  private readonly keys = new Map<string, LambdaFunctionSpec>();
  private readonly keyOf = new Map<LambdaFunctionSpec, string>();
  private readonly policies = new Map<LambdaFunctionSpec, RolePolicies>();

  /** The access key id of `fn`'s containers. */
  public keyFor(fn: LambdaFunctionSpec): string {
    let key = this.keyOf.get(fn);
    if (key === undefined) {
      key = `ASIALOCAL${String(this.keys.size + 1).padStart(11, '0')}`;
      this.keys.set(key, fn);
      this.keyOf.set(fn, key);
    }
    return key;
  }

  public check(exchange: HttpExchange, action: string, resource: string): string | undefined {
    const authorization = exchange.headers.authorization;
    const key = typeof authorization === 'string' ? SIGV4_CREDENTIAL.exec(authorization)?.[1] : undefined;
    const caller = key === undefined ? undefined : this.keys.get(key);
    if (caller === undefined) {
      this.notes.push(`a call of ${action} ${key === undefined ? 'without an AWS signature' : `signed with an access key no function of the assembly has (${key})`} was not checked against IAM`);
      return undefined;
    }
    const roles = this.rolePolicies(caller);
    if (roles.roleLogicalId === undefined) {
      this.notes.push(`IAM is not checked for function ${caller.logicalId}: its role ${roles.roleName} is not a resource of stack ${caller.stack.name}`);
      return undefined;
    }
    const existing = this.existing;
    const exists = (holder: string) => existing === undefined || existing.stackName !== caller.stack.name || existing.ids?.has(holder) !== false;
    const decision = decide(roles, exists, action, resource);
    if (decision === 'allow') return undefined;
    if (decision === 'none' && roles.unreadable.length > 0) {
      this.notes.push(`${action} by function ${caller.logicalId} is allowed without a check: only managed policies the runner cannot read could allow it (${roles.unreadable.join(', ')})`);
      return undefined;
    }
    const missing = decision === 'none' ? roles.policies.filter((policy) => !exists(policy.holder) && evaluate(policy.statements, action, resource) === 'allow').map((policy) => policy.holder) : [];
    const why = decision === 'deny' ? 'with an explicit deny in an identity-based policy' : `because no identity-based policy allows the ${action} action`;
    const message = `User: arn:${caller.deployment.partition}:sts::${caller.deployment.account}:assumed-role/${roles.roleName}/${caller.name} is not authorized to perform: ${action} on resource: ${resource} ${why}`;
    this.denied.push({ caller, action, resource, rule: missing.length > 0 ? 'dependency-order' : 'iam-permission', missing, ...(this.existing === undefined ? {} : { existing: this.existing }), message });
    return message;
  }

  private rolePolicies(fn: LambdaFunctionSpec): RolePolicies {
    let found = this.policies.get(fn);
    if (found === undefined) {
      found = rolePoliciesOf(fn);
      this.policies.set(fn, found);
    }
    return found;
  }
}

/** IAM's decision over the policies that exist. */
function decide(roles: RolePolicies, exists: (holder: string) => boolean, action: string, resource: string): IamDecision {
  return evaluate(roles.policies.filter((policy) => exists(policy.holder)).flatMap((policy) => policy.statements), action, resource);
}
