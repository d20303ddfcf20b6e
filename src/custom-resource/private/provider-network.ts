/**
 * A provider function in a VPC must reach what its runtime calls. At synth (once the whole app
 * exists, so endpoints added after the provider count), this reads the app's routes, VPC
 * endpoints and security-group rules from the construct tree, asks the shared rule
 * (src/template/vpc-reachability.ts) what cannot be reached, and warns; and it makes the
 * function wait for the endpoints of its own stack that it relies on (else a Create can run
 * before they exist, and a stack deletion can remove them before a Delete is answered).
 */
import { Annotations, AspectPriority, Aspects, CfnResource, IAspect, Stack, Token, Tokenization } from 'aws-cdk-lib';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct, IConstruct } from 'constructs';
import { FindingId } from '../../replacement/finding-ids';
import {
  EndpointFacts, RuntimeCalls, RuntimeService, ServiceGap, SubnetFacts,
  egressAllowsHttps, endpointService, routeLeadsOut, runtimeServices, serviceGaps,
} from '../../template/vpc-reachability';

/** A service the runtime calls: why, and what lets isolated subnets reach it. */
interface ServiceNeed {
  readonly service: RuntimeService;
  readonly label: string;
  readonly why: string;
  readonly fix: string;
}

/** The services a provider's runtime calls (the shared rule's list), each with why and what lets isolated subnets reach it. */
export function servicesCalled(calls: RuntimeCalls): ServiceNeed[] {
  const reasons = (...why: Array<string | false>) => why.filter((w): w is string => w !== false).join('; ');
  const described: Record<RuntimeService, Omit<ServiceNeed, 'service'>> = {
    s3: {
      label: 'S3',
      why: 'the runtime PUTs every answer to CloudFormation\'s pre-signed S3 URL; unanswered, a request leaves the stack waiting for the resource\'s ServiceTimeout',
      fix: 'a gateway endpoint for S3 on these subnets\' route tables (ec2.GatewayVpcEndpointAwsService.S3)',
    },
    ssm: {
      label: 'SSM',
      why: reasons(calls.exactlyOnce && 'exactlyOnce claims each request in SSM before onEvent runs; unreachable, every request fails',
        calls.polls && 'a long wait keeps its request in SSM to go on in a new invocation'),
      fix: `an interface endpoint for SSM with private DNS (ec2.InterfaceVpcEndpointAwsService.SSM)${calls.polls ? '' : ', or exactlyOnce: false'}`,
    },
    lambda: {
      label: 'Lambda',
      why: reasons(calls.invokesFunctions && 'the runtime invokes onEventFunction (and isCompleteFunction) through the Lambda API',
        calls.polls && 'a long wait goes on in a new invocation of the function, started through the Lambda API'),
      fix: 'an interface endpoint for Lambda with private DNS (ec2.InterfaceVpcEndpointAwsService.LAMBDA)',
    },
  };
  return runtimeServices(calls).map((service) => ({ service, ...described[service] }));
}

/** Registers the check of the provider at `provider`, whose function `fn` runs in `vpc`. */
export function checkNetworkAtSynth(provider: Construct, fn: lambda.Function, vpc: ec2.IVpc, subnets: ec2.ISubnet[], needs: ServiceNeed[]): void {
  const aspect: IAspect = {
    visit: (node: IConstruct) => {
      if (node === provider) checkNetwork(provider, fn, vpc, subnets, needs);
    },
  };
  Aspects.of(provider).add(aspect, { priority: AspectPriority.MUTATING });
}

