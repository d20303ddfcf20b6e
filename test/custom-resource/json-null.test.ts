/**
 * A JSON null from every jsii language. jsii turns Python's None, Java's null and Go's nil
 * into "no value" before ProvidedResource sees them (test/languages found it: Python's
 * `["a", None]` failed synth, `{"nothing": None}` lost its key), so `ProvidedResource.JSON_NULL`
 * stands for null in those languages and must be written exactly as a literal null is.
 */
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { ProvidedResource, ResourceProvider } from '../../src';
import { RESERVED_PROPERTY } from '../../src/runtime/contract';
import { decodeProperties } from '../../src/runtime/protocol/property-codec';
import { cfnStringify } from '../helpers/events';

const HANDLER_DIR = path.join(__dirname, '..', 'fixtures', 'handlers', 'echo');

function written(properties: Record<string, unknown>): Record<string, unknown> {
  const stack = new Stack(new App(), 'Test');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
  new ProvidedResource(stack, 'R', { provider, properties });
  const { ServiceToken: _token, ...rest } = Template.fromStack(stack).toJSON().Resources.R.Properties;
  return rest;
}

test('GIVEN ProvidedResource.JSON_NULL as a member, a nested member and list items WHEN synthesized THEN the template and its type record are those of literal nulls', () => {
  const N = ProvidedResource.JSON_NULL;
  const withMarker = written({ nothing: N, nested: { x: N, list: [1, N] }, tags: ['a', N] });
  const withNull = written({ nothing: null, nested: { x: null, list: [1, null] }, tags: ['a', null] });
  expect(withMarker).toEqual(withNull);
  expect(withMarker[RESERVED_PROPERTY]).toMatchObject({ t: { nothing: 'z', nested: { x: 'z', list: { 0: 'n', 1: 'z' } }, tags: { 1: 'z' } } });
});

test('GIVEN ProvidedResource.JSON_NULL WHEN the runtime decodes what CloudFormation delivers THEN the handler gets null', () => {
  const properties = written({ nothing: ProvidedResource.JSON_NULL, tags: ['a', ProvidedResource.JSON_NULL] });
  expect(decodeProperties(cfnStringify(properties) as Record<string, unknown>).properties).toEqual({ nothing: null, tags: ['a', null] });
});

test('GIVEN undefined inside a list (what None, null or nil become through jsii) WHEN the resource is created THEN the error names ProvidedResource.JSON_NULL', () => {
  const stack = new Stack(new App(), 'Test');
  const provider = new ResourceProvider(stack, 'Provider', { code: lambda.Code.fromAsset(HANDLER_DIR), handler: 'index.onEvent' });
  expect(() => new ProvidedResource(stack, 'R', { provider, properties: { tags: ['a', undefined] } }))
    .toThrow('Test/R: properties.tags[1] is undefined inside a list: aws-cdk-lib drops it and moves the items after it; leave it out or use null (ProvidedResource.JSON_NULL in Python, Java, Go and .NET, where jsii turns None, null and nil into undefined)');
});
