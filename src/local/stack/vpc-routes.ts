/**
 * Where a Lambda function in a VPC can send requests, read from the synthesized templates: the
 * subnets of its `VpcConfig` (followed through `Fn::ImportValue` into the stack that defines
 * them), each subnet's route table and its route for 0.0.0.0/0, and the VPC endpoints (a
 * gateway endpoint on the route table, an interface endpoint with private DNS in the VPC).
 * What the templates do not show (an imported VPC, subnets from parameters, a route through a
 * transit gateway) is unknown, and says why; it is never guessed.
 *
 * A route to an internet gateway does not take a Lambda function to the internet: Lambda gives
 * the function's network interfaces no public IP address (AWS Lambda Developer Guide, "Giving
 * Lambda functions access to resources in an Amazon VPC": "Connecting a function to a public
 * subnet doesn't give it internet access or a public IP address"). A NAT gateway does, unless
 * it is a private one (`ConnectivityType: private`).
 */
import { deploymentOf } from './deployment';
import { FunctionRegistry, LambdaFunctionSpec } from './lambda-functions';
import { TemplateResolver } from './template-resolver';
import { AssemblyStack } from '../../assembly/read-assembly';
import { isPlainObject } from '../../change-set/input/read-template';
import { known } from '../../template/intrinsic-evaluator';
import { readOutputs } from '../../template/template-exports';

/** Whether a subnet reaches a service, and how or why not (or why that cannot be told). */
export type Reach =
  | { readonly reaches: true; readonly via: string }
  | { readonly reaches: false; readonly why: string }
  | { readonly reaches: undefined; readonly why: string };

/** A subnet of a function's `VpcConfig`: one of a template, or what cannot be known of it. */
export type SubnetRef =
  | { readonly kind: 'template'; readonly stack: AssemblyStack; readonly logicalId: string }
  | { readonly kind: 'unknown'; readonly shown: string; readonly why: string };

/** An AWS service endpoint a provider calls: `s3`, `ssm`, `lambda` (the last part of its endpoint service name). */
export type ServiceName = 's3' | 'ssm' | 'lambda';

/** The subnets of a function in a VPC; undefined for a function outside any VPC. */
export function subnetsOf(fn: LambdaFunctionSpec): SubnetRef[] | undefined {
  const config = fn.vpcConfig;
  if (!isPlainObject(config)) return undefined;
  const ids = config.SubnetIds;
  if (!Array.isArray(ids)) {
    return [{ kind: 'unknown', shown: 'its SubnetIds', why: 'the template does not list them (they come from a parameter or a function of the template)' }];
  }
  return ids.map((id) => subnetRef(fn.stack, id, fn.registry, 0));
}

/** Whether a subnet of a template reaches `service`'s regional endpoint. */
export function reachOf(subnet: Extract<SubnetRef, { kind: 'template' }>, service: ServiceName, registry: FunctionRegistry): Reach {
  const { stack, logicalId } = subnet;
  const resources = stack.template.Resources;
  const vpc = refOf(propertiesOf(resources[logicalId]).VpcId);
  const routeTable = Object.values(resources).map(propertiesOfType('AWS::EC2::SubnetRouteTableAssociation'))
    .find((association) => association !== undefined && refOf(association.SubnetId) === logicalId)?.RouteTableId;
  const table = refOf(routeTable);
  const endpoint = endpointFor(stack, registry, service, vpc, table);
  if (endpoint !== undefined) return endpoint;
  if (table === undefined) {
    return { reaches: undefined, why: 'it has no route table association in the template (it uses its VPC\'s main route table, which the template does not show)' };
  }
  const route = Object.values(resources).map(propertiesOfType('AWS::EC2::Route'))
    .find((properties) => properties !== undefined && refOf(properties.RouteTableId) === table && properties.DestinationCidrBlock === '0.0.0.0/0');
  if (route === undefined) return { reaches: false, why: 'its route table has no route to 0.0.0.0/0 (an isolated subnet)' };
  const nat = refOf(route.NatGatewayId);
  if (nat !== undefined) {
    const gateway = propertiesOf(resources[nat]);
    if (gateway.ConnectivityType === 'private') return { reaches: false, why: `its route to 0.0.0.0/0 goes to the private NAT gateway ${nat}, which does not reach the internet` };
    return { reaches: true, via: `the NAT gateway ${nat}` };
  }
  const gateway = refOf(route.GatewayId);
  if (gateway !== undefined && typeOf(resources[gateway]) === 'AWS::EC2::InternetGateway') {
    return { reaches: false, why: `its route to 0.0.0.0/0 goes to the internet gateway ${gateway}, but Lambda gives a function's network interfaces no public IP address, so a function in a public subnet does not reach the internet` };
  }
  const target = ['GatewayId', 'InstanceId', 'TransitGatewayId', 'VpcPeeringConnectionId', 'NetworkInterfaceId', 'VpcEndpointId', 'CarrierGatewayId', 'LocalGatewayId', 'CoreNetworkArn']
    .find((key) => route[key] !== undefined) ?? 'a target';
  return { reaches: undefined, why: `its route to 0.0.0.0/0 goes through its ${target}, and whether that reaches the internet is not in the template` };
}

