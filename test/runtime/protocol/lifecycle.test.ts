/**
 * runLifecycle and failedResponse on their own: what the runtime answers for each request and
 * handler outcome, read from the runtime's copy of the request only.
 */
import { FAILED_CREATE_MARKER, RESERVED_PROPERTY } from '../../../src/runtime/contract';
import { HandlerOutcome } from '../../../src/runtime/protocol/handler-result';
import { failedResponse, Invoker, runLifecycle } from '../../../src/runtime/protocol/lifecycle';
import { createLogger } from '../../../src/runtime/protocol/logger';
import { CloudFormationRequest, parseRequest } from '../../../src/runtime/protocol/request';
import { LifecycleEvent } from '../../../src/runtime/types';
import { makeEvent } from '../../helpers/events';

const URL = 'https://cloudformation-custom-resource-response.s3.amazonaws.com/x';
const LOGS = 'the logs';

function request(overrides: Record<string, unknown>): CloudFormationRequest {
  const parsed = parseRequest(makeEvent(URL, overrides));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.request;
}

/** A request that replaces on a change of `region` (and of `size`, when `size` changes too). */
function replacingUpdate(sizeToo = false): CloudFormationRequest {
  const options = { v: '1', replaceOnChange: ['region', 'size'] };
  return request({
    RequestType: 'Update',
    PhysicalResourceId: 'old-1',
    ResourceProperties: { ServiceToken: 'arn', region: 'us-east-1', size: sizeToo ? 'L' : 'S', [RESERVED_PROPERTY]: options },
    OldResourceProperties: { ServiceToken: 'arn', region: 'eu-west-1', size: 'S', [RESERVED_PROPERTY]: options },
  });
}

async function run(req: CloudFormationRequest, outcome: HandlerOutcome, now = 1_000) {
  const calls: Array<{ event: LifecycleEvent; deadline: number }> = [];
  const invoke: Invoker = { call: async (event, { deadline }) => { calls.push({ event: event as LifecycleEvent, deadline }); return outcome; } };
  const lines: string[] = [];
  const logger = createLogger((l) => lines.push(l));
  const body = await runLifecycle(req, { invoke, handlerTimeoutMs: 30_000, logLocation: LOGS, logger, now: () => now });
  return { body, calls, lines };
}

test('GIVEN a replacing Create that answers the old id WHEN run THEN FAILED names the id and the changed property', async () => {
  const { body, calls } = await run(replacingUpdate(), { ok: true, result: { PhysicalResourceId: 'old-1' } });
  expect(calls[0].event).toMatchObject({ RequestType: 'Create', Replacing: { PhysicalResourceId: 'old-1', ChangedProperties: ['region'] } });
  expect(body).toMatchObject({
    Status: 'FAILED',
    PhysicalResourceId: 'old-1',
    Reason: 'HandlerResultError: the handler returned the replaced id "old-1" on a replacing Create (region changed); it needs a new id (see the logs)',
  });
});

test('GIVEN two replacing properties changed WHEN the old id is answered THEN the message lists both', async () => {
  const { body } = await run(replacingUpdate(true), { ok: true, result: { PhysicalResourceId: 'old-1' } });
  expect(body.Reason).toContain('on a replacing Create (region, size changed)');
});

test('GIVEN a Delete whose handler answers the id it was given WHEN run THEN SUCCESS (only another id is an error)', async () => {
  const { body } = await run(request({ RequestType: 'Delete', PhysicalResourceId: 'id-1' }), { ok: true, result: { PhysicalResourceId: 'id-1' } });
  expect(body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'id-1' });
  const other = await run(request({ RequestType: 'Delete', PhysicalResourceId: 'id-1' }), { ok: true, result: { PhysicalResourceId: 'id-2' } });
  expect(other.body).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'id-1', Reason: expect.stringContaining('PhysicalResourceId "id-2" on the Delete of "id-1"') });
});

test('GIVEN a replacing Create that answers the old id with oversized Data WHEN run THEN the id is the error named, not the Data', async () => {
  const { body } = await run(replacingUpdate(), { ok: true, result: { PhysicalResourceId: 'old-1', Data: { big: 'x'.repeat(5_000) } } });
  expect(body.Reason).toMatch(/^HandlerResultError: the handler returned the replaced id "old-1"/);
});

test('GIVEN a replacing Create with no id WHEN run THEN a new default id is answered', async () => {
  const { body } = await run(replacingUpdate(), { ok: true, result: {} });
  expect(body.Status).toBe('SUCCESS');
  expect(body.PhysicalResourceId).toMatch(/^MyResource-[0-9a-f]{16}$/);
});

test('GIVEN an Update of a resource whose id looks like the failed-Create marker WHEN run THEN the handler is still called (only a Delete of it is skipped)', async () => {
  const marker = `${FAILED_CREATE_MARKER}abc`;
  const { body, calls } = await run(request({ RequestType: 'Update', PhysicalResourceId: marker, OldResourceProperties: {} }), { ok: true, result: {} });
  expect(calls).toHaveLength(1);
  expect(body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: marker });
});

test('GIVEN a handler WHEN called THEN its deadline is now plus the handler time', async () => {
  const { calls } = await run(request({}), { ok: true, result: {} }, 5_000);
  expect(calls[0].deadline).toBe(35_000);
});

test('GIVEN an Update that answers a new id WHEN run THEN SUCCESS carries the new id (CloudFormation then deletes the old one)', async () => {
  const { body } = await run(request({ RequestType: 'Update', PhysicalResourceId: 'old-1', OldResourceProperties: {} }), { ok: true, result: { PhysicalResourceId: 'new-2' } });
  expect(body).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'new-2' });
});

test('GIVEN a Delete whose handler returns Data and NoEcho WHEN run THEN the answer carries neither', async () => {
  const { body } = await run(request({ RequestType: 'Delete', PhysicalResourceId: 'id-1' }), { ok: true, result: { Data: { a: 1 }, NoEcho: true } });
  expect(body).toEqual({ Status: 'SUCCESS', PhysicalResourceId: 'id-1', StackId: expect.any(String), RequestId: expect.any(String), LogicalResourceId: 'MyResource' });
  expect(Object.keys(body)).not.toContain('Data');
  expect(Object.keys(body)).not.toContain('NoEcho');
});

describe('failedResponse', () => {
  const address = { StackId: 's', RequestId: 'r', LogicalResourceId: 'L' };

  test.each([
    ['an Update with a valid id', { RequestType: 'Update', PhysicalResourceId: 'id-1' }, 'id-1'],
    ['a Delete with a valid id', { RequestType: 'Delete', PhysicalResourceId: 'id-1' }, 'id-1'],
    ['a Create (even one that carries an id)', { RequestType: 'Create', PhysicalResourceId: 'id-1' }, 'marker'],
    ['an Update whose id is too long', { RequestType: 'Update', PhysicalResourceId: 'x'.repeat(2_000) }, 'marker'],
    ['an unreadable request', { RequestType: undefined, PhysicalResourceId: undefined }, 'marker'],
  ])('GIVEN %s WHEN it fails THEN the answer keeps the id CloudFormation knows, or the marker', (_what, fields, expected) => {
    const body = failedResponse({ ...address, ...fields } as Parameters<typeof failedResponse>[0], 'Error: x');
    if (expected === 'marker') expect(body.PhysicalResourceId.startsWith(FAILED_CREATE_MARKER)).toBe(true);
    else expect(body.PhysicalResourceId).toBe(expected);
    expect(body).toMatchObject({ Status: 'FAILED', Reason: 'Error: x', StackId: 's', RequestId: 'r', LogicalResourceId: 'L' });
  });
});
