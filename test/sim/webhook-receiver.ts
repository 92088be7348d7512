/**
 * A real webhook receiver on 127.0.0.1:0 that answers from a script, one
 * entry per request: a status, a status with headers, `stall` (never answer)
 * or `reset` (drop the connection). Once the script runs out it answers 200.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the receiver does with one request. */
export type ReceiverStep = number | { status: number; headers: Record<string, string> } | 'stall' | 'reset';

/** One request the receiver got. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A running receiver. */
export interface Receiver {
  /** Address to save as the webhook (path `/hook`). */
  url: string;
  origin: string;
  requests: ReceivedRequest[];
  /** Resolves once `n` requests have arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver that follows `script`. */
export async function startReceiver(script: ReceiverStep[] = []): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const steps = [...script];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      for (const w of waiters.splice(0)) w();
      const step = steps.shift() ?? 200;
      if (step === 'stall') return;
      if (step === 'reset') {
        req.socket.destroy();
        return;
      }
      const { status, headers } = typeof step === 'number' ? { status: step, headers: {} } : step;
      res.writeHead(status, headers);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/hook`,
    origin,
    requests,
    async waitFor(n, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${requests.length} of ${n} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
