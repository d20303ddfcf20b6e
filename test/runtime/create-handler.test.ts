import { FAILED_CREATE_MARKER } from '../../src/runtime/contract';
import { createHandler, HandlerDependencies } from '../../src/runtime/create-handler';
import { nodePut, PutFunction } from '../../src/runtime/protocol/send-response';
import type { LifecycleEvent } from '../../src/runtime/types';
import { cfnStringify, inThreadInvoker, lambdaContext, makeEvent, signedAt, snsEnvelope } from '../helpers/events';
import { ResponseServer, SIGNATURE } from '../helpers/response-server';

let server: ResponseServer;
let logs: string[];
let calls: LifecycleEvent[];

beforeEach(async () => {
  server = await ResponseServer.start();
  logs = [];
  calls = [];
});
afterEach(() => server.close());

function handlerWith(fn: (event: LifecycleEvent) => unknown, extra: Partial<HandlerDependencies> = {}) {
  const invoke = inThreadInvoker((event) => {
    calls.push(structuredClone(event));
    return fn(event);
  });
  const retryPolicy = { baseDelayMs: 5, maxDelayMs: 20, attemptTimeoutMs: 2000, lastAttemptMs: 50 };
  return createHandler({ invoke, put: nodePut, log: (l) => logs.push(l), retryPolicy, ...extra });
}

async function run(fn: (event: LifecycleEvent) => unknown, event: unknown, remainingMs = 30_000) {
  const summary = await handlerWith(fn)(event, lambdaContext(remainingMs));
  return { summary, responses: server.bodies };
}

