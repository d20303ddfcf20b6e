/**
 * A security-group rule as the review reads it (inline in `AWS::EC2::SecurityGroup`, or an
 * `AWS::EC2::SecurityGroupIngress`/`Egress` resource), and whether one rule already allows the
 * traffic of another: same group and direction, a protocol that holds it (`-1` holds all),
 * a port range that holds it (ICMP: type and code, `-1` for any) and a peer that holds it (a
 * CIDR range holding the other; a group or prefix list only itself).
 * @see https://docs.aws.amazon.com/AWSCloudFormation/latest/UserGuide/aws-properties-ec2-security-group-rule.html
 */
import { cidrCovers } from './cidr';
import { renderToken } from './render-token';

/** One security-group rule. */
export interface SecurityGroupRule {
  readonly logicalId: string;
  readonly direction: 'ingress' | 'egress';
  /** The group the rule belongs to (`${Sg.GroupId}` for a rule resource). */
  readonly group: string;
  /** `tcp`, `udp`, `icmp`, `icmpv6`, `all traffic` or the protocol number written. */
  readonly protocol: string;
  /** `443`, `1024-65535`, or '' for every port. */
  readonly ports: string;
  /** Where traffic comes from or goes to: a CIDR range, a group or a prefix list. */
  readonly peer: string;
}

const PROTOCOL_NAMES: Readonly<Record<string, string>> = { '-1': 'all traffic', '6': 'tcp', '17': 'udp', '1': 'icmp', '58': 'icmpv6' };
const PEER_KEYS = ['CidrIp', 'CidrIpv6', 'SourceSecurityGroupId', 'DestinationSecurityGroupId', 'SourcePrefixListId', 'DestinationPrefixListId', 'SourceSecurityGroupName'];

/** A rule of `group` read from its properties (an inline rule or a rule resource's properties). */
export function ruleOf(logicalId: string, direction: 'ingress' | 'egress', group: string, rule: unknown): SecurityGroupRule {
  const r = (typeof rule === 'object' && rule !== null ? rule : {}) as Record<string, unknown>;
  const written = renderToken(r.IpProtocol ?? '-1').toLowerCase();
  const protocol = PROTOCOL_NAMES[written] ?? written;
  const from = r.FromPort === undefined ? undefined : renderToken(r.FromPort);
  const to = r.ToPort === undefined ? undefined : renderToken(r.ToPort);
  const ports = protocol === 'all traffic' || from === undefined ? '' : from === to || to === undefined ? from : `${from}-${to}`;
  const peerKey = PEER_KEYS.find((key) => r[key] !== undefined);
  return { logicalId, direction, group, protocol, ports, peer: peerKey === undefined ? '?' : renderToken(r[peerKey]) };
}

/** `tcp 443 from 0.0.0.0/0 (${Sg.GroupId})` (ingress) or `to` (egress). */
export function ruleText(rule: SecurityGroupRule): string {
  return `${rule.protocol}${rule.ports === '' ? '' : ` ${rule.ports}`} ${rule.direction === 'ingress' ? 'from' : 'to'} ${rule.peer} (${rule.group})`;
}

/** Whether `holder` allows all the traffic `rule` allows. */
export function ruleCovers(holder: SecurityGroupRule, rule: SecurityGroupRule): boolean {
  if (holder.direction !== rule.direction || holder.group !== rule.group || !cidrCovers(holder.peer, rule.peer)) return false;
  if (holder.protocol === 'all traffic') return true;
  if (holder.protocol !== rule.protocol) return false;
  if (rule.protocol === 'tcp' || rule.protocol === 'udp') return rangeCovers(holder.ports, rule.ports);
  if (rule.protocol === 'icmp' || rule.protocol === 'icmpv6') return icmpCovers(holder.ports, rule.ports);
  return holder.ports === rule.ports;
}

/** A port range `from-to` (one port, or '' and `-1` for all) as numbers, or undefined for a token. */
function range(ports: string): [number, number] | undefined {
  if (ports === '' || ports === '-1' || ports === '-1--1') return [0, 65535];
  const match = /^(\d+)(?:-(\d+))?$/.exec(ports);
  return match === null ? undefined : [Number(match[1]), Number(match[2] ?? match[1])];
}

function rangeCovers(wide: string, narrow: string): boolean {
  if (wide === narrow) return true;
  const w = range(wide);
  const n = range(narrow);
  return w !== undefined && n !== undefined && w[0] <= n[0] && n[1] <= w[1];
}

/** ICMP's "ports": the type (`FromPort`) and code (`ToPort`), `-1` for any. */
function icmpCovers(wide: string, narrow: string): boolean {
  if (wide === narrow) return true;
  const [wideType, wideCode] = icmpParts(wide);
  const [type, code] = icmpParts(narrow);
  if (wideType === '-1') return true;
  return wideType === type && (wideCode === '-1' || wideCode === code);
}

function icmpParts(ports: string): [string, string] {
  if (ports === '') return ['-1', '-1'];
  const match = /^(-?\d+)(?:-(-?\d+))?$/.exec(ports);
  if (match === null) return [ports, ports];
  return [match[1], match[2] ?? match[1]];
}