/** Describes a subnet of a template for messages: its logical id, and its stack when that is not the function's. */
export function subnetName(subnet: SubnetRef, fn: LambdaFunctionSpec): string {
  if (subnet.kind === 'unknown') return subnet.shown;
  return subnet.stack === fn.stack ? subnet.logicalId : `${subnet.logicalId} (stack ${subnet.stack.name})`;
}

/** A gateway endpoint on the route table, or an interface endpoint with private DNS in the VPC, for `service`. */
function endpointFor(
  stack: AssemblyStack, registry: FunctionRegistry, service: ServiceName, vpc: string | undefined, table: string | undefined,
): Reach | undefined {
  const resolver = resolverOf(stack, registry);
  let off: string | undefined;
  for (const [id, resource] of Object.entries(stack.template.Resources)) {
    const properties = propertiesOfType('AWS::EC2::VPCEndpoint')(resource);
    if (properties === undefined) continue;
    const name = resolver.resolve(properties.ServiceName);
    if (typeof name !== 'string' || !name.endsWith(`.${service}`)) continue;
    const kind = properties.VpcEndpointType ?? 'Gateway';
    const tables = Array.isArray(properties.RouteTableIds) ? properties.RouteTableIds.map(refOf) : [];
    if (kind === 'Gateway' && table !== undefined && tables.includes(table)) return { reaches: true, via: `the gateway endpoint ${id} on its route table` };
    if (kind !== 'Interface' || vpc === undefined || refOf(properties.VpcId) !== vpc) continue;
    if (properties.PrivateDnsEnabled === true) return { reaches: true, via: `the interface endpoint ${id} in its VPC` };
    off = `the interface endpoint ${id} in its VPC has no private DNS (PrivateDnsEnabled is not true), so the AWS SDK's regional endpoint name does not lead to it`;
  }
  return off === undefined ? undefined : { reaches: false, why: off };
}

/** Follows a `VpcConfig` subnet id to a subnet of a template (through `Fn::ImportValue` too). */
function subnetRef(stack: AssemblyStack, value: unknown, registry: FunctionRegistry, depth: number): SubnetRef {
  const shown = JSON.stringify(value);
  const ref = refOf(value);
  if (ref !== undefined) {
    const resource = stack.template.Resources[ref];
    if (typeOf(resource) === 'AWS::EC2::Subnet') return { kind: 'template', stack, logicalId: ref };
    const parameter = isPlainObject(stack.template.Parameters) && stack.template.Parameters[ref] !== undefined;
    return { kind: 'unknown', shown: ref, why: parameter ? `it is the parameter ${ref}, whose value only the deployment knows` : `${ref} is not a subnet of stack ${stack.name}` };
  }
  if (isPlainObject(value) && value['Fn::ImportValue'] !== undefined && depth < 3) {
    const name = resolverOf(stack, registry).resolve(value['Fn::ImportValue']);
    for (const other of registry.stacks) {
      const evaluate = (expression: unknown) => known(resolverOf(other, registry).resolve(expression));
      const output = readOutputs(other.template, evaluate).find((candidate) => candidate.exportName?.name === name);
      if (output !== undefined) return subnetRef(other, output.value, registry, depth + 1);
    }
    return { kind: 'unknown', shown, why: `no stack of the assembly exports ${String(name)}` };
  }
  if (typeof value === 'string') return { kind: 'unknown', shown: value, why: 'it is not a subnet of the template (an imported VPC: Vpc.fromLookup, fromVpcAttributes)' };
  return { kind: 'unknown', shown, why: 'it is not a subnet the template defines' };
}

/** Resolves names (of endpoint services and exports) in a stack of the assembly. */
function resolverOf(stack: AssemblyStack, registry: FunctionRegistry): TemplateResolver {
  return new TemplateResolver({ stack, deployment: deploymentOf(stack), functions: registry, stacks: registry.stacks });
}

function refOf(value: unknown): string | undefined {
  return isPlainObject(value) && typeof value.Ref === 'string' ? value.Ref : undefined;
}

function typeOf(resource: unknown): string | undefined {
  return isPlainObject(resource) && typeof resource.Type === 'string' ? resource.Type : undefined;
}

function propertiesOf(resource: unknown): Record<string, unknown> {
  return isPlainObject(resource) && isPlainObject(resource.Properties) ? resource.Properties : {};
}

function propertiesOfType(type: string): (resource: unknown) => Record<string, unknown> | undefined {
  return (resource) => (typeOf(resource) === type ? propertiesOf(resource) : undefined);
}
