/**
 * The provider of a custom resource, from its `ServiceToken`: a Lambda function of the
 * assembly, or an SNS topic of the assembly with the Lambda functions subscribed to it. Each
 * must run locally: a Node.js function whose code is in the assembly. A cdk-lifecycle provider
 * in framework mode also needs its `onEventFunction` to run locally.
 */
import { CustomResourceTarget } from './find-custom-resource';
import { FunctionRegistry, LambdaFunctionSpec } from './lambda-functions';
import { TemplateResolver } from './template-resolver';
import { isPlainObject } from '../../change-set/input/read-template';
import { LocalSetupError } from '../local-setup-error';

/**
 * The environment variable holding the user's function in cdk-lifecycle's framework mode.
 * Repeated from the runtime's contract file (the runner does not import the runtime); a test
 * checks that they agree.
 */
export const ON_EVENT_FUNCTION_VARIABLE = 'CDK_LIFECYCLE_ON_EVENT_FUNCTION';

/** Where CloudFormation sends the requests of a custom resource. */
export type Provider =
  | { readonly kind: 'lambda'; readonly serviceToken: string; readonly fn: LambdaFunctionSpec }
  | { readonly kind: 'sns'; readonly serviceToken: string; readonly subscribers: readonly LambdaFunctionSpec[] };

/**
 * The provider of a custom resource, checked to run locally.
 *
 * @param resolver resolves values in the resource's stack
 * @throws LocalSetupError saying why the provider cannot run locally
 */
export function findProvider(target: CustomResourceTarget, functions: FunctionRegistry, resolver: TemplateResolver): Provider {
  const token = target.properties.ServiceToken;
  if (token === undefined) throw new LocalSetupError(`${target.logicalId} in stack ${target.stack.name} has no ServiceToken: CloudFormation rejects a custom resource without one`);
  const serviceToken = String(resolver.resolve(token));
  const topic = topicOf(target, token);
  if (topic !== undefined) {
    const subscribers = subscribersOf(target, topic, functions);
    if (subscribers.length === 0) {
      throw new LocalSetupError(`the ServiceToken of ${target.logicalId} is the SNS topic ${topic}, but no Lambda function of stack ${target.stack.name} is subscribed to it`, 'only Lambda subscribers of the topic run locally');
    }
    subscribers.forEach((fn) => checkRunnable(fn, `the provider of ${target.logicalId}`, functions, resolver));
    return { kind: 'sns', serviceToken, subscribers };
  }
  const fn = functions.byName(serviceToken);
  if (fn === undefined) {
    throw new LocalSetupError(`the ServiceToken of ${target.logicalId} is ${serviceToken}, which is neither a Lambda function nor an SNS topic of this assembly: only providers in the assembly run locally`);
  }
  checkRunnable(fn, `the provider of ${target.logicalId}`, functions, resolver);
  return { kind: 'lambda', serviceToken, fn };
}

/**
 * Checks that a function runs locally (Node.js, code in the assembly, a handler) and, in
 * cdk-lifecycle's framework mode, that its `onEventFunction` does too.
 *
 * @throws LocalSetupError naming the function and the reason
 */
export function checkRunnable(fn: LambdaFunctionSpec, role: string, functions: FunctionRegistry, resolver: TemplateResolver): void {
  const name = `function ${fn.logicalId} (stack ${fn.stack.name})`;
  const problem = runnableProblem(fn);
  if (problem !== undefined) throw new LocalSetupError(`${role} is ${name}, which ${problem.problem}`, problem.hint);
  const onEvent = fn.environment[ON_EVENT_FUNCTION_VARIABLE];
  if (onEvent === undefined) return;
  const arn = String(resolver.resolve(onEvent));
  const user = functions.byName(arn);
  if (user === undefined) {
    throw new LocalSetupError(`${role} is ${name}, a cdk-lifecycle provider in framework mode whose onEventFunction (${arn}) is not a function of this assembly: it cannot run locally`, 'define the onEventFunction in the same app, or test it with its own tools');
  }
  const userProblem = runnableProblem(user);
  if (userProblem !== undefined) {
    throw new LocalSetupError(`${role} is ${name}, a cdk-lifecycle provider in framework mode, and its onEventFunction ${user.logicalId} ${userProblem.problem}`, userProblem.hint);
  }
}

/** Why a function cannot run locally, or undefined when it can. */
export function runnableProblem(fn: LambdaFunctionSpec): { problem: string; hint?: string } | undefined {
  if (fn.runtime === undefined) return { problem: 'is a container image (or names no Runtime): only Node.js functions run locally' };
  if (!/^nodejs\d/.test(fn.runtime)) {
    return { problem: `runs ${fn.runtime}: only Node.js functions run locally`, hint: 'test a handler in another language with its own tools; cdk-lifecycle invoke runs Node.js providers' };
  }
  if (fn.handler === undefined || fn.handler.lastIndexOf('.') <= 0) return { problem: `has no usable Handler setting (${JSON.stringify(fn.handler ?? null)})` };
  if (fn.code.kind === 'missing') return { problem: `cannot run locally: ${fn.code.problem}`, hint: fn.code.hint };
  return undefined;
}

/** The SNS topic's logical id, when the token is `Ref` of an `AWS::SNS::Topic` of the stack. */
function topicOf(target: CustomResourceTarget, token: unknown): string | undefined {
  const id = isPlainObject(token) && typeof token.Ref === 'string' ? token.Ref : undefined;
  const resource = id === undefined ? undefined : target.stack.template.Resources[id];
  return isPlainObject(resource) && resource.Type === 'AWS::SNS::Topic' ? id : undefined;
}

/** The Lambda functions subscribed to a topic (`AWS::SNS::Subscription`s and the topic's own `Subscription` list). */
function subscribersOf(target: CustomResourceTarget, topicId: string, functions: FunctionRegistry): LambdaFunctionSpec[] {
  const resources = target.stack.template.Resources;
  const endpoints: unknown[] = [];
  for (const resource of Object.values(resources)) {
    if (!isPlainObject(resource) || !isPlainObject(resource.Properties)) continue;
    const properties = resource.Properties;
    if (resource.Type === 'AWS::SNS::Subscription' && properties.Protocol === 'lambda' && isPlainObject(properties.TopicArn) && properties.TopicArn.Ref === topicId) {
      endpoints.push(properties.Endpoint);
    }
  }
  const topic = resources[topicId] as { Properties?: { Subscription?: unknown } };
  for (const subscription of Array.isArray(topic.Properties?.Subscription) ? topic.Properties.Subscription : []) {
    if (isPlainObject(subscription) && subscription.Protocol === 'lambda') endpoints.push(subscription.Endpoint);
  }
  return endpoints.flatMap((endpoint) => {
    const getAtt = isPlainObject(endpoint) ? endpoint['Fn::GetAtt'] : undefined;
    const id = Array.isArray(getAtt) && typeof getAtt[0] === 'string' ? getAtt[0] : undefined;
    const fn = id === undefined ? undefined : functions.byLogicalId(target.stack, id);
    return fn === undefined ? [] : [fn];
  });
}
