/**
 * Each provider's own asset, played: two `ResourceProvider`s whose entries `a.ts` and `b.ts`
 * sit in one folder each deploy (and run here) their own bundle, through
 * `cdk-lifecycle/testing` and through `cdk-lifecycle invoke`. Synthesized the way the cdk CLI
 * does (asset paths in the metadata) and without (code found through the asset manifest).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { ProvidedResource, ResourceProvider } from '../../src';
import { LocalCloudFormation } from '../../src/testing';
import { run } from '../cli/helpers';
import { appWithAssetMetadata } from '../helpers/assembly';

const FOLDER = path.join(__dirname, '..', 'fixtures', 'handlers', 'shared-folder');

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-assets-'));
  for (const app of [appWithAssetMetadata(path.join(tmp, 'metadata')), new App({ outdir: path.join(tmp, 'manifest') })]) {
    const stack = new Stack(app, 'Shared');
    new ProvidedResource(stack, 'FromA', { provider: new ResourceProvider(stack, 'A', { entry: path.join(FOLDER, 'a.ts') }) });
    new ProvidedResource(stack, 'FromB', { provider: new ResourceProvider(stack, 'B', { entry: path.join(FOLDER, 'b.ts'), isCompleteHandler: 'isComplete', polling: { firstDelay: Duration.seconds(0) } }) });
    app.synth();
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test.each(['metadata', 'manifest'])('GIVEN two providers whose entries share a folder (assets found through the %s) WHEN each resource is created THEN each answers its own Data', async (assembly) => {
  const cfn = await LocalCloudFormation.open(path.join(tmp, assembly));
  try {
    const [a, b] = [await cfn.create({ resource: 'FromA' }), await cfn.create({ resource: 'FromB' })];

    expect([a.physicalResourceId, a.response?.Data]).toEqual(['from-a', { answeredBy: 'entry a.ts' }]);
    expect([b.physicalResourceId, b.response?.Data]).toEqual(['from-b', { answeredBy: 'entry b.ts', polled: 'yes' }]);
  } finally {
    await cfn.close();
  }
});

test('GIVEN the same assembly WHEN cdk-lifecycle invoke creates the second resource THEN it runs b.ts, not a.ts', async () => {
  const result = await run(['invoke', path.join(tmp, 'metadata'), '--resource', 'FromB', '--request', 'create', '--json']);

  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout).steps[0].response.Data).toEqual({ answeredBy: 'entry b.ts', polled: 'yes' });
});