describe('every request gets exactly one valid response', () => {
  test.each([
    ['throws', () => { throw new TypeError('boom'); }, /TypeError: boom/],
    ['rejects', async () => Promise.reject(new RangeError('nope')), /RangeError: nope/],
    ['rejects with a non-error', async () => Promise.reject('plain string'), /thrown value: string "plain string"/],
    ['returns a string', () => 'hello', /HandlerResultError: the handler returned string "hello"/],
    ['returns an empty PhysicalResourceId', () => ({ PhysicalResourceId: '' }), /PhysicalResourceId must not be empty/],
    ['returns a 2 KB PhysicalResourceId', () => ({ PhysicalResourceId: 'x'.repeat(2000) }), /at most 1024 bytes, got 2000/],
    ['returns Data as an array', () => ({ Data: [1, 2] }), /Data as an array of 2/],
    ['returns NoEcho as a string', () => ({ NoEcho: 'yes' }), /NoEcho as string "yes"/],
  ])('GIVEN a handler that %s WHEN a Create arrives THEN one FAILED response names the error and the logs', async (_name, fn, reason) => {
    const event = makeEvent(server.url());
    const { responses } = await run(fn, event);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      Status: 'FAILED',
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
    });
    expect(responses[0].Reason).toMatch(reason);
    expect(responses[0].Reason).toContain('log group /aws/lambda/provider');
    expect(responses[0].PhysicalResourceId.startsWith(FAILED_CREATE_MARKER)).toBe(true);
  });

  test('GIVEN a handler that never settles WHEN the deadline approaches THEN FAILED is answered before Lambda times out', async () => {
    const started = Date.now();
    const { responses } = await run(() => new Promise(() => undefined), makeEvent(server.url()), 3000);
    const elapsed = Date.now() - started;
    expect(responses).toHaveLength(1);
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(/DeadlineExceededError: the handler did not finish within \d+ ms/);
    expect(elapsed).toBeLessThan(3000);
  });

  test('GIVEN a request delivered 6 s after CloudFormation signed it, with a 10 s ServiceTimeout WHEN the handler hangs THEN FAILED arrives within the ServiceTimeout counted from the signing time', async () => {
    // The URL names whole seconds: the request was sent in the second that began at `sent`.
    const sent = Math.floor((Date.now() - 6_000) / 1000) * 1000;
    const event = makeEvent(signedAt(server.url(), sent), { ResourceProperties: { ServiceToken: 'x', ServiceTimeout: '10' } });
    const { responses } = await run(() => new Promise(() => undefined), event, 60_000);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ Status: 'FAILED', Reason: expect.stringMatching(/^DeadlineExceededError: the handler did not finish within \d+ ms/) });
    expect(server.puts[0].at).toBeLessThan(sent + 10_000);
  });

  test('GIVEN a ServiceTimeout shorter than the Lambda time WHEN the handler hangs THEN the answer comes before the ServiceTimeout', async () => {
    const event = makeEvent(server.url(), { ResourceProperties: { ServiceToken: 'x', ServiceTimeout: '2' } });
    const started = Date.now();
    const { responses } = await run(() => new Promise(() => undefined), event, 600_000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(responses[0].Status).toBe('FAILED');
  });

  test('GIVEN a malformed event with a ResponseURL WHEN handled THEN FAILED says which fields were wrong and the handler is not called', async () => {
    const event = makeEvent(server.url(), { RequestType: 'Upsert', LogicalResourceId: 42 });
    const { responses, summary } = await run(() => ({}), event);
    expect(calls).toHaveLength(0);
    expect(summary.requests[0].delivered).toBe(true);
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(/RequestType must be Create, Update or Delete, got string "Upsert"/);
    expect(responses[0].Reason).toMatch(/LogicalResourceId must be a non-empty string, got number 42/);
  });

  test.each([
    ['no ResponseURL', { ResponseURL: undefined }],
    ['a non-loopback http URL', { ResponseURL: 'http://169.254.169.254/latest' }],
    ['a ftp URL', { ResponseURL: 'ftp://example.com/x' }],
  ])('GIVEN an event with %s WHEN handled THEN nothing is contacted, the error is logged and the handler resolves', async (_name, overrides) => {
    // A PUT that never leaves the process: the URL check alone must refuse these addresses.
    const attempted: string[] = [];
    const put: PutFunction = async (url) => { attempted.push(url.href); throw new Error('this test sends nothing'); };
    const summary = await handlerWith(() => ({}), { put })(makeEvent(server.url(), overrides), lambdaContext(30_000));
    expect(summary.requests[0].delivered).toBe(false);
    expect(attempted).toEqual([]);
    expect(server.puts).toHaveLength(0);
    expect(logs.join('\n')).toMatch(/cannot answer: no usable ResponseURL/);
  });

  test.each([null, 42, 'text', [], { Records: 'x' }])('GIVEN the event %p WHEN handled THEN the handler resolves without throwing', async (event) => {
    await expect(handlerWith(() => ({}))(event, lambdaContext(5000))).resolves.toBeDefined();
  });

  test('GIVEN a broken Lambda context WHEN handled THEN a default budget is used and the request is answered', async () => {
    const context = { getRemainingTimeInMillis: () => { throw new Error('no'); } };
    await handlerWith(() => ({}))(makeEvent(server.url()), context);
    expect(server.bodies[0].Status).toBe('SUCCESS');
  });
});

describe('response fields', () => {
  test('GIVEN a successful Create WHEN answered THEN the copied fields are verbatim and Data and NoEcho are passed', async () => {
    const event = makeEvent(server.url(), { LogicalResourceId: 'Weird-Id_ü' });
    const { responses } = await run(() => ({ PhysicalResourceId: 'p-1', Data: { a: 'b', n: 5 }, NoEcho: true }), event);
    expect(responses).toEqual([{
      Status: 'SUCCESS',
      PhysicalResourceId: 'p-1',
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: 'Weird-Id_ü',
      Data: { a: 'b', n: 5 },
      NoEcho: true,
    }]);
  });

  test('GIVEN a Delete whose handler returns Data and NoEcho WHEN answered THEN neither is sent', async () => {
    const event = makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: 'p-1' });
    const { responses } = await run(() => ({ Data: { a: 'b' }, NoEcho: true }), event);
    expect(responses[0]).toEqual({ Status: 'SUCCESS', PhysicalResourceId: 'p-1', StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: 'MyResource' });
  });

  test('GIVEN Data larger than the response limit WHEN answered THEN FAILED names the largest key and the body fits 4,096 bytes', async () => {
    const { responses } = await run(() => ({ Data: { report: 'r'.repeat(6000), ok: 'yes' } }), makeEvent(server.url()));
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(/Largest keys: report \(6\d{3} bytes\), ok \(10 bytes\)\. .* \(see CloudWatch Logs: log group \/aws\/lambda\/provider/);
    expect(server.puts[0].rawBody.length).toBeLessThanOrEqual(4096);
  });

  test('GIVEN an error message of 10,000 characters with ANSI colours WHEN answered THEN the Reason is clipped to fit and cleaned', async () => {
    const message = `\u001b[31mstart${'é'.repeat(10_000)}end\u001b[0m`;
    const { responses } = await run(() => { throw new Error(message); }, makeEvent(server.url()));
    expect(server.puts[0].rawBody.length).toBeLessThanOrEqual(4096);
    expect(responses[0].Reason).toMatch(/^Error: start/);
    expect(responses[0].Reason).toMatch(/RequestId 0f0e0d0c.*$/);
    expect(responses[0].Reason).not.toContain('\u001b');
  });
});

