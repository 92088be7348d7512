/**
 * Talks HTTP to an in-process simulator (started with `startSimulator({ port: 0 })`)
 * the way a client would: real requests with Node's fetch, JSON answers read
 * back with status and headers.
 */
import { startSimulator, type Simulator, type SimulatorOptions } from '../../main/sim';

/** A JSON answer, read loosely: tests check shapes with the common/api schemas where it matters. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** An answer as the tests see it. */
export interface SimAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Sends one request; `body` is JSON-encoded unless it is already a string. */
export async function call<T = Json>(
  sim: Pick<Simulator, 'origin'>,
  method: string,
  path: string,
  options: { key?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<SimAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers['X-API-KEY'] = options.key;
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const res = await fetch(`${sim.origin}${path}`, { method, headers, body: payload });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (an HTML fault page): keep the text.
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** Shorthands bound to one simulator and one key. */
export function client(sim: Simulator, key: string | null = sim.keys.owner) {
  return {
    get: <T = Json>(path: string, headers?: Record<string, string>) => call<T>(sim, 'GET', `/api/v1${path}`, { key, headers }),
    post: <T = Json>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>(sim, 'POST', `/api/v1${path}`, { key, body, headers }),
    patch: <T = Json>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>(sim, 'PATCH', `/api/v1${path}`, { key, body, headers }),
    send: <T = Json>(method: string, path: string, body?: unknown) => call<T>(sim, method, `/api/v1${path}`, { key, body }),
  };
}

/** The control API (`/_sim/...`). */
export function control(sim: Simulator) {
  return {
    post: <T = Json>(path: string, body?: unknown) => call<T>(sim, 'POST', `/_sim${path}`, { body }),
    send: <T = Json>(method: string, path: string, body?: unknown) => call<T>(sim, method, `/_sim${path}`, { body }),
    advance: (ms: number) => call(sim, 'POST', '/_sim/clock', { body: { advanceMs: ms } }),
    fault: (fault: Record<string, unknown>) => call(sim, 'POST', '/_sim/faults', { body: fault }),
  };
}

/** Starts a simulator on a free port; the caller closes it. */
export function start(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ port: 0, ...options });
}
