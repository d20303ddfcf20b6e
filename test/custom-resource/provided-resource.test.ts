import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, CustomResource, Duration, Lazy, Stack, Token } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as fc from 'fast-check';
import { ProvidedResource, ResourceProvider } from '../../src';
import { cloudFormationProperties, encodeOptions } from '../../src/custom-resource/private/encode-properties';
import { RESERVED_PROPERTY } from '../../src/runtime/contract';
import { decodeProperties } from '../../src/runtime/protocol/property-codec';
import { LIFECYCLE_METADATA_KEY } from '../../src/spec/lifecycle-metadata';
import { cfnStringify } from '../helpers/events';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');

/** Whether a null is anywhere in a value. */
function containsNull(value: unknown): boolean {
  if (value === null) return true;
  return typeof value === 'object' && Object.values(value as object).some(containsNull);
}

function setup() {
  const stack = new Stack(new App(), 'Test');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
  return { stack, provider };
}

describe('ProvidedResource', () => {
  const { stack, provider } = setup();
  const resource = new ProvidedResource(stack, 'MySeleniumTest', {
    provider,
    resourceType: 'Custom::SeleniumTester',
    properties: { endpoints: ['https://example.com'], frequencyOfTestsPerHour: 3, enabled: true, region: 'eu-west-1' },
    serviceTimeout: Duration.minutes(10),
    replaceOnChange: ['region'],
  });
  const template = Template.fromStack(stack);

  test('GIVEN typed properties WHEN synthesized THEN the template keeps them readable and adds the type list and replaceOnChange', () => {
    template.hasResourceProperties('Custom::SeleniumTester', {
      ServiceToken: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ProviderFunction'), 'Arn'] },
      ServiceTimeout: 600,
      endpoints: ['https://example.com'],
      frequencyOfTestsPerHour: 3,
      [RESERVED_PROPERTY]: { v: '2', t: { frequencyOfTestsPerHour: 'n', enabled: 'b' }, replaceOnChange: ['region'] },
    });
  });

  test('THEN ref is the physical id and getAttString reads a Data key', () => {
    const logicalId = stack.getLogicalId(resource.node.defaultChild as any);
    expect(stack.resolve(resource.ref)).toEqual({ Ref: logicalId });
    expect(stack.resolve(resource.getAttString('resultsPage'))).toEqual({ 'Fn::GetAtt': [logicalId, 'resultsPage'] });
  });

  test('THEN replaceOnChange is declared in the resource metadata for tools that read only templates', () => {
    const [res] = Object.values(template.findResources('Custom::SeleniumTester'));
    expect(res.Metadata[LIFECYCLE_METADATA_KEY]).toEqual({ replaceOnChange: ['region'] });
  });

  test('GIVEN a plain CustomResource pointing at the service token WHEN synthesized THEN it works with untyped properties', () => {
    const other = setup();
    new CustomResource(other.stack, 'Plain', { serviceToken: other.provider.serviceToken, properties: { a: 1 } });
    const t = Template.fromStack(other.stack);
    t.hasResourceProperties('AWS::CloudFormation::CustomResource', { a: 1 });
  });
});

test('GIVEN nameProperty WHEN synthesized THEN it is declared in the metadata beside replaceOnChange', () => {
  const { stack, provider } = setup();
  new ProvidedResource(stack, 'Named', { provider, resourceType: 'Custom::Db', properties: { dbName: 'x', region: 'eu-west-1' }, nameProperty: 'dbName', replaceOnChange: ['region'] });
  const [res] = Object.values(Template.fromStack(stack).findResources('Custom::Db'));
  expect(res.Metadata[LIFECYCLE_METADATA_KEY]).toEqual({ replaceOnChange: ['region'], nameProperty: 'dbName' });
});