describe('physical resource ids', () => {
  test('GIVEN a Create without an id from the handler WHEN answered twice for the same request THEN the default id is readable and stable', async () => {
    const event = makeEvent(server.url());
    await run(() => undefined, event);
    await run(() => undefined, event);
    const [first, second] = server.bodies;
    expect(first.PhysicalResourceId).toMatch(/^MyResource-[0-9a-f]{16}$/);
    expect(second.PhysicalResourceId).toBe(first.PhysicalResourceId);
    expect(first.PhysicalResourceId).not.toContain('LATEST');
  });

  test('GIVEN an Update without an id from the handler WHEN answered THEN the incoming id is kept', async () => {
    const event = makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'keep-me', OldResourceProperties: {} });
    const { responses } = await run(() => ({ Data: { x: '1' } }), event);
    expect(responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'keep-me' });
  });

  test('GIVEN an Update whose handler returns a new id THEN the new id is answered and the later Delete of the old id reaches the handler', async () => {
    await run(() => ({ PhysicalResourceId: 'new-id' }), makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'old-id', OldResourceProperties: {} }));
    await run(() => undefined, makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: 'old-id' }));
    expect(server.bodies.map((b) => [b.Status, b.PhysicalResourceId])).toEqual([['SUCCESS', 'new-id'], ['SUCCESS', 'old-id']]);
    expect(calls.map((c) => c.RequestType)).toEqual(['Update', 'Delete']);
    expect(calls[1]).toMatchObject({ PhysicalResourceId: 'old-id' });
  });

  test('GIVEN a Delete whose handler returns another id THEN FAILED with the original id', async () => {
    const { responses } = await run(() => ({ PhysicalResourceId: 'other' }), makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: 'mine' }));
    expect(responses[0]).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'mine' });
    expect(responses[0].Reason).toMatch(/returned PhysicalResourceId "other" on the Delete of "mine"/);
  });

  test('GIVEN a failing Update WHEN answered THEN FAILED keeps the incoming id (no accidental replacement)', async () => {
    const { responses } = await run(() => { throw new Error('x'); }, makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'p-7', OldResourceProperties: {} }));
    expect(responses[0]).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'p-7' });
  });

  test('GIVEN a failed Create WHEN CloudFormation deletes its marker id THEN SUCCESS without calling the handler', async () => {
    const create = makeEvent(server.url());
    await run(() => { throw new Error('create failed'); }, create);
    const marker = server.bodies[0].PhysicalResourceId;
    expect(marker.startsWith(FAILED_CREATE_MARKER)).toBe(true);
    calls = [];
    await run(() => { throw new Error('must not be called'); }, makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: marker }));
    expect(calls).toHaveLength(0);
    expect(server.bodies[1]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: marker });
  });
});

