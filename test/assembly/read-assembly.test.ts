/**
 * The cloud assembly reader's view of the manifest: each stack's environment (any Region
 * name of any partition) and the stacks it depends on, which the CDK CLI deploys first.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readAssembly } from '../../src/assembly/read-assembly';

/** A cloud assembly folder with these artifacts, each stack with an empty template. */
function assembly(artifacts: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-assembly-'));
  for (const artifact of Object.values(artifacts) as Array<{ type: string; properties?: { templateFile?: string } }>) {
    if (artifact.type === 'aws:cloudformation:stack') fs.writeFileSync(path.join(dir, artifact.properties!.templateFile!), '{"Resources":{}}');
  }
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify({ version: '48.0.0', artifacts }));
  return dir;
}

const stack = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 'aws:cloudformation:stack',
  properties: { templateFile: `${name}.template.json`, stackName: name },
  ...extra,
});

describe('readAssembly', () => {
  test.each([
    ['eu-west-1'], ['us-gov-west-1'], ['cn-north-1'], ['us-isob-east-1'], ['eusc-de-east-1'], ['ap-southeast-7'],
  ])('GIVEN a stack in %s WHEN read THEN its Region is kept', (region) => {
    const [read] = readAssembly(assembly({ S: stack('S', { environment: `aws://123456789012/${region}` }) }));
    expect(read).toMatchObject({ account: '123456789012', region });
  });

  test.each([
    ['aws://unknown-account/unknown-region'], ['aws://12345/eu-west-1x'], ['not-an-environment'],
  ])('GIVEN the environment %s WHEN read THEN what is not an account or a Region is left out', (environment) => {
    const [read] = readAssembly(assembly({ S: stack('S', { environment }) }));
    expect(read.account).toBeUndefined();
    expect(read.region).toBeUndefined();
  });

  test('GIVEN a stack depending on another stack and on its asset manifest WHEN read THEN only the stack is a dependency', () => {
    const dir = assembly({
      'Api.assets': { type: 'cdk:asset-manifest', properties: { file: 'Api.assets.json' } },
      'Data': stack('Prod-Data'),
      'Api': stack('Prod-Api', { dependencies: ['Api.assets', 'Data', 'Missing', 7] }),
    });

    const stacks = readAssembly(dir);

    expect(stacks.map((read) => [read.name, read.dependencies])).toEqual([['Prod-Data', []], ['Prod-Api', ['Data']]]);
  });
});
