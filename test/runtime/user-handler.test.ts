import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { LifecycleEvent } from '../../src/runtime/types';
import { frameworkInvoker, inFunctionInvoker, parseHandlerSpec } from '../../src/runtime/user-handler';

const event: LifecycleEvent = { RequestType: 'Create', RequestId: 'r', StackId: 's', LogicalResourceId: 'L', ResourceType: 'Custom::X', ResourceProperties: { a: 1 } };

describe('in-function mode', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-handler-'));
    fs.mkdirSync(path.join(root, 'lib'));
    fs.writeFileSync(path.join(root, 'index.js'), 'let loads = 0; loads++; exports.onEvent = async (e) => ({ Data: { type: e.RequestType, a: e.ResourceProperties.a, loads } });');
    fs.writeFileSync(path.join(root, 'lib', 'nested.js'), 'exports.handle = () => ({ PhysicalResourceId: "nested" });');
    fs.writeFileSync(path.join(root, 'broken.js'), 'throw new Error("syntax of doom");');
  });

  test('GIVEN "index.onEvent" WHEN invoked twice THEN the export is called and the module loaded once', async () => {
    const invoke = inFunctionInvoker(root, 'index.onEvent');
    await invoke(event);
    expect(await invoke(event)).toEqual({ Data: { type: 'Create', a: 1, loads: 1 } });
  });

  test('GIVEN a handler in a sub-folder WHEN invoked THEN it is found', async () => {
    expect(await inFunctionInvoker(root, 'lib/nested.handle')(event)).toEqual({ PhysicalResourceId: 'nested' });
  });

  test.each([
    ['missing.onEvent', /HandlerLoadError: could not load handler module "missing"/],
    ['index.nope', /has no exported function "nope" \(exports: onEvent\)/],
    ['broken.x', /could not load handler module "broken" from the function code: syntax of doom/],
    ['noexport', /handler must look like "file.export"/],
  ])('GIVEN the handler %s WHEN invoked THEN it rejects with a clear error', async (spec, message) => {
    await expect(inFunctionInvoker(root, spec)(event).catch((e) => `${e.name}: ${e.message}`)).resolves.toMatch(message);
  });

  test('parseHandlerSpec splits at the last dot', () => {
    expect(parseHandlerSpec('a.b/c.d')).toEqual({ modulePath: 'a.b/c', exportName: 'd' });
  });
});

describe('framework mode', () => {
  test('GIVEN a function answering a JSON payload WHEN invoked THEN the event is sent without a ResponseURL and the payload is the result', async () => {
    const sent: string[] = [];
    const invoke = frameworkInvoker('arn:fn', async (_name, payload) => {
      sent.push(payload);
      return { payload: JSON.stringify({ PhysicalResourceId: 'from-fn' }) };
    });
    expect(await invoke(event)).toEqual({ PhysicalResourceId: 'from-fn' });
    expect(JSON.parse(sent[0])).toEqual(event);
    expect(sent[0]).not.toContain('ResponseURL');
  });

  test('GIVEN a function that reports an error WHEN invoked THEN its errorType and errorMessage become the error', async () => {
    const invoke = frameworkInvoker('arn:fn', async () => ({ payload: JSON.stringify({ errorType: 'ValueError', errorMessage: 'bad input' }), functionError: 'Unhandled' }));
    await expect(invoke(event)).rejects.toMatchObject({ name: 'ValueError', message: 'bad input' });
  });

  test('GIVEN a function returning null WHEN invoked THEN the result is empty', async () => {
    expect(await frameworkInvoker('f', async () => ({ payload: 'null' }))(event)).toBeNull();
  });

  test('GIVEN a payload that is not JSON WHEN invoked THEN it rejects', async () => {
    await expect(frameworkInvoker('f', async () => ({ payload: '<html>' }))(event)).rejects.toThrow(/not JSON/);
  });
});
