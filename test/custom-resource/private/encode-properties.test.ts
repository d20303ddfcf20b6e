/**
 * The record of the properties' JSON types: it grows with the number of distinct shapes, not
 * of values; tokens are resolved before their types are recorded; sparse lists and properties
 * too large for the template or the request CloudFormation sends are refused at synth.
 */
import * as path from 'node:path';
import { App, CfnCondition, CfnParameter, Fn, Lazy, Stack, Token } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as ec2 from 'aws-cdk-lib/aws-ec2';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as rds from 'aws-cdk-lib/aws-rds';
import { ProvidedResource, ResourceProvider, ServiceTokenType } from '../../../src';
import { RESERVED_PROPERTY } from '../../../src/runtime/contract';
import { decodeProperties } from '../../../src/runtime/protocol/property-codec';
import { cfnStringify } from '../../helpers/events';

const HANDLER_DIR = path.join(__dirname, '..', '..', 'fixtures', 'handlers', 'echo');

function synthesize(properties: Record<string, unknown>, serviceTokenType?: ServiceTokenType) {
  const stack = new Stack(new App(), 'Codec');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent', serviceTokenType });
  new ProvidedResource(stack, 'Thing', { provider, properties, replaceOnChange: Object.keys(properties).slice(0, 1) });
  return { stack, template: () => Template.fromStack(stack).toJSON() };
}

/** The resource's properties as CloudFormation delivers them (a condition's true branch taken), decoded by the runtime. */
function delivered(properties: Record<string, unknown>): Record<string, unknown> {
  const chooseIf = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(chooseIf);
    if (typeof value !== 'object' || value === null) return value;
    const record = value as Record<string, unknown>;
    if (Array.isArray(record['Fn::If'])) return chooseIf(record['Fn::If'][1]);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, chooseIf(v)]));
  };
  return decodeProperties(cfnStringify(chooseIf(properties)) as Record<string, unknown>).properties;
}

test('GIVEN 60,000 small numbers WHEN synthesized THEN the record of their types is one entry, and the handler gets every number back', () => {
  const numbers = Array.from({ length: 60_000 }, (_, i) => i % 1000);
  const { template } = synthesize({ numbers, label: 'x' });
  const written = template().Resources.Thing.Properties;
  const recordBytes = Buffer.byteLength(JSON.stringify(written[RESERVED_PROPERTY]));
  const propertiesBytes = Buffer.byteLength(JSON.stringify(written));
  expect(written[RESERVED_PROPERTY]).toEqual({ v: '2', t: { numbers: ['n'] }, replaceOnChange: ['numbers'] });
  expect(recordBytes).toBeLessThan(100);
  // The numbers themselves, and little else: 60,000 values of up to 3 digits and a comma each.
  expect(propertiesBytes).toBeLessThan(300_000);
  expect(delivered(written).numbers).toEqual(numbers);
});

test('GIVEN lists of objects of one shape WHEN synthesized THEN their shape is recorded once', () => {
  const rules = Array.from({ length: 500 }, (_, i) => ({ port: 1000 + i, open: i % 2 === 0, name: `r${i}`, note: null }));
  const { template } = synthesize({ rules });
  const written = template().Resources.Thing.Properties;
  expect(written[RESERVED_PROPERTY].t).toEqual({ rules: [{ port: 'n', open: 'b', note: 'z' }] });
  expect(delivered(written).rules).toEqual(rules);
});

test('GIVEN numbers, booleans and nulls made by tokens WHEN synthesized THEN they are typed as they resolve, and a null from a Lazy is written as a literal one is', () => {
  const stack = new Stack(new App(), 'Tokens');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
  const condition = new CfnCondition(stack, 'Big', { expression: Fn.conditionEquals('a', 'a') });
  new ProvidedResource(stack, 'Thing', {
    provider,
    properties: {
      lazyNumber: Lazy.any({ produce: () => 7 }),
      lazyNumberToken: Lazy.number({ produce: () => 8 }),
      lazyObject: Lazy.any({ produce: () => ({ z: null, on: true, list: [null, 'a'] }) }),
      chosen: Fn.conditionIf(condition.logicalId, 5, 6),
      chosenText: Fn.conditionIf(condition.logicalId, 5, 'six'),
    },
  });
  const written = Template.fromStack(stack).toJSON().Resources.Thing.Properties;
  expect(JSON.stringify(written)).not.toContain('null');
  expect(delivered(written)).toEqual({
    lazyNumber: 7,
    lazyNumberToken: 8,
    lazyObject: { z: null, on: true, list: [null, 'a'] },
    chosen: 5,
    // Branches of different types: delivered as CloudFormation sends them.
    chosenText: '5',
  });
});

