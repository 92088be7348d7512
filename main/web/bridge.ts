import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  EVENT_NAMES,
  isMethodName,
  parseMethodArgs,
  type ContractHandler,
  type MethodName,
} from '../../common/contract';
import type { ContractError, Result } from '../../common/views';
import { tokensMatch } from './token';

/** The path the renderer connects to. */
export const BRIDGE_PATH = '/bridge';

/** Largest frame the bridge accepts (the largest argument, a 20 000-character draft, is well below). */
export const MAX_FRAME_BYTES = 256 * 1024;

/** Most connections at once: one per open tab is plenty on a desk PC. */
const MAX_CONNECTIONS = 16;

/** What the renderer sends: one contract call. */
export interface BridgeRequest {
  id: string | number;
  method: string;
  args?: unknown;
}

/** What the host answers to a request (`id` is null when the request had no usable id). */
export interface BridgeReply {
  id: string | number | null;
  result: Result<unknown>;
}

/** What the host pushes when the core emits an event. */
export interface BridgeEvent {
  event: string;
  payload: unknown;
}

/** Options of {@link createBridge}. */
export interface BridgeOptions {
  handler: ContractHandler;
  /** The only `Origin` allowed to connect: the host's own, e.g. http://127.0.0.1:5123. */
  origin: () => string;
  /** The per-launch token a connection must present as `?token=`. */
  token: string;
  /** Where to report problems that are not the caller's fault. */
  log?: (message: string) => void;
}

/** The bridge, attached to an HTTP server's `upgrade` event. */
export interface Bridge {
  /** Handles an HTTP upgrade: refuses it with 401/403/404 or opens the socket. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every connection. */
  close(): Promise<void>;
}

const failure = (code: ContractError['code'], message: string): Result<never> => ({ ok: false, error: { code, message } });

/** Why an upgrade is refused, or null when it may proceed. Checked before the socket opens. */
export function refuseUpgrade(
  req: Pick<IncomingMessage, 'url' | 'headers'>,
  expected: { origin: string; token: string },
): { status: 401 | 403 | 404; reason: string } | null {
  const url = new URL(req.url ?? '/', 'http://placeholder');
  if (url.pathname !== BRIDGE_PATH) return { status: 404, reason: 'Not found' };
  if (req.headers.origin !== expected.origin) return { status: 403, reason: 'Forbidden origin' };
  if (!tokensMatch(url.searchParams.get('token'), expected.token)) return { status: 401, reason: 'Missing or wrong token' };
  return null;
}

/** Reads a frame as a request, or says why it is not one. */
export function parseRequest(data: RawData, isBinary: boolean): { ok: true; request: BridgeRequest } | { ok: false; id: BridgeReply['id']; message: string } {
  if (isBinary) return { ok: false, id: null, message: 'The bridge takes JSON text frames only.' };
  let frame: unknown;
  try {
    frame = JSON.parse(rawToString(data));
  } catch {
    return { ok: false, id: null, message: 'The frame is not valid JSON.' };
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
    return { ok: false, id: null, message: 'A request is an object {id, method, args}.' };
  }
  const { id, method, args } = frame as Record<string, unknown>;
  const validId = (typeof id === 'string' && id.length > 0 && id.length <= 100) || (typeof id === 'number' && Number.isSafeInteger(id));
  if (!validId) return { ok: false, id: null, message: 'A request needs an id: a short string or an integer.' };
  if (typeof method !== 'string') return { ok: false, id, message: 'A request needs a method name.' };
  return { ok: true, request: { id, method, args } };
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Runs one request through validation and the handler. Never throws. */
export async function answerRequest(handler: ContractHandler, request: BridgeRequest, log: (m: string) => void): Promise<Result<unknown>> {
  if (!isMethodName(request.method)) {
    return failure('invalid_request', `Unknown method "${request.method.slice(0, 60)}".`);
  }
  const method: MethodName = request.method;
  const parsed = parseMethodArgs(method, request.args);
  if (!parsed.ok) return parsed;
  try {
    return await handler.handle(method, parsed.value);
  } catch (err) {
    // The core should answer with values; a throw is a bug. Its text may hold
    // anything, so the renderer gets a plain sentence and the log the detail.
    log(`bridge: ${method} threw: ${describeError(err)}`);
    return failure('internal', `Deskbell hit an unexpected problem while doing "${method}". Try again; if it keeps happening, restart Deskbell.`);
  }
}

/** Creates the contract bridge: token- and origin-checked WebSockets carrying requests, replies and events. */
export function createBridge({ handler, origin, token, log = (m) => console.error(m) }: BridgeOptions): Bridge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });

  wss.on('connection', (socket: WebSocket) => {
    const send = (frame: BridgeReply | BridgeEvent) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    const unsubscribers = EVENT_NAMES.map((event) => handler.on(event, (payload) => send({ event, payload })));
    socket.on('message', (data, isBinary) => {
      const parsed = parseRequest(data, isBinary);
      if (!parsed.ok) {
        send({ id: parsed.id, result: failure('invalid_request', parsed.message) });
        return;
      }
      void answerRequest(handler, parsed.request, log).then((result) => send({ id: parsed.request.id, result }));
    });
    // Oversized frames and protocol errors close the socket; they must not crash the host.
    socket.on('error', (err) => log(`bridge: connection error: ${err.message}`));
    socket.on('close', () => unsubscribers.forEach((off) => off()));
  });

  return {
    handleUpgrade(req, socket, head) {
      // A reset before the handshake finishes must not become an uncaught error.
      socket.on('error', () => socket.destroy());
      const refusal = refuseUpgrade(req, { origin: origin(), token });
      if (!refusal && wss.clients.size >= MAX_CONNECTIONS) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      if (refusal) {
        const text = `HTTP/1.1 ${refusal.status} ${refusal.reason}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(refusal.reason)}\r\n\r\n${refusal.reason}`;
        socket.end(text);
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      for (const client of wss.clients) client.terminate();
      return new Promise((done) => wss.close(() => done()));
    },
  };
}

/** A thrown value as text for the log; never throws itself, whatever was thrown. */
function describeError(err: unknown): string {
  try {
    return err instanceof Error ? err.message : String(err);
  } catch {
    return 'an unprintable value';
  }
}
