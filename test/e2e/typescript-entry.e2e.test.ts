/**
 * End to end: a provider whose handler is a TypeScript entry, bundled at synth and played with
 * cdk-lifecycle/testing: the synthesized asset runs in its own process with a Lambda-like
 * context, and a loopback server receives its answers.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation } from '../../src/testing';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'typescript', 'handler.ts');

test('GIVEN a TypeScript entry WHEN its synthesized asset receives Create, Update and Delete THEN the bundled handler answers each', async () => {
  const assembly = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-entry-'));
  // Asset and path metadata, as the cdk CLI records them: the resource is found by its construct path.
  const app = new App({ outdir: assembly, context: { 'aws:cdk:enable-asset-metadata': true, 'aws:cdk:enable-path-metadata': true } });
  const stack = new Stack(app, 'Entry');
  const provider = new ResourceProvider(stack, 'Provider', { entry: ENTRY });
  new ProvidedResource(stack, 'Greeter', { provider, resourceType: 'Custom::Greeter', properties: { name: 'Ada' } });
  app.synth();

  const cfn = await LocalCloudFormation.open(assembly);
  try {
    const { steps } = await cfn.lifecycle({ resource: 'Entry/Greeter', properties: { name: 'Grace' } });

    expect(steps.map((s) => [s.requestType, s.status, s.violations])).toEqual([['Create', 'SUCCESS', []], ['Update', 'SUCCESS', []], ['Delete', 'SUCCESS', []]]);
    const [create, update, del] = steps;
    expect(create.request.ResourceProperties).toMatchObject({ name: 'Ada' });
    expect(create.response?.Data).toEqual({ greeting: 'hello, Ada', requestType: 'Create' });
    expect(update.request.OldResourceProperties).toMatchObject({ name: 'Ada' });
    expect(update.response?.Data).toEqual({ greeting: 'hello, Grace', requestType: 'Update' });
    expect(update.physicalResourceId).toBe(create.physicalResourceId);
    expect(del).toMatchObject({ physicalResourceId: create.physicalResourceId, answers: 1 });
    expect(del.response?.Data).toBeUndefined();
  } finally {
    await cfn.close();
  }
});
