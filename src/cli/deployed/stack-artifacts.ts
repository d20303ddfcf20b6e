/**
 * What a stack's artifact declares in its assembly's manifest besides what the assembly reader
 * keeps: the stack name CloudFormation knows, the roles the default synthesizer writes from
 * the bootstrap (the lookup role, `lookupRole`, read-only, the one `cdk diff` reads templates
 * with, and the deployment role, `assumeRoleArn`, which `cdk diff` falls back to), and the
 * manifest's version.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
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

/** The manifests of one read, each parsed once. */
export class StackArtifacts {
  private readonly manifests = new Map<string, Record<string, unknown> | undefined>();

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
    const version = this.manifestOf(stack.directory)?.version;
    return typeof version === 'string' ? version : undefined;
  }

  private manifestOf(directory: string): Record<string, unknown> | undefined {
    if (!this.manifests.has(directory)) {
      let manifest: Record<string, unknown> | undefined;
      try {
        const parsed: unknown = JSON.parse(fs.readFileSync(path.join(directory, 'manifest.json'), 'utf8'));
        manifest = isObject(parsed) ? parsed : undefined;
      } catch {
        // The assembly reader has read this manifest already; a failure here leaves the roles out.
        manifest = undefined;
      }
      this.manifests.set(directory, manifest);
    }
    return this.manifests.get(directory);
  }

  private artifactProperties(stack: AssemblyStack): Record<string, unknown> {
    const artifacts = this.manifestOf(stack.directory)?.artifacts;
    const artifact = isObject(artifacts) ? artifacts[stack.artifactId] : undefined;
    return isObject(artifact) && isObject(artifact.properties) ? artifact.properties : {};
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