function checkNetwork(provider: Construct, fn: lambda.Function, vpc: ec2.IVpc, subnets: ec2.ISubnet[], needs: ServiceNeed[]): void {
  const resources = provider.node.root.node.findAll().filter((c): c is CfnResource => CfnResource.isCfnResource(c));
  const ofType = <T>(type: string) => resources.filter((r) => r.cfnResourceType === type) as unknown as T[];
  const vpcKey = keyOf(vpc.vpcId);
  const endpoints = ofType<ec2.CfnVPCEndpoint>('AWS::EC2::VPCEndpoint').filter((endpoint) => keyOf(endpoint.vpcId) === vpcKey);
  const endpointFacts = endpoints.map((endpoint) => endpointFactsOf(endpoint));
  const routes = ofType<ec2.CfnRoute>('AWS::EC2::Route');
  const subnetFacts = subnets.map((subnet) => subnetFactsOf(subnet, vpc, routes, endpointFacts.some((e) => e.type === 'Gateway')));
  const gaps = serviceGaps(subnetFacts, endpointFacts, needs.map((need) => need.service));
  const httpsOut = fn.connections.securityGroups.some((group) => allowsHttpsOut(group, ofType<ec2.CfnSecurityGroupEgress>('AWS::EC2::SecurityGroupEgress')));

  // The function waits for the endpoints of its stack that serve what it calls.
  endpoints.forEach((endpoint, i) => {
    if (Stack.of(endpoint) === Stack.of(fn) && needs.some((need) => need.service === endpointFacts[i].service)) fn.node.addDependency(endpoint);
  });
  if (gaps.length === 0 && httpsOut) return;
  // On the function, below the provider: aws-cdk-lib honours an acknowledgement made on a
  // construct's ancestors for warnings added later, not one made on the construct itself.
  Annotations.of(fn).addWarningV2(FindingId.PROVIDER_CANNOT_REACH_AWS, warning(provider, needs, gaps, httpsOut));
}

function warning(provider: Construct, needs: ServiceNeed[], gaps: ServiceGap[], httpsOut: boolean): string {
  const parts = [`${provider.node.path}: the provider function cannot reach every AWS service its runtime calls from the VPC, so requests would go unanswered or fail.`];
  if (!httpsOut) {
    parts.push('Its security groups allow no outbound HTTPS (TCP 443), which every call to AWS needs (allowAllOutbound: false): open it, for example provider.connections.allowToAnyIpv4(ec2.Port.tcp(443)), or to the endpoints and S3\'s prefix list.');
  }
  for (const gap of gaps) {
    const need = needs.find((n) => n.service === gap.service)!;
    const dns = gap.endpointWithoutPrivateDns ? ` (the VPC's interface endpoint for ${need.label} has private DNS off: the runtime calls the service's regional host name)` : '';
    parts.push(`It cannot reach ${need.label} from ${gap.subnets.join(', ')}: ${need.label} (${need.why}) needs a NAT gateway or ${need.fix}${dns}.`);
  }
  if (gaps.length > 0) {
    parts.push('These subnets have no way out of the VPC: no default route to a NAT gateway (a route to an internet gateway gives a Lambda function none: it gets no public IP). Or keep the provider out of the VPC and give it an onEventFunction that runs in the VPC.');
  }
  parts.push(`If the VPC reaches these services in a way this app does not show (endpoints or rules made elsewhere), acknowledge: Annotations.of(provider).acknowledgeWarning('${FindingId.PROVIDER_CANNOT_REACH_AWS}', reason).`);
  return parts.join(' ');
}

/**
 * A key that is the same wherever a value is used: a reference to a resource (a route table's
 * `Ref`, a VPC's) is keyed by the resource it points at, so the same table used from two
 * stacks matches; a literal id is itself.
 */
function keyOf(value: string | undefined): string | undefined {
  if (value === undefined || !Token.isUnresolved(value)) return value;
  const fragments = Tokenization.reverseString(value);
  const token = fragments.length === 1 ? fragments.firstToken as { target?: unknown; displayName?: unknown } | undefined : undefined;
  if (token !== undefined && Construct.isConstruct(token.target)) return `${token.target.node.path}#${String(token.displayName)}`;
  return value;
}

/** The construct a reference points at, if it is one. */
function targetOf(value: string | undefined): IConstruct | undefined {
  if (value === undefined || !Token.isUnresolved(value)) return undefined;
  const target = (Tokenization.reverseString(value).firstToken as { target?: unknown } | undefined)?.target;
  return Construct.isConstruct(target) ? target : undefined;
}

