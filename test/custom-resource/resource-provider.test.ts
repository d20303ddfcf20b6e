import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Aspects, Duration, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ResourceProvider, ServiceTokenType } from '../../src';
import { ENV_CLAIM_PATH, ENV_ISOLATE_HANDLER, ENV_ON_EVENT_FUNCTION, ENV_USER_HANDLER, RUNTIME_HANDLER } from '../../src/runtime/contract';
import { appWithAssetMetadata, functionAssetDirs, listFiles } from '../helpers/assembly';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');

function newStack(): Stack {
  return new Stack(new App(), 'Test', { env: { account: '123456789012', region: 'us-east-1' } });
}

describe('ResourceProvider in in-function mode', () => {
  const stack = newStack();
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', timeout: Duration.minutes(2) });
  const template = Template.fromStack(stack);

  test('GIVEN a provider WHEN synthesized THEN it adds one function, its role, its log group and its invoke config: 4 resources', () => {
    expect(Object.keys(template.toJSON().Resources)).toHaveLength(4);
    template.resourceCountIs('AWS::Lambda::Function', 1);
    template.resourceCountIs('AWS::IAM::Role', 1);
    template.resourceCountIs('AWS::Logs::LogGroup', 1);
    template.resourceCountIs('AWS::Lambda::EventInvokeConfig', 1);
  });

  test('THEN the runtime is the entry point, on the newest Node.js runtime, and the user handler is in the environment', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: RUNTIME_HANDLER,
      Runtime: 'nodejs24.x',
      Timeout: 120,
      Environment: { Variables: { [ENV_USER_HANDLER]: 'index.onEvent' } },
    });
  });

  test('THEN asynchronous retries are off and the logs are kept for a limited time', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0 });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  test('THEN the role may only write to its own log group and claim requests under its own path (no wildcard actions, no managed policies)', () => {
    const role = Object.values(template.findResources('AWS::IAM::Role'))[0];
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = role.Properties.Policies.flatMap((p: any) => p.PolicyDocument.Statement);
    const actions = statements.flatMap((s: any) => [s.Action].flat());
    expect(actions.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', 'ssm:GetParameter', 'ssm:PutParameter']);
    expect(actions.some((a: string) => a.includes('*'))).toBe(false);
    const claim = statements.find((s: any) => s.Sid === 'ClaimEachRequestOnce');
    const variables = Object.values<any>(template.findResources('AWS::Lambda::Function'))[0].Properties.Environment.Variables;
    expect(variables[ENV_CLAIM_PATH]).toBe(`/cdk-lifecycle/Test/${provider.node.addr}`);
    expect(claim.Resource).toEqual({ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, `:ssm:us-east-1:123456789012:parameter${variables[ENV_CLAIM_PATH]}/*`]] });
  });

  test('THEN Lambda keeps a request at most an hour (every ServiceTimeout has passed by then)', () => {
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumEventAgeInSeconds: 3600 });
  });

  test('THEN the service token is the function ARN', () => {
    expect(stack.resolve(provider.serviceToken)).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^ProviderFunction/), 'Arn'] });
  });
});

