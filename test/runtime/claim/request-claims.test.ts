/**
 * The claim of each request, through createHandler against a real loopback response URL and
 * an SSM stand-in with SSM's create-once semantics and its faults: duplicates at once, late
 * and after the answer; SSM that throttles, hangs or refuses; a claim a crashed invocation left.
 */
import { Parameters } from '../../../src/runtime/claim/parameters';
import { CLAIM_LIFETIME_MS, RequestClaims } from '../../../src/runtime/claim/request-claims';
import { createHandler } from '../../../src/runtime/create-handler';
import { nodePut } from '../../../src/runtime/protocol/send-response';
import { inThreadInvoker, lambdaContext, makeEvent } from '../../helpers/events';
import { MemorySsm } from '../../helpers/hostile-aws';
import { ResponseServer } from '../../helpers/response-server';

const PATH = '/cdk-lifecycle/MyStack/c8provider';
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let server: ResponseServer;
beforeEach(async () => { server = await ResponseServer.start(); });
afterEach(async () => { await server.close(); });

/** A provider whose onEvent takes `ms` and makes a new id each run, claiming over `ssm`. */
function provider(ssm: MemorySsm, result: Record<string, unknown> = {}, ms = 150) {
  const lines: string[] = [];
  let runs = 0;
  const handler = createHandler({
    invoke: inThreadInvoker(async () => {
      runs++;
      await sleep(ms);
      return { PhysicalResourceId: `thing-${runs}`, ...result };
    }),
    put: nodePut,
    log: (line) => lines.push(line),
    claims: new RequestClaims(new Parameters(ssm, { now: Date.now, sleep, random: Math.random }), PATH, Date.now),
  });
  return { handler, lines, runs: () => runs };
}

test('GIVEN one request delivered twice at once and once after the answer WHEN handled THEN onEvent runs once and every answer sent is the first', async () => {
  const ssm = new MemorySsm();
  const p = provider(ssm);
  const event = makeEvent(server.url());
  const [first, second] = await Promise.all([p.handler(event, lambdaContext(10_000)), p.handler(event, lambdaContext(10_000))]);
  const late = await p.handler(event, lambdaContext(10_000));

  expect(p.runs()).toBe(1);
  expect([first, second].map((s) => s.requests[0].status).sort()).toEqual(['DUPLICATE', 'SUCCESS']);
  expect(late.requests[0]).toMatchObject({ status: 'SUCCESS', delivered: true });
  expect(server.puts).toHaveLength(2);
  expect(server.puts[1].rawBody.equals(server.puts[0].rawBody)).toBe(true);
  expect(server.bodies[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'thing-1' });
  expect(p.lines.some((l) => l.includes('handled by another invocation'))).toBe(true);
  expect(p.lines.some((l) => l.includes('answered already'))).toBe(true);
});

test('GIVEN a NoEcho answer WHEN recorded THEN the claim is a SecureString with an expiration, and a late delivery sends it again with NoEcho', async () => {
  const ssm = new MemorySsm();
  const p = provider(ssm, { Data: { Password: 'hunter2' }, NoEcho: true }, 0);
  const event = makeEvent(server.url());
  await p.handler(event, lambdaContext(10_000));
  await p.handler(event, lambdaContext(10_000));

  const [[name, stored]] = [...ssm.parameters];
  expect(name.startsWith(`${PATH}/`)).toBe(true);
  expect([stored.type, stored.tier]).toEqual(['SecureString', 'Advanced']);
  const expires = Date.parse(JSON.parse(stored.policies!)[0].Attributes.Timestamp);
  expect(expires - Date.now()).toBeGreaterThan(CLAIM_LIFETIME_MS - 60_000);
  expect(server.bodies).toEqual([server.bodies[0], server.bodies[0]]);
  expect(server.bodies[1]).toMatchObject({ NoEcho: true, Data: { Password: 'hunter2' } });
  expect(p.lines.join('\n')).not.toContain('hunter2');
});

