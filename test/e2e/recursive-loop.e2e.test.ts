/**
 * End to end: Lambda's recursive loop detection, played on a polling `ResourceProvider` whose
 * wait needs more than 16 invocations of its function. As synthesized (RecursiveLoop: Allow) it
 * is answered; with RecursiveLoop set back to Terminate (Lambda's default) Lambda stops the
 * 17th invocation, nobody answers, and the step names the rule.
 *
 * The provider polls every second in 5-second invocations (2 s of each kept to hand on): an
 * invocation makes one or two isComplete calls, so a wait of 34 calls needs at least 17
 * invocations, however busy the machine is.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { ProvidedResource } from '../../src';
import { LocalCloudFormation, StepResult } from '../../src/testing';
import { appWithAssetMetadata } from '../helpers/assembly';
import { pollingProvider } from '../helpers/polling';

const ENTRY = path.join(__dirname, '..', 'fixtures', 'handlers', 'long-running', 'handler.ts');
const CALLS = 34;

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-recursion-'));
  const allow = path.join(tmp, 'allow');
  const app = appWithAssetMetadata(allow);
  const stack = new Stack(app, 'Loops');
  const provider = pollingProvider(stack, 'Jobs', ENTRY);
  new ProvidedResource(stack, 'Job', { provider, resourceType: 'Custom::Job', properties: { polls: CALLS }, serviceTimeout: Duration.minutes(10) });
  app.synth();
  const terminate = path.join(tmp, 'terminate');
  fs.cpSync(allow, terminate, { recursive: true });
  editFunctions(terminate, (properties) => { properties.RecursiveLoop = 'Terminate'; });
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Applies `edit` to the properties of every function of the assembly's template. */
function editFunctions(assembly: string, edit: (properties: Record<string, unknown>) => void): void {
  const file = path.join(assembly, 'Loops.template.json');
  const template = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const resource of Object.values<any>(template.Resources)) {
    if (resource.Type === 'AWS::Lambda::Function') edit(resource.Properties);
  }
  fs.writeFileSync(file, JSON.stringify(template, null, 1));
}

async function create(assembly: string): Promise<StepResult> {
  const cfn = await LocalCloudFormation.open(path.join(tmp, assembly), { sdkSearch: [path.join(__dirname, '..', '..')] });
  try {
    return await cfn.create({ resource: 'Job' });
  } finally {
    await cfn.close();
  }
}

test('GIVEN a wait of more than 16 invocations WHEN played with RecursiveLoop Allow and with Terminate THEN Allow is answered after every hop, and Terminate is stopped at the 17th invocation and reported as the rule it broke', async () => {
  const [allowed, terminated] = await Promise.all([create('allow'), create('terminate')]);

  expect(allowed.violations).toEqual([]);
  expect(allowed).toMatchObject({ status: 'SUCCESS', response: { Data: { Finished: `after ${CALLS} calls` } } });
  expect(allowed.invocations.length).toBeGreaterThan(16);
  expect(allowed.invocations.every((invocation) => invocation.outcome === 'returned')).toBe(true);

  expect(terminated.status).toBeUndefined();
  expect(terminated.violations.map((violation) => violation.rule)).toEqual(['no-response', 'recursive-loop']);
  expect(terminated.violations[1].message).toMatch(/^Lambda stopped invocation 17 of function JobsFunction[0-9A-F]{8} in one chain of invocations: .* because the function's RecursiveLoop is Terminate: a provider that continues in new invocations of itself needs RecursiveLoop: Allow$/);
  // Invocations are listed as they end: the 16th hands off (and so ends) after the 17th was stopped.
  const outcomes = terminated.invocations.map((invocation) => invocation.outcome);
  expect(outcomes.filter((outcome) => outcome === 'returned')).toHaveLength(16);
  expect(terminated.invocations.filter((invocation) => invocation.outcome === 'recursion-stopped')).toEqual([expect.objectContaining({
    retried: false, error: expect.stringMatching(/^was stopped by Lambda's recursive loop detection \(invocation 17 of the function in one chain/),
  })]);
  expect(outcomes).toHaveLength(17);
}, 120_000);
