/**
 * The provider function's execution role: the provider's own, or the user's with what the
 * runtime needs added to it; or, when the user's role cannot be changed, a warning that lists
 * every statement it must allow.
 */
import { Annotations, CfnResource, Stack, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Construct, IConstruct } from 'constructs';
import { suppressNagFindings } from './nag-suppression';
import { FindingId } from '../../replacement/finding-ids';

/** The AWS managed policy `lambda.Function` adds to its role when it runs in a VPC. */
const VPC_ACCESS_POLICY = 'service-role/AWSLambdaVPCAccessExecutionRole';

/**
 * The network-interface permissions of that policy (AWS Managed Policy Reference,
 * AWSLambdaVPCAccessExecutionRole), as statements: a role imported by ARN cannot have a managed
 * policy attached by this app, but it can get an inline policy.
 */
const NETWORK_INTERFACE_ACTIONS = [
  'ec2:CreateNetworkInterface', 'ec2:DescribeNetworkInterfaces', 'ec2:DescribeSubnets',
  'ec2:DeleteNetworkInterface', 'ec2:AssignPrivateIpAddresses', 'ec2:UnassignPrivateIpAddresses',
];

/** What the runtime needs on the role before the function exists. */
export interface RoleNeeds {
  /** Statements that name nothing of the function (its logs, the claims, the handler functions). */
  readonly statements: iam.PolicyStatement[];
  /** The function runs in a VPC: it needs the network-interface permissions. */
  readonly vpc: boolean;
}

/** The role of a provider function, and how to add what the runtime needs once the function exists. */
export class ProviderRole {
  /** Makes the provider's own role, or prepares the user's. */
  public static of(scope: Construct, userRole: iam.IRole | undefined, needs: RoleNeeds): ProviderRole {
    if (userRole === undefined) return ProviderRole.own(scope, needs);
    if (iam.Role.isRole(userRole)) {
      if (needs.vpc) userRole.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName(VPC_ACCESS_POLICY));
      const policy = new iam.Policy(scope, 'RuntimePolicy', { roles: [userRole], statements: needs.statements });
      return new ProviderRole(scope, userRole, true, [policy], needs);
    }
    // A role imported by ARN adds statements to a policy of its own, unless it is immutable: then
    // nothing is added and the answer says so only by not naming a construct.
    const statements = [...needs.statements, ...(needs.vpc ? [networkInterfaceStatement()] : [])];
    const added = statements.map((statement) => userRole.addToPrincipalPolicy(statement));
    const mutable = added.every((result) => result.statementAdded && Construct.isConstruct(result.policyDependable));
    return new ProviderRole(scope, userRole, mutable, [], { ...needs, statements });
  }

  private static own(scope: Construct, needs: RoleNeeds): ProviderRole {
    const role = new iam.Role(scope, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Role of the cdk-lifecycle provider ${scope.node.path}`,
      inlinePolicies: { Provider: new iam.PolicyDocument({ statements: needs.statements }) },
      managedPolicies: needs.vpc ? [iam.ManagedPolicy.fromAwsManagedPolicyName(VPC_ACCESS_POLICY)] : undefined,
    });
    if (needs.statements.some((statement) => statement.sid === 'ClaimEachRequestOnce')) {
      // The one wildcard of this role is the claims' path, each request's claim a parameter of its own under it.
      suppressNagFindings(role.node.defaultChild as CfnResource, {
        id: 'AwsSolutions-IAM5',
        reason: 'Each request is claimed with an SSM parameter of its own (named by a hash of the request) under this provider\'s own path',
        applies_to: [{ regex: '/^Resource::arn:<AWS::Partition>:ssm:.*:parameter\\/cdk-lifecycle\\/.*\\/\\*$/g' }],
      });
    }
    return new ProviderRole(scope, role, true, [], needs);
  }

  private readonly later: iam.PolicyStatement[] = [];

  private constructor(
    private readonly scope: Construct,
    /** The role the function runs with. */
    public readonly role: iam.IRole,
    /** Whether this app can add to it. */
    private readonly mutable: boolean,
    /** What the function must wait for (the runtime's policy on a user's role). */
    public readonly dependables: IConstruct[],
    private readonly needs: RoleNeeds,
  ) {}

  /**
   * Adds statements that name the function (a polling provider's self-invoke and parameters),
   * in a policy of their own: in the role's own policy they would make the function and its
   * role depend on each other.
   */
  public addFunctionStatements(id: string, statements: iam.PolicyStatement[]): void {
    if (this.mutable) new iam.Policy(this.scope, id, { roles: [this.role], statements });
    this.later.push(...statements);
  }

  /**
   * Warns, when the role could not be changed, which statements it must allow (the runtime's,
   * and `initialPolicy`'s, which aws-cdk-lib drops too). Call once every statement is known;
   * `names` says in words what a resource is (by the token or ARN it holds).
   */
  public warnIfUnchanged(initialPolicy: readonly iam.PolicyStatement[], names: ReadonlyMap<string, string>): void {
    if (this.mutable) return;
    const stack = Stack.of(this.scope);
    const lines = [...this.needs.statements, ...this.later, ...initialPolicy].map((statement) => describeStatement(stack, statement, names));
    Annotations.of(this.scope).addWarningV2(FindingId.PROVIDER_ROLE_NOT_UPDATED, [
      `${this.scope.node.path}: the role ${this.role.roleArn} cannot be changed by this app (it was imported as immutable), so nothing the provider's runtime needs was added to it.`,
      `It must allow: ${lines.join('; ')}.`,
      'Without them requests fail (or, without the network-interface permissions, the function cannot be created).',
      `Once the role allows them, acknowledge: Annotations.of(provider).acknowledgeWarning('${FindingId.PROVIDER_ROLE_NOT_UPDATED}', reason).`,
    ].join(' '));
  }
}

function networkInterfaceStatement(): iam.PolicyStatement {
  return new iam.PolicyStatement({ sid: 'ManageNetworkInterfaces', actions: NETWORK_INTERFACE_ACTIONS, resources: ['*'] });
}

/** `actions on resources`, each resource named in words or written as CloudFormation resolves it. */
function describeStatement(stack: Stack, statement: iam.PolicyStatement, names: ReadonlyMap<string, string>): string {
  const resources = statement.resources.map((resource) => names.get(resource)
    ?? (Token.isUnresolved(resource) ? render(stack.resolve(resource)) : resource));
  return `${statement.actions.join(', ')} on ${resources.join(', ')}`;
}

/** A resolved value in `Fn::Sub`'s notation: `arn:${AWS::Partition}:ssm:...`. */
function render(value: unknown): string {
  if (typeof value === 'string') return value;
  const object = (value ?? {}) as Record<string, unknown>;
  if (typeof object.Ref === 'string') return `\${${object.Ref}}`;
  const getAtt = object['Fn::GetAtt'];
  if (Array.isArray(getAtt)) return `\${${getAtt.join('.')}}`;
  const join = object['Fn::Join'];
  if (Array.isArray(join) && Array.isArray(join[1])) return join[1].map(render).join(String(join[0]));
  return JSON.stringify(value);
}
