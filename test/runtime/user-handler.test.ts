import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createLogger } from '../../src/runtime/protocol/logger';
import type { LifecycleEvent } from '../../src/runtime/types';
import { frameworkInvoker, LambdaInvoke, nodeModuleLoader, parseHandlerSpec } from '../../src/runtime/user-handler';

const event: LifecycleEvent = { RequestType: 'Create', RequestId: 'r', StackId: 's', LogicalResourceId: 'L', ResourceType: 'Custom::X', ResourceProperties: { a: 1 } };
const options = { deadline: Date.now() + 10_000, logger: createLogger(() => undefined) };

describe('parseHandlerSpec', () => {
  test.each([
    ['index.onEvent', { modulePath: 'index', exportName: 'onEvent' }],
    ['a.b/c.d', { modulePath: 'a.b/c', exportName: 'd' }],
    ['x.y', { modulePath: 'x', exportName: 'y' }],
  ])('GIVEN %s WHEN parsed THEN it splits at the last dot', (spec, expected) => {
    expect(parseHandlerSpec(spec)).toEqual(expected);
  });

  test.each(['noexport', '.onEvent', 'index.', ''])('GIVEN %p WHEN parsed THEN it has no file.export shape', (spec) => {
    expect(parseHandlerSpec(spec)).toBeUndefined();
  });
});

// ES modules and missing modules go through import(), which jest's sandbox cannot run: they are
// covered through real workers in isolation/worker-isolation.test.ts.
describe('nodeModuleLoader', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-loader-'));
    fs.writeFileSync(path.join(root, 'common.js'), 'exports.kind = "commonjs";');
    fs.writeFileSync(path.join(root, 'broken.js'), 'throw new Error("syntax of doom");');
  });

  test('GIVEN a CommonJS module WHEN loaded THEN its exports are returned', async () => {
    expect((await nodeModuleLoader(path.join(root, 'common'))).kind).toBe('commonjs');
  });

  test('GIVEN a module that throws while loading WHEN loaded THEN it rejects with the cause', async () => {
    await expect(nodeModuleLoader(path.join(root, 'broken'))).rejects.toThrow(/syntax of doom/);
  });
});

describe('framework mode', () => {
  const answering = (answer: Awaited<ReturnType<LambdaInvoke>>, sent: string[] = []): LambdaInvoke => async (_name, payload) => {
    sent.push(payload);
    return answer;
  };

  test('GIVEN a function answering a JSON payload WHEN invoked THEN the event is sent without a ResponseURL and the payload is the result', async () => {
    const sent: string[] = [];
    const outcome = await frameworkInvoker('arn:fn', answering({ payload: JSON.stringify({ PhysicalResourceId: 'from-fn', Status: 'SUCCESS' }) }, sent)).call(event, options);
    expect(outcome).toEqual({ ok: true, result: { PhysicalResourceId: 'from-fn' } });
    expect(JSON.parse(sent[0])).toEqual(event);
    expect(sent[0]).not.toContain('ResponseURL');
  });

  test.each([
    ['its errorType and errorMessage', { payload: JSON.stringify({ errorType: 'ValueError', errorMessage: 'bad input' }), functionError: 'Unhandled' }, 'ValueError: bad input'],
    ['the function error when the payload says nothing', { payload: JSON.stringify({ other: 1 }), functionError: 'Unhandled' }, 'Unhandled: the handler function arn:fn failed'],
    ['that the payload is not JSON', { payload: '<html>' }, 'HandlerResultError: the handler function arn:fn returned a payload that is not JSON'],
    ['what is wrong with the result', { payload: '"a string"' }, 'HandlerResultError: the handler returned string "a string"; expected nothing or an object with PhysicalResourceId, Data, NoEcho'],
  ])('GIVEN a function whose answer is bad WHEN invoked THEN the failure gives %s', async (_name, answer, error) => {
    expect(await frameworkInvoker('arn:fn', answering(answer)).call(event, options)).toEqual({ ok: false, error });
  });

  test.each([['null', {}], ['', {}]])('GIVEN a payload %p WHEN invoked THEN the result is empty', async (payload, result) => {
    expect(await frameworkInvoker('f', answering({ payload })).call(event, options)).toEqual({ ok: true, result });
  });

  test('GIVEN an invoke that rejects (network, throttling) WHEN invoked THEN the failure names the error', async () => {
    const invoke: LambdaInvoke = async () => { throw new Error('socket hang up'); };
    expect(await frameworkInvoker('f', invoke).call(event, options)).toEqual({ ok: false, error: 'Error: socket hang up' });
  });
});
