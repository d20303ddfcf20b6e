/**
 * `cdk-lifecycle/testing` on a hand-written cloud assembly whose providers are written by hand,
 * most of them broken on purpose (test/fixtures/providers): each problem is reported clearly,
 * a healthy provider passes its whole lifecycle, replacement included, and what cannot run
 * locally is refused with one clear message.
 */
import * as path from 'node:path';
import { LocalCloudFormation, LocalSetupError, outcomeOf, playOk, StepProgress, StepResult } from '../../src/testing';

const ASSEMBLY = path.join(__dirname, '..', 'fixtures', 'providers', 'assembly');

let cfn: LocalCloudFormation;
beforeAll(async () => { cfn = await LocalCloudFormation.open(ASSEMBLY); });
afterAll(() => cfn.close());

const on = (resource: string) => ({ stack: 'Broken', resource });
const rules = (step: StepResult) => step.violations.map((violation) => violation.rule);

describe('a healthy provider', () => {
  test('GIVEN new properties that change its name WHEN its lifecycle is played THEN Create, Update (a new id), the Delete of the old id and the final Delete all succeed', async () => {
    const run = await cfn.lifecycle({ ...on('Healthy'), properties: { name: 'beta', size: 4 } });

    expect(run.steps.map((step) => [step.label, step.requestType, step.status, step.physicalResourceId])).toEqual([
      ['Create', 'Create', 'SUCCESS', 'thing-alpha'],
      ['Update', 'Update', 'SUCCESS', 'thing-beta'],
      ['Delete (old id)', 'Delete', 'SUCCESS', 'thing-alpha'],
      ['Delete', 'Delete', 'SUCCESS', 'thing-beta'],
    ]);
    expect(run.steps.flatMap((step) => step.violations)).toEqual([]);
    expect(playOk(run)).toBe(true);
    expect(run.notes).toEqual([expect.stringMatching(/^the Update answered a new physical id: a replacement, so CloudFormation deletes the old id thing-alpha once the update is done$/)]);
  });

  test('GIVEN the template\'s properties WHEN created THEN the request is CloudFormation\'s: scalars as strings, the ServiceToken resolved, a placeholder for a Ref that only a deployment knows', async () => {
    const step = await cfn.create(on('Healthy'));
    const token = 'arn:aws:lambda:eu-west-1:987654321098:function:Broken-HealthyFn-';

    expect(step.request).toMatchObject({
      RequestType: 'Create',
      ServiceToken: expect.stringMatching(`^${token}[0-9A-F]{12}$`),
      StackId: expect.stringMatching(/^arn:aws:cloudformation:eu-west-1:987654321098:stack\/Broken\/[0-9a-f-]{36}$/),
      LogicalResourceId: 'Healthy',
      ResourceType: 'Custom::Thing',
      ResourceProperties: { ServiceToken: step.request.ServiceToken, name: 'alpha', size: '3', ServiceTimeout: '30', bucket: expect.stringMatching(/^broken-bucket-[0-9a-f]{12}$/) },
    });
    expect(step.request.ResponseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cloudformation-custom-resource-response\/[^?]+\?.*X-Amz-Signature=[0-9a-f]{64}$/);
    expect(step.request.PhysicalResourceId).toBeUndefined();
    expect(step.request.OldResourceProperties).toBeUndefined();
    const runtimeNote = process.versions.node.startsWith('22.') ? [] : [`the provider's runtime is nodejs22.x; here it runs on Node.js ${process.versions.node}`];
    expect(step.notes).toEqual([expect.stringMatching(/^Ref Bucket is the placeholder "broken-bucket-[0-9a-f]{12}": CloudFormation sends the deployed resource's id \(another with the placeholder Bucket=<value>\)$/), ...runtimeNote]);
    expect(step.response).toMatchObject({ Data: { size: '3', region: 'eu-west-1' } });
    expect(step.logs).toEqual([expect.stringMatching(/^healthy provider got Create \(request \d+ in this container\)$/)]);
  });

  test('GIVEN one container WHEN several requests follow each other THEN it is reused (warm), and with cold: true every invocation starts a new process', async () => {
    const first = await cfn.create(on('Healthy'));
    const second = await cfn.update({ ...on('Healthy'), physicalResourceId: 'thing-alpha', properties: { size: 5 } });

    const served = (step: StepResult) => Number((step.response!.Data as Record<string, string>).served);
    expect(served(second)).toBe(served(first) + 1);
    expect(second.invocations).toEqual([expect.objectContaining({ cold: false, outcome: 'returned', type: 'Event', attempt: 1 })]);
    expect(second.request).toMatchObject({ PhysicalResourceId: 'thing-alpha', OldResourceProperties: { size: '3' }, ResourceProperties: { size: '5', name: 'alpha' } });

    const cold = await LocalCloudFormation.open(ASSEMBLY, { cold: true });
    try {
      const steps = [await cold.create(on('Healthy')), await cold.delete({ ...on('Healthy'), physicalResourceId: 'thing-alpha' })];
      expect(steps.map((step) => step.invocations[0].cold)).toEqual([true, true]);
      expect(steps.map((step) => step.logs[0])).toEqual(['healthy provider got Create (request 1 in this container)', 'healthy provider got Delete (request 1 in this container)']);
    } finally {
      await cold.close();
    }
  });

  test('GIVEN a provider reached through an SNS topic WHEN created THEN the request arrives wrapped in an SNS notification and is answered', async () => {
    const step = await cfn.create(on('ViaTopic'));

    expect(step.request.ServiceToken).toBe('arn:aws:sns:eu-west-1:987654321098:Broken-Topic-' + step.request.ServiceToken.split('-').pop());
    expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'thing-sns', violations: [] });
  });

  test('GIVEN a provider whose code is inline in the template WHEN played THEN it runs as index.js', async () => {
    const run = await cfn.lifecycle(on('Inline'));

    expect(run.steps.map((step) => [step.label, step.status])).toEqual([['Create', 'SUCCESS'], ['Delete', 'SUCCESS']]);
    expect(run.notes).toEqual(['no new properties were given, so no Update was played (CloudFormation sends none when the properties do not change)']);
  });
});

describe('a long-running provider', () => {
  test('GIVEN a provider that keeps the request in Parameter Store and re-invokes itself to poll WHEN created THEN every poll runs as its own invocation and the step ends with the answer', async () => {
    const step = await cfn.create(on('Polls'));

    expect(step).toMatchObject({ status: 'SUCCESS', physicalResourceId: 'polled-1', response: { Data: { polls: '3' } }, violations: [] });
    expect(step.invocations.map((invocation) => [invocation.type, invocation.outcome])).toEqual([['Event', 'returned'], ['Event', 'returned'], ['Event', 'returned'], ['Event', 'returned']]);
    // Each poll starts the next before it returns, so lines of overlapping invocations may
    // arrive in either order (seen under load): the lines are checked, not their order.
    expect([...step.logs].sort()).toEqual(['poll 1', 'poll 2', 'poll 3', 'started, polling later']);
    expect(step.notes.filter((note) => note.startsWith('warning'))).toEqual([]);
  });

  test('GIVEN a provider that leaves what it stored in Parameter Store WHEN answered THEN a warning names the parameter', async () => {
    const step = await cfn.create(on('LeavesParameter'));

    expect(step.status).toBe('SUCCESS');
    expect(step.notes).toContain(`warning: Parameter Store still holds what the provider stored for this request after it was answered (/polls/${step.request.RequestId}): remove it when answering`);
  });
});

describe('broken providers', () => {
  test('GIVEN a provider that answers again from a timer it leaves behind WHEN its lifecycle is played THEN the late second answer is found when a later invocation thaws the container', async () => {
    const run = await cfn.lifecycle(on('AnswersTwice'));

    expect(run.steps.map((step) => [step.label, step.status, rules(step)])).toEqual([['Create', 'SUCCESS', ['answered-twice']], ['Delete', 'SUCCESS', []]]);
    expect(run.steps[0].violations[0].message).toMatch(/^the provider answered 2 times, 1 of them after the step ended \(from code still running in a later invocation\)/);
    expect(playOk(run)).toBe(false);
  });

  test('GIVEN a provider that throws WHEN created THEN Lambda\'s two retries are played and the missing answer is explained', async () => {
    const run = await cfn.lifecycle(on('Throws'));
    const [create] = run.steps;

    expect(run.steps).toHaveLength(1);
    expect(create.invocations.map((invocation) => [invocation.attempt, invocation.outcome, invocation.retried])).toEqual([[1, 'error', true], [2, 'error', true], [3, 'error', false]]);
    expect(create.invocations[0].error).toBe('failed: Error: could not create the thing');
    expect(create.violations).toEqual([{
      rule: 'no-response',
      message: 'no response arrived and the provider stopped running (the provider\'s last invocation failed: Error: could not create the thing): CloudFormation would wait until the ServiceTimeout of 3600 s and then fail the resource',
    }]);
    expect(run.notes).toEqual([expect.stringMatching(/^the Create got no usable answer, so there is no physical id for the Delete of CloudFormation's rollback/)]);
    expect(playOk(run)).toBe(false);
  });

  test('GIVEN a provider that hangs WHEN created THEN its process is stopped at the function\'s 1-second timeout and the missing answer is explained', async () => {
    const step = await cfn.create(on('Hangs'));

    expect(step.invocations).toEqual([expect.objectContaining({ outcome: 'timeout', retried: false, error: 'timed out after 1 s (the function\'s Timeout): Lambda stopped it' })]);
    expect(step.invocations[0].durationMs).toBeGreaterThanOrEqual(1000);
    expect(step.logs).toEqual(['hanging']);
    expect(rules(step)).toEqual(['no-response']);
    // The step ended with the invocation (the provider stopped running), not at the ServiceTimeout.
    expect(step.violations[0].message).toMatch(/^no response arrived and the provider stopped running \(.*timed out after 1 s .*: CloudFormation would wait until the ServiceTimeout of 20 s and then fail the resource$/);
  });

  test('GIVEN warm containers and a provider that times out WHEN Lambda retries it THEN each retry runs in a new container (a cold start) and times out again, none lost to the killed one', async () => {
    const step = await cfn.create(on('HangsRetried'));

    expect(step.invocations.map((invocation) => [invocation.attempt, invocation.outcome, invocation.cold, invocation.retried])).toEqual([
      [1, 'timeout', true, true],
      [2, 'timeout', true, true],
      [3, 'timeout', true, false],
    ]);
    expect(step.logs).toEqual(['hanging', 'hanging', 'hanging']);
  });

  test('GIVEN a provider that answers 5 KB of Data WHEN its lifecycle is played THEN the oversized body is a violation, the Create counts as failed and the rollback Delete follows', async () => {
    const run = await cfn.lifecycle(on('Oversized'));

    expect(run.steps.map((step) => [step.label, step.status, rules(step)])).toEqual([
      ['Create', 'SUCCESS', ['too-large']],
      ['Delete (rollback)', 'SUCCESS', []],
    ]);
    expect(run.steps[0].responseBytes).toBeGreaterThan(5000);
    expect(outcomeOf(run.steps[0])).toBe('FAILED');
    expect(run.steps[0].violations[0].message).toMatch(/^the response body is 5,\d{3} bytes: CloudFormation accepts at most 4,096/);
  });

  test('GIVEN a provider that changes its id on Delete WHEN its lifecycle is played THEN the Delete breaks the protocol', async () => {
    const run = await cfn.lifecycle(on('DeleteChangesId'));

    expect(run.steps.map((step) => [step.label, rules(step)])).toEqual([['Create', []], ['Delete', ['delete-id']]]);
    expect(run.steps[1].violations[0].message).toBe('the Delete of "thing-1" was answered with PhysicalResourceId "thing-1-gone": a Delete must answer the id it was asked to delete');
  });

  test('GIVEN a provider that returns without answering WHEN created THEN the runner says so at once instead of waiting for the ServiceTimeout', async () => {
    const step = await cfn.create(on('NeverAnswers'));

    expect(step.invocations).toEqual([expect.objectContaining({ outcome: 'returned' })]);
    // "stopped running": the step ended when the provider did, not at the ServiceTimeout.
    expect(step.violations[0].message).toBe('no response arrived and the provider stopped running (the provider returned without answering): CloudFormation would wait until the ServiceTimeout of 3600 s and then fail the resource');
  });

  test('GIVEN a provider that exits its process WHEN created THEN each attempt is reported as a crash with what it printed', async () => {
    const step = await cfn.create(on('Crashes'));

    expect(step.invocations.map((invocation) => [invocation.attempt, invocation.outcome, invocation.error])).toEqual([1, 2, 3].map((attempt) => [attempt, 'crashed', 'crashed: its process exited (exit code 3)']));
    expect(step.logs).toEqual(['about to exit', 'about to exit', 'about to exit']);
    expect(rules(step)).toEqual(['no-response']);
  });

  test('GIVEN a provider that logs its pre-signed URL WHEN played THEN the answer is valid but a warning says the signature is in the logs', async () => {
    const step = await cfn.create(on('LeaksUrl'));

    expect(step.violations).toEqual([]);
    expect(step.notes).toContain('warning: the logs hold the pre-signed response URL with its signature: anyone who can read them can answer for the provider');
  });

  test('GIVEN a slow provider and a limit shorter than its answer WHEN created THEN the runner stops waiting and stops the provider, and progress was reported while it waited', async () => {
    const progress: StepProgress[] = [];
    const limited = await LocalCloudFormation.open(ASSEMBLY, { timeoutSeconds: 0.3, onProgress: (state) => progress.push(state) });
    try {
      const step = await limited.create(on('Slow'));

      expect(step.violations).toEqual([{
        rule: 'no-response',
        message: 'no response arrived within --timeout 0.3 s while the provider was still running: CloudFormation would wait until the ServiceTimeout of 3600 s and then fail the resource',
      }]);
      expect(step.invocations).toEqual([expect.objectContaining({ outcome: 'stopped' })]);
      expect(progress[0]).toMatchObject({ label: 'Create', logicalResourceId: 'Slow', running: 1, answered: false, waitLimitSeconds: 0.3, serviceTimeoutSeconds: 3600, functionTimeoutSeconds: 5 });
    } finally {
      await limited.close();
    }
  });

  test('GIVEN a provider that needs an AWS SDK client this machine lacks WHEN played THEN a note names the package to install', async () => {
    const step = await cfn.create(on('NeedsSdk'));

    expect(step.status).toBe('FAILED');
    expect(step.notes).toContain('@aws-sdk/client-nonexistent-service is not installed here: Lambda provides it, so to run this provider locally install it in your app (npm install --save-dev @aws-sdk/client-nonexistent-service)');
  });
});

describe('what cannot run locally', () => {
  test.each([
    ['a Python provider', on('PythonBacked'), /^the provider of PythonBacked is function PythonFn \(stack Broken\), which runs python3\.13: only Node\.js functions run locally$/],
    ['a provider whose code is not in the assembly', on('MissingAsset'), /^the provider of MissingAsset is function MissingFn \(stack Broken\), which cannot run locally: its code is not in the assembly: asset\.0000missing is not in /],
    ['a provider outside the assembly', on('Outside'), /^the ServiceToken of Outside is arn:aws:lambda:us-east-1:111111111111:function:elsewhere, which is neither a Lambda function nor an SNS topic of this assembly/],
    ['a resource that is not a custom resource', on('Bucket'), /^Bucket in stack Broken is an AWS::S3::Bucket, not a custom resource \(Custom::\* or AWS::CloudFormation::CustomResource\)$/],
    ['a resource that is not there', on('Nope'), /^no resource "Nope" in stack Broken$/],
    ['a stack that is not there', { stack: 'Nope', resource: 'Healthy' }, /^no stack "Nope" in /],
    ['no stack in an assembly of two', { resource: 'Healthy' }, / has 2 stacks: pick one with --stack$/],
    ['no resource in a stack of several', { stack: 'Broken' }, /^stack Broken has 19 custom resources: pick one with --resource$/],
  ])('GIVEN %s WHEN played THEN a LocalSetupError says why', async (_, selector, message) => {
    const error = await cfn.create(selector).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(LocalSetupError);
    expect((error as Error).message).toMatch(message);
  });

  test('GIVEN a resource named by its construct path, and a stack with one custom resource WHEN played THEN both are found', async () => {
    expect((await cfn.create({ stack: 'Broken', resource: 'Broken/Healthy' })).logicalResourceId).toBe('Healthy');
    expect((await cfn.create({ stack: 'Other' })).logicalResourceId).toBe('Thing');
    expect(cfn.customResources('Other')).toEqual(['Thing']);
  });

  test('GIVEN a folder that is not a cloud assembly WHEN opened THEN a LocalSetupError says so', async () => {
    await expect(LocalCloudFormation.open(path.join(ASSEMBLY, 'asset.raw'))).rejects.toThrow(/asset\.raw is a folder but not a cloud assembly: it has no manifest\.json$/);
  });
});
