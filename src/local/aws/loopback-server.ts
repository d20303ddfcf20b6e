/**
 * One HTTP server on 127.0.0.1 that stands in for the AWS endpoints a provider talks to (the
 * pre-signed response URL, the Lambda and SSM APIs). Each route looks at a request and
 * answers it, or leaves it to the next route.
 */
import * as http from 'node:http';
import { AddressInfo } from 'node:net';

/** A request, read whole. */
export interface HttpExchange {
  readonly method: string;
  /** Path and query. */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** An answer. */
export interface HttpReply {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

/** Answers the requests it knows; undefined leaves the request to the next route. */
export type Route = (exchange: HttpExchange) => HttpReply | undefined | Promise<HttpReply | undefined>;

/** Largest request body read (Lambda's synchronous payload limit, 6 MB, and some room). */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The server. */
export class LoopbackServer {
  /** Starts a server on a free port of 127.0.0.1. */
  public static async start(routes: readonly Route[]): Promise<LoopbackServer> {
    const server = new LoopbackServer(routes);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.server.listen(0, '127.0.0.1', () => resolve());
    });
    return server;
  }

  private readonly server: http.Server;

  private constructor(private readonly routes: readonly Route[]) {
    this.server = http.createServer((req, res) => this.serve(req, res));
  }

  /** `http://127.0.0.1:<port>`. */
  public get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Stops listening and drops open connections. */
  public async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) {
        reply(res, { status: 413, body: `request body over ${MAX_BODY_BYTES} bytes` });
        return;
      }
      const exchange: HttpExchange = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) };
      void this.route(exchange).then((answer) => reply(res, answer), (error: unknown) => reply(res, { status: 500, body: String(error) }));
    });
    req.on('error', () => res.destroy());
  }

  private async route(exchange: HttpExchange): Promise<HttpReply> {
    for (const route of this.routes) {
      const answer = await route(exchange);
      if (answer !== undefined) return answer;
    }
    return { status: 404, body: `no local AWS endpoint serves ${exchange.method} ${exchange.url.split('?')[0]}` };
  }
}

function reply(res: http.ServerResponse, answer: HttpReply): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(answer.status, { ...answer.headers });
  res.end(answer.body ?? '');
}
