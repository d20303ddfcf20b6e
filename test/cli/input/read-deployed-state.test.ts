/**
 * `cdk-lifecycle.deployed.json`, the deployed state a snapshot folder carries: its schema (the
 * file the package ships is the one the reader checks against), the errors for a file that is
 * not what it should be, and how its parameter values join `--parameters-before`.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deployedStateSchemaText } from '../../../build-tools/write-deployed-state-schema';
import { withDeployedParameters } from '../../../src/cli/input/deployed-parameters';
import { DEPLOYED_STATE_FILE, DeployedState } from '../../../src/cli/input/deployed-state';
import { parseParameters, parametersFor } from '../../../src/cli/input/parameter-values';
import { Side } from '../../../src/cli/input/stack-pairs';
import { queues, writeAssembly } from '../deployed/assembly-builder';
import { run } from '../helpers';

const ROOT = path.join(__dirname, '..', '..', '..');
const STATE: DeployedState = {
  version: 1,
  takenAt: '2026-12-01T09:30:00.000Z',
  stacks: {
    Api: { status: 'UPDATE_COMPLETE', stackId: 'arn:aws:cloudformation:eu-west-1:111111111111:stack/Api/1', parameters: { Env: { value: 'prod' }, Size: { value: '3' }, Secret: { noEcho: true } } },
    Db: { status: 'NOT_FOUND', parameters: {} },
  },
  exports: [{ name: 'api-url', value: 'https://x', exportingStackName: 'Api', exportingStackId: 'arn:aws:cloudformation:eu-west-1:111111111111:stack/Api/1', importers: ['Billing'] }],
};

let tmp: string;
beforeAll(() => { tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-state-')); });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A snapshot folder whose deployed state file holds `content`. */
function snapshotWith(name: string, content: string): string {
  writeAssembly(path.join(tmp, name), [{ id: 'Api', template: queues('A'), environment: 'aws://111111111111/eu-west-1' }]);
  fs.writeFileSync(path.join(tmp, name, DEPLOYED_STATE_FILE), content);
  return name;
}

test('GIVEN schemas/deployed-state.schema.json WHEN compared with the schema the reader uses THEN it is what generate:schemas writes', () => {
  expect(fs.readFileSync(path.join(ROOT, 'schemas', 'deployed-state.schema.json'), 'utf8')).toBe(deployedStateSchemaText());
});

test('GIVEN a valid deployed state WHEN its folder is diffed THEN it is read and shown', async () => {
  const name = snapshotWith('valid', JSON.stringify(STATE));

  const result = await run(['diff', name, name], { cwd: tmp });

  expect(result.stdout.split('\n').slice(0, 3)).toEqual([
    `Deployed: the snapshot ${name} (taken 2026-12-01T09:30:00.000Z)`,
    '  Api: parameter Secret is NoEcho: its deployed value is unknown (CloudFormation shows ****); the prediction takes it as kept by the update unless --parameters-after gives one',
    '',
  ]);
});

let broken = 0;
test.each([
  ['not JSON', '{"version": 1,', /^cdk-lifecycle: broken-0\/cdk-lifecycle\.deployed\.json is not valid JSON at line 1, column 15: unexpected end of the text/],
  ['another version', JSON.stringify({ ...STATE, version: 2 }), /can read: version must be 1\n/],
  ['an unknown key', JSON.stringify({ ...STATE, extra: true }), /the file has an unknown key "extra"/],
  ['a stack without status', JSON.stringify({ ...STATE, stacks: { Api: { parameters: {} } } }), /stacks\.Api has no "status"/],
  ['a parameter that is neither a value nor NoEcho', JSON.stringify({ ...STATE, stacks: { Api: { status: 'UPDATE_COMPLETE', parameters: { Env: 'prod' } } } }), /stacks\.Api\.parameters\.Env must be object/],
  ['an export without importers', JSON.stringify({ ...STATE, exports: [{ ...STATE.exports[0], importers: undefined }] }), /exports\.0 has no "importers"/],
])('GIVEN a deployed state that is %s WHEN its folder is diffed THEN the error names the file and what is wrong', async (_, content, message) => {
  const name = snapshotWith(`broken-${broken++}`, content);

  const result = await run(['diff', name, name], { cwd: tmp });

  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).toMatch(/\n {2}(write the snapshot again|it is written by `cdk-lifecycle snapshot)/);
});

describe('deployed parameter values under --parameters-before', () => {
  const side: Side = { kind: 'assembly', shown: 'snap', stacks: [], deployed: STATE };

  test('GIVEN deployed values WHEN no flag is given THEN each stack gets its own, and a NoEcho value is CloudFormation\'s ****', () => {
    const merged = withDeployedParameters(parseParameters([], '--parameters-before', tmp), side);

    expect(parametersFor(merged, 'Api')).toEqual({ Env: 'prod', Size: '3', Secret: '****' });
    expect(parametersFor(merged, 'Db')).toEqual({});
  });

  test('GIVEN the flag for every stack and for one stack WHEN merged THEN the flag wins over the deployed values, a stack\'s own over every stack\'s', () => {
    const merged = withDeployedParameters(parseParameters(['Env=staging', 'Api:Size=5', 'Db:Env=qa'], '--parameters-before', tmp), side);

    expect(parametersFor(merged, 'Api')).toEqual({ Env: 'staging', Size: '5', Secret: '****' });
    expect(parametersFor(merged, 'Db')).toEqual({ Env: 'qa' });
  });

  test('GIVEN a side without deployed state WHEN merged THEN the flag is unchanged', () => {
    const explicit = parseParameters(['Env=x'], '--parameters-before', tmp);

    expect(withDeployedParameters(explicit, { kind: 'assembly', shown: 'out', stacks: [] })).toBe(explicit);
  });
});
