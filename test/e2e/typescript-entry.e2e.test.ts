/**
 * End to end: a provider whose handler is a TypeScript entry, bundled at synth, loaded from
 * the synthesized asset in its own process, answering a loopback response server.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { ProvidedResource, ResourceProvider } from '../../src';
import { appWithAssetMetadata, functionAssetDirs } from '../helpers/assembly';
import { cfnStringify, makeEvent } from '../helpers/events';
import { invoke, localFunction } from '../helpers/local-lambda';
import { ResponseServer } from '../helpers/response-server';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'typescript', 'handler.ts');

test('GIVEN a TypeScript entry WHEN its synthesized asset receives Create, Update and Delete THEN the bundled handler answers each', async () => {
  const app = appWithAssetMetadata(fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-entry-')));
  const stack = new Stack(app, 'Entry');
  const provider = new ResourceProvider(stack, 'Provider', { entry: ENTRY });
  new ProvidedResource(stack, 'Greeter', { provider, resourceType: 'Custom::Greeter', properties: { name: 'Ada' } });
  const assembly = app.synth();
  const template = assembly.getStackByName('Entry').template;
  const [[fnId, dir]] = Object.entries(functionAssetDirs(assembly, 'Entry'));
  const fn = localFunction(dir, template.Resources[fnId]);
  const { ServiceToken: _token, ...props } = template.Resources[Object.keys(template.Resources).find((id) => id.startsWith('Greeter'))!].Properties;

  const server = await ResponseServer.start();
  try {
    const create = makeEvent(server.url(), { RequestType: 'Create', ResourceType: 'Custom::Greeter', ResourceProperties: cfnStringify({ ServiceToken: 'arn', ...props }) });
    const created = await invoke(fn, create);
    expect(created.error).toBeUndefined();
    expect(server.bodies[0]).toMatchObject({ Status: 'SUCCESS', Data: { greeting: 'hello, Ada', requestType: 'Create' } });
    const id = server.bodies[0].PhysicalResourceId;

    await invoke(fn, makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: id, ResourceProperties: cfnStringify({ ...props, name: 'Grace' }), OldResourceProperties: cfnStringify(props) }));
    expect(server.bodies[1]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: id, Data: { greeting: 'hello, Grace', requestType: 'Update' } });

    await invoke(fn, makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: id, ResourceProperties: cfnStringify(props) }));
    expect(server.bodies[2]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: id });
    expect(server.bodies[2].Data).toBeUndefined();
  } finally {
    await server.close();
  }
});
