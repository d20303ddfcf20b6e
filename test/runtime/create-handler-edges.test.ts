/**
 * Edges of the request's time, through createHandler against a real loopback response URL: a
 * ServiceTimeout too short for the usual margins still gets an attempt to answer, and a
 * signing date that does not exist counts as absent (the deadline runs from the invocation's start).
 */
import { createHandler } from '../../src/runtime/create-handler';
import { nodePut } from '../../src/runtime/protocol/send-response';
import { inThreadInvoker, lambdaContext, makeEvent } from '../helpers/events';
import { ResponseServer } from '../helpers/response-server';

let server: ResponseServer;
beforeEach(async () => { server = await ResponseServer.start(); });
afterEach(() => server.close());

function handler(lines: string[] = []) {
  return createHandler({ invoke: inThreadInvoker(() => ({ PhysicalResourceId: 'thing-1' })), put: nodePut, log: (line) => lines.push(line) });
}

/** The X-Amz-Date of `ms` (SigV4's whole seconds). */
const amz = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');

test('GIVEN a 2 s ServiceTimeout whose margins are used up by the time the request arrives WHEN handled THEN one attempt to answer is made all the same', async () => {
  // Signed 1.9 s before it arrives: 0.1 s of the ServiceTimeout is left, less than its margins.
  const event = makeEvent(`${server.url()}&X-Amz-Date=${amz(Date.now() - 1_900)}`, { ResourceProperties: { ServiceToken: 'arn', ServiceTimeout: '2' } });
  const lines: string[] = [];
  const summary = await handler(lines)(event, lambdaContext(10_000));
  expect(server.puts).toHaveLength(1);
  expect(summary.requests[0].delivered).toBe(true);
  expect(lines.join('\n')).not.toContain('after 0 attempt(s)');
});

test('GIVEN a signing date that does not exist (30 February) WHEN handled THEN it counts as absent: the handler runs and SUCCESS is answered', async () => {
  const event = makeEvent(`${server.url()}&X-Amz-Date=20260230T120000Z`, { ResourceProperties: { ServiceToken: 'arn', ServiceTimeout: '60' } });
  const summary = await handler()(event, lambdaContext(10_000));
  expect(summary.requests[0]).toMatchObject({ status: 'SUCCESS', delivered: true });
  expect(server.bodies[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'thing-1' });
});
