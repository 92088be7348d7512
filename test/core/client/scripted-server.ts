import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the scripted server saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** Answers one request; may stall (never answer), write partial bodies or destroy the socket. */
export type Script = (req: SeenRequest, res: ServerResponse, index: number) => unknown;

/** A real HTTP peer on 127.0.0.1 that answers from a script, for fault shapes the simulator does not make. */
export interface ScriptedServer {
  /** `http://127.0.0.1:PORT/api/v1` */
  baseUrl: string;
  requests: SeenRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a scripted server on an ephemeral loopback port. */
export async function startScriptedServer(script: Script): Promise<ScriptedServer> {
  const requests: SeenRequest[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen: SeenRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      void Promise.resolve(script(seen, res, requests.length - 1)).catch(() => res.destroy());
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