test('GIVEN exactlyOnce: false WHEN synthesized THEN no claim path is set and the role may not touch SSM', () => {
  const stack = newStack();
  new ResourceProvider(stack, 'P', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', exactlyOnce: false });
  const template = Template.fromStack(stack);
  const variables = Object.values<any>(template.findResources('AWS::Lambda::Function'))[0].Properties.Environment.Variables;
  expect(variables[ENV_CLAIM_PATH]).toBeUndefined();
  expect(JSON.stringify(template.findResources('AWS::IAM::Role'))).not.toContain('ssm:');
});

describe('ResourceProvider isolateHandler', () => {
  test.each([
    ['by default', {}, undefined],
    ['with isolateHandler: true', { isolateHandler: true }, undefined],
    ['with isolateHandler: false', { isolateHandler: false }, 'false'],
  ])('GIVEN a provider %s WHEN synthesized THEN the runtime is told to isolate unless turned off', (_name, props, value) => {
    const stack = newStack();
    new ResourceProvider(stack, 'P', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', ...props });
    const variables = Object.values<any>(Template.fromStack(stack).findResources('AWS::Lambda::Function'))[0].Properties.Environment.Variables;
    expect(variables[ENV_ISOLATE_HANDLER]).toBe(value);
    expect(variables[ENV_USER_HANDLER]).toBe('index.onEvent');
  });
});

describe('ResourceProvider in framework mode', () => {
  test('GIVEN onEventFunction WHEN synthesized THEN the provider may invoke exactly that function and knows its ARN', () => {
    const stack = newStack();
    const userFn = new lambda.Function(stack, 'UserFn', { runtime: lambda.Runtime.PYTHON_3_13, handler: 'index.handler', code: lambda.Code.fromInline('def handler(e, c): return {}') });
    new ResourceProvider(stack, 'Provider', { onEventFunction: userFn });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Handler: RUNTIME_HANDLER,
      Environment: { Variables: { [ENV_ON_EVENT_FUNCTION]: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserFn'), 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::IAM::Role', {
      Policies: [{ PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserFn'), 'Arn'] } })]) } }],
    });
  });
});

describe('ResourceProvider with SNS', () => {
  test('GIVEN serviceTokenType SNS_TOPIC WHEN synthesized THEN a TLS-only topic is created, the function subscribed and the token is the topic ARN', () => {
    const stack = newStack();
    const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', serviceTokenType: ServiceTokenType.SNS_TOPIC });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' });
    template.hasResourceProperties('AWS::Lambda::Permission', { Principal: 'sns.amazonaws.com' });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', Match.anyValue());
    expect(stack.resolve(provider.serviceToken)).toEqual({ Ref: expect.stringMatching(/^ProviderTopic/) });
  });

  test('GIVEN an existing topic WHEN synthesized THEN it is used and no topic is created', () => {
    const stack = newStack();
    const topic = new sns.Topic(stack, 'Mine');
    const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', topic });
    Template.fromStack(stack).resourceCountIs('AWS::SNS::Topic', 1);
    expect(provider.topic).toBe(topic);
    expect(stack.resolve(provider.serviceToken)).toEqual(stack.resolve(topic.topicArn));
  });
});

describe('ResourceProvider validation', () => {
  // aws-cdk-lib binds a directory asset to one stack: a new Code for every stack, as for lambda.Function.
  const code = lambda.Code.fromAsset(HANDLER_DIR);
  const fresh = () => lambda.Code.fromAsset(HANDLER_DIR);
  test.each([
    ['neither code nor function', {}, /Test\/P: code is required: give entry \(a TypeScript or JavaScript file\), code and handler \(JavaScript code\), or onEventFunction/],
    ['code without handler', { code: fresh() }, /Test\/P: handler must look like "file.export" \(for example "index.onEvent"\), got null/],
    ['a handler without an export', { code: fresh(), handler: 'index' }, /Test\/P: handler must look like "file.export".*got "index"/],
    ['a timeout of 2 seconds', { code: fresh(), handler: 'index.onEvent', timeout: Duration.seconds(2) }, /Test\/P: timeout must be between 5 seconds and 15 minutes.*got 2 seconds/],
    ['a missing asset directory', { code: lambda.Code.fromAsset('/no/such/dir'), handler: 'index.x' }, /Test\/P: code must point at an existing directory/],
    ['a zip file asset', { code: lambda.Code.fromAsset(__filename), handler: 'index.x' }, /Test\/P: code must be a directory asset/],
    ['CloudFormation parameter code', { code: lambda.Code.fromCfnParameters(), handler: 'index.x' }, /Test\/P: code must be lambda.Code.fromAsset\(directory\) \(or another directory asset\) or lambda.Code.fromInline\(source\), got CfnParametersCode/],
  ])('GIVEN %s WHEN constructed THEN it throws with the path, property and value', (_name, props, message) => {
    expect(() => new ResourceProvider(newStack(), 'P', props as any)).toThrow(message);
  });

  test('GIVEN isolateHandler with onEventFunction WHEN constructed THEN it throws (isolation is for in-function handlers)', () => {
    const stack = newStack();
    const fn = lambda.Function.fromFunctionArn(stack, 'F', 'arn:aws:lambda:us-east-1:123456789012:function:f');
    expect(() => new ResourceProvider(stack, 'P', { onEventFunction: fn, isolateHandler: true })).toThrow(/Test\/P: isolateHandler applies to entry and code only/);
  });

  test('GIVEN both code and onEventFunction WHEN constructed THEN it throws', () => {
    const stack = newStack();
    const fn = lambda.Function.fromFunctionArn(stack, 'F', 'arn:aws:lambda:us-east-1:123456789012:function:f');
    expect(() => new ResourceProvider(stack, 'P', { code: fresh(), handler: 'index.onEvent', onEventFunction: fn })).toThrow(/Test\/P: onEventFunction cannot be combined with code: give exactly one of entry/);
  });

  test('GIVEN inline code WHEN synthesized THEN it is staged as index.js beside the runtime', () => {
    const app = appWithAssetMetadata();
    const stack = new Stack(app, 'Inline');
    new ResourceProvider(stack, 'P', { code: lambda.Code.fromInline('exports.onEvent = async () => ({});'), handler: 'index.onEvent' });
    const [assetDir] = Object.values(functionAssetDirs(app.synth(), 'Inline'));
    expect(listFiles(assetDir)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
    expect(fs.readFileSync(path.join(assetDir, 'index.js'), 'utf8')).toContain('exports.onEvent');
  });

  test('GIVEN a directory asset WHEN synthesized THEN the user files and the runtime are staged together', () => {
    const app = appWithAssetMetadata();
    const stack = new Stack(app, 'Dir');
    new ResourceProvider(stack, 'P', { code: fresh(), handler: 'index.onEvent' });
    const [assetDir] = Object.values(functionAssetDirs(app.synth(), 'Dir'));
    expect(listFiles(assetDir)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
  });

  test('GIVEN one Code bound in another stack WHEN a provider uses it THEN synth fails as it does for lambda.Function', () => {
    const app = new App();
    new ResourceProvider(new Stack(app, 'One'), 'P', { code, handler: 'index.onEvent' });
    expect(() => new ResourceProvider(new Stack(app, 'Two'), 'P', { code, handler: 'index.onEvent' })).toThrow(/Asset is already associated with another stack 'One'/);
  });
});

describe('cdk-nag AwsSolutions', () => {
  test.each([
    ['in-function mode', ServiceTokenType.LAMBDA],
    ['SNS mode', ServiceTokenType.SNS_TOPIC],
  ])('GIVEN a provider in %s WHEN checked THEN no finding is left unexplained', (_name, serviceTokenType) => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', serviceTokenType });
    Aspects.of(stack).add(new AwsSolutionsChecks());
    const findings = [
      ...Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ...Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
    ];
    expect(findings.map((f) => `${f.id}: ${String(f.entry.data).split('\n')[0]}`)).toEqual([]);
  });

  test('GIVEN the default runtime WHEN synthesized THEN AwsSolutions-L1 is suppressed with its reason, so a newer Node.js in aws-cdk-lib (nodejs26.x from 2.278.0) is no finding', () => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
    expect(fn.Properties.Runtime).toBe('nodejs24.x');
    expect(fn.Metadata.cdk_nag.rules_to_suppress).toEqual([{ id: 'AwsSolutions-L1', reason: expect.stringContaining('defaults to nodejs24.x') }]);
  });

  test('GIVEN a runtime chosen older than the newest WHEN checked THEN cdk-nag reports AwsSolutions-L1 (the suppression is for the default only)', () => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', runtime: lambda.Runtime.NODEJS_22_X });
    Aspects.of(stack).add(new AwsSolutionsChecks());
    const findings = Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-L1'));
    expect(findings.map((f) => f.id)).toEqual(['/Test/Provider/Function/Resource']);
  });

  test('GIVEN a non-compliant bucket in the same kind of stack WHEN checked THEN cdk-nag does report (the check above can fail)', () => {
    const stack = newStack();
    new s3.Bucket(stack, 'Plain');
    Aspects.of(stack).add(new AwsSolutionsChecks());
    expect(Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-S1:')).length).toBeGreaterThan(0);
  });
});

/** A TypeScript file with a syntax error (kept as .txt so the repository's type-check skips it). */
function brokenEntry(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'broken-entry-')), 'handler.ts');
  fs.copyFileSync(path.join(__dirname, '..', 'fixtures', 'handlers', 'broken-ts', 'handler.ts.txt'), file);
  return file;
}