function isInternetGateway(gatewayId: string | undefined): boolean {
  const target = targetOf(gatewayId);
  if (target !== undefined) return CfnResource.isCfnResource(target) && target.cfnResourceType === 'AWS::EC2::InternetGateway';
  return gatewayId?.startsWith('igw-') === true;
}

function subnetFactsOf(subnet: ec2.ISubnet, vpc: ec2.IVpc, routes: ec2.CfnRoute[], gatewayEndpoints: boolean): SubnetFacts {
  const cfn = subnet.node.defaultChild;
  if (CfnResource.isCfnResource(cfn) && cfn.cfnResourceType === 'AWS::EC2::Subnet') {
    // A subnet of this app: its route table's routes are here.
    const routeTable = keyOf(subnet.routeTable.routeTableId);
    const wayOut = routes.some((route) => keyOf(route.routeTableId) === routeTable
      && routeLeadsOut(routeProperties(route), isInternetGateway(route.gatewayId)));
    return { name: subnet.node.path, routeTable, wayOut };
  }
  // An imported subnet: the VPC says what kind it is (private ones have egress, isolated ones none).
  // Its route table is read only to match gateway endpoints (reading a missing one warns).
  const isolated = vpc.isolatedSubnets.some((s) => s.subnetId === subnet.subnetId);
  return { name: subnet.subnetId, routeTable: gatewayEndpoints ? keyOf(subnet.routeTable.routeTableId) : undefined, wayOut: !isolated };
}

/** An `AWS::EC2::Route`'s properties under CloudFormation's names (only those that say where it leads). */
function routeProperties(route: ec2.CfnRoute): Record<string, unknown> {
  const props = route as unknown as Record<string, unknown>;
  const names = ['DestinationCidrBlock', 'NatGatewayId', 'GatewayId', 'TransitGatewayId', 'InstanceId', 'NetworkInterfaceId', 'VpcPeeringConnectionId', 'VpcEndpointId', 'CoreNetworkArn', 'LocalGatewayId'];
  return Object.fromEntries(names.map((name) => [name, props[name.charAt(0).toLowerCase() + name.slice(1)]]));
}

function endpointFactsOf(endpoint: ec2.CfnVPCEndpoint): EndpointFacts {
  const stack = Stack.of(endpoint);
  return {
    service: endpointService(literalParts(stack.resolve(endpoint.serviceName))) ?? '',
    type: String(stack.resolve(endpoint.vpcEndpointType) ?? 'Gateway'),
    routeTables: (endpoint.routeTableIds ?? []).map((id) => keyOf(id)).filter((key): key is string => key !== undefined),
    privateDns: stack.resolve(endpoint.privateDnsEnabled) === true,
  };
}

/** A resolved string with its unknown parts (a Region not known at synth) as `?`. */
function literalParts(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] } | undefined)?.['Fn::Join'];
  if (Array.isArray(join) && Array.isArray(join[1])) return join[1].map(literalParts).join(join[0]);
  return '?';
}

/**
 * Whether a security group lets the function call AWS over HTTPS: it allows all outbound
 * traffic, or one of its egress rules (inline, or separate resources of this app) covers TCP
 * 443. An imported group's rules are not in the app: it counts as allowing.
 */
function allowsHttpsOut(group: ec2.ISecurityGroup, separateRules: ec2.CfnSecurityGroupEgress[]): boolean {
  if (group.allowAllOutbound) return true;
  const cfn = group.node.defaultChild;
  if (!CfnResource.isCfnResource(cfn) || cfn.cfnResourceType !== 'AWS::EC2::SecurityGroup') return true;
  const inline = Stack.of(cfn).resolve((cfn as ec2.CfnSecurityGroup).securityGroupEgress);
  const key = keyOf(group.securityGroupId);
  const rules: unknown[] = [
    ...(Array.isArray(inline) ? inline : []),
    ...separateRules.filter((rule) => keyOf(rule.groupId) === key),
  ];
  return rules.some((rule) => {
    const props = (rule ?? {}) as { ipProtocol?: unknown; fromPort?: unknown; toPort?: unknown };
    return egressAllowsHttps({ IpProtocol: props.ipProtocol, FromPort: props.fromPort, ToPort: props.toPort });
  });
}
