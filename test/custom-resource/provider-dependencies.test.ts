/**
 * What a custom resource waits for: CloudFormation creates resources with no dependency between
 * them in parallel, and deletes them in parallel too. A resource served by a provider must
 * depend on everything the provider needs to answer it, or a stack deletion removes (say) the
 * polling policy while a Delete still waits, and a first deploy can send a Create before it
 * exists. Checked in the synthesized templates.
 */
import * as path from 'node:path';
import { App, CustomResource, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import { ProvidedResource, ResourceProvider, ResourceProviderProps, ServiceTokenType } from '../../src';

const POLLING_ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'polling', 'handler.ts');
const PLAIN_ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'typescript', 'handler.ts');

interface Synthesized {
  readonly resources: Record<string, { Type: string; DependsOn?: string[]; Properties?: Record<string, unknown> }>;
  /** Logical ids of the given types (sorted). */
  idsOf(...types: string[]): string[];
  /** The DependsOn of a resource, sorted. */
  dependsOn(id: string): string[];
}

function synthesize(build: (stack: Stack) => void): Synthesized {
  const stack = new Stack(new App(), 'Deps', { env: { account: '123456789012', region: 'us-east-1' } });
  build(stack);
  const resources = Template.fromStack(stack).toJSON().Resources as Synthesized['resources'];
  return {
    resources,
    idsOf: (...types) => Object.keys(resources).filter((id) => types.includes(resources[id].Type)).sort(),
    dependsOn: (id) => [...resources[id].DependsOn ?? []].sort(),
  };
}

const PROVIDER_TYPES = ['AWS::Lambda::Function', 'AWS::IAM::Role', 'AWS::IAM::Policy', 'AWS::Logs::LogGroup', 'AWS::Lambda::EventInvokeConfig', 'AWS::SNS::Topic', 'AWS::SNS::Subscription', 'AWS::Lambda::Permission', 'AWS::SNS::TopicPolicy'];

const variants: Array<[string, Partial<ResourceProviderProps>]> = [
  ['entry, no polling', { entry: PLAIN_ENTRY }],
  ['entry with isComplete (polling)', { entry: POLLING_ENTRY, isCompleteHandler: 'isComplete', polling: { firstDelay: Duration.seconds(1) } }],
  ['isolateHandler off', { entry: PLAIN_ENTRY, isolateHandler: false }],
  ['SNS topic of its own', { entry: PLAIN_ENTRY, serviceTokenType: ServiceTokenType.SNS_TOPIC }],
];

describe.each(variants)('GIVEN a ProvidedResource of a provider (%s)', (_name, props) => {
  const synthesized = synthesize((stack) => {
    const provider = new ResourceProvider(stack, 'Provider', props as ResourceProviderProps);
    new ProvidedResource(stack, 'Thing', { provider, resourceType: 'Custom::Thing', properties: { a: 1 } });
  });

  test('WHEN synthesized THEN it depends on every resource of the provider (function, role, policies, log group, topic and subscription)', () => {
    const providerIds = synthesized.idsOf(...PROVIDER_TYPES);
    expect(providerIds.length).toBeGreaterThanOrEqual(4);
    expect(synthesized.dependsOn('Thing')).toEqual(providerIds);
  });
});

test('GIVEN a polling provider WHEN synthesized THEN the resource waits for the policy that lets it keep the URL in SSM and invoke itself', () => {
  const synthesized = synthesize((stack) => {
    const provider = new ResourceProvider(stack, 'Provider', { entry: POLLING_ENTRY, isCompleteHandler: 'isComplete' });
    new ProvidedResource(stack, 'Job', { provider, properties: {} });
  });
  const [policy] = synthesized.idsOf('AWS::IAM::Policy');
  expect(policy).toMatch(/^ProviderPollingPolicy/);
  expect(synthesized.dependsOn('Job')).toContain(policy);
});

test('GIVEN a topic the user gives WHEN synthesized THEN the resource waits for the subscription and the invoke permission, not for the user\'s topic', () => {
  const synthesized = synthesize((stack) => {
    const topic = new sns.Topic(stack, 'Requests');
    const provider = new ResourceProvider(stack, 'Provider', { entry: PLAIN_ENTRY, topic });
    new ProvidedResource(stack, 'Thing', { provider, properties: {} });
  });
  const [subscription] = synthesized.idsOf('AWS::SNS::Subscription');
  const [permission] = synthesized.idsOf('AWS::Lambda::Permission');
  expect(synthesized.dependsOn('Thing')).toEqual(expect.arrayContaining([subscription, permission]));
  expect(synthesized.dependsOn('Thing')).not.toContain(synthesized.idsOf('AWS::SNS::Topic')[0]);
});

test('GIVEN framework mode WHEN synthesized THEN the resource waits for the onEvent and isComplete functions and their roles too', () => {
  const synthesized = synthesize((stack) => {
    const fn = (id: string) => new lambda.Function(stack, id, { runtime: lambda.Runtime.PYTHON_3_13, handler: 'index.handler', code: lambda.Code.fromInline('def handler(e, c): return {}') });
    const provider = new ResourceProvider(stack, 'Provider', { onEventFunction: fn('OnEvent'), isCompleteFunction: fn('IsComplete') });
    new ProvidedResource(stack, 'Thing', { provider, properties: {} });
  });
  const needed = synthesized.idsOf(...PROVIDER_TYPES);
  expect(needed.filter((id) => id.startsWith('OnEvent') || id.startsWith('IsComplete'))).toHaveLength(4);
  expect(synthesized.dependsOn('Thing')).toEqual(needed);
});

test('GIVEN a plain CustomResource on the service token WHEN addDependent is called THEN it waits for the provider as a ProvidedResource does', () => {
  const synthesized = synthesize((stack) => {
    const provider = new ResourceProvider(stack, 'Provider', { entry: POLLING_ENTRY, isCompleteHandler: 'isComplete' });
    const raw = new CustomResource(stack, 'Raw', { serviceToken: provider.serviceToken });
    const unordered = new CustomResource(stack, 'Unordered', { serviceToken: provider.serviceToken });
    provider.addDependent(raw);
    expect(unordered.node.dependencies).toEqual([]);
  });
  expect(synthesized.dependsOn('Raw')).toEqual(synthesized.idsOf(...PROVIDER_TYPES));
  // Without it, only the ServiceToken's reference orders the two: the policy is free to go first.
  expect(synthesized.dependsOn('Unordered')).toEqual([]);
});

describe('recursive loop detection', () => {
  test('GIVEN a polling provider WHEN synthesized THEN its function allows the recursive loop its long waits make (RecursiveLoop: Allow)', () => {
    const synthesized = synthesize((stack) => {
      new ResourceProvider(stack, 'Provider', { entry: POLLING_ENTRY, isCompleteHandler: 'isComplete' });
    });
    const [fn] = synthesized.idsOf('AWS::Lambda::Function');
    expect(synthesized.resources[fn].Properties?.RecursiveLoop).toBe('Allow');
  });

  test('GIVEN a provider that never invokes itself WHEN synthesized THEN it keeps Lambda\'s default (Terminate: no RecursiveLoop written)', () => {
    const synthesized = synthesize((stack) => {
      new ResourceProvider(stack, 'Provider', { entry: PLAIN_ENTRY });
    });
    const [fn] = synthesized.idsOf('AWS::Lambda::Function');
    expect(synthesized.resources[fn].Properties).not.toHaveProperty('RecursiveLoop');
  });
});
