/**
 * The shared transport of every API area: one undici Agent (keep-alive
 * connection reuse per origin), timeouts on connect, headers and body, JSON
 * in and out, and every answer checked with a zod schema. It makes exactly one
 * attempt and never throws: whatever happens comes back as a value with a
 * {@link ContractError}, plus whether the request may have reached the
 * service (what decides, upstream, between "offline" and "unknown outcome").
 */
import { Agent, request } from 'undici';
import type { z } from 'zod';
import type { ContractError } from '../../../common/views';
import { badResponse, errorFromResponse, networkFailure } from './errors';

/** Timeouts of one attempt, in milliseconds. `bodyMs` is the longest silence between body chunks. */
export interface HttpTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/** Defaults: generous for a slow desk PC on Wi-Fi, short enough that a stalled service shows as such. */
export const DEFAULT_TIMEOUTS: HttpTimeouts = { connectMs: 5_000, headersMs: 10_000, bodyMs: 15_000 };

/** Options of {@link HttpTransport}. */
export interface HttpTransportOptions {
  timeouts?: Partial<HttpTimeouts>;
  /** Largest answer read, in bytes; a bigger one is `bad_response` (default 8 MiB). */
  maxResponseBytes?: number;
  /** Connections kept per origin (default 6, matching the scheduler's requests in flight). */
  connectionsPerOrigin?: number;
  /** How long an idle connection is kept for reuse (default 30 s; a shorter server hint wins). */
  keepAliveMs?: number;
}

/** The methods the service's operations use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One request: where, what, and the schema its successful answer must match. */
export interface HttpRequest<T> {
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  /** Sent as JSON when present. */
  body?: unknown;
  schema: z.ZodType<T>;
}

/** The outcome of one attempt. */
export type HttpOutcome<T> =
  | { ok: true; status: number; value: T }
  | {
      ok: false;
      error: ContractError;
      /** False only when the request certainly never left this PC. Any HTTP answer means it arrived. */
      mayHaveBeenSent: boolean;
      /** Worth another try: a network failure, a cut-off answer, 408, 429 or 5xx. A wrong shape or a 4xx is not. */
      transient: boolean;
    };

/** Keep-alive HTTP transport shared by every API area; one per app. */
export class HttpTransport {
  private readonly agent: Agent;
  private readonly timeouts: HttpTimeouts;
  private closing: Promise<void> | null = null;

  constructor(options: HttpTransportOptions = {}) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.agent = new Agent({
      connect: { timeout: this.timeouts.connectMs },
      headersTimeout: this.timeouts.headersMs,
      bodyTimeout: this.timeouts.bodyMs,
      keepAliveTimeout: options.keepAliveMs ?? 30_000,
      keepAliveMaxTimeout: Math.max(options.keepAliveMs ?? 30_000, 60_000),
      connections: options.connectionsPerOrigin ?? 6,
      maxResponseSize: options.maxResponseBytes ?? 8 * 1024 * 1024,
    });
  }

  /** Makes one attempt. Never throws. */
  async send<T>(req: HttpRequest<T>): Promise<HttpOutcome<T>> {
    const host = req.url.host;
    let status: number | undefined;
    try {
      const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Deskbell', ...req.headers };
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const res = await request(req.url, {
        dispatcher: this.agent,
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
      });
      status = res.statusCode;
      // Always read the whole body, even of an error: a drained response is
      // what lets undici put the connection back in the pool for reuse.
      const text = await res.body.text();
      // undici marks the connection idle a turn of the event loop after the
      // body ends; yielding once lets the next sequential request reuse it
      // instead of opening a second connection.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (status < 200 || status >= 300) {
        const transient = status >= 500 || status === 408 || status === 429;
        return { ok: false, mayHaveBeenSent: true, transient, error: errorFromResponse(status, text, res.headers['retry-after']) };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, mayHaveBeenSent: true, transient: false, error: badResponse(status, text.trim() === '' ? 'an empty body' : 'not JSON') };
      }
      const parsed = req.schema.safeParse(json);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
        return { ok: false, mayHaveBeenSent: true, transient: false, error: badResponse(status, `wrong shape, ${where}${first?.message ?? 'invalid'}`) };
      }
      return { ok: true, status, value: parsed.data };
    } catch (err) {
      const failure = networkFailure(err, host, status !== undefined, status);
      return { ok: false, mayHaveBeenSent: failure.mayHaveBeenSent, transient: true, error: failure.error };
    }
  }

  /** Closes idle connections and waits for running requests to end. Calling it again is harmless. */
  close(): Promise<void> {
    this.closing ??= this.agent.close();
    return this.closing;
  }
}