test('GIVEN number tokens of real constructs (an Aurora endpoint\'s port, a parameter\'s valueAsNumber in a list, in an Fn::If, from a Lazy) WHEN synthesized THEN they are recorded as numbers and the handler gets numbers', () => {
  const stack = new Stack(new App(), 'NumberTokens');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
  const cluster = new rds.DatabaseCluster(stack, 'Db', {
    engine: rds.DatabaseClusterEngine.auroraPostgres({ version: rds.AuroraPostgresEngineVersion.VER_16_4 }),
    writer: rds.ClusterInstance.provisioned('Writer'),
    vpc: new ec2.Vpc(stack, 'Network', { natGateways: 0 }),
    vpcSubnets: { subnetType: ec2.SubnetType.PRIVATE_ISOLATED },
  });
  const replicas = new CfnParameter(stack, 'Replicas', { type: 'Number', default: 2 });
  const condition = new CfnCondition(stack, 'Big', { expression: Fn.conditionEquals('a', 'a') });
  expect(Token.isUnresolved(cluster.clusterEndpoint.port)).toBe(true);
  new ProvidedResource(stack, 'Thing', {
    provider,
    properties: {
      port: cluster.clusterEndpoint.port,
      sizes: [replicas.valueAsNumber, 3],
      chosen: Fn.conditionIf(condition.logicalId, replicas.valueAsNumber, 5),
      lazy: Lazy.any({ produce: () => ({ replicas: replicas.valueAsNumber }) }),
      host: cluster.clusterEndpoint.hostname,
      socket: cluster.clusterEndpoint.socketAddress,
    },
  });
  const written = Template.fromStack(stack).toJSON().Resources.Thing.Properties;

  expect(written[RESERVED_PROPERTY].t).toEqual({ port: 'n', sizes: ['n'], chosen: 'n', lazy: { replicas: 'n' } });
  expect(written.port).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/^Db/), 'Endpoint.Port'] });
  // As CloudFormation delivers them once the deployment knows the values (a port inside a text stays text).
  const deployed = JSON.parse(JSON.stringify(written)
    .replace(/\{"Fn::GetAtt":\["Db[0-9A-F]+","Endpoint\.Port"\]\}/g, '"5432"')
    .replace(/\{"Fn::GetAtt":\["Db[0-9A-F]+","Endpoint\.Address"\]\}/g, '"db.local"')
    .replace(/\{"Ref":"Replicas"\}/g, '"2"'));
  expect(delivered(deployed)).toEqual({ port: 5432, sizes: [2, 3], chosen: 2, lazy: { replicas: 2 }, host: 'db.local', socket: { 'Fn::Join': ['', ['db.local', ':', '5432']] } });
});

test('GIVEN a sparse list WHEN the resource is defined THEN synth fails naming the hole', () => {
  // eslint-disable-next-line no-sparse-arrays
  expect(() => synthesize({ ports: [80, , 443] })).toThrow('Codec/Thing: properties.ports[1] is a hole in a sparse list: aws-cdk-lib drops it and moves the items after it; give every item (null where there is none)');
});

test.each([
  ['a Lambda-backed provider, properties whose Update request passes 1 MB', 110_000, undefined, /Codec\/Thing: properties are [\d,]+ bytes as CloudFormation delivers them \(every scalar a string\); an Update request carries them twice \(new and old\) with its own fields, about [\d,]+ bytes, above the 1,048,576 bytes of an asynchronous Lambda invocation/],
  ['an SNS-backed provider, 60,000 numbers', 60_000, ServiceTokenType.SNS_TOPIC, /above the 262,144 bytes of an SNS message \(the provider is SNS-backed\)/],
  ['properties over the 1 MB a template holds', 300_000, undefined, /Codec\/Thing: properties are [\d,]+ bytes in the template, above the 1,048,576 bytes a CloudFormation template may hold/],
])('GIVEN %s WHEN synthesized THEN synth fails naming the resource and the limit', (_name, count, tokenType, message) => {
  const { template } = synthesize({ values: Array.from({ length: count }, (_, i) => i % 1000) }, tokenType);
  expect(template).toThrow(message);
});

test('GIVEN 60,000 numbers for a Lambda-backed provider WHEN synthesized THEN they fit (their Update request is under 1 MB)', () => {
  const { template } = synthesize({ values: Array.from({ length: 60_000 }, (_, i) => i % 1000) });
  expect(template).not.toThrow();
});