describe('replaceOnChange', () => {
  const options = { v: '1', replaceOnChange: ['region'] };
  const update = (oldRegion: string, newRegion: string, other = 'b') => makeEvent(server.url(), {
    RequestType: 'Update',
    PhysicalResourceId: 'res-eu',
    ResourceProperties: { ServiceToken: 't', region: newRegion, other, CdkLifecycle: options },
    OldResourceProperties: { ServiceToken: 't', region: oldRegion, other: 'a', CdkLifecycle: options },
  });

  test('GIVEN a listed property changed WHEN the Update arrives THEN the handler gets a Create with Replacing details and a new id is answered', async () => {
    const { responses } = await run(() => undefined, update('eu-west-1', 'us-east-1'));
    expect(calls[0]).toMatchObject({
      RequestType: 'Create',
      ResourceProperties: { region: 'us-east-1', other: 'b' },
      Replacing: { PhysicalResourceId: 'res-eu', OldResourceProperties: { region: 'eu-west-1', other: 'a' }, ChangedProperties: ['region'] },
    });
    expect(responses[0].Status).toBe('SUCCESS');
    expect(responses[0].PhysicalResourceId).not.toBe('res-eu');
    expect(responses[0].PhysicalResourceId).toMatch(/^MyResource-[0-9a-f]{16}$/);
  });

  test('GIVEN only other properties changed WHEN the Update arrives THEN it is an Update and the id stays', async () => {
    const { responses } = await run(() => undefined, update('eu-west-1', 'eu-west-1', 'c'));
    expect(calls[0].RequestType).toBe('Update');
    expect(responses[0].PhysicalResourceId).toBe('res-eu');
  });

  test('GIVEN a replacing Create whose handler answers the old id WHEN answered THEN FAILED says the replacement was cancelled, keeping the old id', async () => {
    const { responses } = await run(() => ({ PhysicalResourceId: 'res-eu' }), update('eu-west-1', 'us-east-1'));
    expect(responses[0]).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'res-eu' });
    expect(responses[0].Reason).toMatch(/the handler returned the replaced id "res-eu" on a replacing Create \(region changed\); it needs a new id/);
  });

  test('GIVEN a replacing Create whose handler answers a new id WHEN answered THEN SUCCESS with that id', async () => {
    const { responses } = await run(() => ({ PhysicalResourceId: 'res-us' }), update('eu-west-1', 'us-east-1'));
    expect(responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'res-us' });
  });

  test('GIVEN a replacing Create that fails WHEN answered THEN FAILED keeps the old id', async () => {
    const { responses } = await run(() => { throw new Error('no capacity'); }, update('eu-west-1', 'us-east-1'));
    expect(responses[0]).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'res-eu' });
  });
});

describe('SNS', () => {
  test('GIVEN two requests wrapped in SNS records WHEN handled THEN each is unwrapped and answered', async () => {
    const a = makeEvent(server.url('a'));
    const b = makeEvent(server.url('b'), { RequestType: 'Delete', PhysicalResourceId: 'p-b' });
    await handlerWith(() => undefined)(snsEnvelope(a, b), lambdaContext(10_000));
    expect(server.puts.map((p) => p.path.split('?')[0]).sort()).toEqual(['/cfn/a', '/cfn/b']);
    expect(server.bodies.map((r) => r.RequestId).sort()).toEqual([a.RequestId, b.RequestId].sort());
  });

  test('GIVEN an SNS record whose Message is not JSON WHEN handled THEN it is logged and the other record is still answered', async () => {
    const event = snsEnvelope(makeEvent(server.url()));
    (event.Records as any[]).push({ Sns: { Message: '{not json' } });
    await handlerWith(() => undefined)(event, { ...lambdaContext(10_000), awsRequestId: 'lambda-invocation-7' });
    expect(server.bodies).toHaveLength(1);
    const unreadable = logs.map((l) => JSON.parse(l)).find((l) => l.message === 'cannot answer a record of this invocation');
    // No request to name: the line says so, and carries Lambda's own invocation id.
    expect(unreadable).toMatchObject({ level: 'ERROR', RequestId: null, record: 1, awsRequestId: 'lambda-invocation-7', problem: expect.stringMatching(/Records\[1\].Sns.Message is not JSON/) });
    expect(logs.map((l) => JSON.parse(l)).every((l) => 'RequestId' in l && l.awsRequestId === 'lambda-invocation-7')).toBe(true);
  });
});

describe('type fidelity', () => {
  test('GIVEN properties stringified by CloudFormation with the encoded types WHEN the handler runs THEN it sees the original JSON types', async () => {
    const original = { count: 5, ratio: 0.5, enabled: true, nested: { list: [1, 'two', false, null], deep: { off: false } }, text: '5' };
    const encoded = { v: '1', numbers: ['/count', '/ratio', '/nested/list/0'], booleans: ['/enabled', '/nested/list/2', '/nested/deep/off'], nulls: ['/nested/list/3'] };
    const event = makeEvent(server.url(), { ResourceProperties: { ServiceToken: 't', ServiceTimeout: '60', ...(cfnStringify({ ...original, CdkLifecycle: encoded }) as object) } });
    await run(() => undefined, event);
    expect(calls[0].ResourceProperties).toEqual(original);
  });

  test('GIVEN an untyped custom resource (no reserved property) WHEN the handler runs THEN it sees CloudFormation strings minus ServiceToken', async () => {
    const event = makeEvent(server.url(), { ResourceProperties: { ServiceToken: 't', count: '5' } });
    await run(() => undefined, event);
    expect(calls[0].ResourceProperties).toEqual({ count: '5' });
  });
});

