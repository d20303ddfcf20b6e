/**
 * The pre-signed response URLs: one per request, shaped like CloudFormation's (a path naming
 * the stack, resource and request, and a query string holding the signature). Whatever reaches
 * them is recorded as it arrived, for the protocol checks; like S3, a PUT to the exact URL is
 * answered 200 and anything else 403.
 */
import { randomBytes } from 'node:crypto';
import { HttpExchange, HttpReply, Route } from './loopback-server';
import { LocalClock } from '../lambda/local-clock';
import { ReceivedResponse } from '../protocol/check-response';

const PREFIX = '/cloudformation-custom-resource-response/';

/** Receives the responses of every request of a run. */
export class ResponseEndpoint {
  private readonly received = new Map<string, ReceivedResponse[]>();
  private readonly queries = new Map<string, string>();
  private readonly listeners = new Set<(path: string) => void>();

  /** @param clock the run's clock: URLs are signed, and answers arrive, on it */
  public constructor(private readonly clock: LocalClock = new LocalClock()) {}

  /** The route serving the URLs. */
  public readonly route: Route = (exchange) => this.serve(exchange);

  /** A new response URL for one request. */
  public newUrl(baseUrl: string, stackId: string, logicalResourceId: string, requestId: string): string {
    const path = `${PREFIX}${encodeURIComponent(`${stackId}|${logicalResourceId}|${requestId}`)}`;
    const date = new Date(this.clock.now()).toISOString().replace(/[-:]|\.\d{3}/g, '');
    const query = `?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIALOCAL%2F${date.slice(0, 8)}%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=${date}&X-Amz-Expires=7200&X-Amz-SignedHeaders=host&X-Amz-Signature=${randomBytes(32).toString('hex')}`;
    this.queries.set(path, query);
    this.received.set(path, []);
    return `${baseUrl}${path}${query}`;
  }

  /** What reached a URL so far, in order of arrival. */
  public responsesTo(url: string): readonly ReceivedResponse[] {
    return this.received.get(new URL(url).pathname) ?? [];
  }

  /** Calls `listener` with the URL's path whenever something reaches a response URL; returns the unsubscribe. */
  public onResponse(listener: (path: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private serve(exchange: HttpExchange): HttpReply | undefined {
    if (!exchange.url.startsWith(PREFIX)) return undefined;
    const [path, query = ''] = exchange.url.split(/(?=\?)/);
    const list = this.received.get(path);
    if (list === undefined) return { status: 404, body: '<Error><Code>NoSuchKey</Code></Error>' };
    list.push({ method: exchange.method, url: exchange.url, body: exchange.body, receivedAt: this.clock.now() });
    for (const listener of this.listeners) listener(path);
    if (exchange.method !== 'PUT' || query !== this.queries.get(path)) {
      return { status: 403, body: '<Error><Code>SignatureDoesNotMatch</Code></Error>' };
    }
    return { status: 200, headers: { ETag: '"local"' } };
  }
}
