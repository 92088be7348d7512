import http from 'node:http';
import https from 'node:https';

/** What one POST to the receiver came to. */
export type PostOutcome =
  | { kind: 'response'; status: number }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'error'; message: string };

/**
 * POSTs a JSON body with node:http/https directly rather than fetch: fetch
 * follows redirects by default and has no per-request deadline, and the spec
 * says redirects are not followed and the receiver has 8 seconds.
 *
 * The deadline covers connecting, sending and receiving the status line and
 * headers; once a status arrives the attempt is decided and the body is only
 * drained. The deadline runs on real time, not the virtual clock: it measures
 * a real socket.
 */
export function postJson(url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    let req: http.ClientRequest;
    try {
      const target = new URL(url);
      const transport = target.protocol === 'https:' ? https : http;
      req = transport.request(target, {
        method: 'POST',
        // A fresh connection per attempt: no pooled socket is reused across
        // attempts, so a receiver that resets one connection sees a clean retry.
        agent: false,
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
      });
    } catch (err) {
      resolve({ kind: 'error', message: errorText(err) });
      return;
    }
    const deadline = setTimeout(() => {
      settle({ kind: 'timeout', afterMs: timeoutMs });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      settle({ kind: 'response', status: res.statusCode ?? 0 });
      // Drain and discard the body; a receiver error after the status changes nothing.
      res.on('error', () => undefined);
      res.resume();
    });
    req.on('error', (err) => settle({ kind: 'error', message: errorText(err) }));
    req.end(body);
  });
}

/** A short reason for a connection failure, e.g. `ECONNREFUSED`, without the address or headers. */
function errorText(err: unknown): string {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return err instanceof Error ? err.message : String(err);
}