describe('no secrets in logs', () => {
  test('GIVEN a NoEcho response and a failing PUT WHEN handled THEN logs hold neither the URL signature nor the Data values, and every line is JSON keyed by RequestId', async () => {
    const failing = await ResponseServer.start([500]);
    try {
      const event = makeEvent(failing.url(), { ResourceProperties: { ServiceToken: 't' } });
      await handlerWith(() => ({ Data: { password: 'hunter2-SECRET' }, NoEcho: true }))(event, lambdaContext(10_000));
      expect(failing.puts.length).toBe(2);
      const text = logs.join('\n');
      expect(text).not.toContain(SIGNATURE);
      expect(text).not.toContain('hunter2-SECRET');
      // With NoEcho, even the key names stay out of the logs.
      expect(text).not.toContain('password');
      expect(text).toContain('"dataKeyCount":1');
      for (const line of logs) {
        const parsed = JSON.parse(line);
        expect(parsed.RequestId).toBe(event.RequestId);
      }
    } finally {
      await failing.close();
    }
  });
});

describe('results and errors that cannot be written as JSON', () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  const badMessage = new Error('x');
  Object.defineProperty(badMessage, 'message', { get() { throw new Error('getter'); } });

  test.each([
    ['Data with a BigInt', () => ({ Data: { n: BigInt(1) } }), /HandlerResultError: the handler returned a result that cannot be written as JSON \(TypeError: Do not know how to serialize a BigInt\)/],
    ['circular Data', () => ({ Data: circular }), /HandlerResultError: the handler returned a result that cannot be written as JSON \(TypeError: Converting circular structure/],
    ['an error whose message getter throws', () => { throw badMessage; }, /an error whose name or message could not be read/],
  ])('GIVEN a handler returning %s WHEN answered THEN CloudFormation still gets one FAILED response', async (_name, fn, reason) => {
    const { responses, summary } = await run(fn, makeEvent(server.url()));
    expect(summary.requests[0].delivered).toBe(true);
    expect(responses).toHaveLength(1);
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(reason);
  });

  test('GIVEN oversized Data with a function value WHEN answered THEN FAILED names the largest keys', async () => {
    const { responses } = await run(() => ({ Data: { big: 'b'.repeat(5000), fn: () => 1 } }), makeEvent(server.url()));
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(/Largest keys: big/);
  });
});

test('GIVEN a handler returning an id with the failed-Create marker prefix WHEN answered THEN FAILED (that id would skip its Delete)', async () => {
  const { responses } = await run(() => ({ PhysicalResourceId: `${FAILED_CREATE_MARKER}mine` }), makeEvent(server.url()));
  expect(responses[0].Status).toBe('FAILED');
  expect(responses[0].Reason).toMatch(/reserved prefix cdk-lifecycle:create-failed:/);
});

