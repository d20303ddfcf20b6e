import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider, ResourceProviderProps } from '../../src';
import { ENV_IS_COMPLETE_FUNCTION, ENV_IS_COMPLETE_HANDLER, ENV_POLLING, ENV_USER_HANDLER } from '../../src/runtime/contract';
import { appWithAssetMetadata, functionAssetDirs, listFiles } from '../helpers/assembly';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'polling', 'handler.ts');
const PLAIN_ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'typescript', 'handler.ts');
const ECHO_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');

const newStack = () => new Stack(new App(), 'Test', { env: { account: '123456789012', region: 'us-east-1' } });
const resourceCount = (stack: Stack) => Object.keys(Template.fromStack(stack).toJSON().Resources).length;

describe('a polling provider', () => {
  const stack = newStack();
  const provider = new ResourceProvider(stack, 'Provider', { entry: ENTRY, isCompleteHandler: 'isComplete', polling: { firstDelay: Duration.seconds(2), interval: Duration.seconds(3), backoffRate: 2, maxInterval: Duration.seconds(20) } });
  const template = Template.fromStack(stack);

  test('GIVEN isCompleteHandler WHEN synthesized THEN the runtime learns both exports and the schedule in milliseconds', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: {
          [ENV_USER_HANDLER]: 'index.onEvent',
          [ENV_IS_COMPLETE_HANDLER]: 'index.isComplete',
          [ENV_POLLING]: JSON.stringify({ firstDelayMs: 2000, intervalMs: 3000, backoffRate: 2, maxIntervalMs: 20000 }),
        },
      },
    });
    expect(provider.pollFirstDelay?.toSeconds()).toBe(2);
  });

  test('THEN one policy resource lets it invoke only itself and touch only SSM parameters under its own prefix', () => {
    const policies = Object.values<any>(template.findResources('AWS::IAM::Policy'));
    expect(policies).toHaveLength(1);
    const fnId = Object.keys(template.findResources('AWS::Lambda::Function'))[0];
    expect(policies[0].Properties.PolicyDocument.Statement).toEqual([
      { Sid: 'ContinueWaitInNewInvocation', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [fnId, 'Arn'] } },
      {
        Sid: 'KeepResponseUrlEncrypted',
        Effect: 'Allow',
        Action: ['ssm:PutParameter', 'ssm:GetParameter', 'ssm:DeleteParameter', 'ssm:DeleteParameters'],
        Resource: { 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ssm:us-east-1:123456789012:parameter/cdk-lifecycle/', { Ref: fnId }, '/*']] },
      },
    ]);
    // The function does not wait for the policy: a DependsOn would make the two a cycle.
    expect(Object.values<any>(template.findResources('AWS::Lambda::Function'))[0].DependsOn ?? []).not.toContain(Object.keys(template.findResources('AWS::IAM::Policy'))[0]);
  });

  test('THEN its asset carries the runtime built with the polling code, and a provider that does not poll gets the smaller one', () => {
    const app = appWithAssetMetadata();
    const s = new Stack(app, 'Assets');
    new ResourceProvider(s, 'Polls', { entry: ENTRY, isCompleteHandler: 'isComplete' });
    new ResourceProvider(s, 'Plain', { entry: PLAIN_ENTRY });
    const dirs = functionAssetDirs(app.synth(), 'Assets');
    const runtimeOf = (prefix: string) => {
      const dir = Object.entries(dirs).find(([id]) => id.startsWith(prefix))![1];
      expect(listFiles(dir)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
      return fs.readFileSync(path.join(dir, 'cdk-lifecycle-runtime', 'index.js'), 'utf8');
    };
    expect(runtimeOf('Polls')).toContain('cdkLifecyclePoll');
    expect(runtimeOf('Plain')).not.toContain('cdkLifecyclePoll');
  });

  test('GIVEN a provider without isComplete WHEN synthesized THEN it adds nothing for polling (4 resources, no policy, no polling variables)', () => {
    const plain = newStack();
    new ResourceProvider(plain, 'Provider', { entry: PLAIN_ENTRY });
    expect(resourceCount(plain)).toBe(4);
    Template.fromStack(plain).resourceCountIs('AWS::IAM::Policy', 0);
    Template.fromStack(plain).hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.not(Match.objectLike({ [ENV_POLLING]: Match.anyValue() })) } });
    expect(resourceCount(stack)).toBe(5);
  });

  test('GIVEN framework mode with isCompleteFunction WHEN synthesized THEN the provider may invoke both functions and knows the isComplete ARN', () => {
    const s = newStack();
    const fn = (id: string) => new lambda.Function(s, id, { runtime: lambda.Runtime.PYTHON_3_13, handler: 'index.handler', code: lambda.Code.fromInline('def handler(e, c): return {}') });
    const onEvent = fn('OnEvent');
    const isComplete = fn('IsComplete');
    new ResourceProvider(s, 'Provider', { onEventFunction: onEvent, isCompleteFunction: isComplete });
    const t = Template.fromStack(s);
    t.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { [ENV_IS_COMPLETE_FUNCTION]: { 'Fn::GetAtt': [Match.stringLikeRegexp('^IsComplete'), 'Arn'] } } } });
    t.hasResourceProperties('AWS::IAM::Role', {
      Policies: [{ PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Sid: 'InvokeHandlerFunction', Action: 'lambda:InvokeFunction', Resource: [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^OnEvent'), 'Arn'] }, { 'Fn::GetAtt': [Match.stringLikeRegexp('^IsComplete'), 'Arn'] }] })]) } }],
    });
  });
});

describe('polling validation', () => {
  const userFn = (s: Stack) => new lambda.Function(s, 'Fn', { runtime: lambda.Runtime.PYTHON_3_13, handler: 'index.handler', code: lambda.Code.fromInline('x') });
  test.each<[string, (s: Stack) => ResourceProviderProps, RegExp]>([
    ['an entry without the isComplete export', () => ({ entry: PLAIN_ENTRY, isCompleteHandler: 'isComplete' }), /Test\/Provider: isCompleteHandler names the export "isComplete", but ".*typescript\/handler.ts" exports "notAHandler", "onEvent"/],
    ['isCompleteHandler as file.export with entry', () => ({ entry: ENTRY, isCompleteHandler: 'index.isComplete' }), /isCompleteHandler must be the name of an exported function with entry/],
    ['isCompleteHandler without an export with code', () => ({ code: lambda.Code.fromAsset(ECHO_DIR), handler: 'index.onEvent', isCompleteHandler: 'isComplete' }), /Test\/Provider: isCompleteHandler must look like "file.export" \(for example "index.isComplete"\), got "isComplete"/],
    ['isCompleteHandler in a module that is not there', () => ({ code: lambda.Code.fromAsset(ECHO_DIR), handler: 'index.onEvent', isCompleteHandler: 'poll.isComplete' }), /Test\/Provider: code has no module "poll"/],
    ['isCompleteHandler with onEventFunction', (s) => ({ onEventFunction: userFn(s), isCompleteHandler: 'index.isComplete' }), /isCompleteHandler is not used with onEventFunction: give isCompleteFunction instead/],
    ['isCompleteFunction without onEventFunction', (s) => ({ entry: ENTRY, isCompleteFunction: userFn(s) }), /isCompleteFunction is only used with onEventFunction/],
    ['polling without isComplete', () => ({ entry: ENTRY, polling: { interval: Duration.seconds(10) } }), /Test\/Provider: polling is only used with isCompleteHandler or isCompleteFunction/],
    ['an interval under a second', () => ({ entry: ENTRY, isCompleteHandler: 'isComplete', polling: { interval: Duration.millis(500) } }), /polling.interval must be between 1 seconds and 1 hour .*got 0.5 seconds/],
    ['a backoff rate under 1', () => ({ entry: ENTRY, isCompleteHandler: 'isComplete', polling: { backoffRate: 0.5 } }), /polling.backoffRate must be between 1 and 10, got 0.5/],
    ['a maxInterval under the interval', () => ({ entry: ENTRY, isCompleteHandler: 'isComplete', polling: { interval: Duration.seconds(30), maxInterval: Duration.seconds(10) } }), /polling.maxInterval must be at least polling.interval \(30 seconds\), got 10 seconds/],
    ['a first delay over an hour', () => ({ entry: ENTRY, isCompleteHandler: 'isComplete', polling: { firstDelay: Duration.hours(2) } }), /polling.firstDelay must be between 0 seconds and 1 hour/],
  ])('GIVEN %s WHEN constructed THEN synth fails naming the path, the property and the value', (_name, props, message) => {
    const s = newStack();
    expect(() => new ResourceProvider(s, 'Provider', props(s))).toThrow(message);
  });

  test.each<[number, number]>([[0, 5], [5, 10], [30, 38]])('GIVEN polling.firstDelay %s s WHEN a resource asks for a shorter ServiceTimeout than the minimum (%s s) THEN synth fails naming the minimum; the minimum itself is accepted', (firstDelay, minimum) => {
    const s = newStack();
    const provider = new ResourceProvider(s, 'Provider', { entry: ENTRY, isCompleteHandler: 'isComplete', polling: { firstDelay: Duration.seconds(firstDelay) } });
    expect(provider.minimumServiceTimeout?.toSeconds()).toBe(minimum);
    expect(() => new ProvidedResource(s, 'Db', { provider, serviceTimeout: Duration.seconds(minimum - 1) }))
      .toThrow(`Test/Db: serviceTimeout is ${minimum - 1} seconds, but a resource of the polling provider Test/Provider needs at least ${minimum} seconds: its first isComplete call comes after ${firstDelay} seconds (polling.firstDelay)`);
    expect(() => new ProvidedResource(s, 'Ok', { provider, serviceTimeout: Duration.seconds(minimum) })).not.toThrow();
  });

  test('GIVEN a first delay that leaves no room within CloudFormation\'s 3,600 s WHEN the provider is created THEN synth fails at the provider', () => {
    const s = newStack();
    expect(() => new ResourceProvider(s, 'Provider', { entry: ENTRY, isCompleteHandler: 'isComplete', polling: { firstDelay: Duration.hours(1) } }))
      .toThrow(/Test\/Provider: polling.firstDelay is 3600 seconds: with one isComplete call and the answer, a resource would need a ServiceTimeout of \d+ seconds, above CloudFormation's 3,600/);
  });

  test('GIVEN a provider that does not poll WHEN a resource asks for a 1 s ServiceTimeout THEN there is no minimum', () => {
    const s = newStack();
    const provider = new ResourceProvider(s, 'Plain', { entry: PLAIN_ENTRY });
    expect(provider.minimumServiceTimeout).toBeUndefined();
    expect(() => new ProvidedResource(s, 'Quick', { provider, serviceTimeout: Duration.seconds(1) })).not.toThrow();
  });
});
