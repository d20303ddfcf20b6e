/**
 * What a change does to security, read from the two templates as the CDK CLI reads them for
 * its security table and `--require-approval broadening`: the IAM statements of identity
 * policies (roles', users' and groups' inline policies, `AWS::IAM::Policy` and
 * `AWS::IAM::ManagedPolicy`), of resource policies (roles' assume-role policies, bucket, queue
 * and topic policies, KMS key policies, Lambda permissions, secrets' resource policies), the
 * managed policies attached, and security-group ingress and egress rules (inline and as their
 * own resources). Statements and rules are compared as sets: one whose effect, actions,
 * principals, resources or condition differ is one removed and one added.
 *
 * Broadening follows the CDK CLI's rule: an added `Allow` statement, a removed `Deny`, an added
 * managed policy or an added security-group rule. What makes it wide is said too: a wildcard
 * action, principal or resource, or an open range (`0.0.0.0/0`, `::/0`).
 */
import { renderToken } from './render-token';

/** A template's resources, as read. */
type Resources = Readonly<Record<string, { readonly Type?: unknown; readonly Properties?: unknown }>>;

/** One IAM statement, its values rendered (`${Role.Arn}`), lists sorted. */
export interface IamStatement {
  /** The resource that holds it, and where (`Policies[app]`, `AssumeRolePolicyDocument`, ...). */
  readonly logicalId: string;
  readonly source: string;
  readonly effect: string;
  readonly actions: readonly string[];
  readonly principals: readonly string[];
  readonly resources: readonly string[];
  /** `NotAction`, `NotPrincipal`, `NotResource`, written `Not`, when the statement uses them. */
  readonly negated: readonly string[];
  readonly condition?: string;
}

/** A managed policy attached to a role, user or group. */
export interface ManagedPolicyAttachment {
  readonly logicalId: string;
  readonly policyArn: string;
}

/** One security-group rule. */
export interface SecurityGroupRule {
  readonly logicalId: string;
  readonly direction: 'ingress' | 'egress';
  /** The group the rule belongs to (`${Sg.GroupId}` for a rule resource). */
  readonly group: string;
  readonly protocol: string;
  readonly ports: string;
  /** Where traffic comes from or goes to: a CIDR range, a group or a prefix list. */
  readonly peer: string;
}

/** An addition (`+`) or removal (`-`). */
export interface SecurityDelta<T> {
  readonly change: '+' | '-';
  readonly item: T;
}

/** The security changes of one template pair. */
export interface SecurityChanges {
  readonly statements: ReadonlyArray<SecurityDelta<IamStatement>>;
  readonly managedPolicies: ReadonlyArray<SecurityDelta<ManagedPolicyAttachment>>;
  readonly rules: ReadonlyArray<SecurityDelta<SecurityGroupRule>>;
  /** Per logical id: whether its changes broaden permissions, and how. */
  readonly byResource: ReadonlyMap<string, ResourceSecurity>;
}

/** What a resource's changes do to security. */
export interface ResourceSecurity {
  readonly broadening: boolean;
  /** One line per broadening: `adds Allow s3:* on * (Policies[app])`, `opens tcp 22 to 0.0.0.0/0`. */
  readonly reasons: readonly string[];
  /** How many statements, attachments and rules it adds and removes. */
  readonly added: number;
  readonly removed: number;
}

