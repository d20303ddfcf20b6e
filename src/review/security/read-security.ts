/**
 * Everything in a template that decides who may do what: IAM statements (identity policies of
 * roles, users, groups and SSO permission sets; the resource policies of `RESOURCE_POLICY_TYPES`;
 * Lambda permissions), managed policies attached, security-group rules, and settings read as a
 * whole (permissions boundaries, group memberships, SSO assignments, a function URL's IAM
 * auth, the documents of `POLICY_SETTINGS`).
 */
import { IamStatement, scopeOf, statementsOf, values } from './iam-statement';
import { lambdaPermission } from './lambda-permission';
import { renderToken } from './render-token';
import { POLICY_SETTINGS, RESOURCE_POLICY_TYPES, ResourcePolicyType } from './resource-policy-types';
import { ruleOf, SecurityGroupRule } from './security-group-rule';

/** A template's resources, as read. */
export type Resources = Readonly<Record<string, { readonly Type?: unknown; readonly Properties?: unknown }>>;

/** A managed policy attached to a role, user, group or permission set. */
export interface ManagedPolicyAttachment {
  readonly logicalId: string;
  /** Who it is attached to (`AWS:${Role}`). */
  readonly principal: string;
  readonly policyArn: string;
}

/**
 * A setting read as a whole: a `limit` narrows what is allowed (a permissions boundary, a
 * function URL's IAM auth, a data protection policy), a `grant` widens it (a group membership,
 * an SSO assignment).
 */
export interface SecuritySetting {
  readonly logicalId: string;
  readonly role: 'limit' | 'grant';
  /** `permissions boundary`, `group membership`, ... */
  readonly name: string;
  /** Whom or what it applies to (`AWS:${Role}`). */
  readonly subject: string;
  readonly value: string;
}

/** What one template says about access. */
export interface SecurityItems {
  readonly statements: IamStatement[];
  readonly managedPolicies: ManagedPolicyAttachment[];
  readonly rules: SecurityGroupRule[];
  readonly settings: SecuritySetting[];
  /** The managed policies defined in the template, as their ARN renders (`${Policy}`): attaching one grants its statements. */
  readonly localManagedPolicies: Set<string>;
}

/** The principal a managed policy's statements are read for, standing for whatever attaches it. */
export function managedPolicyPrincipal(logicalId: string): string {
  return `ManagedPolicy:\${${logicalId}}`;
}

const POLICIES_BY_TYPE = groupBy(RESOURCE_POLICY_TYPES, (entry) => entry.type);
const SETTINGS_BY_TYPE = groupBy(POLICY_SETTINGS, (entry) => entry.type);

/** The types `readIdentity` reads (most of a template's resources are none of them). */
const READ_BY_TYPE = new Set([
  'AWS::IAM::Role', 'AWS::IAM::User', 'AWS::IAM::Group', 'AWS::IAM::Policy', 'AWS::IAM::ManagedPolicy', 'AWS::IAM::RolePolicy', 'AWS::IAM::UserPolicy',
  'AWS::IAM::GroupPolicy', 'AWS::IAM::UserToGroupAddition', 'AWS::SSO::PermissionSet', 'AWS::SSO::Assignment', 'AWS::Lambda::Permission', 'AWS::Lambda::Url',
  'AWS::EC2::SecurityGroup', 'AWS::EC2::SecurityGroupIngress', 'AWS::EC2::SecurityGroupEgress',
]);

