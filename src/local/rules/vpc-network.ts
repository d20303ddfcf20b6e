/**
 * A provider function in a VPC reaches only what its subnets reach. Deployed, its answer is a
 * PUT to CloudFormation's pre-signed S3 URL, a cdk-lifecycle runtime that claims its requests
 * (`exactlyOnce`, the default) or keeps a long wait calls SSM Parameter Store, and one that
 * calls its `onEventFunction` or `isCompleteFunction`, or continues a wait in a new invocation,
 * calls the Lambda API. Locally every call reaches the runner, so the step would succeed where
 * the deployment hangs until the ServiceTimeout: the runner reads the network from the
 * templates (`vpc-routes.ts`) and reports what the subnets cannot reach as a `vpc-network`
 * violation of every request, and what the templates do not tell as a note.
 *
 * Security groups and endpoint policies are not read: a subnet that reaches a service may still
 * be refused by them.
 */
import { Violation } from '../protocol/check-response';
import { LambdaFunctionSpec } from '../stack/lambda-functions';
import { Reach, reachOf, ServiceName, subnetName, subnetsOf } from '../stack/vpc-routes';

/**
 * The environment variables of cdk-lifecycle's runtime that say what it calls. Repeated from
 * the runtime's contract file (the runner does not import the runtime); a test checks that
 * they agree.
 */
export const RUNTIME_VARIABLES = {
  claimPath: 'CDK_LIFECYCLE_CLAIM_PATH',
  polling: 'CDK_LIFECYCLE_POLLING',
  onEventFunction: 'CDK_LIFECYCLE_ON_EVENT_FUNCTION',
  isCompleteFunction: 'CDK_LIFECYCLE_IS_COMPLETE_FUNCTION',
} as const;

/** A service a provider function calls, why, what a deployment does without it, and how to give it. */
interface Need {
  readonly service: ServiceName;
  readonly label: string;
  /** Completes "... cannot reach S3, so ..." */
  readonly then: string;
  /** The VPC endpoint that gives it without a NAT gateway. */
  readonly endpoint: string;
  /** Another way out, if any (`exactlyOnce: false`). */
  readonly otherwise?: string;
}

const SERVICE_LABELS: Readonly<Record<ServiceName, string>> = { s3: 'S3', ssm: 'SSM', lambda: 'the Lambda API' };

/** What one provider function calls. */
function needsOf(fn: LambdaFunctionSpec): Need[] {
  const has = (name: string) => fn.environment[name] !== undefined;
  const needs: Need[] = [{
    service: 's3',
    label: SERVICE_LABELS.s3,
    then: 'its answers (a PUT to CloudFormation\'s pre-signed S3 URL) never arrive: CloudFormation waits until the resource\'s ServiceTimeout, then fails it',
    endpoint: 'an S3 gateway endpoint on the subnets\' route tables (ec2.GatewayVpcEndpointAwsService.S3)',
  }];
  const ssm: string[] = [];
  if (has(RUNTIME_VARIABLES.claimPath)) ssm.push('each request\'s claim (exactlyOnce) fails, and the request is answered FAILED without running onEvent');
  if (has(RUNTIME_VARIABLES.polling)) ssm.push('a wait longer than one invocation cannot be kept, and is answered FAILED');
  if (ssm.length > 0) {
    const endpoint = 'an SSM interface endpoint with private DNS in the VPC (ec2.InterfaceVpcEndpointAwsService.SSM)';
    const otherwise = has(RUNTIME_VARIABLES.claimPath) && !has(RUNTIME_VARIABLES.polling) ? 'without SSM, set exactlyOnce: false (a repeated delivery then runs onEvent again)' : undefined;
    needs.push({ service: 'ssm', label: SERVICE_LABELS.ssm, then: ssm.join('; '), endpoint, ...(otherwise === undefined ? {} : { otherwise }) });
  }
  const lambda: string[] = [];
  if (has(RUNTIME_VARIABLES.onEventFunction) || has(RUNTIME_VARIABLES.isCompleteFunction)) lambda.push('the onEventFunction (or isCompleteFunction) cannot be invoked, and the request is answered FAILED');
  if (has(RUNTIME_VARIABLES.polling)) lambda.push('a wait longer than one invocation cannot continue in a new one, and is answered FAILED');
  if (lambda.length > 0) {
    needs.push({ service: 'lambda', label: SERVICE_LABELS.lambda, then: lambda.join('; '), endpoint: 'a Lambda interface endpoint with private DNS in the VPC (ec2.InterfaceVpcEndpointAwsService.LAMBDA)' });
  }
  return needs;
}

/** What the runner says about the network of a provider's functions. */
export interface NetworkVerdict {
  /** One `vpc-network` violation for each function whose subnets cannot reach what it calls. */
  readonly violations: readonly Violation[];
  /** What the templates do not tell (an imported VPC, subnets from parameters). */
  readonly notes: readonly string[];
}

/** The verdict on the network of the functions that receive a custom resource's requests. */
export function networkVerdict(functions: readonly LambdaFunctionSpec[]): NetworkVerdict {
  const violations: Violation[] = [];
  const notes: string[] = [];
  for (const fn of functions) {
    const subnets = subnetsOf(fn);
    if (subnets === undefined) continue;
    const missing: Array<{ need: Need; failing: string[] }> = [];
    for (const need of needsOf(fn)) {
      const failing: string[] = [];
      for (const subnet of subnets) {
        const reach: Reach = subnet.kind === 'template' ? reachOf(subnet, need.service, fn.registry) : { reaches: undefined, why: subnet.why };
        if (reach.reaches === false) failing.push(`${subnetName(subnet, fn)}: ${reach.why}`);
        if (reach.reaches === undefined) notes.push(`cannot tell from the templates whether function ${fn.logicalId} reaches ${need.label} from ${subnetName(subnet, fn)}: ${reach.why}; deployed, without a way to ${need.label}, ${need.then}`);
      }
      if (failing.length > 0) missing.push({ need, failing });
    }
    if (missing.length === 0) continue;
    const services = missing.map(({ need }) => need.label);
    const reasons = [...new Set(missing.flatMap(({ failing }) => failing))];
    const otherwise = missing.flatMap(({ need }) => (need.otherwise === undefined ? [] : [need.otherwise]));
    violations.push({
      rule: 'vpc-network',
      message: `function ${fn.logicalId} runs in a VPC whose subnets cannot reach ${listed(services, 'or')} (${reasons.join('; ')}), so deployed ${missing.map(({ need }) => need.then).join('; and ')}. `
        + `Route the subnets to a NAT gateway, or add ${listed(missing.map(({ need }) => need.endpoint), 'and')}${otherwise.map((text) => `; ${text}`).join('')}`,
    });
  }
  return { violations, notes: [...new Set(notes)] };
}

function listed(items: readonly string[], last: 'and' | 'or'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}
