/**
 * The account, region and stack id a local run plays in. An assembly synthesized without an
 * environment has none, so the runner uses the stand-ins below; they are what handlers see in
 * ARNs and in the request's StackId.
 */
import { createHash } from 'node:crypto';
import { AssemblyStack } from '../../assembly/read-assembly';

/** The account id used when the stack names none. */
export const LOCAL_ACCOUNT = '123456789012';

/** The region used when the stack names none. */
export const LOCAL_REGION = 'us-east-1';

/** Where one stack is "deployed" during a local run. */
export interface Deployment {
  readonly account: string;
  readonly region: string;
  readonly partition: string;
  readonly urlSuffix: string;
  readonly stackName: string;
  /** `arn:aws:cloudformation:<region>:<account>:stack/<name>/<uuid>`, stable for the stack. */
  readonly stackId: string;
}

/** The deployment of a stack: its own environment, else the local stand-ins. */
export function deploymentOf(stack: AssemblyStack): Deployment {
  const account = stack.account ?? LOCAL_ACCOUNT;
  const region = stack.region ?? LOCAL_REGION;
  const partition = region.startsWith('cn-') ? 'aws-cn' : region.startsWith('us-gov-') ? 'aws-us-gov' : 'aws';
  return {
    account,
    region,
    partition,
    urlSuffix: partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com',
    stackName: stack.name,
    stackId: `arn:${partition}:cloudformation:${region}:${account}:stack/${stack.name}/${stableUuid(`${account}/${region}/${stack.name}`)}`,
  };
}

/** A UUID-shaped id derived from a text: the same stack gets the same id in every run. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A short upper-case suffix derived from a text, like the ones CloudFormation adds to generated names. */
export function nameSuffix(text: string, length = 12): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length).toUpperCase();
}