describe('ResourceProvider with a TypeScript entry', () => {
  const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'typescript', 'handler.ts');

  test('GIVEN entry WHEN synthesized THEN the asset holds the bundled handler as index.js beside the runtime, and the handler setting names its export', () => {
    const app = appWithAssetMetadata();
    const stack = new Stack(app, 'Entry');
    new ResourceProvider(stack, 'Provider', { entry: ENTRY });
    const assembly = app.synth();
    const [dir] = Object.values(functionAssetDirs(assembly, 'Entry'));
    expect(listFiles(dir)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
    const bundle = fs.readFileSync(path.join(dir, 'index.js'), 'utf8');
    expect(bundle).toContain('hello, ');
    expect(bundle).not.toMatch(/require\(["']\.\/lib\/greeting["']\)/);
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { [ENV_USER_HANDLER]: 'index.onEvent' } } });
  });

  test('GIVEN entry and a handler export name WHEN the entry exports it THEN the handler setting uses it', () => {
    const stack = newStack();
    new ResourceProvider(stack, 'Provider', { entry: ENTRY, handler: 'notAHandler' });
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: { [ENV_USER_HANDLER]: 'index.notAHandler' } } });
  });

  test('GIVEN a relative entry and a relative outdir, synthesized from a folder that is not the project root WHEN synthesized THEN the bundle is in the asset, and nothing is written under the project root', () => {
    const cwd = process.cwd();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'relative-synth-'));
    const outdir = `cdk-lifecycle-relative-out-${path.basename(dir)}`;
    const projectRoot = path.join(__dirname, '..', '..');
    process.chdir(dir);
    try {
      const app = appWithAssetMetadata(outdir);
      new ResourceProvider(new Stack(app, 'Entry'), 'Provider', { entry: path.relative(dir, ENTRY) });
      const assembly = app.synth();
      const [asset] = Object.values(functionAssetDirs(assembly, 'Entry'));
      expect(path.resolve(path.dirname(asset))).toBe(path.join(dir, outdir));
      expect(listFiles(asset)).toEqual(['cdk-lifecycle-runtime/index.js', 'index.js']);
      expect(fs.readFileSync(path.join(asset, 'index.js'), 'utf8')).toContain('hello, ');
      expect(fs.readdirSync(path.join(dir, outdir)).filter((name) => name.startsWith('cdk-lifecycle-staging-'))).toEqual([]);
      expect(fs.existsSync(path.join(projectRoot, outdir))).toBe(false);
    } finally {
      process.chdir(cwd);
      fs.rmSync(path.join(projectRoot, outdir), { recursive: true, force: true });
    }
  });

  test.each([
    ['an export the entry does not have', { entry: ENTRY, handler: 'handler' }, /Test\/Provider: handler names the export "handler", but ".*handler.ts" exports "notAHandler", "onEvent"/],
    ['a missing file', { entry: 'no/such/handler.ts' }, /Test\/Provider: entry must be an existing file, got "no\/such\/handler.ts" \(resolved to .*: not found\)/],
    ['a directory', { entry: path.dirname(ENTRY) }, /entry must be an existing file, .*a directory/],
    ['a Python file', { entry: path.join(__dirname, '..', 'fixtures', 'handlers', 'python', 'index.py') }, /entry must be a TypeScript or JavaScript file/],
    ['a syntax error', { entry: brokenEntry() }, /Test\/Provider: entry esbuild could not read .*handler.ts:2:\d+: Expected "}" but found ";"/],
    ['entry with code', { entry: ENTRY, code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' }, /Test\/Provider: code cannot be combined with entry/],
    ['a handler that is not a name', { entry: ENTRY, handler: 'index.onEvent' }, /handler must be the name of an exported function with entry \(for example "onEvent"\), got "index.onEvent"/],
  ])('GIVEN %s WHEN constructed THEN synth fails naming the path, the property and the value', (_name, props, message) => {
    expect(() => new ResourceProvider(newStack(), 'Provider', props as any)).toThrow(message);
  });

  test('GIVEN no esbuild reachable from the entry or the working directory WHEN constructed THEN the error names the fix', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-esbuild-'));
    fs.copyFileSync(ENTRY.replace('handler.ts', 'lib/greeting.ts'), path.join(dir, 'handler.ts'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(() => new ResourceProvider(newStack(), 'Provider', { entry: 'handler.ts', handler: 'greeting' }))
        .toThrow(/entry needs esbuild to bundle "handler.ts" at synth time.*npm install --save-dev esbuild/);
    } finally {
      process.chdir(cwd);
    }
  });
});