/** What the resources say about access. */
export function readSecurity(resources: Resources): SecurityItems {
  const out: SecurityItems = { statements: [], managedPolicies: [], rules: [], settings: [], localManagedPolicies: new Set() };
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (typeof resource !== 'object' || resource === null) continue;
    const type = String(resource.Type);
    const policies = POLICIES_BY_TYPE.get(type);
    const settings = SETTINGS_BY_TYPE.get(type);
    if (policies === undefined && settings === undefined && !READ_BY_TYPE.has(type)) continue;
    const properties = (typeof resource.Properties === 'object' && resource.Properties !== null ? resource.Properties : {}) as Record<string, unknown>;
    if (READ_BY_TYPE.has(type)) readIdentity(type, logicalId, properties, out);
    for (const entry of policies ?? []) readResourcePolicy(entry, logicalId, properties, out);
    for (const entry of settings ?? []) {
      if (properties[entry.property] !== undefined) {
        out.settings.push({ logicalId, role: entry.role, name: entry.name, subject: `\${${logicalId}}`, value: renderToken(properties[entry.property]) });
      }
    }
  }
  return out;
}

function readIdentity(type: string, logicalId: string, properties: Record<string, unknown>, out: SecurityItems): void {
  const self = `AWS:\${${logicalId}}`;
  const setting = (role: SecuritySetting['role'], name: string, subject: string, value: unknown) =>
    out.settings.push({ logicalId, role, name, subject, value: renderToken(value) });
  const identityStatements = (document: unknown, source: string, principal: string) =>
    out.statements.push(...statementsOf(document, { logicalId, source, scope: 'identity', principal }));
  const inlinePolicies = (principal: string) => {
    const list = properties.Policies;
    if (!Array.isArray(list)) return;
    for (const policy of list) {
      const record = (typeof policy === 'object' && policy !== null ? policy : {}) as Record<string, unknown>;
      identityStatements(record.PolicyDocument ?? policy, `Policies[${renderToken(record.PolicyName ?? '?')}]`, principal);
    }
  };
  const attach = (key: string, principal: string) => {
    for (const arn of values(properties[key])) out.managedPolicies.push({ logicalId, principal, policyArn: arn });
  };
  switch (type) {
    case 'AWS::IAM::Role':
    case 'AWS::IAM::User':
    case 'AWS::IAM::Group':
      inlinePolicies(self);
      attach('ManagedPolicyArns', self);
      if (properties.PermissionsBoundary !== undefined) setting('limit', 'permissions boundary', self, properties.PermissionsBoundary);
      for (const group of values(properties.Groups)) setting('grant', 'group membership', self, group);
      return;
    case 'AWS::IAM::Policy': {
      const holders = ['Roles', 'Users', 'Groups'].flatMap((key) => values(properties[key]).map((holder) => `AWS:${holder}`));
      for (const holder of holders.length === 0 ? [`Policy:\${${logicalId}}`] : holders) identityStatements(properties.PolicyDocument, 'PolicyDocument', holder);
      return;
    }
    case 'AWS::IAM::ManagedPolicy': {
      // Its statements apply to its holders here, and to whatever attaches it by ARN (here or elsewhere): `ManagedPolicy:${Id}`.
      const holders = ['Roles', 'Users', 'Groups'].flatMap((key) => values(properties[key]).map((holder) => `AWS:${holder}`));
      for (const holder of [...holders, managedPolicyPrincipal(logicalId)]) identityStatements(properties.PolicyDocument, 'PolicyDocument', holder);
      out.localManagedPolicies.add(`\${${logicalId}}`);
      return;
    }
    case 'AWS::IAM::RolePolicy':
    case 'AWS::IAM::UserPolicy':
    case 'AWS::IAM::GroupPolicy': {
      const holder = properties[`${type.slice('AWS::IAM::'.length, -'Policy'.length)}Name`];
      identityStatements(properties.PolicyDocument, 'PolicyDocument', `AWS:${renderToken(holder ?? '?')}`);
      return;
    }
    case 'AWS::IAM::UserToGroupAddition':
      for (const user of values(properties.Users)) setting('grant', 'group membership', `AWS:${user}`, properties.GroupName ?? '?');
      return;
    case 'AWS::SSO::PermissionSet': {
      const principal = `SSO:\${${logicalId}}`;
      identityStatements(properties.InlinePolicy, 'InlinePolicy', principal);
      attach('ManagedPolicies', principal);
      for (const reference of Array.isArray(properties.CustomerManagedPolicyReferences) ? properties.CustomerManagedPolicyReferences : []) {
        const record = (typeof reference === 'object' && reference !== null ? reference : {}) as Record<string, unknown>;
        out.managedPolicies.push({ logicalId, principal, policyArn: `customer managed ${renderToken(record.Path ?? '/')}${renderToken(record.Name ?? '?')}` });
      }
      if (properties.PermissionsBoundary !== undefined) setting('limit', 'permissions boundary', principal, properties.PermissionsBoundary);
      return;
    }
    case 'AWS::SSO::Assignment':
      setting('grant', 'SSO assignment', `${renderToken(properties.PrincipalType ?? '?')}:${renderToken(properties.PrincipalId ?? '?')}`,
        `${renderToken(properties.PermissionSetArn ?? '?')} in ${renderToken(properties.TargetType ?? '?')} ${renderToken(properties.TargetId ?? '?')}`);
      return;
    case 'AWS::Lambda::Permission':
      out.statements.push(lambdaPermission(logicalId, properties));
      return;
    case 'AWS::Lambda::Url':
      // IAM auth is a limit: without it (`NONE`) the URL answers anyone its permissions allow.
      if (renderToken(properties.AuthType ?? '') === 'AWS_IAM') {
        const target = renderToken(properties.TargetFunctionArn ?? '?');
        setting('limit', 'function URL auth', properties.Qualifier === undefined ? target : `${target}:${renderToken(properties.Qualifier)}`, 'AWS_IAM');
      }
      return;
    case 'AWS::EC2::SecurityGroup':
      for (const [key, direction] of [['SecurityGroupIngress', 'ingress'], ['SecurityGroupEgress', 'egress']] as const) {
        const list = properties[key];
        if (Array.isArray(list)) for (const rule of list) out.rules.push(ruleOf(logicalId, direction, `\${${logicalId}.GroupId}`, rule));
      }
      return;
    case 'AWS::EC2::SecurityGroupIngress':
    case 'AWS::EC2::SecurityGroupEgress':
      out.rules.push(ruleOf(logicalId, type.endsWith('Ingress') ? 'ingress' : 'egress', renderToken(properties.GroupId ?? properties.GroupName ?? '?'), properties));
      return;
    default:
  }
}