test.each([
  ['throttles every attempt', { op: 'putParameter' as const, kind: 'throttle' as const }, /ThrottlingException: SSM PutParameter \(claiming the request\) gave up after \d+ attempt\(s\)/],
  ['never answers', { op: 'putParameter' as const, kind: 'hang' as const }, /TimeoutError: SSM PutParameter \(claiming the request\) gave up after \d+ attempt\(s\)/],
  ['refuses (access denied)', { op: 'putParameter' as const, kind: 'denied' as const }, /AccessDeniedException: not authorized/],
])('GIVEN SSM that %s at the claim WHEN a request arrives THEN onEvent is not run and FAILED is answered within the invocation', async (_name, fault, reason) => {
  const ssm = new MemorySsm([fault]);
  const p = provider(ssm);
  const started = Date.now();
  const summary = await p.handler(makeEvent(server.url()), lambdaContext(4_000));

  expect(p.runs()).toBe(0);
  expect(summary.requests[0]).toMatchObject({ status: 'FAILED', delivered: true });
  expect(server.bodies[0].Reason).toMatch(/^could not claim the request before running onEvent \(SSM cannot say whether another delivery of it runs already\), so onEvent was not run: /);
  expect(server.bodies[0].Reason).toMatch(reason);
  // A failed Create answers the marker id: CloudFormation's rollback Delete then needs no handler.
  expect(server.bodies[0].PhysicalResourceId).toMatch(/^cdk-lifecycle:create-failed:/);
  expect(server.puts[0].at - started).toBeLessThan(4_000);
});

test('GIVEN SSM that throttles the first attempts WHEN a request arrives THEN it is claimed within its budget and onEvent runs once', async () => {
  const ssm = new MemorySsm([{ op: 'putParameter', kind: 'throttle', times: 3 }]);
  const p = provider(ssm);
  await p.handler(makeEvent(server.url()), lambdaContext(10_000));
  expect(p.runs()).toBe(1);
  expect(server.bodies[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'thing-1' });
});

test('GIVEN a claim left by an invocation that crashed before answering WHEN CloudFormation retries with a new RequestId THEN onEvent runs for it; a late copy of the old request stays silent', async () => {
  const ssm = new MemorySsm();
  const p = provider(ssm, {}, 0);
  const crashed = makeEvent(server.url('old'));
  const claims = new RequestClaims(new Parameters(ssm, { now: Date.now, sleep, random: Math.random }), PATH, Date.now);
  expect(await claims.claim(crashed as never, Date.now() + 1_000)).toEqual({ kind: 'claimed' });

  await p.handler(makeEvent(server.url('retry')), lambdaContext(10_000));
  const lateCopy = await p.handler(crashed, lambdaContext(10_000));

  expect(p.runs()).toBe(1);
  expect(server.puts.map((put) => put.path.split('?')[0])).toEqual(['/cfn/retry']);
  expect(lateCopy.requests[0].status).toBe('DUPLICATE');
});

test('GIVEN SSM that refuses to record the answer WHEN answered THEN the answer still goes out, and a late delivery stays silent rather than run onEvent', async () => {
  const ssm = new MemorySsm();
  const put = ssm.putParameter.bind(ssm);
  ssm.putParameter = async (input) => {
    if (input.Overwrite) throw Object.assign(new Error('not authorized'), { name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    return put(input);
  };
  const p = provider(ssm, {}, 0);
  const event = makeEvent(server.url());
  await p.handler(event, lambdaContext(10_000));
  const late = await p.handler(event, lambdaContext(10_000));

  expect(p.runs()).toBe(1);
  expect(server.bodies).toHaveLength(1);
  expect(late.requests[0].status).toBe('DUPLICATE');
  expect(p.lines.some((l) => l.includes('could not record the answer'))).toBe(true);
});

test('GIVEN the Delete of a failed Create\'s marker id WHEN handled THEN it is answered without a claim (nothing runs)', async () => {
  const ssm = new MemorySsm();
  const p = provider(ssm);
  await p.handler(makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: 'cdk-lifecycle:create-failed:MyResource-0123456789abcdef' }), lambdaContext(10_000));
  expect(ssm.calls).toEqual([]);
  expect(server.bodies[0]).toMatchObject({ Status: 'SUCCESS' });
});
