import * as path from 'node:path';
import * as fc from 'fast-check';
import { createHandler } from '../../src/runtime/create-handler';
import { isolatedInvoker } from '../../src/runtime/isolation/isolation';
import { workerIsolation } from '../../src/runtime/isolation/worker-isolation';
import { nodePut } from '../../src/runtime/protocol/send-response';
import { inThreadInvoker, lambdaContext } from '../helpers/events';
import { ResponseServer } from '../helpers/response-server';

let server: ResponseServer;
beforeAll(async () => { server = await ResponseServer.start(); });
afterAll(() => server.close());

const field = fc.oneof(fc.string({ maxLength: 200 }), fc.anything({ maxDepth: 2 }));
const requestType = fc.oneof(fc.constantFrom('Create', 'Update', 'Delete'), field);
const properties = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 })),
  fc.record({ CdkLifecycle: fc.anything({ maxDepth: 3 }), x: fc.jsonValue({ maxDepth: 2 }) }),
  field,
);
const event = fc.record({
  RequestType: requestType,
  StackId: field,
  RequestId: field,
  LogicalResourceId: field,
  ResourceType: field,
  PhysicalResourceId: field,
  ResourceProperties: properties,
  OldResourceProperties: properties,
}, { requiredKeys: [] });
const handlerOutcome = fc.oneof(
  fc.anything({ maxDepth: 3 }).map((v) => () => v),
  fc.anything({ maxDepth: 1 }).map((v) => () => { throw v; }),
  fc.record({
    PhysicalResourceId: fc.string({ maxLength: 1100 }),
    Data: fc.dictionary(fc.string(), fc.string({ maxLength: 3000 })),
    NoEcho: fc.boolean(),
  }, { requiredKeys: [] }).map((v) => () => v),
);

test('GIVEN arbitrary and malformed events and handler outcomes WHEN handled THEN the handler never throws and every response is valid', async () => {
  await fc.assert(fc.asyncProperty(event, handlerOutcome, async (raw, outcome) => {
    const before = server.puts.length;
    const handler = createHandler({ invoke: inThreadInvoker(outcome), put: nodePut, log: () => undefined });
    const url = server.url();
    const summary = await handler({ ...raw, ResponseURL: url }, lambdaContext(5000));
    const sent = server.puts.slice(before);
    expect(sent).toHaveLength(1);
    expect(summary.requests[0].delivered).toBe(true);
    const { rawBody, body } = sent[0];
    expect(rawBody.length).toBeLessThanOrEqual(4096);
    expect(['SUCCESS', 'FAILED']).toContain(body.Status);
    expect(typeof body.PhysicalResourceId).toBe('string');
    expect(body.PhysicalResourceId.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(body.PhysicalResourceId)).toBeLessThanOrEqual(1024);
    for (const key of ['StackId', 'RequestId', 'LogicalResourceId'] as const) {
      const given = (raw as Record<string, unknown>)[key];
      expect(body[key]).toBe(typeof given === 'string' ? given : '');
    }
    if (body.Status === 'FAILED') expect(typeof body.Reason).toBe('string');
    if (raw.RequestType !== 'Create' && raw.RequestType !== 'Update') {
      expect(body.Data).toBeUndefined();
      expect(body.NoEcho).toBeUndefined();
    }
  }), { numRuns: 300 });
});

test('GIVEN arbitrary invocation payloads (not requests) WHEN handled THEN the handler resolves', async () => {
  const handler = createHandler({ invoke: inThreadInvoker(() => undefined), put: nodePut, log: () => undefined });
  await fc.assert(fc.asyncProperty(fc.anything({ maxDepth: 4 }), async (payload) => {
    await expect(handler(payload, lambdaContext(1000))).resolves.toBeDefined();
  }), { numRuns: 300 });
});

// ---------------------------------------------------------------------------------------------
// Hostile handlers: scripts of steps the handler plays (test/fixtures/handlers/scripted). Most
// runs call the script on the test's thread (fast); a share runs it in real worker threads,
// where it may also throw from a timer, leave a rejection unhandled or call process.exit.
// ---------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-require-imports
const scripted = require('../fixtures/handlers/scripted/index.js') as { onEvent: (event: unknown) => Promise<unknown> };
const ENTRY = path.join(__dirname, '..', '..', 'assets', 'runtime', 'index.js');
const SCRIPTED = path.join(__dirname, '..', 'fixtures', 'handlers', 'scripted', 'index.js');
const SECRET = 'S3CRET-value';

