/**
 * What a stack's artifact declares in its assembly's manifest besides the templates: the stack
 * name CloudFormation knows, the roles the default synthesizer writes from the bootstrap (the
 * lookup role, `lookupRole`, read-only, the one `cdk diff` reads templates with, and the
 * deployment role, `assumeRoleArn`, which `cdk diff` falls back to), and the manifest's
 * version. The assembly reader keeps them (`properties`, `manifestVersion`): the manifest is
 * read once, inside the folder and within the limits, never again here.
 */
import type { AssemblyStack } from '../input/read-assembly';

/** A role to assume, with the placeholders (`${AWS::AccountId}`, ...) the manifest leaves in it. */
export interface DeclaredRole {
  /** `lookup role` or `deployment role`, for messages. */
  readonly kind: string;
  readonly arn: string;
  readonly externalId?: string;
  /** More `AssumeRole` parameters (`Tags`, `Policy`, ...), as the cdk CLI passes them. */
  readonly options?: Record<string, unknown>;
}

/** What the stacks' artifacts declare. */
export class StackArtifacts {
  /** The lookup role then the deployment role, those the stack declares. */
  public declared(stack: AssemblyStack): DeclaredRole[] {
    const properties = this.artifactProperties(stack);
    const roles: DeclaredRole[] = [];
    const lookup = properties.lookupRole;
    if (isObject(lookup) && typeof lookup.arn === 'string') {
      roles.push({ kind: 'lookup role', arn: lookup.arn, ...extra(lookup.assumeRoleExternalId, lookup.assumeRoleAdditionalOptions) });
    }
    if (typeof properties.assumeRoleArn === 'string') {
      roles.push({ kind: 'deployment role', arn: properties.assumeRoleArn, ...extra(properties.assumeRoleExternalId, properties.assumeRoleAdditionalOptions) });
    }
    return roles;
  }

  /** The stack's name in CloudFormation (`properties.stackName`, else the artifact id). */
  public stackName(stack: AssemblyStack): string {
    const name = this.artifactProperties(stack).stackName;
    return typeof name === 'string' ? name : stack.artifactId;
  }

  /** The `version` of the manifest that declares the stack. */
  public manifestVersion(stack: AssemblyStack): string | undefined {
    return stack.manifestVersion;
  }

  private artifactProperties(stack: AssemblyStack): Readonly<Record<string, unknown>> {
    return stack.properties ?? {};
  }
}

/** The ARN with the environment's values for `${AWS::Partition}`, `${AWS::AccountId}` and `${AWS::Region}`. */
export function resolvePlaceholders(arn: string, where: PlaceholderValues): string {
  return arn
    .replace(/\$\{AWS::Partition\}/g, where.partition)
    .replace(/\$\{AWS::AccountId\}/g, where.account)
    .replace(/\$\{AWS::Region\}/g, where.region);
}

/** The values of the placeholders: the stack's environment and the credentials' partition. */
export interface PlaceholderValues {
  readonly account: string;
  readonly region: string;
  readonly partition: string;
}

function extra(externalId: unknown, options: unknown): Pick<DeclaredRole, 'externalId' | 'options'> {
  return {
    ...(typeof externalId === 'string' ? { externalId } : {}),
    ...(isObject(options) ? { options } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
