/** The pre-signed response URLs: recorded as received, answered like S3. */
import { LoopbackServer } from '../../../src/local/aws/loopback-server';
import { ResponseEndpoint } from '../../../src/local/aws/response-endpoint';

let endpoint: ResponseEndpoint;
let server: LoopbackServer;
beforeEach(async () => {
  endpoint = new ResponseEndpoint();
  server = await LoopbackServer.start([endpoint.route]);
});
afterEach(() => server.close());

test('GIVEN a new URL WHEN inspected THEN it names the stack, resource and request and carries a fresh signature', () => {
  const a = new URL(endpoint.newUrl(server.url, 'arn:stack/S/1', 'Thing', 'req-1'));
  const b = new URL(endpoint.newUrl(server.url, 'arn:stack/S/1', 'Thing', 'req-2'));

  expect(decodeURIComponent(a.pathname)).toBe('/cloudformation-custom-resource-response/arn:stack/S/1|Thing|req-1');
  expect(a.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  expect(a.searchParams.get('X-Amz-Signature')).not.toBe(b.searchParams.get('X-Amz-Signature'));
  expect(a.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
});

test.each([
  ['a PUT to the exact URL', 'PUT', (url: string) => url, 200],
  ['a POST', 'POST', (url: string) => url, 403],
  ['a PUT with another signature', 'PUT', (url: string) => url.replace(/Signature=[0-9a-f]+/, 'Signature=00'), 403],
])('GIVEN %s WHEN received THEN S3 would answer %s, and it is recorded for the checks', async (_, method, alter, status) => {
  const url = endpoint.newUrl(server.url, 'stack', 'Thing', 'req');
  const heard: string[] = [];
  endpoint.onResponse((path) => heard.push(path));

  const response = await fetch(alter(url), { method, body: '{"Status":"SUCCESS"}' });

  expect(response.status).toBe(status);
  expect(endpoint.responsesTo(url)).toEqual([{ method, url: alter(url).slice(server.url.length), body: Buffer.from('{"Status":"SUCCESS"}'), receivedAt: expect.any(Number) }]);
  expect(heard).toEqual([new URL(url).pathname]);
});

test('GIVEN a response URL that was never handed out WHEN a PUT arrives THEN it is answered 404 and recorded nowhere', async () => {
  const response = await fetch(`${server.url}/cloudformation-custom-resource-response/unknown?x=1`, { method: 'PUT', body: '{}' });

  expect(response.status).toBe(404);
  expect(endpoint.responsesTo(`${server.url}/cloudformation-custom-resource-response/unknown`)).toEqual([]);
});
