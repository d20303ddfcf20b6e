/**
 * A real HTTP(S) server on 127.0.0.1 standing in for CloudFormation's pre-signed response URL.
 * It records every PUT (headers, body, arrival time) and answers with scripted status codes.
 * It can also misbehave the way a slow network can: trickle its body after the headers, or
 * trickle the headers themselves, a byte every 300 ms, forever.
 *
 * With `tls`, it serves https with a throwaway self-signed certificate made by openssl for
 * this process (valid for 127.0.0.1): clients trust it through `ca` (an agent option) or,
 * in child processes, NODE_EXTRA_CA_CERTS=`caFile`.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface RecordedPut {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly rawBody: Buffer;
  readonly body: any;
  /** Epoch ms when the whole body had arrived. */
  readonly at: number;
}

export interface ResponseServerOptions {
  /** Statuses answered in order; later requests get `otherwise`. */
  readonly statuses?: number[];
  /** The status once `statuses` is used up. @default 200 */
  readonly otherwise?: number;
  /** Serve https with a throwaway self-signed certificate. */
  readonly tls?: boolean;
  /** `body`: send the headers, then a body byte every 300 ms. `headers`: trickle the header lines. */
  readonly trickle?: 'body' | 'headers';
}

/** A throwaway self-signed certificate for 127.0.0.1 (one per test process). */
export interface TestCertificate {
  readonly key: string;
  readonly cert: string;
  /** The certificate's file, for NODE_EXTRA_CA_CERTS. */
  readonly caFile: string;
}

let certificate: TestCertificate | undefined;

/** Makes (once) a self-signed EC certificate for 127.0.0.1 and localhost, valid for one day. */
export function testCertificate(): TestCertificate {
  if (certificate) return certificate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-lifecycle-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
    '-keyout', keyFile, '-out', caFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
  certificate = { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(caFile, 'utf8'), caFile };
  return certificate;
}

export class ResponseServer {
  /** Starts a server; a list of statuses is answered in order, then 200 for every later request. */
  public static async start(options: number[] | ResponseServerOptions = {}): Promise<ResponseServer> {
    const server = new ResponseServer(Array.isArray(options) ? { statuses: options } : options);
    await new Promise<void>((resolve) => server.server.listen(0, '127.0.0.1', resolve));
    return server;
  }

  public readonly puts: RecordedPut[] = [];
  private readonly server: http.Server;
  private readonly statuses: number[];
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(private readonly options: ResponseServerOptions) {
    this.statuses = [...(options.statuses ?? [])];
    const listener: http.RequestListener = (req, res) => {
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
        this.puts.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, body, at: Date.now() });
        this.answer(res, this.statuses.shift() ?? options.otherwise ?? 200);
      });
    };
    const tls = options.tls ? testCertificate() : undefined;
    this.server = tls ? https.createServer({ key: tls.key, cert: tls.cert }, listener) : http.createServer(listener);
  }

  /** A URL on this server that looks like a pre-signed S3 URL (with a secret signature). */
  public url(id = 'response'): string {
    const { port } = this.server.address() as AddressInfo;
    return `${this.options.tls ? 'https' : 'http'}://127.0.0.1:${port}/cfn/${id}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=${SIGNATURE}`;
  }

  /** The bodies of the PUTs received so far. */
  public get bodies(): any[] {
    return this.puts.map((p) => p.body);
  }

  public async close(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(res: http.ServerResponse, status: number): void {
    if (this.options.trickle === 'headers') {
      // A status line, then header lines a byte at a time: the headers never end.
      res.socket?.write(`HTTP/1.1 ${status} OK\r\n`);
      this.every(300, () => res.socket?.write('x'));
    } else if (this.options.trickle === 'body') {
      res.writeHead(status, { 'content-length': '1000000' });
      this.every(300, () => res.write('x'));
    } else {
      res.statusCode = status;
      res.end();
    }
  }

  private every(ms: number, action: () => void): void {
    const timer = setInterval(action, ms);
    this.timers.add(timer);
  }
}

/** The secret part of every URL the server hands out; it must never appear in logs. */
export const SIGNATURE = 'deadbeefSECRETsignature0123456789';