describe('ProvidedResource validation', () => {
  test.each([
    ['a type without Custom::', { resourceType: 'Selenium' }, /Test\/R: resourceType must be "Custom::" followed by a name.*got: "Selenium" \(8\)/],
    ['a type of 61 characters', { resourceType: `Custom::${'a'.repeat(53)}` }, /at most 60 characters.*\(61\)/],
    ['a type with a space', { resourceType: 'Custom::My Type' }, /of A-Z a-z 0-9 _ @ -; got: "Custom::My Type"/],
    ['serviceTimeout 0', { serviceTimeout: Duration.seconds(0) }, /Test\/R: serviceTimeout must be a whole number of seconds between 1 and 3,600; got 0 seconds/],
    ['serviceTimeout 2 hours', { serviceTimeout: Duration.hours(2) }, /got 7200 seconds/],
    ['serviceTimeout 1.5 s', { serviceTimeout: Duration.millis(1500) }, /got 1.5 seconds/],
    ['a ServiceToken property', { properties: { ServiceToken: 'x' } }, /Test\/R: properties.ServiceToken is reserved/],
    ['a CdkLifecycle property', { properties: { CdkLifecycle: 1 } }, /properties.CdkLifecycle is reserved/],
    ['a duplicate replaceOnChange', { properties: { a: 1 }, replaceOnChange: ['a', 'a'] }, /replaceOnChange lists "a" twice/],
    ['a replaceOnChange entry that is not a property', { properties: { endpoint: 'x' }, replaceOnChange: ['region'] }, /Test\/R: replaceOnChange lists "region", which is not a key of properties \(keys: endpoint\)/],
    ['replaceOnChange without properties', { replaceOnChange: ['region'] }, /replaceOnChange lists "region", which is not a key of properties \(properties is empty\)/],
    ['an empty replaceOnChange name', { replaceOnChange: [''] }, /replaceOnChange must list top-level property names, got ""/],
    ['a reserved nameProperty', { nameProperty: 'ServiceToken' }, /Test\/R: nameProperty must be the name of a top-level, non-reserved property, got "ServiceToken"/],
  ])('GIVEN %s WHEN constructed THEN it throws naming the path, the property and the value', (_name, props, message) => {
    const { stack, provider } = setup();
    expect(() => new ProvidedResource(stack, 'R', { provider, ...props })).toThrow(message);
  });

  test('GIVEN properties that are a token WHEN replaceOnChange names a key THEN the key cannot be checked and is accepted', () => {
    const { stack, provider } = setup();
    const properties = Lazy.any({ produce: () => ({ region: 'eu-west-1' }) }) as unknown as Record<string, unknown>;
    expect(() => new ProvidedResource(stack, 'R', { provider, properties, replaceOnChange: ['region'] })).not.toThrow();
  });

  test('GIVEN a token resource type or timeout WHEN constructed THEN validation skips it', () => {
    const { stack, provider } = setup();
    expect(() => new ProvidedResource(stack, 'R', {
      provider,
      serviceTimeout: Duration.seconds(Token.asNumber(Lazy.number({ produce: () => 30 }))),
    })).not.toThrow();
  });
});

describe('type fidelity round trip', () => {
  test('GIVEN any JSON properties WHEN encoded at synth, stringified by CloudFormation and decoded by the runtime THEN the handler sees the original', () => {
    const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['ServiceToken', 'ServiceTimeout', RESERVED_PROPERTY].includes(k) && k !== '__proto__');
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(fc.property(fc.dictionary(key, json, { maxKeys: 6 }), (properties) => {
      const template = { ...cloudFormationProperties('Test/R', properties), [RESERVED_PROPERTY]: encodeOptions(properties, []) };
      // CloudFormation refuses a template with a null anywhere.
      expect(containsNull(template)).toBe(false);
      const delivered = cfnStringify(JSON.parse(JSON.stringify(template))) as Record<string, unknown>;
      expect(decodeProperties(delivered).properties).toEqual(JSON.parse(JSON.stringify(properties)));
    }), { numRuns: 300 });
  });
});

test('GIVEN a serviceTimeout WHEN the app is synthesized THEN ServiceTimeout is written as an integer and the template validation reports nothing', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-validation-'));
  const app = new App({ outdir });
  const stack = new Stack(app, 'Validated');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
  new ProvidedResource(stack, 'Timed', { provider, properties: { a: 1 }, serviceTimeout: Duration.minutes(30) });
  const assembly = app.synth();
  expect(assembly.getStackByName('Validated').template.Resources.Timed.Properties.ServiceTimeout).toBe(1800);
  expect(assembly.getStackByName('Validated').messages).toEqual([]);
  expect(fs.existsSync(path.join(outdir, 'validation-report.json'))).toBe(false);
});

