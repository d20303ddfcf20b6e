/** Whether a security-group rule already allows another's traffic. */
import { ruleCovers, ruleOf } from '../../../src/review/security/security-group-rule';

const rule = (properties: object, group = '${Sg.GroupId}', direction: 'ingress' | 'egress' = 'ingress') => ruleOf('R', direction, group, properties);
const tcp = (from: number, to: number, cidr: string) => rule({ IpProtocol: 'tcp', FromPort: from, ToPort: to, CidrIp: cidr });

test.each([
  ['the same rule', true, tcp(443, 443, '10.0.0.0/8'), tcp(443, 443, '10.0.0.0/8')],
  ['a wider range of ports', true, tcp(0, 1024, '10.0.0.0/8'), tcp(443, 443, '10.0.0.0/8')],
  ['a narrower range of ports', false, tcp(443, 443, '10.0.0.0/8'), tcp(440, 450, '10.0.0.0/8')],
  ['a wider CIDR range', true, tcp(443, 443, '10.0.0.0/8'), tcp(443, 443, '10.1.2.0/24')],
  ['a narrower CIDR range', false, tcp(443, 443, '10.1.0.0/16'), tcp(443, 443, '10.0.0.0/8')],
  ['all traffic', true, rule({ IpProtocol: '-1', CidrIp: '0.0.0.0/0' }), tcp(22, 22, '1.2.3.4/32')],
  ['another protocol', false, rule({ IpProtocol: 'udp', FromPort: 443, ToPort: 443, CidrIp: '10.0.0.0/8' }), tcp(443, 443, '10.0.0.0/8')],
  ['the protocol by number', true, rule({ IpProtocol: '6', FromPort: 0, ToPort: 65535, CidrIp: '10.0.0.0/8' }), tcp(443, 443, '10.0.0.0/8')],
  ['IPv4 does not hold IPv6', false, rule({ IpProtocol: '-1', CidrIp: '0.0.0.0/0' }), rule({ IpProtocol: '-1', CidrIpv6: '::/0' })],
  ['a wider IPv6 range', true, rule({ IpProtocol: 'tcp', FromPort: 443, ToPort: 443, CidrIpv6: '2001:db8::/32' }), rule({ IpProtocol: 'tcp', FromPort: 443, ToPort: 443, CidrIpv6: '2001:db8:1::/48' })],
  ['another group', false, tcp(443, 443, '10.0.0.0/8'), rule({ IpProtocol: 'tcp', FromPort: 443, ToPort: 443, CidrIp: '10.0.0.0/8' }, '${Other.GroupId}')],
  ['the same source group', true, rule({ IpProtocol: 'tcp', FromPort: 0, ToPort: 65535, SourceSecurityGroupId: '${Lb.GroupId}' }), rule({ IpProtocol: 'tcp', FromPort: 80, ToPort: 80, SourceSecurityGroupId: '${Lb.GroupId}' })],
  ['ICMP, any type', true, rule({ IpProtocol: 'icmp', FromPort: -1, ToPort: -1, CidrIp: '10.0.0.0/8' }), rule({ IpProtocol: 'icmp', FromPort: 8, ToPort: 0, CidrIp: '10.0.0.0/8' })],
  ['ICMP, another type', false, rule({ IpProtocol: 'icmp', FromPort: 0, ToPort: -1, CidrIp: '10.0.0.0/8' }), rule({ IpProtocol: 'icmp', FromPort: 8, ToPort: 0, CidrIp: '10.0.0.0/8' })],
  ['an egress rule does not hold an ingress rule', false, rule({ IpProtocol: '-1', CidrIp: '0.0.0.0/0' }, '${Sg.GroupId}', 'egress'), tcp(443, 443, '10.0.0.0/8')],
])('GIVEN %s THEN covered is %s', (_name, expected, holder, added) => {
  expect(ruleCovers(holder, added)).toBe(expected);
});