test('GIVEN a malformed request WHEN answered THEN the Reason says where the logs are', async () => {
  const { responses } = await run(() => ({}), makeEvent(server.url(), { RequestType: 'Upsert' }));
  expect(responses[0].Reason).toMatch(/RequestType must be Create, Update or Delete.*\(see CloudWatch Logs: log group \/aws\/lambda\/provider/);
});

describe('the handler gets copies and its result is read once', () => {
  test('GIVEN a handler that rewrites its event into a Create WHEN an Update arrives THEN the incoming id is kept', async () => {
    const event = makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'live-1', OldResourceProperties: {} });
    const { responses } = await run((e) => {
      (e as { RequestType: string }).RequestType = 'Create';
      (e as { PhysicalResourceId?: string }).PhysicalResourceId = 'hijacked';
      return undefined;
    }, event);
    expect(responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'live-1' });
  });

  test('GIVEN Data whose toJSON throws from its second call WHEN answered THEN it was called once and its value is sent', async () => {
    let reads = 0;
    const { responses } = await run(() => ({ Data: { toJSON: () => { reads++; if (reads > 1) throw new Error('read twice'); return { once: 'yes' }; } } }), makeEvent(server.url()));
    expect(reads).toBe(1);
    expect(responses[0]).toMatchObject({ Status: 'SUCCESS', Data: { once: 'yes' } });
  });

  test('GIVEN a PhysicalResourceId getter that changes WHEN answered THEN it was read once', async () => {
    let reads = 0;
    const { responses } = await run(() => ({ get PhysicalResourceId() { reads++; return reads === 1 ? 'first' : ''; } }), makeEvent(server.url()));
    expect(reads).toBe(1);
    expect(responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'first' });
  });

  test('GIVEN a handler that returns an Error instead of throwing it WHEN answered THEN FAILED', async () => {
    const { responses } = await run(() => new RangeError('returned, not thrown'), makeEvent(server.url()));
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(/^HandlerResultError: the handler returned an error instead of throwing it: RangeError: returned, not thrown \(see CloudWatch Logs/);
  });

  test.each(['__proto__', 'constructor'])('GIVEN a property named %s WHEN the handler runs THEN it is a plain own property and the prototype is untouched', async (key) => {
    const properties = JSON.parse(`{"ServiceToken":"t","${key}":{"polluted":"yes"},"CdkLifecycle":{"v":"1","numbers":["/${key}/n"]}}`);
    properties[key].n = '5';
    await run(() => undefined, makeEvent(server.url(), { ResourceProperties: properties }));
    const seen = calls[0].ResourceProperties;
    expect(Object.keys(seen)).toEqual([key]);
    // A plain object's prototype (Object.prototype of the realm that copied it), not the property's value.
    expect(Object.getPrototypeOf(Object.getPrototypeOf(seen))).toBeNull();
    expect((seen as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(seen, key)?.value).toEqual({ polluted: 'yes', n: 5 });
  });
});

describe('NoEcho', () => {
  test.each([
    ['a string', 'secret-string-value'],
    ['an array', ['secret-in-array']],
    ['a number', 987654321987],
  ])('GIVEN NoEcho and Data of the wrong shape (%s) WHEN answered THEN no part of Data is in the Reason or the logs', async (_name, data) => {
    const { responses } = await run(() => ({ NoEcho: true, Data: data }), makeEvent(server.url()));
    expect(responses[0].Status).toBe('FAILED');
    expect(responses[0].Reason).toMatch(/the handler returned Data as (a string|an array of 1|a number) \(not shown: NoEcho is set\); expected an object/);
    for (const text of [JSON.stringify(responses[0]), logs.join('\n')]) {
      expect(text).not.toContain('secret');
      expect(text).not.toContain('987654321987');
    }
  });

  test('GIVEN NoEcho and Data too large WHEN answered THEN the Reason gives sizes but no key names', async () => {
    const { responses } = await run(() => ({ NoEcho: true, Data: { 'token-abc123': 'x'.repeat(5000), 'other': 'y' } }), makeEvent(server.url()));
    expect(responses[0].Reason).toMatch(/Data of 5\d{3} bytes, which does not fit the 4096-byte response\. Largest keys \(not shown: NoEcho is set\)/);
    expect(JSON.stringify(responses[0]) + logs.join('\n')).not.toContain('token-abc123');
  });

  test('GIVEN NoEcho and a result that cannot be serialized WHEN answered THEN the serializer\'s message (which names keys) is not shown', async () => {
    const circular: Record<string, unknown> = { NoEcho: true };
    circular.Data = { secretKeyName: circular };
    const { responses } = await run(() => circular, makeEvent(server.url()));
    expect(responses[0].Reason).toMatch(/cannot be written as JSON \(not shown: NoEcho is set\)/);
    expect(JSON.stringify(responses[0]) + logs.join('\n')).not.toContain('secretKeyName');
  });
});