describe('values CloudFormation refuses', () => {
  const nullsEverywhere = { nothing: null, nested: { x: null, deeper: { y: [null] } }, list: [1, null, 'two', null], mixed: [{ z: null }], kept: 'text' };

  test('GIVEN nulls as members and list items WHEN synthesized THEN the template has no null and the runtime gives the handler every null back', () => {
    const { stack, provider } = setup();
    new ProvidedResource(stack, 'Nulls', { provider, properties: nullsEverywhere });
    const resource = Template.fromStack(stack).toJSON().Resources.Nulls;
    const { ServiceToken: _token, ...written } = resource.Properties;
    expect(containsNull(resource)).toBe(false);
    expect(written).toEqual({
      nested: { deeper: { y: [''] } },
      list: [1, '', 'two', ''],
      mixed: [{}],
      kept: 'text',
      [RESERVED_PROPERTY]: { v: '2', t: { nothing: 'z', nested: { x: 'z', deeper: { y: ['z'] } }, list: { 0: 'n', 1: 'z', 3: 'z' }, mixed: [{ z: 'z' }] } },
    });
    expect(decodeProperties(cfnStringify(written) as Record<string, unknown>).properties).toEqual(nullsEverywhere);
  });

  test('GIVEN an empty string in a list beside a null WHEN decoded THEN only the null path becomes null', () => {
    const properties = { list: ['', null, ''] };
    const written = { ...cloudFormationProperties('Test/R', properties), [RESERVED_PROPERTY]: encodeOptions(properties, []) };
    expect(decodeProperties(cfnStringify(written) as Record<string, unknown>).properties).toEqual(properties);
  });

  class Money { constructor(public readonly cents: number) {} }
  test.each<[string, Record<string, unknown>, string]>([
    ['NaN', { ratio: NaN }, 'Test/R: properties.ratio is NaN: a template holds finite numbers only (JSON has no NaN)'],
    ['Infinity deep in a list', { limits: [{ max: Infinity }] }, 'Test/R: properties.limits[0].max is Infinity'],
    ['-Infinity', { min: -Infinity }, 'Test/R: properties.min is -Infinity'],
    ['undefined in a list', { list: ['a', undefined, 'c'] }, 'Test/R: properties.list[1] is undefined inside a list'],
    ['a Date', { when: new Date(0) }, 'Test/R: properties.when is a Date: properties must be JSON'],
    ['a class instance', { price: new Money(5) }, 'Test/R: properties.price is a Money'],
    ['a function', { callback: () => 1 }, 'Test/R: properties.callback is a function'],
    ['a bigint', { big: BigInt(10) }, 'Test/R: properties.big is the bigint 10n'],
    ['a symbol', { tag: Symbol('x') }, 'Test/R: properties.tag is the symbol Symbol(x)'],
  ])('GIVEN %s WHEN the resource is created THEN synth fails naming the property path', (_name, properties, message) => {
    const { stack, provider } = setup();
    expect(() => new ProvidedResource(stack, 'R', { provider, properties })).toThrow(message);
  });

  test('GIVEN tokens, undefined members and objects without a prototype WHEN synthesized THEN they are written as aws-cdk-lib resolves them', () => {
    const { stack, provider } = setup();
    const bare = Object.assign(Object.create(null), { a: 1 });
    new ProvidedResource(stack, 'Tokens', { provider, properties: { arn: provider.providerFunction.functionArn, skipped: undefined, bare, lazy: Lazy.list({ produce: () => ['x'] }) } });
    const written = Template.fromStack(stack).toJSON().Resources.Tokens.Properties;
    expect(written).toMatchObject({ arn: { 'Fn::GetAtt': [expect.stringMatching(/^ProviderFunction/), 'Arn'] }, bare: { a: 1 }, lazy: ['x'] });
    expect(written).not.toHaveProperty('skipped');
  });
});
