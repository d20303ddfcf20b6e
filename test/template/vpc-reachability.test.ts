/**
 * The reachability rule both the construct side and the local runner ask: which routes lead
 * out of a VPC for a Lambda function, which endpoints serve which subnets, which egress rules
 * allow HTTPS, and which services a provider's runtime calls.
 */
import {
  EndpointFacts, SubnetFacts, egressAllowsHttps, endpointService, routeLeadsOut, runtimeServices, serviceGaps,
} from '../../src/template/vpc-reachability';

describe('routeLeadsOut', () => {
  test.each([
    ['a default route to a NAT gateway', { DestinationCidrBlock: '0.0.0.0/0', NatGatewayId: 'nat-1' }, false, true],
    ['a default route to an internet gateway (a function in a VPC has no public IP)', { DestinationCidrBlock: '0.0.0.0/0', GatewayId: 'igw-1' }, true, false],
    ['a default route to a virtual private gateway', { DestinationCidrBlock: '0.0.0.0/0', GatewayId: 'vgw-1' }, false, true],
    ['a default route to a transit gateway (central egress)', { DestinationCidrBlock: '0.0.0.0/0', TransitGatewayId: 'tgw-1' }, false, true],
    ['a default route to a NAT instance', { DestinationCidrBlock: '0.0.0.0/0', InstanceId: 'i-1' }, false, true],
    ['a route to a NAT gateway for one network only', { DestinationCidrBlock: '10.9.0.0/16', NatGatewayId: 'nat-1' }, false, false],
    ['an IPv6 default route to an egress-only internet gateway', { DestinationIpv6CidrBlock: '::/0', EgressOnlyInternetGatewayId: 'eigw-1' }, false, false],
    ['a default route without a target', { DestinationCidrBlock: '0.0.0.0/0' }, false, false],
  ])('%s', (_name, route, gatewayIsInternetGateway, expected) => {
    expect(routeLeadsOut(route, gatewayIsInternetGateway)).toBe(expected);
  });
});

test.each([
  ['com.amazonaws.us-east-1.s3', 's3'],
  ['com.amazonaws.?.ssm', 'ssm'],
  ['cn.com.amazonaws.cn-north-1.lambda', 'lambda'],
  ['com.amazonaws.vpce.us-east-1.vpce-svc-0123', 'vpce-svc-0123'],
  ['com.amazonaws.us-east-1.?', undefined],
])('endpointService(%s) is %s', (name, service) => {
  expect(endpointService(name)).toBe(service);
});

test.each([
  [{ IpProtocol: '-1' }, true],
  [{ IpProtocol: 'tcp', FromPort: 443, ToPort: 443 }, true],
  [{ IpProtocol: 'tcp', FromPort: 0, ToPort: 65535 }, true],
  [{ IpProtocol: '6', FromPort: 400, ToPort: 500 }, true],
  [{ IpProtocol: 'tcp', FromPort: 5432, ToPort: 5432 }, false],
  [{ IpProtocol: 'udp', FromPort: 443, ToPort: 443 }, false],
  [{ IpProtocol: 'icmp', FromPort: 252, ToPort: 86 }, false],
])('egressAllowsHttps(%j) is %s', (rule, expected) => {
  expect(egressAllowsHttps(rule)).toBe(expected);
});

describe('runtimeServices', () => {
  test.each([
    ['exactlyOnce', { exactlyOnce: true, polls: false, invokesFunctions: false }, ['s3', 'ssm']],
    ['exactlyOnce: false', { exactlyOnce: false, polls: false, invokesFunctions: false }, ['s3']],
    ['polling', { exactlyOnce: false, polls: true, invokesFunctions: false }, ['s3', 'ssm', 'lambda']],
    ['framework mode', { exactlyOnce: false, polls: false, invokesFunctions: true }, ['s3', 'lambda']],
  ])('GIVEN %s THEN the runtime calls %j', (_name, calls, services) => {
    expect(runtimeServices(calls)).toEqual(services);
  });
});

describe('serviceGaps', () => {
  const isolated: SubnetFacts[] = [{ name: 'a', routeTable: 'rt-a', wayOut: false }, { name: 'b', routeTable: 'rt-b', wayOut: false }];
  const s3Gateway = (routeTables: string[]): EndpointFacts => ({ service: 's3', type: 'Gateway', routeTables, privateDns: false });
  const iface = (service: string, privateDns = true): EndpointFacts => ({ service, type: 'Interface', routeTables: [], privateDns });

  test('GIVEN subnets with a way out THEN nothing is missing, endpoints or not', () => {
    expect(serviceGaps([{ name: 'p', wayOut: true }], [], ['s3', 'ssm', 'lambda'])).toEqual([]);
  });

  test('GIVEN isolated subnets without endpoints THEN each service is missing from each subnet', () => {
    expect(serviceGaps(isolated, [], ['s3', 'ssm'])).toEqual([
      { service: 's3', subnets: ['a', 'b'], endpointWithoutPrivateDns: false },
      { service: 'ssm', subnets: ['a', 'b'], endpointWithoutPrivateDns: false },
    ]);
  });

  test('GIVEN an S3 gateway endpoint on one route table THEN the other subnet is missing S3', () => {
    expect(serviceGaps(isolated, [s3Gateway(['rt-a'])], ['s3'])).toEqual([{ service: 's3', subnets: ['b'], endpointWithoutPrivateDns: false }]);
  });

  test('GIVEN an S3 interface endpoint with private DNS THEN S3 is reached from every subnet', () => {
    expect(serviceGaps(isolated, [iface('s3')], ['s3'])).toEqual([]);
  });

  test('GIVEN an SSM interface endpoint without private DNS THEN SSM is missing, and the gap says why', () => {
    expect(serviceGaps(isolated, [s3Gateway(['rt-a', 'rt-b']), iface('ssm', false)], ['s3', 'ssm'])).toEqual([{ service: 'ssm', subnets: ['a', 'b'], endpointWithoutPrivateDns: true }]);
  });

  test('GIVEN a gateway endpoint named for SSM (no such thing) THEN it serves nothing', () => {
    expect(serviceGaps(isolated, [{ service: 'ssm', type: 'Gateway', routeTables: ['rt-a', 'rt-b'], privateDns: false }], ['ssm'])).toHaveLength(1);
  });

  test('GIVEN every endpoint THEN nothing is missing', () => {
    expect(serviceGaps(isolated, [s3Gateway(['rt-a', 'rt-b']), iface('ssm'), iface('lambda')], ['s3', 'ssm', 'lambda'])).toEqual([]);
  });
});