describe('Reasons are clean and bounded', () => {
  test('GIVEN too-large Data whose key names hold ANSI escapes and newlines WHEN answered THEN the Reason shows them cleaned', async () => {
    const { responses } = await run(() => ({ Data: { '\u001b[31mred\nkey\u202e': 'x'.repeat(5000) } }), makeEvent(server.url()));
    expect(responses[0].Reason).toMatch(/Largest keys: red key \(5\d{3} bytes\)/);
    expect(responses[0].Reason).not.toMatch(/[\u0000-\u001f\u202e]/);
  });

  test('GIVEN an error message with bidirectional controls WHEN answered THEN they are removed', async () => {
    const { responses } = await run(() => { throw new Error('a\u061cb\u200ec\u200fd\u202ae\u202bf\u202cg\u202dh\u202ei\u2066j\u2067k\u2068l\u2069m'); }, makeEvent(server.url()));
    expect(responses[0].Reason).toMatch(/^Error: abcdefghijklm \(see/);
  });

  test('GIVEN a 50 MB error message WHEN answered THEN the Reason keeps its head, its tail and where the logs are, within 4,096 bytes', async () => {
    const message = `HEAD${'m'.repeat(50 * 1000 * 1000)}TAIL`;
    const { responses } = await run(() => { throw new Error(message); }, makeEvent(server.url()));
    expect(server.puts[0].rawBody.length).toBeLessThanOrEqual(4096);
    expect(server.puts[0].rawBody.length).toBeGreaterThan(4000);
    expect(responses[0].Reason).toMatch(/^Error: HEADm+ \[\.\.\.\] m+TAIL \(see CloudWatch Logs: log group \/aws\/lambda\/provider, stream .*, RequestId 0f0e0d0c-.*\)$/);
  });

  test('GIVEN 50 MB of Data WHEN answered THEN FAILED gives its size and largest key', async () => {
    const { responses } = await run(() => ({ Data: { blob: 'd'.repeat(50 * 1000 * 1000), n: 1 } }), makeEvent(server.url()));
    expect(responses[0].Status).toBe('FAILED');
    // Serializing stops at the blob: its size is a lower bound, and n is never read.
    expect(responses[0].Reason).toMatch(/^HandlerResultError: the handler returned Data of at least 50000011 bytes, which does not fit the 4096-byte response\. Largest keys: blob \(at least 50000009 bytes\)\. Return less Data/);
  });
});

describe('Data that the response cannot carry', () => {
  test('GIVEN a Create whose Data is too large WHEN answered THEN FAILED with the failed-Create marker, naming the keys and the logs', async () => {
    const { responses } = await run(() => ({ PhysicalResourceId: 'would-be', Data: { small: 'x', huge: 'y'.repeat(5000), medium: 'z'.repeat(100) } }), makeEvent(server.url()));
    expect(responses[0].PhysicalResourceId.startsWith(FAILED_CREATE_MARKER)).toBe(true);
    expect(responses[0].Reason).toMatch(/^HandlerResultError: the handler returned Data of 5135 bytes, which does not fit the 4096-byte response\. Largest keys: huge \(5009 bytes\), medium \(111 bytes\), small \(11 bytes\)\. Return less Data \(store large values elsewhere\)\. \(see CloudWatch Logs: log group \/aws\/lambda\/provider/);
  });

  test('GIVEN an Update whose Data fits alone but not with the other fields WHEN answered THEN FAILED with the incoming id', async () => {
    const event = makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'live', OldResourceProperties: {} });
    const { responses } = await run(() => ({ PhysicalResourceId: 'replacement', Data: { a: 'a'.repeat(3900) } }), event);
    expect(responses[0]).toMatchObject({ Status: 'FAILED', PhysicalResourceId: 'live' });
    expect(responses[0].Reason).toMatch(/^HandlerResultError: the handler returned Data of 3908 bytes, which does not fit the 4096-byte response\./);
  });

  test('GIVEN Data that exactly fills the response WHEN answered THEN SUCCESS', async () => {
    const event = makeEvent(server.url());
    const probe = { Status: 'SUCCESS', PhysicalResourceId: 'p', StackId: event.StackId, RequestId: event.RequestId, LogicalResourceId: event.LogicalResourceId, Data: { a: '' } };
    const fill = 4096 - Buffer.byteLength(JSON.stringify(probe));
    const { responses } = await run(() => ({ PhysicalResourceId: 'p', Data: { a: 'a'.repeat(fill) } }), event);
    expect(responses[0].Status).toBe('SUCCESS');
    expect(server.puts[0].rawBody.length).toBe(4096);
  });

  test('GIVEN a Delete whose handler returns too much Data WHEN answered THEN SUCCESS (a Delete carries no Data)', async () => {
    const { responses } = await run(() => ({ Data: { big: 'b'.repeat(9000) } }), makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: 'gone' }));
    expect(responses[0]).toMatchObject({ Status: 'SUCCESS', PhysicalResourceId: 'gone' });
  });
});

