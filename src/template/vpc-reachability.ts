/**
 * Which AWS services a Lambda function attached to a VPC can reach, from what is known of its
 * subnets' routes, the VPC's endpoints and its security groups. One rule for both sides: the
 * construct side (ResourceProvider's synth warning) gathers the facts from the construct tree,
 * the local runner from the synthesized template, and both ask these functions.
 *
 * Facts (AWS documentation):
 * - A function attached to a VPC gets no public IP address, so a route to an internet gateway
 *   gives it no way out; it reaches the internet through a NAT gateway (AWS Lambda Developer
 *   Guide, "Enable internet access for VPC-connected Lambda functions").
 * - Without a way out it reaches an AWS service only through a VPC endpoint: a gateway endpoint
 *   (S3, DynamoDB) adds a route to the route tables it is associated with; an interface endpoint
 *   answers the service's regional host name inside the VPC only with private DNS enabled
 *   (AWS PrivateLink Guide, "Gateway endpoints" and "Access an AWS service using an interface
 *   VPC endpoint"). CloudFormation's `VpcEndpointType` defaults to `Gateway` and its
 *   `PrivateDnsEnabled` to false.
 * - Security groups allow what any of them allows; outbound HTTPS is TCP 443.
 *
 * Our reading (not an AWS rule): a default route (0.0.0.0/0) to anything but an internet
 * gateway (a NAT gateway or instance, a transit or virtual private gateway, a peering
 * connection, a firewall endpoint) counts as a way out. What lies beyond a transit gateway
 * cannot be seen from the template, and central egress through one is a common design.
 */

/** The AWS services the provider runtime calls from inside the function. */
export type RuntimeService = 's3' | 'ssm' | 'lambda';

/** How a provider's runtime is configured, as far as what it calls goes. */
export interface RuntimeCalls {
  /** It claims each request in SSM (`exactlyOnce`; the claim path is in its environment). */
  readonly exactlyOnce: boolean;
  /** It polls `isComplete` (a long wait goes on in a new invocation, kept in SSM). */
  readonly polls: boolean;
  /** It invokes `onEventFunction` or `isCompleteFunction`. */
  readonly invokesFunctions: boolean;
}

/**
 * The services a provider's runtime calls: S3 always (every answer is PUT to CloudFormation's
 * pre-signed S3 URL), SSM for the claims of `exactlyOnce` and a long wait's keeping, Lambda to
 * invoke the user's functions and to go on with a long wait in a new invocation.
 */
export function runtimeServices(calls: RuntimeCalls): RuntimeService[] {
  return [
    's3',
    ...(calls.exactlyOnce || calls.polls ? ['ssm' as const] : []),
    ...(calls.invokesFunctions || calls.polls ? ['lambda' as const] : []),
  ];
}

/** A subnet the function has a network interface in. */
export interface SubnetFacts {
  /** How messages name it (a construct path, a logical id or a subnet id). */
  readonly name: string;
  /** Its route table, as a key both the subnet and the endpoints use (an id, a logical id). */
  readonly routeTable?: string;
  /** Whether a route of its route table leads out of the VPC (see `routeLeadsOut`). */
  readonly wayOut: boolean;
}

/** A VPC endpoint of the function's VPC. */
export interface EndpointFacts {
  /** The service: the last part of its service name (see `endpointService`). */
  readonly service: string;
  /** `Gateway`, `Interface`, or another type (which serves none of these services). */
  readonly type: string;
  /** The route tables a gateway endpoint is associated with (keys as in `SubnetFacts`). */
  readonly routeTables: readonly string[];
  /** Whether an interface endpoint has private DNS enabled. */
  readonly privateDns: boolean;
}

/** A service the function cannot reach from some of its subnets. */
export interface ServiceGap {
  readonly service: RuntimeService;
  /** The subnets (their names) it cannot be reached from. */
  readonly subnets: string[];
  /** The VPC has an interface endpoint for it, but without private DNS. */
  readonly endpointWithoutPrivateDns: boolean;
}

/** The properties of an `AWS::EC2::Route` that name where it leads, as CloudFormation names them. */
const ROUTE_TARGETS = ['NatGatewayId', 'GatewayId', 'TransitGatewayId', 'InstanceId', 'NetworkInterfaceId', 'VpcPeeringConnectionId', 'VpcEndpointId', 'CoreNetworkArn', 'LocalGatewayId'];

/**
 * Whether an `AWS::EC2::Route` (its properties, CloudFormation's names) gives a function a way
 * out of the VPC: an IPv4 default route to anything but an internet gateway. Only the presence
 * of a target is read; `gatewayIsInternetGateway` says what its `GatewayId` is (an internet
 * gateway, or a virtual private gateway).
 */
export function routeLeadsOut(properties: Readonly<Record<string, unknown>>, gatewayIsInternetGateway: boolean): boolean {
  if (properties.DestinationCidrBlock !== '0.0.0.0/0') return false;
  const target = ROUTE_TARGETS.find((name) => properties[name] !== undefined && properties[name] !== null);
  if (target === undefined) return false;
  return target !== 'GatewayId' || !gatewayIsInternetGateway;
}

/**
 * The service of an endpoint's service name: `s3` for `com.amazonaws.us-east-1.s3`. `name` may
 * hold unknown parts (a Region not known at synth) anywhere but in its last part.
 */
export function endpointService(name: string): string | undefined {
  const last = name.slice(name.lastIndexOf('.') + 1);
  return /^[a-z0-9-]+$/.test(last) ? last : undefined;
}

/** Whether one egress rule of a security group (CloudFormation's names) allows outbound HTTPS. */
export function egressAllowsHttps(rule: Readonly<Record<string, unknown>>): boolean {
  const protocol = String(rule.IpProtocol ?? '').toLowerCase();
  if (protocol === '-1' || protocol === 'all') return true;
  if (protocol !== 'tcp' && protocol !== '6') return false;
  const from = Number(rule.FromPort ?? 0);
  const to = Number(rule.ToPort ?? 65535);
  return from <= 443 && 443 <= to;
}

/** Whether an endpoint lets a subnet without a way out reach `service`. */
function serves(endpoint: EndpointFacts, service: RuntimeService, subnet: SubnetFacts): boolean {
  if (endpoint.service !== service) return false;
  if (endpoint.type === 'Gateway') return service === 's3' && subnet.routeTable !== undefined && endpoint.routeTables.includes(subnet.routeTable);
  return endpoint.type === 'Interface' && endpoint.privateDns;
}

/**
 * The services of `services` the function cannot reach: from each subnet without a way out,
 * a service needs an endpoint that serves it (a gateway endpoint for S3 on the subnet's route
 * table, or an interface endpoint with private DNS). Lambda places a function's network
 * interfaces in every subnet it is given, and an invocation may run in any of them.
 */
export function serviceGaps(subnets: readonly SubnetFacts[], endpoints: readonly EndpointFacts[], services: readonly RuntimeService[]): ServiceGap[] {
  const gaps: ServiceGap[] = [];
  for (const service of services) {
    const cut = subnets.filter((subnet) => !subnet.wayOut && !endpoints.some((endpoint) => serves(endpoint, service, subnet)));
    if (cut.length === 0) continue;
    const endpointWithoutPrivateDns = endpoints.some((endpoint) => endpoint.service === service && endpoint.type === 'Interface' && !endpoint.privateDns);
    gaps.push({ service, subnets: cut.map((subnet) => subnet.name), endpointWithoutPrivateDns });
  }
  return gaps;
}
