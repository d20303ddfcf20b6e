/**
 * Small cloud assemblies written by hand, for the tests that need many stacks or a shape a
 * synthesized app does not have (an environment-agnostic stack, a hundred stacks): a manifest
 * with `aws:cloudformation:stack` artifacts as the default synthesizer writes them (the lookup
 * and deployment roles with their placeholders) and one template file each.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** One stack of the assembly. */
export interface BuiltStack {
  readonly id: string;
  readonly template: Record<string, unknown>;
  /** `aws://account/region`. @default aws://unknown-account/unknown-region */
  readonly environment?: string;
  /** @default the id */
  readonly stackName?: string;
  /** Set false to declare no roles (an app without the default synthesizer's roles). @default true */
  readonly roles?: boolean;
}

/** The default synthesizer's role ARNs, placeholders included. */
export const LOOKUP_ROLE = 'arn:${AWS::Partition}:iam::${AWS::AccountId}:role/cdk-hnb659fds-lookup-role-${AWS::AccountId}-${AWS::Region}';
export const DEPLOY_ROLE = 'arn:${AWS::Partition}:iam::${AWS::AccountId}:role/cdk-hnb659fds-deploy-role-${AWS::AccountId}-${AWS::Region}';

/** Writes the assembly into `dir` (created). */
export function writeAssembly(dir: string, stacks: readonly BuiltStack[]): string {
  fs.mkdirSync(dir, { recursive: true });
  const artifacts: Record<string, unknown> = {};
  for (const stack of stacks) {
    const templateFile = `${stack.id}.template.json`;
    fs.writeFileSync(path.join(dir, templateFile), JSON.stringify(stack.template, undefined, 1));
    artifacts[stack.id] = {
      type: 'aws:cloudformation:stack',
      environment: stack.environment ?? 'aws://unknown-account/unknown-region',
      properties: {
        templateFile,
        stackName: stack.stackName ?? stack.id,
        ...(stack.roles === false ? {} : {
          assumeRoleArn: DEPLOY_ROLE,
          lookupRole: { arn: LOOKUP_ROLE, requiresBootstrapStackVersion: 8, bootstrapStackVersionSsmParameter: '/cdk-bootstrap/hnb659fds/version' },
        }),
      },
      displayName: stack.id,
    };
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version: '41.0.0', artifacts }, undefined, 1));
  return dir;
}

/** A template with one queue per name. */
export function queues(...names: string[]): { Resources: Record<string, unknown> } {
  return { Resources: Object.fromEntries(names.map((name) => [name, { Type: 'AWS::SQS::Queue', Properties: { QueueName: name.toLowerCase() } }])) };
}