/** The security changes from `before` to `after` (absent for a stack on one side). */
export function securityChanges(before: unknown, after: unknown): SecurityChanges {
  const old = read(resourcesOf(before));
  const current = read(resourcesOf(after));
  const statements = delta(old.statements, current.statements);
  const managedPolicies = delta(old.managedPolicies, current.managedPolicies);
  const rules = delta(old.rules, current.rules);
  const byResource = new Map<string, { broadening: boolean; reasons: string[]; added: number; removed: number }>();
  const entry = (logicalId: string) => {
    let found = byResource.get(logicalId);
    if (found === undefined) byResource.set(logicalId, found = { broadening: false, reasons: [], added: 0, removed: 0 });
    return found;
  };
  const count = (logicalId: string, change: '+' | '-') => { if (change === '+') entry(logicalId).added++; else entry(logicalId).removed++; };
  for (const { change, item } of statements) {
    count(item.logicalId, change);
    if (broadens(change, item.effect)) {
      const found = entry(item.logicalId);
      found.broadening = true;
      found.reasons.push(`${change === '+' ? 'adds' : 'removes'} ${statementText(item)}${wideParts(item)}`);
    }
  }
  for (const { change, item } of managedPolicies) {
    count(item.logicalId, change);
    if (broadens(change)) {
      const found = entry(item.logicalId);
      found.broadening = true;
      found.reasons.push(`attaches the managed policy ${item.policyArn}`);
    }
  }
  for (const { change, item } of rules) {
    count(item.logicalId, change);
    if (broadens(change)) {
      const found = entry(item.logicalId);
      found.broadening = true;
      const open = OPEN_RANGES.includes(item.peer) ? ` (open to ${item.peer === '::/0' ? 'every IPv6 address' : 'every IPv4 address'})` : '';
      found.reasons.push(`adds the ${item.direction} rule ${ruleText(item)}${open}`);
    }
  }
  return { statements, managedPolicies, rules, byResource };
}

/**
 * Whether adding (`+`) or removing (`-`) this broadens permissions, by the CDK CLI's rule: an
 * Allow statement, a managed policy or a security-group rule added (no `effect`), or a Deny
 * statement removed.
 */
export function broadens(change: '+' | '-', effect?: string): boolean {
  return (change === '+') === (effect !== 'Deny');
}

/** `Allow s3:GetObject on ${Bucket.Arn}/* for AWS:${Role}`. */
export function statementText(statement: IamStatement): string {
  const list = (items: readonly string[]) => (items.length === 0 ? '(none)' : items.join(', '));
  const principal = statement.principals.length === 0 ? '' : ` for ${list(statement.principals)}`;
  const negated = statement.negated.length === 0 ? '' : ` (${statement.negated.join(', ')})`;
  const condition = statement.condition === undefined ? '' : ` when ${statement.condition}`;
  return `${statement.effect} ${list(statement.actions)} on ${list(statement.resources)}${principal}${negated}${condition} (${statement.logicalId} ${statement.source})`;
}

/** `tcp 443 from 0.0.0.0/0` (ingress) or `to` (egress). */
export function ruleText(rule: SecurityGroupRule): string {
  return `${rule.protocol}${rule.ports === '' ? '' : ` ${rule.ports}`} ${rule.direction === 'ingress' ? 'from' : 'to'} ${rule.peer} (${rule.group})`;
}

const OPEN_RANGES = ['0.0.0.0/0', '::/0'];

/** `: wildcard action s3:*, any principal`, when the statement grants widely. */
function wideParts(statement: IamStatement): string {
  if (statement.effect !== 'Allow') return '';
  const parts = [
    ...statement.actions.filter((action) => action === '*' || action.endsWith(':*')).map((action) => `wildcard action ${action}`),
    ...statement.principals.filter((principal) => principal === '*' || principal === 'AWS:*').map(() => 'any principal'),
    ...statement.resources.filter((resource) => resource === '*').map(() => 'every resource'),
  ];
  return parts.length === 0 ? '' : `: ${parts.join(', ')}`;
}

function resourcesOf(template: unknown): Resources {
  if (typeof template !== 'object' || template === null) return {};
  const resources = (template as { Resources?: unknown }).Resources;
  return typeof resources === 'object' && resources !== null ? resources as Resources : {};
}

interface Read {
  readonly statements: IamStatement[];
  readonly managedPolicies: ManagedPolicyAttachment[];
  readonly rules: SecurityGroupRule[];
}

function read(resources: Resources): Read {
  const out: Read = { statements: [], managedPolicies: [], rules: [] };
  for (const [logicalId, resource] of Object.entries(resources)) {
    if (typeof resource !== 'object' || resource === null) continue;
    const properties = (typeof resource.Properties === 'object' && resource.Properties !== null ? resource.Properties : {}) as Record<string, unknown>;
    readResource(String(resource.Type), logicalId, properties, out);
  }
  return out;
}