type Step = [string, unknown];
/**
 * A step and whether the script ends there: 'ok' (a valid result), 'fail' or 'continue'.
 * `dataOnly`: it fails because of Data or NoEcho, which a Delete never reads.
 */
type Move = { readonly step: Step; readonly ends: 'ok' | 'fail' | 'continue'; readonly dataOnly?: boolean };

const validResult = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record({
    PhysicalResourceId: fc.string({ minLength: 1, maxLength: 60 }).filter((s) => !s.startsWith('cdk-lifecycle:')),
    Data: fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constant(SECRET))),
    NoEcho: fc.constant(true),
  }, { requiredKeys: ['NoEcho'] }),
);
const invalidResult = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant({ PhysicalResourceId: '' }),
  fc.constant({ PhysicalResourceId: 'x'.repeat(1100) }),
);
const invalidData = fc.oneof(
  fc.constant({ Data: SECRET, NoEcho: true }),
  fc.constant({ Data: [SECRET], NoEcho: true }),
  fc.constant({ Data: { big: SECRET.repeat(500) }, NoEcho: true }),
  fc.constant({ Data: { big: SECRET.repeat(50_000) }, NoEcho: true }),
  fc.constant({ NoEcho: 'yes' }),
);
const harmless = fc.oneof(
  fc.string({ maxLength: 30 }).map((s): Move => ({ step: ['mutate', s || 'x'], ends: 'continue' })),
  fc.string({ maxLength: 30 }).map((s): Move => ({ step: ['log', s], ends: 'continue' })),
  fc.integer({ min: 0, max: 3 }).map((ms): Move => ({ step: ['wait', ms], ends: 'continue' })),
);
const inThreadEnding = fc.oneof(
  fc.anything({ maxDepth: 1 }).map((v): Move => ({ step: ['throw', v], ends: 'fail' })),
  fc.string({ maxLength: 50 }).map((m): Move => ({ step: ['throw-error', m], ends: 'fail' })),
  fc.string({ maxLength: 50 }).map((m): Move => ({ step: ['reject', m], ends: 'fail' })),
  fc.string({ maxLength: 20 }).map((m): Move => ({ step: ['return-error', m], ends: 'fail' })),
  validResult.map((v): Move => ({ step: ['return', v], ends: 'ok' })),
  invalidResult.map((v): Move => ({ step: ['return', v], ends: 'fail' })),
  invalidData.map((v): Move => ({ step: ['return', v], ends: 'fail', dataOnly: true })),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.startsWith('cdk-lifecycle:')).map((id): Move => ({ step: ['return-getter', id], ends: 'ok' })),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 10 })).map((d): Move => ({ step: ['return-tojson', d], ends: 'ok' })),
);
const crashEnding = fc.oneof(
  fc.string({ maxLength: 30 }).map((m): Move => ({ step: ['timer-throw', m], ends: 'fail' })),
  fc.string({ maxLength: 30 }).map((m): Move => ({ step: ['unhandled', m], ends: 'fail' })),
  fc.integer({ min: 0, max: 9 }).map((code): Move => ({ step: ['exit', code], ends: 'fail' })),
);
const script = (ending: fc.Arbitrary<Move>) => fc.tuple(fc.array(harmless, { maxLength: 3 }), fc.option(ending, { nil: undefined }))
  .map(([moves, last]) => (last ? [...moves, last] : moves));
const validEvent = fc.record({
  RequestType: fc.constantFrom('Create', 'Update', 'Delete'),
  LogicalResourceId: fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,20}$/),
  PhysicalResourceId: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !s.startsWith('cdk-lifecycle:')),
  props: fc.dictionary(fc.string({ maxLength: 6 }).filter((k) => !['ServiceToken', 'ServiceTimeout', 'CdkLifecycle', 'script'].includes(k)), fc.jsonValue({ maxDepth: 2 })),
});

interface Hostile {
  readonly event: { RequestType: string; LogicalResourceId: string; PhysicalResourceId: string; props: Record<string, unknown> };
  readonly moves: Move[];
}

