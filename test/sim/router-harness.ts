/**
 * Serves a simulator Router over real HTTP on 127.0.0.1 (port 0) for the
 * webhook, live-updates, partner and notification tests: the modules are
 * mounted with test-made dependencies, and requests go over a real socket.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SimHttpError, type SimResponse } from '../../main/sim/http';
import type { Router } from '../../main/sim/router';

/** A running harness server. */
export interface RouterServer {
  origin: string;
  close(): Promise<void>;
}

/** A response as the tests see it. */
export interface HarnessResponse {
  status: number;
  headers: Headers;
  body: unknown;
}

/** Starts `router` on 127.0.0.1:0; unmatched paths answer 404. */
export async function serveRouter(router: Router): Promise<RouterServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const answer = (r: SimResponse) => {
      const text = r.body === undefined ? '' : JSON.stringify(r.body);
      res.writeHead(r.status, { ...(text ? { 'Content-Type': 'application/json' } : {}), ...r.headers });
      res.end(req.method === 'HEAD' ? undefined : text);
    };
    router
      .dispatch(req, url)
      .then((r) => answer(r ?? { status: 404, body: { error: 'No such route.', code: 'not_found' } }))
      .catch((err: unknown) => {
        if (err instanceof SimHttpError) answer(err.response);
        else answer({ status: 500, body: { error: String(err), code: 'internal' } });
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One request with fetch (bounded to 5 s), the body parsed as JSON when there is one. */
export async function call(origin: string, method: string, path: string, options: { headers?: Record<string, string>; body?: unknown; rawBody?: string } = {}): Promise<HarnessResponse> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
    body,
    signal: AbortSignal.timeout(5000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Headers of a request a test receiver got. */
export type ReceivedHeaders = IncomingHttpHeaders;
