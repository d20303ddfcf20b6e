/**
 * A real HTTP server on 127.0.0.1 standing in for CloudFormation's pre-signed response URL.
 * It records every PUT (headers and body) and answers with scripted status codes.
 */
import * as http from 'node:http';
import { AddressInfo } from 'node:net';

export interface RecordedPut {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly rawBody: Buffer;
  readonly body: any;
}

export class ResponseServer {
  /** Starts a server; `statuses` are answered in order, then 200 for every later request. */
  public static async start(statuses: number[] = []): Promise<ResponseServer> {
    const server = new ResponseServer(statuses);
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  public readonly puts: RecordedPut[] = [];
  private readonly server: http.Server;

  private constructor(private readonly statuses: number[]) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        let body: any;
        try {
          body = JSON.parse(rawBody.toString('utf8'));
        } catch {
          body = undefined;
        }
        this.puts.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, body });
        res.statusCode = this.statuses.shift() ?? 200;
        res.end();
      });
    });
  }

  /** A URL on this server that looks like a pre-signed S3 URL (with a secret signature). */
  public url(id = 'response'): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/cfn/${id}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${SIGNATURE}`;
  }

  /** The bodies of the PUTs received so far. */
  public get bodies(): any[] {
    return this.puts.map((p) => p.body);
  }

  public async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The secret part of every URL the server hands out; it must never appear in logs. */
export const SIGNATURE = 'deadbeefSECRETsignature0123456789';
