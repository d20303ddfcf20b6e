import * as fc from 'fast-check';
import { createHandler } from '../../src/runtime/create-handler';
import { nodePut } from '../../src/runtime/protocol/send-response';
import { lambdaContext } from '../helpers/events';
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
    const handler = createHandler({ invoke: async () => outcome(), put: nodePut, log: () => undefined });
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
  const handler = createHandler({ invoke: async () => undefined, put: nodePut, log: () => undefined });
  await fc.assert(fc.asyncProperty(fc.anything({ maxDepth: 4 }), async (payload) => {
    await expect(handler(payload, lambdaContext(1000))).resolves.toBeDefined();
  }), { numRuns: 300 });
});