function readResourcePolicy(entry: ResourcePolicyType, logicalId: string, properties: Record<string, unknown>, out: SecurityItems): void {
  const document = properties[entry.document];
  const targets = entry.target.kind === 'self' ? [`\${${logicalId}.Arn}`]
    : entry.target.kind === 'account' ? ['*']
      : targetsOf(entry.target.properties.map((key) => properties[key]));
  for (const target of targets) {
    const context = {
      logicalId,
      source: entry.document,
      scope: entry.target.kind === 'account' ? entry.type : scopeOf(target),
      resource: target,
      ...(entry.grantsToHolder === true ? { principal: `holders of \${${logicalId}}` } : {}),
    };
    if (document !== undefined) {
      out.statements.push(...statementsOf(document, context));
    } else if (entry.absentAllows !== undefined) {
      const implicit = { Effect: 'Allow', Principal: '*', Action: entry.absentAllows.actions };
      const statements = statementsOf({ Statement: [implicit] }, { ...context, source: `no ${entry.document}: ${entry.absentAllows.reason}` });
      out.statements.push(...statements.map((statement) => ({ ...statement, implicit: true })));
    }
  }
}

/** The resources a policy resource governs: one per value of a list property, the values of several properties joined by `/`. */
function targetsOf(parts: readonly unknown[]): string[] {
  if (parts.length === 1 && Array.isArray(parts[0])) return parts[0].map((part) => renderToken(part));
  return [parts.filter((part) => part !== undefined).map((part) => renderToken(part)).join('/') || '?'];
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...map.get(key(item)) ?? [], item]);
  return map;
}