function readResource(type: string, logicalId: string, properties: Record<string, unknown>, out: Read): void {
  const self = `\${${logicalId}}`;
  const policies = (source: string) => {
    const list = properties[source];
    if (!Array.isArray(list)) return;
    for (const policy of list) {
      const name = renderToken((policy as Record<string, unknown> | null)?.PolicyName ?? '?');
      out.statements.push(...statementsOf((policy as Record<string, unknown> | null)?.PolicyDocument, logicalId, `Policies[${name}]`, { principal: `AWS:${self}` }));
    }
  };
  const managed = () => {
    const arns = properties.ManagedPolicyArns;
    if (Array.isArray(arns)) for (const arn of arns) out.managedPolicies.push({ logicalId, policyArn: renderToken(arn) });
  };
  switch (type) {
    case 'AWS::IAM::Role':
      out.statements.push(...statementsOf(properties.AssumeRolePolicyDocument, logicalId, 'AssumeRolePolicyDocument', { resource: `\${${logicalId}.Arn}` }));
      policies('Policies');
      managed();
      return;
    case 'AWS::IAM::User':
    case 'AWS::IAM::Group':
      policies('Policies');
      managed();
      return;
    case 'AWS::IAM::Policy':
    case 'AWS::IAM::ManagedPolicy': {
      const holders = ['Roles', 'Users', 'Groups'].flatMap((key) => (Array.isArray(properties[key]) ? (properties[key] as unknown[]).map((holder) => `AWS:${renderToken(holder)}`) : []));
      for (const holder of holders.length === 0 ? [undefined] : holders) {
        out.statements.push(...statementsOf(properties.PolicyDocument, logicalId, 'PolicyDocument', holder === undefined ? {} : { principal: holder }));
      }
      return;
    }
    case 'AWS::S3::BucketPolicy': return resourcePolicy(properties.PolicyDocument, properties.Bucket, logicalId, out);
    case 'AWS::SQS::QueuePolicy': return resourcePolicy(properties.PolicyDocument, properties.Queues, logicalId, out);
    case 'AWS::SNS::TopicPolicy': return resourcePolicy(properties.PolicyDocument, properties.Topics, logicalId, out);
    case 'AWS::SecretsManager::ResourcePolicy': return resourcePolicy(properties.ResourcePolicy, properties.SecretId, logicalId, out);
    case 'AWS::KMS::Key':
      out.statements.push(...statementsOf(properties.KeyPolicy, logicalId, 'KeyPolicy', { resource: `\${${logicalId}.Arn}` }));
      return;
    case 'AWS::Lambda::Permission':
      out.statements.push(lambdaPermission(logicalId, properties));
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

function resourcePolicy(document: unknown, target: unknown, logicalId: string, out: Read): void {
  const targets = Array.isArray(target) ? target : [target];
  for (const one of targets) out.statements.push(...statementsOf(document, logicalId, 'PolicyDocument', { resource: renderToken(one ?? '?') }));
}

/** The statements of a policy document; `fill` stands in for an absent principal or resource. */
function statementsOf(document: unknown, logicalId: string, source: string, fill: { principal?: string; resource?: string }): IamStatement[] {
  if (typeof document !== 'object' || document === null) return [];
  const raw = (document as { Statement?: unknown }).Statement;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((statement) => {
    const s = (typeof statement === 'object' && statement !== null ? statement : {}) as Record<string, unknown>;
    const negated = ['NotAction', 'NotPrincipal', 'NotResource'].filter((key) => s[key] !== undefined).map((key) => `${key} ${values(s[key]).join(', ')}`);
    const principals = principalsOf(s.Principal);
    const resources = values(s.Resource);
    return {
      logicalId,
      source,
      effect: renderToken(s.Effect ?? 'Allow'),
      actions: values(s.Action),
      principals: principals.length === 0 && s.NotPrincipal === undefined && fill.principal !== undefined ? [fill.principal] : principals,
      resources: resources.length === 0 && s.NotResource === undefined && fill.resource !== undefined ? [fill.resource] : resources,
      negated,
      ...(s.Condition === undefined ? {} : { condition: renderToken(s.Condition) }),
    };
  });
}

function lambdaPermission(logicalId: string, properties: Record<string, unknown>): IamStatement {
  const conditions = [
    ...(properties.SourceArn === undefined ? [] : [`SourceArn ${renderToken(properties.SourceArn)}`]),
    ...(properties.SourceAccount === undefined ? [] : [`SourceAccount ${renderToken(properties.SourceAccount)}`]),
    ...(properties.PrincipalOrgID === undefined ? [] : [`PrincipalOrgID ${renderToken(properties.PrincipalOrgID)}`]),
    ...(properties.FunctionUrlAuthType === undefined ? [] : [`FunctionUrlAuthType ${renderToken(properties.FunctionUrlAuthType)}`]),
  ];
  const principal = renderToken(properties.Principal ?? '?');
  return {
    logicalId,
    source: 'Lambda permission',
    effect: 'Allow',
    actions: [renderToken(properties.Action ?? '?')],
    principals: [principal === '*' ? '*' : principal.endsWith('.amazonaws.com') ? `Service:${principal}` : `AWS:${principal}`],
    resources: [renderToken(properties.FunctionName ?? '?')],
    negated: [],
    ...(conditions.length === 0 ? {} : { condition: conditions.join(', ') }),
  };
}

/** `*`, `AWS:arn`, `Service:lambda.amazonaws.com`, `Federated:...`, sorted. */
function principalsOf(principal: unknown): string[] {
  if (principal === undefined) return [];
  if (typeof principal === 'string') return [principal === '*' ? '*' : `AWS:${principal}`];
  if (typeof principal !== 'object' || principal === null || Array.isArray(principal)) return [renderToken(principal)];
  const record = principal as Record<string, unknown>;
  if ((Object.keys(record).length === 1 && Object.keys(record)[0].startsWith('Fn::')) || 'Ref' in record) return [renderToken(principal)];
  return Object.keys(record).flatMap((kind) => values(record[kind]).map((value) => `${kind}:${value}`)).sort();
}

/** A value or list of values, rendered, sorted and without repeats. */
function values(value: unknown): string[] {
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return [...new Set(list.map(renderToken))].sort();
}

function ruleOf(logicalId: string, direction: 'ingress' | 'egress', group: string, rule: unknown): SecurityGroupRule {
  const r = (typeof rule === 'object' && rule !== null ? rule : {}) as Record<string, unknown>;
  const protocol = renderToken(r.IpProtocol ?? '-1');
  const from = r.FromPort === undefined ? undefined : renderToken(r.FromPort);
  const to = r.ToPort === undefined ? undefined : renderToken(r.ToPort);
  const ports = protocol === '-1' ? '' : from === undefined ? '' : from === to || to === undefined ? from : `${from}-${to}`;
  const peerKey = ['CidrIp', 'CidrIpv6', 'SourceSecurityGroupId', 'DestinationSecurityGroupId', 'SourcePrefixListId', 'DestinationPrefixListId', 'SourceSecurityGroupName']
    .find((key) => r[key] !== undefined);
  return {
    logicalId,
    direction,
    group,
    protocol: protocol === '-1' ? 'all traffic' : protocol,
    ports,
    peer: peerKey === undefined ? '?' : renderToken(r[peerKey]),
  };
}

/** The items only one side has, compared by everything but where they are written. */
function delta<T extends { logicalId: string }>(before: readonly T[], after: readonly T[]): Array<SecurityDelta<T>> {
  const key = (item: T) => JSON.stringify(item);
  const count = (items: readonly T[]) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return counts;
  };
  const old = count(before);
  const current = count(after);
  /** Whether the other side has no more of this item (each one there pairs with one here). */
  const unpaired = (other: Map<string, number>) => (item: T): boolean => {
    const left = other.get(key(item)) ?? 0;
    if (left === 0) return true;
    other.set(key(item), left - 1);
    return false;
  };
  const removed = before.filter(unpaired(current));
  const added = after.filter(unpaired(old));
  return [...removed.map((item) => ({ change: '-' as const, item })), ...added.map((item) => ({ change: '+' as const, item }))];
}