describe('the log lines of one request', () => {
  test('GIVEN an Update that succeeds WHEN answered THEN the lines say what happened, in order', async () => {
    const event = makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'p-1', OldResourceProperties: {} });
    await run(() => ({ PhysicalResourceId: 'p-2', Data: { a: '1', b: '2' } }), event);
    const lines = logs.map((l) => JSON.parse(l));
    expect(lines.map((l) => l.message)).toEqual(['calling handler', 'handler succeeded', 'response delivered']);
    expect(lines[0]).toEqual({ level: 'INFO', RequestId: event.RequestId, LogicalResourceId: 'MyResource', message: 'calling handler', requestType: 'Update', handlerRequestType: 'Update' });
    expect(lines[1]).toEqual({ level: 'INFO', RequestId: event.RequestId, LogicalResourceId: 'MyResource', message: 'handler succeeded', physicalIdChanged: true, dataKeys: ['a', 'b'] });
    expect(lines[2]).toMatchObject({ level: 'INFO', message: 'response delivered', status: 'SUCCESS', physicalResourceId: 'p-2', attempts: 1, httpStatus: 200 });
  });

  test('GIVEN an Update keeping its id WHEN answered THEN the id did not change', async () => {
    await run(() => undefined, makeEvent(server.url(), { RequestType: 'Update', PhysicalResourceId: 'p-1', OldResourceProperties: {} }));
    expect(JSON.parse(logs[1])).toMatchObject({ message: 'handler succeeded', physicalIdChanged: false, dataKeys: [] });
  });

  test('GIVEN a handler that fails WHEN answered THEN an ERROR line names the error', async () => {
    await run(() => { throw new Error('nope'); }, makeEvent(server.url()));
    expect(JSON.parse(logs[1])).toMatchObject({ level: 'ERROR', message: 'handler failed', error: 'Error: nope' });
  });

  test('GIVEN the Delete of a failed Create WHEN answered THEN one line says the handler was not called', async () => {
    await run(() => undefined, makeEvent(server.url(), { RequestType: 'Delete', PhysicalResourceId: `${FAILED_CREATE_MARKER}x` }));
    expect(JSON.parse(logs[0])).toMatchObject({ level: 'INFO', message: 'Delete of a failed Create: nothing to delete' });
  });
});

describe('a runtime bug', () => {
  test('GIVEN an invoker that rejects (it never should) WHEN a Create arrives THEN FAILED names the error and the logs', async () => {
    const invoke = { call: async () => { throw new Error('invoker bug'); } };
    await createHandler({ invoke, put: nodePut, log: (l) => logs.push(l) })(makeEvent(server.url()), lambdaContext(10_000));
    expect(server.bodies[0]).toMatchObject({ Status: 'FAILED', Reason: expect.stringMatching(/^Error: invoker bug \(see CloudWatch Logs/) });
  });
});

describe('after answering', () => {
  test('GIVEN an invoker that prepares its next call WHEN a request was answered THEN it is asked to, with a bounded deadline, after the response', async () => {
    const prepared: Array<{ until: number; putsBefore: number; at: number }> = [];
    const base = inThreadInvoker(() => undefined);
    const prepare = async (until: number) => {
      prepared.push({ until, putsBefore: server.puts.length, at: Date.now() });
    };
    const invoke = { call: base.call, prepare };
    await createHandler({ invoke, put: nodePut, log: () => undefined })(makeEvent(server.url()), lambdaContext(60_000));
    expect(prepared).toHaveLength(1);
    expect(prepared[0].putsBefore).toBe(1);
    expect(prepared[0].until - prepared[0].at).toBeGreaterThan(4900);
    expect(prepared[0].until - prepared[0].at).toBeLessThanOrEqual(5000);
  });
});