describe('ResourceProvider with a directory asset', () => {
  test('GIVEN a handler module that is not in the directory WHEN constructed THEN synth fails listing what was looked for', () => {
    expect(() => new ResourceProvider(newStack(), 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'main.onEvent' }))
      .toThrow(/Test\/Provider: code has no module "main" for the handler: none of main.js, main.cjs, main.mjs, main\/index.js is in .*echo as staged with its options \(.*asset\.[0-9a-f]+\)\.$/);
  });

  test('GIVEN a directory with only index.ts WHEN constructed THEN the error says Lambda runs JavaScript and points at entry', () => {
    const dir = path.join(__dirname, '..', 'fixtures', 'handlers', 'ts-only');
    expect(() => new ResourceProvider(newStack(), 'Provider', { code: lambda.Code.fromAsset(dir), handler: 'index.onEvent' }))
      .toThrow(/It has index.ts: Lambda runs JavaScript only. Give entry: ".*ts-only\/index.ts" instead of code/);
  });

  test('GIVEN inline code and a module other than index WHEN constructed THEN synth fails', () => {
    expect(() => new ResourceProvider(newStack(), 'Provider', { code: lambda.Code.fromInline('exports.onEvent = async () => {}'), handler: 'main.onEvent' }))
      .toThrow(/handler must name the module "index" with inline code/);
  });
});