/** Sends one hostile request through `handler` and checks the one answer against the script. */
async function checkHostile(handler: ReturnType<typeof createHandler>, logs: string[], { event: hostile, moves }: Hostile): Promise<void> {
  const before = server.puts.length;
  const request: Record<string, unknown> = {
    RequestType: hostile.RequestType,
    ResponseURL: server.url(),
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/s/1',
    RequestId: `req-${before}`,
    LogicalResourceId: hostile.LogicalResourceId,
    ResourceType: 'Custom::Hostile',
    ResourceProperties: { ServiceToken: 'arn', ...hostile.props, script: moves.map((m) => m.step) },
    ...(hostile.RequestType === 'Create' ? {} : { PhysicalResourceId: hostile.PhysicalResourceId }),
    ...(hostile.RequestType === 'Update' ? { OldResourceProperties: {} } : {}),
  };
  const summary = await handler(request, lambdaContext(10_000));
  const sent = server.puts.slice(before);
  expect(sent).toHaveLength(1);
  expect(summary.requests).toEqual([{ requestId: request.RequestId, status: sent[0].body.Status, delivered: true }]);
  const body = sent[0].body;
  expect(sent[0].rawBody.length).toBeLessThanOrEqual(4096);
  expect(body).toMatchObject({ StackId: request.StackId, RequestId: request.RequestId, LogicalResourceId: request.LogicalResourceId });
  const last = moves.find((m) => m.ends !== 'continue');
  const ending = last?.dataOnly && hostile.RequestType === 'Delete' ? 'ok' : last?.ends ?? 'ok';
  const returned = moves.find((m) => m.ends === 'ok')?.step;
  const returnedId = returned?.[0] === 'return-getter' ? returned[1] : (returned?.[1] as { PhysicalResourceId?: string } | undefined)?.PhysicalResourceId;
  const deleteChangesId = hostile.RequestType === 'Delete' && returnedId !== undefined && returnedId !== hostile.PhysicalResourceId;
  expect(body.Status).toBe(ending === 'fail' || deleteChangesId ? 'FAILED' : 'SUCCESS');
  if (body.Status === 'FAILED') {
    expect(body.Reason).toMatch(/\(see CloudWatch Logs: log group \/aws\/lambda\/provider, stream .*, RequestId req-\d+\)$/);
    // Nothing the handler did to its event changes the id CloudFormation knows.
    if (hostile.RequestType === 'Create') expect(body.PhysicalResourceId.startsWith('cdk-lifecycle:create-failed:')).toBe(true);
    else expect(body.PhysicalResourceId).toBe(hostile.PhysicalResourceId);
  } else if (hostile.RequestType !== 'Create') {
    expect(body.PhysicalResourceId).toBe(returnedId ?? hostile.PhysicalResourceId);
  }
  // Every result here that carries the secret sets NoEcho.
  expect(JSON.stringify(body.Reason ?? '')).not.toContain(SECRET);
  expect(logs.join('\n')).not.toContain(SECRET);
  logs.length = 0;
}

test('GIVEN hostile handlers on the runtime\'s thread (1,900 runs) WHEN requests arrive THEN each gets one valid answer that matches what the handler did', async () => {
  const logs: string[] = [];
  const handler = createHandler({ invoke: inThreadInvoker(scripted.onEvent), put: nodePut, log: (l) => logs.push(l) });
  // On the test's thread, the script's console output would go to jest's console.
  const quiet = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    await fc.assert(fc.asyncProperty(validEvent, script(inThreadEnding), async (hostile, moves) => {
      await checkHostile(handler, logs, { event: hostile, moves });
    }), { numRuns: 1900 });
  } finally {
    quiet.mockRestore();
  }
});

test('GIVEN hostile handlers in real worker threads (100 runs) WHEN they also crash, exit or leave rejections THEN each gets one valid answer', async () => {
  const logs: string[] = [];
  const isolation = workerIsolation({ entry: ENTRY, modulePath: SCRIPTED, moduleName: 'index' });
  try {
    const handler = createHandler({ invoke: isolatedInvoker(isolation, 'onEvent'), put: nodePut, log: (l) => logs.push(l) });
    await fc.assert(fc.asyncProperty(validEvent, script(fc.oneof(inThreadEnding, crashEnding)), async (hostile, moves) => {
      await checkHostile(handler, logs, { event: hostile, moves });
    }), { numRuns: 100 });
  } finally {
    await isolation.close();
  }
});
